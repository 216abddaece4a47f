/**
 * When a page's body may skip the layout of blocks the reader cannot see, and when it
 * must lay out everything.
 *
 * `blocks.css` gives each top-level block of a doc body `content-visibility: auto`: the
 * browser neither styles nor lays out a block far from the screen, and counts it at an
 * estimated height until the reader scrolls near it. A long guide is mostly such blocks,
 * so its first load lays out a screenful instead of the whole page.
 *
 * The estimate is only right on average. Whatever puts the reader at a place in the page
 * other than its top (a link to a heading, a reload or a step back in history that
 * restores a scroll position) would compute that place over estimated heights and land
 * beside it. Before any of those, the root gets FULL_LAYOUT, which turns the skipping
 * off, so the place is found over the real layout. The page pays then what it pays
 * without the skipping, and only then.
 */

/** The attribute on <html> under which every block is laid out. */
export const FULL_LAYOUT = 'data-full-layout';

/**
 * Whether a document opened this way (the address's `#fragment` and the navigation
 * type of the Navigation Timing entry) starts at a place in the page.
 */
export function opensAtPlace(hash: string, navigationType: string | undefined): boolean {
  return hash.length > 1 || navigationType === 'reload' || navigationType === 'back_forward';
}

/** Whether following a link with this `href` puts the reader at a fragment. */
export function hrefHasFragment(href: string | null): boolean {
  if (!href) return false;
  const at = href.indexOf('#');
  return at >= 0 && at < href.length - 1;
}

// Some TypeScript toolchains wrap functions in `__name(fn, "fn")` to keep their names;
// the shim makes the embedded source independent of that.
const NAME_SHIM = 'var __name=function(f){return f};';

/**
 * The inline <head> script: marks the root before the body is parsed when the document
 * opens at a place, so that the first layout is already the full one. Where the
 * navigation type cannot be read, it lays out in full: correct, only slower.
 */
export function headScript(): string {
  const attribute = JSON.stringify(FULL_LAYOUT);
  return (
    `(function(){${NAME_SHIM}${opensAtPlace.toString()}\n` +
    'var full=true;try{var entry=performance.getEntriesByType("navigation")[0];' +
    'full=opensAtPlace(location.hash,entry&&entry.type);}catch(e){}' +
    `if(full)document.documentElement.setAttribute(${attribute},"");})();`
  );
}
