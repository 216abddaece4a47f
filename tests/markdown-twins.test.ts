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
