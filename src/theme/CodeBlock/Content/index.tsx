// Wraps the code block body so that hydration keeps the server-rendered, already
// highlighted HTML instead of running Prism again over every block of the page:
// on a long guide that tokenising was the largest script cost of the first load
// (Lighthouse mobile TBT). Client-side navigations render the original component.
import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Content from '@theme-original/CodeBlock/Content';
import type ContentType from '@theme/CodeBlock/Content';
import type {WrapperProps} from '@docusaurus/types';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  // True only for the first render in the browser, i.e. hydration of server HTML.
  const [hydratingServerHtml] = useState(() => typeof window !== 'undefined' && !isBrowser);
  const {wordWrap} = useCodeBlockContext();
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
  return <Content {...props} />;
}
