// The links of a page body kept as server HTML (src/theme/DocItem/Content/Island.tsx) are
// opened by the app only where routerTarget says so. Over every link of every built page
// body: the app opens exactly the links to pages, and leaves files to the browser.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {routeFile} from '../server/static-site';
import {isPlainClick, routerTarget} from '../src/theme/DocItem/Content/routerLink';
import {buildDir, readRouteList, siteDir} from './docs';

const link = (href: string | null, more: {target?: string; download?: boolean} = {}) => ({href, target: more.target ?? null, download: more.download ?? false});

describe('routerTarget', () => {
  it('opens every route of the site in the app', () => {
    const routes = readRouteList(path.join(siteDir, 'tests/routes.txt')).map((r) => r.route);
    expect(routes.length).toBeGreaterThan(200);
    for (const route of routes) expect(routerTarget(link(route)), route).toBe(route);
    expect(routerTarget(link('/docs/network/ssh#connect'))).toBe('/docs/network/ssh#connect');
    expect(routerTarget(link('/search?q=gpu'))).toBe('/search?q=gpu');
    expect(routerTarget(link('/docs/intro', {target: '_self'}))).toBe('/docs/intro');
  });

  it('leaves other sites, other tabs, downloads, anchors and files to the browser', () => {
    for (const href of ['https://example.com/docs', '//example.com/docs', 'mailto:support@example.com', 'javascript:alert(1)', '#schema', '', 'docs/intro', '/openapi.yaml', '/release-notes.xml', '/docs/intro.md', '/img/logo.svg?v=2']) {
      expect(routerTarget(link(href)), href).toBeNull();
    }
    expect(routerTarget(link(null))).toBeNull();
    expect(routerTarget(link('/docs/intro', {target: '_blank'}))).toBeNull();
    expect(routerTarget(link('/docs/intro', {download: true}))).toBeNull();
  });

  it('takes over only plain clicks of the main button', () => {
    const plain = {button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false};
    expect(isPlainClick(plain)).toBe(true);
    for (const change of [{button: 1}, {metaKey: true}, {altKey: true}, {ctrlKey: true}, {shiftKey: true}, {defaultPrevented: true}]) {
      expect(isPlainClick({...plain, ...change}), JSON.stringify(change)).toBe(false);
    }
  });
});

describe('links in built page bodies', () => {
  it('are opened by the app exactly where they lead to a page of the build', () => {
    expect(existsSync(path.join(buildDir, 'index.html')), 'no build/: run `npm run build` first').toBe(true);
    const files = new Set(readdirSync(buildDir, {recursive: true, encoding: 'utf8'}).map((f) => f.split(path.sep).join('/')));
    const pages = [...files].filter((f) => f.startsWith('docs/') && f.endsWith('.html'));
    const seen = {routes: 0, files: 0};
    for (const page of pages) {
      const $ = load(readFileSync(path.join(buildDir, page), 'utf8'));
      $('.theme-doc-markdown a[href^="/"]').each((_, element) => {
        const anchor = $(element);
        const href = anchor.attr('href')!;
        const target = routerTarget({href, target: anchor.attr('target') ?? null, download: anchor.attr('download') !== undefined});
        const pathname = decodeURI(href.replace(/[?#].*$/, ''));
        if (target === null) {
          // Left to the browser: a file of the build (`/openapi.yaml`), or a page opened in another tab.
          const isFile = files.has(pathname.slice(1)) && routeFile(pathname, files) === undefined;
          expect(isFile || anchor.attr('target') !== undefined, `${page}: ${href} is a page the browser would load in full`).toBe(true);
          if (isFile) seen.files += 1;
        } else {
          expect(routeFile(pathname, files), `${page}: ${href} opens in the app but no page is built there`).toBeDefined();
          seen.routes += 1;
        }
      });
    }
    expect(seen.routes).toBeGreaterThan(100);
    expect(seen.files).toBeGreaterThan(0);
  });
});

describe('text of built pages', () => {
  it('shows no Markdown backticks outside code: a sentence from src/data rendered as plain text, not as Markdown', () => {
    expect(existsSync(path.join(buildDir, 'index.html')), 'no build/: run `npm run build` first').toBe(true);
    const pages = readdirSync(buildDir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.html'));
    const found: string[] = [];
    for (const page of pages) {
      const text = readFileSync(path.join(buildDir, page), 'utf8')
        .replace(/<(pre|code|script|style|textarea)\b[\s\S]*?<\/\1>/g, '')
        .split(/<[^>]+>/);
      for (const piece of text) if (piece.includes('`')) found.push(`${page}: ${piece.trim().slice(0, 120)}`);
    }
    expect(pages.length).toBeGreaterThan(200);
    expect(found, found.join('\n')).toEqual([]);
  });
});
