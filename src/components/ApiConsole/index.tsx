/**
 * The "Try it" opener of an API operation page (plugins/openapi/render.ts puts it at the
 * top of the page's aside). The page carries only the button and one click handler: the
 * console itself, the code that opens and folds it, and the spec it reads load when the
 * reader clicks, so a page's start-up script barely grows.
 *
 * One click handler serves both kinds of page body: the server HTML a first load keeps
 * (src/theme/DocItem/Content/Island.tsx calls `enhanceConsoleOpeners` on it) and the body
 * React renders after a client-side navigation (this component calls it on itself).
 */
import {useEffect, useRef, type ReactNode} from 'react';
import {useBrandValues} from '@site/src/components/BrandText';
import {replayEarlyClicks} from '@site/src/theme/earlyClicks';

/** Makes the "Try it" buttons inside `root` open their console. Returns the clean-up, which unmounts the consoles. */
export function enhanceConsoleOpeners(root: HTMLElement, apiBase: () => string): () => void {
  let unmounts: (() => void)[] | null = [];
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-api-console-open]') : null;
    if (!button || !root.contains(button)) return;
    import(/* webpackChunkName: "api-console" */ './mount').then(
      ({toggleConsole}) => toggleConsole(button, apiBase, (unmount) => (unmounts ? unmounts.push(unmount) : unmount())),
      () => {
        // Offline, or a new deployment removed the chunk: the next click tries again.
        button.title = 'The console did not load. Check your connection and try again.';
      },
    );
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    unmounts?.forEach((unmount) => unmount());
    unmounts = null;
  };
}

/** `<ApiConsole operationId="…" />`: the opener as the page's HTML holds it. */
export default function ApiConsole({operationId}: {operationId: string}): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const apiBase = useRef('');
  apiBase.current = useBrandValues().apiBase;
  useEffect(() => {
    const cleanup = enhanceConsoleOpeners(box.current!, () => apiBase.current);
    replayEarlyClicks(box.current!);
    return cleanup;
  }, []);
  return (
    <div ref={box} className="api-console-opener search-skip" data-api-console={operationId}>
      <p>
        <button type="button" className="button button--primary button--sm" data-api-console-open="" data-early-click="" aria-expanded="false" aria-controls={`api-console-${operationId}`}>
          Try it
        </button>{' '}
        Send this request to a sandbox, or to your account with your API key.
      </p>
      <div id={`api-console-${operationId}`} data-api-console-root="" hidden />
    </div>
  );
}
