/**
 * Which links of server-rendered page content the app opens itself. In content that
 * React renders, Docusaurus' <Link> makes that choice; in content kept as server HTML
 * (see ./Island.tsx) only the attributes are left, and this reads the same choice back
 * from them: a path on this site, opened in this tab, not a file. Everything else is
 * the browser's: other sites, other tabs, downloads, anchors on the page, and static
 * files such as `/openapi.yaml` (content links them with `pathname://`, which leaves no
 * trace in the HTML; the extension in the path tells them from pages, whose routes have none).
 */
export interface LinkAttributes {
  href: string | null;
  target: string | null;
  download: boolean;
}

// A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: the test of Docusaurus' isInternalUrl.
const EXTERNAL = /^(?:\w*:|\/\/)/;
// The last path segment has an extension: a file, not a page.
const FILE = /\.[a-z0-9]+$/i;

/** An address without its query and fragment. */
export const pathOf = (to: string): string => to.replace(/[?#].*$/, '');

/** The address the app should open for a link, or null when the browser should follow it. */
export function routerTarget(link: LinkAttributes): string | null {
  const {href} = link;
  if (!href || link.download) return null;
  if (link.target && link.target !== '_self') return null;
  if (!href.startsWith('/') || EXTERNAL.test(href)) return null;
  if (FILE.test(pathOf(href))) return null;
  return href;
}

/** `routerTarget` of an anchor element. */
export function anchorTarget(anchor: Element): string | null {
  return routerTarget({
    href: anchor.getAttribute('href'),
    target: anchor.getAttribute('target'),
    download: anchor.hasAttribute('download'),
  });
}

/** A click the app may take over: the main button, no modifier key, not handled yet. */
export function isPlainClick(event: {button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean; defaultPrevented: boolean}): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}
