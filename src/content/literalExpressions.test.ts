import {readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {describe, expect, it} from 'vitest';
import {literalExpressions, pageBindings} from './literalExpressions';

const fixture = matter(readFileSync(path.resolve(__dirname, '../../tests/fixtures/content/literal-expressions.mdx'), 'utf8')).content;

describe('literalExpressions', () => {
  it('reads the names a page imports and exports, not those of its code blocks', () => {
    expect([...pageBindings(fixture)].sort()).toEqual(['images', 'later', 'newest', 'openRegions', 'flavors'].sort());
    expect(pageBindings('```js\nimport {Client} from "x";\n```\n').size).toBe(0);
  });

  it('fails on inline code that opens a brace with a name the page binds, with its line', () => {
    const lines = fixture.split('\n');
    const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(literalExpressions(fixture)).toEqual([
      {line: at('The VM boots from'), code: '`{newest.name}`', name: 'newest'},
      {line: at('It runs on'), code: '`{flavors[0].name}`', name: 'flavors'},
      {line: at('It runs on'), code: '``{openRegions.length}``', name: 'openRegions'},
    ]);
  });

  it('leaves literal braces, template placeholders, <code> expressions, code blocks and exports alone', () => {
    expect(literalExpressions('`GET /core/volumes/{id}`, `f"{name}"` and <code>{x.y}</code>.')).toEqual([]);
    expect(literalExpressions('export const x = 1;\n\nUse <code>{x}</code> or `${x}`.')).toEqual([]);
  });
});
