// Wraps the code block body so that hydration keeps the server-rendered, already
// highlighted HTML instead of running Prism again over every block of the page:
// on a long guide that tokenising was the largest script cost of the first load
// (Lighthouse mobile TBT). Blocks rendered in the browser (after a client-side
// navigation, or remounted by the theme's tabs) use the theme's component, which comes with
// Prism in a chunk of its own, loaded when first needed or when the reader shows
// intent to navigate; until it arrives such a block shows its code unhighlighted.
import {lazy, Suspense, useEffect, type ComponentType, type ReactNode} from 'react';
import clsx from 'clsx';
import type ContentType from '@theme/CodeBlock/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {onFirstIntent} from '@site/src/theme/intent';
import {useHydratingServerHtml} from '@site/src/theme/hydration';
import BrandText from '@site/src/components/BrandText';
import styles from './styles.module.css';

type Props = WrapperProps<typeof ContentType>;

let highlighting: Promise<typeof import('./highlighted')> | undefined;
const loadHighlighting = () => (highlighting ??= import('./highlighted'));
// Defined by plugins/deferred-highlighting: true in the server bundle only.
const Highlighted: ComponentType<Props> = process.env.DOCS_SERVER_RENDER
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./highlighted') as {default: ComponentType<Props>}).default
  : (lazy(loadHighlighting) as ComponentType<Props>);

let listeningForIntent = false;

/**
 * Loads Prism once the reader moves towards a link, so a navigation rarely waits for it.
 * Also called by pages whose body stays server HTML (src/theme/DocItem/Content), where no
 * code block of the first page renders.
 */
export function loadHighlightingOnIntent(): void {
  if (listeningForIntent || highlighting) return;
  listeningForIntent = true;
  onFirstIntent('a[href]', () => void loadHighlighting());
}

export default function ContentWrapper(props: Props): ReactNode {
  const hydratingServerHtml = useHydratingServerHtml();
  const {metadata, wordWrap} = useCodeBlockContext();
  useEffect(loadHighlightingOnIntent, []);
  if (hydratingServerHtml) {
    return (
      <pre
        ref={wordWrap.codeBlockRef}
        className={clsx(props.className)}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{__html: ''}}
      />
    );
  }
  // No boundary on the server: React would stream a boundary's content out of line,
  // behind its fallback, and the static HTML must read without JavaScript.
  if (process.env.DOCS_SERVER_RENDER) return <Highlighted {...props} />;
  const plain = (
    <pre ref={wordWrap.codeBlockRef} className={clsx(props.className, styles.plain, 'thin-scrollbar')} tabIndex={0}>
      {/* Brand values marked as the highlighted tokens mark them (../Line/Token): this is what
          the theme's tabs show while they hydrate, and a partner's reader must not see the
          default brand's API base there while the brand is still being looked up. */}
      <code className={styles.plainLines}>
        <BrandText>{metadata.code}</BrandText>
      </code>
    </pre>
  );
  return (
    <Suspense fallback={plain}>
      <Highlighted {...props} />
    </Suspense>
  );
}
