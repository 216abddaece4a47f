/**
 * Keyboard access to tables wider than the page body. The theme lets a wide table scroll
 * sideways inside its own box; a region that scrolls but holds nothing focusable cannot be
 * scrolled from the keyboard (WCAG 2.1.1, axe `scrollable-region-focusable`). Such a table is
 * made focusable and given a name while it overflows, and given back as it was when it stops
 * (a wider window, a larger font loaded): a tab stop on a table that does not scroll is noise.
 */

/** Marks the tables this module changed, so only its own changes are undone. */
export const SCROLLABLE_ATTRIBUTE = 'data-scrollable';

/** The most header cells named in a table's label. */
const HEADERS_IN_NAME = 3;

/** The accessible name of a table: its caption, else its first header cells. */
export function tableName(table: HTMLTableElement, label: (headers: string) => string): string {
  const caption = table.caption?.textContent?.trim();
  if (caption) return caption;
  const headers = Array.from(table.querySelectorAll('thead th, tr:first-child > th'), (cell) => cell.textContent?.trim() ?? '')
    .filter(Boolean)
    .slice(0, HEADERS_IN_NAME);
  return label(headers.join(', '));
}

/** Gives `table` keyboard access while it scrolls sideways, takes it back when it does not. */
export function updateScrollable(table: HTMLTableElement, label: (headers: string) => string): void {
  const overflows = table.scrollWidth > table.clientWidth + 1;
  const marked = table.hasAttribute(SCROLLABLE_ATTRIBUTE);
  if (overflows === marked) return;
  if (overflows) {
    // Set only what the table lacks, and record it so the undo leaves the rest alone.
    const added: string[] = [];
    if (!table.hasAttribute('tabindex')) {
      table.setAttribute('tabindex', '0');
      added.push('tabindex');
    }
    if (!table.hasAttribute('aria-label') && !table.hasAttribute('aria-labelledby')) {
      table.setAttribute('aria-label', tableName(table, label));
      added.push('aria-label');
    }
    table.setAttribute(SCROLLABLE_ATTRIBUTE, added.join(' '));
  } else {
    for (const name of (table.getAttribute(SCROLLABLE_ATTRIBUTE) ?? '').split(' ').filter(Boolean)) table.removeAttribute(name);
    table.removeAttribute(SCROLLABLE_ATTRIBUTE);
  }
}

/** Whether the browser lays `element` out: not hidden, nor inside content it skips. */
function isRendered(element: Element): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility();
  return element.getClientRects().length > 0;
}

/** Set on the watched body once every table in it has been measured and marked: tools and tests wait on it. */
export const TABLES_CHECKED_ATTRIBUTE = 'data-tables-checked';

/**
 * Watches the tables in `root` and keeps their keyboard access in step with their overflow.
 * A ResizeObserver reports each table once after layout and again whenever its box changes.
 * `root` gets TABLES_CHECKED_ATTRIBUTE once each rendered table has had its first report.
 * Returns a function that stops watching.
 */
export function watchScrollableTables(root: Element, label: (headers: string) => string): () => void {
  const tables = Array.from(root.querySelectorAll('table'));
  if (tables.length === 0 || typeof ResizeObserver === 'undefined') {
    root.setAttribute(TABLES_CHECKED_ATTRIBUTE, '');
    return () => {};
  }
  // A table that is not rendered (in a closed tab, or a closed <details>, whose content the
  // browser skips) gets no first report: it cannot scroll until it is shown, and is reported then.
  const unmeasured = new Set<Element>(tables.filter(isRendered));
  if (unmeasured.size === 0) root.setAttribute(TABLES_CHECKED_ATTRIBUTE, '');
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      updateScrollable(entry.target as HTMLTableElement, label);
      unmeasured.delete(entry.target);
    }
    if (unmeasured.size === 0) root.setAttribute(TABLES_CHECKED_ATTRIBUTE, '');
  });
  tables.forEach((table) => observer.observe(table));
  return () => {
    observer.disconnect();
    root.removeAttribute(TABLES_CHECKED_ATTRIBUTE);
  };
}
