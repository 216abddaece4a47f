// The one markup of the fact tables, rendered server-side as the build does.
import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import DataTable, {pickColumns, yesNo} from '.';

const rows = [{id: 'a', n: 1, ok: true}, {id: 'b', n: 2, ok: false}];
type Row = (typeof rows)[number];

describe('DataTable', () => {
  it('renders a header row, then one row per entry, as a Markdown table renders', () => {
    const html = renderToStaticMarkup(h(DataTable<Row>, {rows, rowKey: (r) => r.id, columns: [{header: 'Id', cell: (r) => h('code', null, r.id)}, {header: 'Ok', cell: (r) => yesNo(r.ok)}]}));
    expect(html).toBe('<table><thead><tr><th>Id</th><th>Ok</th></tr></thead><tbody><tr><td><code>a</code></td><td>Yes</td></tr><tr><td><code>b</code></td><td>No</td></tr></tbody></table>');
  });

  it('adds a caption and a class when asked', () => {
    const html = renderToStaticMarkup(h(DataTable<Row>, {rows: rows.slice(0, 1), caption: 'Two rows', className: 'facts', columns: [{header: 'N', cell: (r) => r.n}]}));
    expect(html).toBe('<table class="facts"><caption>Two rows</caption><thead><tr><th>N</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>');
  });

  it('picks named columns in the order asked', () => {
    const all = {id: {header: 'Id', cell: (r: Row) => r.id}, n: {header: 'N', cell: (r: Row) => r.n}};
    expect(pickColumns(all, ['n', 'id']).map((c) => [c.key, c.header])).toEqual([['n', 'N'], ['id', 'Id']]);
  });
});
