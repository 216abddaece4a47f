import {useEffect, useRef, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useBrokenLinks from '@docusaurus/useBrokenLinks';

/**
 * Opens every folded <details> around `element`, itself included when it is one: a field
 * list may sit in a response's folded list. Returns whether any was closed.
 */
export function openEnclosingDetails(element: Element): boolean {
  let opened = false;
  for (let level = element.closest('details'); level; level = level.parentElement?.closest('details') ?? null) {
    if (!level.open) {
      level.open = true;
      opened = true;
    }
  }
  return opened;
}

/**
 * The collapsible field lists of the API reference: a native <details>, with none of
 * the theme's animated Details state, because a reference page holds dozens of them.
 * A shared schema's list carries an `id` that other pages link to; arriving by that
 * link opens it, since browsers do not open a closed <details> for a client-side route.
 */
export default function ApiFields({children, className, id}: {children: ReactNode; className?: string; id?: string}): ReactNode {
  const brokenLinks = useBrokenLinks();
  if (id) brokenLinks.collectAnchor(id);
  const {hash} = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (id && details.current && decodeURIComponent(hash.slice(1)) === id) {
      openEnclosingDetails(details.current);
      details.current.scrollIntoView();
    }
  }, [hash, id]);
  return (
    <details ref={details} className={className} id={id}>
      {children}
    </details>
  );
}
