import {afterEach, describe, expect, it, vi} from 'vitest';
import {SCROLLABLE_ATTRIBUTE, TABLES_CHECKED_ATTRIBUTE, tableName, updateScrollable, watchScrollableTables} from './scrollableTables';

/** A stand-in for a table element: widths, attributes, a caption and header cells. */
function fakeTable({scrollWidth, clientWidth = 600, caption, headers = [], attributes = {}, hidden = false}: {
  scrollWidth: number;
  clientWidth?: number;
  caption?: string;
  headers?: string[];
  attributes?: Record<string, string>;
  /** Not rendered: no boxes, so the observer sends no first report. */
  hidden?: boolean;
}) {
  const attrs = new Map(Object.entries(attributes));
  return {
    scrollWidth,
    clientWidth,
    checkVisibility: () => !hidden,
    caption: caption === undefined ? null : {textContent: caption},
    querySelectorAll: () => headers.map((text) => ({textContent: text})),
    hasAttribute: (name: string) => attrs.has(name),
    getAttribute: (name: string) => attrs.get(name) ?? null,
    setAttribute: (name: string, value: string) => void attrs.set(name, value),
    removeAttribute: (name: string) => void attrs.delete(name),
    attrs,
  };
}
const asTable = (table: ReturnType<typeof fakeTable>) => table as unknown as HTMLTableElement;
const label = (headers: string) => `Table: ${headers}`;

describe('tableName', () => {
  it('prefers the caption', () => {
    expect(tableName(asTable(fakeTable({scrollWidth: 0, caption: ' Prices ', headers: ['A']})), label)).toBe('Prices');
  });
  it('names the first three non-empty header cells otherwise', () => {
    expect(tableName(asTable(fakeTable({scrollWidth: 0, headers: ['Model', '', 'GPUs', 'Memory', 'Price']})), label)).toBe('Table: Model, GPUs, Memory');
  });
});

describe('updateScrollable', () => {
  it('makes an overflowing table focusable and named, and undoes it when it fits again', () => {
    const table = fakeTable({scrollWidth: 900, headers: ['Model', 'GPUs']});
    updateScrollable(asTable(table), label);
    expect(Object.fromEntries(table.attrs)).toEqual({tabindex: '0', 'aria-label': 'Table: Model, GPUs', [SCROLLABLE_ATTRIBUTE]: 'tabindex aria-label'});
    table.scrollWidth = 600;
    updateScrollable(asTable(table), label);
    expect(table.attrs.size).toBe(0);
  });
  it('leaves a table that fits alone', () => {
    const table = fakeTable({scrollWidth: 601, headers: ['Model']});
    updateScrollable(asTable(table), label);
    expect(table.attrs.size).toBe(0);
  });
  it("keeps the author's own name and tab stop, before and after", () => {
    const table = fakeTable({scrollWidth: 900, attributes: {'aria-labelledby': 'x', tabindex: '-1'}});
    updateScrollable(asTable(table), label);
    expect(table.getAttribute(SCROLLABLE_ATTRIBUTE)).toBe('');
    table.scrollWidth = 100;
    updateScrollable(asTable(table), label);
    expect(Object.fromEntries(table.attrs)).toEqual({'aria-labelledby': 'x', tabindex: '-1'});
  });
});

describe('watchScrollableTables', () => {
  /** A ResizeObserver whose reports the test sends by hand. */
  class ManualObserver {
    static last: ManualObserver;
    observed: unknown[] = [];
    disconnected = false;
    constructor(readonly report: (entries: {target: unknown}[]) => void) {
      ManualObserver.last = this;
    }
    observe(target: unknown) {
      this.observed.push(target);
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  afterEach(() => vi.unstubAllGlobals());

  const fakeRoot = (tables: unknown[]) => {
    const root = fakeTable({scrollWidth: 0});
    return Object.assign(root, {querySelectorAll: () => tables});
  };

  it('says the tables are checked only once every table has had its first report, and takes it back when stopped', () => {
    vi.stubGlobal('ResizeObserver', ManualObserver);
    const [wide, narrow, closedTab] = [fakeTable({scrollWidth: 900}), fakeTable({scrollWidth: 100}), fakeTable({scrollWidth: 900, hidden: true})];
    const root = fakeRoot([wide, narrow, closedTab]);
    const stop = watchScrollableTables(root as unknown as Element, label);
    expect(ManualObserver.last.observed).toEqual([wide, narrow, closedTab]);
    ManualObserver.last.report([{target: wide}]);
    expect(wide.getAttribute(SCROLLABLE_ATTRIBUTE)).toBe('tabindex aria-label');
    expect(root.hasAttribute(TABLES_CHECKED_ATTRIBUTE)).toBe(false);
    ManualObserver.last.report([{target: narrow}]);
    expect(root.hasAttribute(TABLES_CHECKED_ATTRIBUTE)).toBe(true);
    stop();
    expect(ManualObserver.last.disconnected).toBe(true);
    expect(root.hasAttribute(TABLES_CHECKED_ATTRIBUTE)).toBe(false);
  });

  it('says a body without tables is checked at once', () => {
    vi.stubGlobal('ResizeObserver', ManualObserver);
    const root = fakeRoot([]);
    watchScrollableTables(root as unknown as Element, label);
    expect(root.hasAttribute(TABLES_CHECKED_ATTRIBUTE)).toBe(true);
  });
});
