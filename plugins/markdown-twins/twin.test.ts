import {readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {toMarkdown} from 'mdast-util-to-markdown';
import type {Root} from 'mdast';
import type {Node, Parent} from 'unist';
import {describe, expect, it} from 'vitest';
import {DEFAULT_BRAND} from '../../src/branding/defaults';
import {flavors} from '../../src/data/platform';
import {formatUsd} from '../../src/data/prices';
import {markdownTwin, routeOfDoc, serialize, TO_MARKDOWN, twinMarkdown, twinTree} from './twin';
import {TWIN_COMPONENTS} from './components';
import {docFiles} from './generate';
import {BUILD_TIME_ELEMENTS} from '../openapi/remark';

function visit(node: Node, fn: (node: Node) => void): void {
  fn(node);
  for (const child of (node as Parent).children ?? []) visit(child, fn);
}

const siteDir = path.resolve(__dirname, '../..');
const options = {siteDir, specDir: path.join(siteDir, 'openapi'), siteUrl: 'https://docs.example.com'};

const page = `---
title: A page
description: What the page is about.
sidebar_position: 3
---

import {formatUsd} from '@site/src/data/prices';
import {flavors} from '@site/src/data/platform';

export const cheapest = flavors.reduce((a, b) => (a.pricePerHour <= b.pricePerHour ? a : b));
export const Names = () => (<ul>{flavors.slice(0, 2).map((f) => <li key={f.name}><code>{f.name}</code></li>)}</ul>);

<Brand /> runs VMs from {formatUsd(cheapest.pricePerHour)} an hour. Open the <ConsoleLink path="/billing">billing page</ConsoleLink> or write to <SupportEmail />.

## Flavors

<FlavorTable gpu="H100" columns={['name', 'price']} />

<Names />

:::warning[Data loss]
Deleting a volume deletes its data. See [volumes](../storage/volumes.mdx#delete).
:::

Ports such as 8080:80 stay text.
`;

describe('markdownTwin', () => {
  it('resolves components, expressions, page exports, admonitions and links to plain Markdown', async () => {
    const twin = await markdownTwin('docs/hardware/example.mdx', page, options);
    const md = twinMarkdown(twin);
    const cheapest = flavors.reduce((a, b) => (a.pricePerHour <= b.pricePerHour ? a : b));
    expect(twin).toMatchObject({route: '/docs/hardware/example', title: 'A page', sidebarPosition: 3, unlisted: false});
    expect(md).toMatch(/^# A page\n\n> What the page is about\.\n/);
    expect(md).toContain(`${DEFAULT_BRAND.name} runs VMs from ${formatUsd(cheapest.pricePerHour)} an hour.`);
    expect(md).toContain(`[billing page](${DEFAULT_BRAND.consoleUrl}/billing)`);
    expect(md).toContain(`[${DEFAULT_BRAND.supportEmail}](mailto:${DEFAULT_BRAND.supportEmail})`);
    // The fact table as a GFM table, one row per H100 flavor.
    const h100 = flavors.filter((f) => f.gpu?.includes('H100'));
    expect(md).toMatch(/\| Flavor +\| Price +\|\n\| -+ \| -+ \|/);
    for (const f of h100) expect(md).toContain(`| \`${f.name}\``);
    expect(md).toContain(`- \`${flavors[0].name}\``);
    expect(md).toContain('> **Data loss:** Deleting a volume deletes its data. See [volumes](https://docs.example.com/docs/storage/volumes.md#delete).');
    expect(md).toContain('Ports such as 8080:80 stay text.');
    expect(md).not.toMatch(/<[A-Za-z]|^import |^export |\{formatUsd/m);
  });

  it('keeps paragraphs apart around an image or an expression on a line of its own', async () => {
    const source = '---\ntitle: T\ndescription: D.\n---\n\nFirst paragraph.\n\n<img src="/img/x.svg" alt="A diagram" />\n\n{1 + 1}\n\nLast paragraph.\n';
    const {body} = await markdownTwin('docs/example.mdx', source, options);
    expect(body).toBe('First paragraph.\n\n![A diagram](https://docs.example.com/img/x.svg)\n\n2\n\nLast paragraph.\n');
  });

  it('writes the rows of a JSX table that an expression makes, beside rows written out', async () => {
    const source = [
      '---', 'title: T', 'description: D.', '---', '',
      'export const sizes = [100, 500];', '',
      '<table>', '  <thead>', '    <tr>', '      <th>Size</th>', '      <th>Twice</th>', '    </tr>', '  </thead>', '  <tbody>',
      '    {sizes.map((gb) => (', '      <tr key={gb}>', '        <td>{gb} GB</td>', '        <td><code>{gb * 2}</code></td>', '      </tr>', '    ))}',
      '    <tr>', '      <td>Any other</td>', '      <td>-</td>', '    </tr>', '  </tbody>', '</table>', '',
    ].join('\n');
    const {body} = await markdownTwin('docs/example.mdx', source, options);
    expect(body).toMatch(/\| Size +\| Twice +\|\n\| -+ \| -+ \|\n\| 100 GB +\| `200` +\|\n\| 500 GB +\| `1000` +\|\n\| Any other +\| - +\|/);
  });

  it('fails, naming the page and the component, on a component it has no Markdown form for', async () => {
    const source = '---\ntitle: T\ndescription: D.\n---\n\nText <Mystery kind="x" /> more.\n';
    await expect(markdownTwin('docs/x.mdx', source, options)).rejects.toThrow(/docs\/x\.mdx:6: <Mystery> has no Markdown form/);
    await expect(markdownTwin('docs/x.mdx', '---\ntitle: T\ndescription: D.\n---\n\n<Price flavor="n3-H100x1" />\n', {...options, components: {}})).rejects.toThrow(/<Price> has no Markdown form/);
  });

  it('expands an API operation into method, path, responses and code samples without JSX', async () => {
    const source = '---\ntitle: List volumes\ndescription: D.\n---\n\n<ApiOperation operationId="listVolumes" />\n';
    const md = twinMarkdown(await markdownTwin('docs/api-reference/core-resources/volumes/list.mdx', source, options));
    expect(md).toContain('**GET** `/core/volumes`');
    expect(md).toMatch(/### 200 OK/);
    expect(md).toMatch(/\*\*cURL\*\*\n\n```(bash|shell)\ncurl/i);
    expect(md).not.toMatch(/<[A-Z]|<summary|<div/);
  });

  it('has a Markdown form for every component the pages use', () => {
    const unknown: string[] = [];
    for (const file of docFiles(siteDir, path.join(siteDir, 'docs'))) {
      const source = readFileSync(path.join(siteDir, file), 'utf8');
      const tree = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective).parse(matter(source).content);
      // Names the page binds itself: its exports and its imports of SVG files.
      const local = new Set([...source.matchAll(/^export const (\w+)/gm), ...source.matchAll(/^import (\w+) from '[^']+\.svg'/gm)].map((m) => m[1]));
      visit(tree, (node) => {
        if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return;
        const name = (node as unknown as {name: string | null}).name;
        if (name && /^[A-Z]/.test(name) && !local.has(name) && !(BUILD_TIME_ELEMENTS as readonly string[]).includes(name) && !TWIN_COMPONENTS[name]) unknown.push(`${file}: <${name}>`);
      });
    }
    expect(unknown).toEqual([]);
  });

  it('writes every page, a section at a time, exactly as the whole tree would be written', async () => {
    const differ: string[] = [];
    for (const file of docFiles(siteDir, path.join(siteDir, 'docs'))) {
      const {tree} = await twinTree(file, readFileSync(path.join(siteDir, file), 'utf8'), options);
      if (serialize(tree) !== toMarkdown(tree, TO_MARKDOWN)) differ.push(file);
    }
    expect(differ).toEqual([]);
  });

  it('keeps lists, code and an empty page as one call writes them', () => {
    const tree = (markdown: string) => unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;
    const cases = [
      '',
      'Text before any heading.\n\n- a\n- b\n\n## One\n\n- c\n\n## One\n\n- c\n\n* d\n',
      '## A\n\n    indented code\n\n## A\n\n1. one\n2. two\n\n| x | y |\n| - | - |\n| 1 | 2 |\n',
    ];
    for (const markdown of cases) {
      // Twice: the second time every section comes from what the first one wrote.
      expect(serialize(tree(markdown))).toBe(toMarkdown(tree(markdown), TO_MARKDOWN));
      expect(serialize(tree(markdown))).toBe(toMarkdown(tree(markdown), TO_MARKDOWN));
    }
  });

  it('gives doc files their routes', () => {
    expect(routeOfDoc('docs/network/ssh.mdx')).toBe('/docs/network/ssh');
    expect(routeOfDoc('docs/ai-studio/index.mdx')).toBe('/docs/ai-studio');
  });
});
