import {useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/**
 * Whether this component's first render was the hydration of server HTML, as that render
 * found it: only then is there server HTML that a component may adopt instead of rendering
 * (code blocks, the page body, the desktop-only parts on a phone). A component mounted
 * later in the browser, after a client-side navigation say, gets false.
 */
export function useHydratingServerHtml(): boolean {
  const isBrowser = useIsBrowser();
  const [hydrating] = useState(() => typeof window !== 'undefined' && !isBrowser);
  return hydrating;
}
