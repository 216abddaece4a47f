import {describe, expect, it} from 'vitest';
import {SCROLLABLE_ATTRIBUTE, tableName, updateScrollable} from './scrollableTables';

/** A stand-in for a table element: widths, attributes, a caption and header cells. */
function fakeTable({scrollWidth, clientWidth = 600, caption, headers = [], attributes = {}}: {
  scrollWidth: number;
  clientWidth?: number;
  caption?: string;
  headers?: string[];
  attributes?: Record<string, string>;
}) {
  const attrs = new Map(Object.entries(attributes));
  return {
    scrollWidth,
    clientWidth,
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
