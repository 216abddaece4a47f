// The Markdown twins and llms files in the build (npm run build writes them).
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../plugins/openapi/spec';
import {SECTION_FILE_BUDGET} from '../plugins/markdown-twins/llms';
import {buildDir, readDocs, siteDir} from './docs';

const built = readdirSync(buildDir, {recursive: true, encoding: 'utf8'}).map((f) => f.split(path.sep).join('/'));
const docRoutes = built.filter((f) => /^docs\/.*\.html$/.test(f)).map((f) => '/' + f.replace(/\.html$/, ''));
const twinOf = (route: string) => readFileSync(path.join(buildDir, `${route.slice(1)}.md`), 'utf8');
const normal = (text: string) => text.replace(/[\u200b#`*_\\]/g, '').replace(/\s+/g, ' ').trim();

/** Markdown outside fenced code blocks and inline code. */
const prose = (md: string) => md.replace(/^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm, '').replace(/`[^`\n]+`/g, '');

/** Words only, lower-case: what a page and its twin both say, whatever their markup. */
const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
/** The twin's words, a link's text without its address (an address of its own stays). */
const twinWords = (md: string) => ` ${words(md.replace(/!?\[([^\]]*)\]\((?:https?:\/\/|mailto:|\/|#|\.)[^)\s]*\)/g, '$1'))} `;

const PHRASING = new Set(['a', 'code', 'strong', 'em', 'b', 'i', 'span', 'kbd', 'sup', 'sub', 'abbr', 'mark', 'small']);
type DomNode = {type: string; data?: string; name?: string; children?: DomNode[]};
/** A node's text, with a space at the edges of every element that is not phrasing (cells, lines of code, paragraphs). */
function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  // React's <!-- --> between two values of one text, and anything else that is not an element, is no text.
  if (node.type !== 'tag') return '';
  const inner = (node.children ?? []).map(textOf).join('');
  return PHRASING.has(node.name ?? '') ? inner : ` ${inner} `;
}

/**
 * What the HTML page body shows that its twin does not say: each table row, list item (a
 * paragraph at a time), code block and heading, as "kind: text". Buttons and heading
 * anchors are not content.
 */
function missingFromTwin(html: string, md: string): string[] {
  const $ = cheerio.load(html);
  const body = $('article .theme-doc-markdown').first();
  body.find('button, .hash-link').remove();
  const items: [string, DomNode][] = [];
  body.find('tr').each((_, row) => void items.push(['row', row as DomNode]));
  body.find('li').each((_, li) => {
    const item = $(li).clone();
    item.find('ul, ol, .theme-code-block, pre').remove();
    const paragraphs = item.children('p');
    if (paragraphs.length) paragraphs.each((_, p) => void items.push(['list item', p as DomNode]));
    else items.push(['list item', item[0] as DomNode]);
  });
  body.find('pre').each((_, pre) => void items.push(['code', pre as DomNode]));
  body.find('h2, h3, h4').each((_, h) => void items.push(['heading', h as DomNode]));
  const twin = twinWords(md);
  return items.filter(([, node]) => {
    const said = words(textOf(node));
    return said !== '' && !twin.includes(` ${said} `);
  }).map(([kind, node]) => `${kind}: ${textOf(node).replace(/\s+/g, ' ').trim().slice(0, 120)}`);
}

/** Where a page and its twin differ on purpose, and why. */
const DIFFER_ON_PURPOSE: {route: string; text: RegExp; why: string}[] = [
  {
    route: '/docs/support/ai-assistants',
    text: /^code: .*violet-cloud-docs/,
    why: "the twin names the MCP server \"docs\": a brand's name in it would not follow a partner's brand (plugins/markdown-twins/components.ts)",
  },
];

describe('Markdown twins in the build', () => {
  it('exist for every built doc route, with the page title and headings', () => {
    expect(docRoutes.length).toBeGreaterThan(200);
    const missing: string[] = [];
    for (const route of docRoutes) {
      if (!existsSync(path.join(buildDir, `${route.slice(1)}.md`))) {
        missing.push(route);
        continue;
      }
      const md = normal(twinOf(route));
      const $ = cheerio.load(readFileSync(path.join(buildDir, `${route.slice(1)}.html`), 'utf8'));
      const title = normal($('article h1').first().text());
      expect(md.startsWith(title), `${route} title`).toBe(true);
      $('article .markdown h2, article .markdown h3').each((_, h) => {
        expect(md, `${route}: heading "${normal($(h).text())}"`).toContain(normal($(h).text()));
      });
    }
    expect(missing).toEqual([]);
  });

  it('say what the page says: every table row, list item, code block and heading of the page body', () => {
    const missing: string[] = [];
    for (const route of docRoutes) {
      const html = readFileSync(path.join(buildDir, `${route.slice(1)}.html`), 'utf8');
      for (const line of missingFromTwin(html, twinOf(route))) {
        if (!DIFFER_ON_PURPOSE.some((d) => d.route === route && d.text.test(line))) missing.push(`${route}: ${line}`);
      }
    }
    expect(missing, `the twin lacks what its page shows:\n${missing.join('\n')}`).toEqual([]);
  });

  it('name what a twin lacks: the rows of a table it left empty, an item, a code block', () => {
    const html = `<article><div class="theme-doc-markdown"><h2>Cost</h2><table><thead><tr><th>Size</th><th>Per month</th></tr></thead>
      <tbody><tr><td>38 GB</td><td>$1.94</td></tr></tbody></table><ul><li><p>Run it:</p><div class="theme-code-block"><pre><code>ls -l</code></pre></div></li></ul>
      <pre><code><span>ls</span> <span>-l</span></code></pre><button>Copy</button></div></article>`;
    expect(missingFromTwin(html, '## Cost\n\n| Size | Per month |\n| -- | -- |\n\n- Run it:\n\n  ```bash\n  ls -l\n  ```\n')).toEqual(['row: 38 GB $1.94']);
    expect(missingFromTwin(html, '## Cost\n\n|  |\n|  |\n')).toEqual(['row: Size Per month', 'row: 38 GB $1.94', 'list item: Run it:', 'code: ls -l', 'code: ls -l']);
  });

  it('are named by their page with <link rel="alternate" type="text/markdown">', () => {
    for (const route of docRoutes) {
      const $ = cheerio.load(readFileSync(path.join(buildDir, `${route.slice(1)}.html`), 'utf8'));
      expect($('head link[rel="alternate"][type="text/markdown"]').attr('href'), route).toBe(`${route}.md`);
    }
  });

  it('hold no JSX tag, import or export', () => {
    for (const route of docRoutes) {
      const text = prose(twinOf(route));
      expect(text, route).not.toMatch(/<\/?[A-Za-z][\w.:-]*(\s[^>]*)?\/?>/);
      expect(text, route).not.toMatch(/^\s*(import|export)\s/m);
    }
  });

  it('hold, for each API operation, its method, path and every response status', () => {
    const doc = loadSpec(path.join(siteDir, 'openapi'));
    for (const {method, path: apiPath, operation} of operations(doc)) {
      const route = (operation as {'x-doc-path'?: string})['x-doc-path']!;
      const md = twinOf(route);
      expect(md, route).toContain(`**${method.toUpperCase()}** \`${apiPath}\``);
      for (const status of Object.keys(operation.responses ?? {})) expect(md, `${route} ${status}`).toMatch(new RegExp(`^### ${status}\\b`, 'm'));
    }
  });
});

describe('llms.txt', () => {
  const text = readFileSync(path.join(buildDir, 'llms.txt'), 'utf8');
  const listed = readDocs().filter((d) => d.frontMatter.unlisted !== true);
  const unlisted = readDocs().filter((d) => d.frontMatter.unlisted === true);
  const routeOf = (file: string) => '/' + file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');

  it('follows the llmstxt.org format: H1, summary, H2 sections of link lines, Optional last', () => {
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> \S/);
    const sections = lines.filter((l) => l.startsWith('#'));
    expect(sections.slice(1).every((l) => /^## \S/.test(l))).toBe(true);
    expect(sections[sections.length - 1]).toBe('## Optional');
    const firstH2 = lines.findIndex((l) => l.startsWith('## '));
    for (const line of lines.slice(firstH2)) {
      if (line === '' || line.startsWith('## ')) continue;
      expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\.md\): \S/);
    }
  });

  it('lists every listed page once and no unlisted one', () => {
    const urls = [...text.matchAll(/\]\((https?:\/\/[^)]+)\.md\)/g)].map((m) => new URL(m[1]).pathname);
    expect(urls.length).toBe(new Set(urls).size);
    expect(new Set(urls)).toEqual(new Set(listed.map((d) => routeOf(d.file))));
    for (const d of unlisted) expect(existsSync(path.join(buildDir, `${routeOf(d.file).slice(1)}.md`)), d.file).toBe(true);
    expect(text).toMatch(/## Optional\n\n- \[[^\]]+\]\([^)]*\/docs\/release-notes\//);
  });

  it('has a full file with every listed page and section files within the budget', () => {
    const full = readFileSync(path.join(buildDir, 'llms-full.txt'), 'utf8');
    for (const d of listed) expect(full).toContain(`Source: https://docs.example.com${routeOf(d.file)}\n`);
    const sectionFiles = [...text.matchAll(/\((https?:\/\/[^)]+\/llms-full\/[\w-]+\.txt)\)/g)].map((m) => new URL(m[1]).pathname);
    expect(sectionFiles.length).toBeGreaterThan(10);
    let total = 0;
    for (const file of sectionFiles) {
      const content = readFileSync(path.join(buildDir, file), 'utf8');
      expect(Buffer.byteLength(content), file).toBeLessThanOrEqual(SECTION_FILE_BUDGET + 100);
      total += (content.match(/^Source: /gm) ?? []).length;
    }
    expect(total).toBe(listed.length);
  });
});
