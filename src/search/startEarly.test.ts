import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {load} from 'cheerio';
import {afterEach, describe, expect, it, vi} from 'vitest';
import searchIndexPlugin, {workerScript} from '../../plugins/search-index';

const preload = vi.fn(async () => undefined);
vi.mock('./localSearch', () => ({localSearchClient: () => ({preload})}));

/** A document whose <head> has the given elements, by selector. */
function documentWith(selectors: string[]) {
  vi.stubGlobal('document', {querySelector: (selector: string) => (selectors.includes(selector) ? {} : null)});
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  preload.mockClear();
});

describe('starting the index early', () => {
  it('starts loading the index on a page that preloads the records', async () => {
    const {RECORDS_PRELOAD} = await import('./startEarly');
    vi.resetModules();
    documentWith([RECORDS_PRELOAD]);
    const {startIfAsked} = await import('./startEarly');
    await startIfAsked();
    // Once when the module ran, once for the call above: the client itself loads only once.
    expect(preload).toHaveBeenCalled();
  });

  it('loads nothing on other pages, nor where there is no document (the server render)', async () => {
    documentWith([]);
    const {startIfAsked} = await import('./startEarly');
    expect(startIfAsked()).toBeNull();
    vi.unstubAllGlobals();
    expect(startIfAsked()).toBeNull();
    expect(preload).not.toHaveBeenCalled();
  });

  it("recognises the /search page by the entry file's preload link, which the plugin writes there (Algolia mode) or leaves to the worker's starter (local mode), and no other page", async () => {
    const {RECORDS_PRELOAD} = await import('./startEarly');
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'search-early-'));
    try {
      const page = (title: string, extra = '') =>
        `<!doctype html><html><head><meta charset="utf-8"><meta name="docsearch:language" content="en"></head><body><article><h1>${title}</h1><p>Some text.</p></article>${extra}</body></html>`;
      mkdirSync(path.join(outDir, 'docs'));
      mkdirSync(path.join(outDir, 'assets/js'), {recursive: true});
      writeFileSync(path.join(outDir, 'assets/js/search.0123abcd.js'), '');
      writeFileSync(path.join(outDir, 'docs', 'intro.html'), page('Intro'));
      writeFileSync(path.join(outDir, 'search.html'), page('Search', '<div data-early-results=""></div><template data-result-template=""><article><h2><a></a></h2><p></p></article></template>'));
      vi.spyOn(console, 'log').mockImplementation(() => {});
      const matches = (file: string) => load(readFileSync(path.join(outDir, file), 'utf8'))(RECORDS_PRELOAD).length;
      const searchPage = () => readFileSync(path.join(outDir, 'search.html'), 'utf8');
      const original = searchPage();
      const algolia = searchIndexPlugin({siteConfig: {baseUrl: '/'}, siteDir: process.cwd()} as never, {mode: 'algolia'});
      await algolia.postBuild!({outDir, routesPaths: ['/docs/intro', '/search'], plugins: []} as never);
      expect(matches('search.html')).toBe(1);
      expect(matches('docs/intro.html')).toBe(0);
      expect(searchPage()).not.toContain('data-config=');

      writeFileSync(path.join(outDir, 'search.html'), original);
      writeFileSync(path.join(outDir, 'docs', 'intro.html'), page('Intro'));
      const local = searchIndexPlugin({siteConfig: {baseUrl: '/'}, siteDir: process.cwd()} as never, {mode: 'local'});
      await local.postBuild!({outDir, routesPaths: ['/docs/intro', '/search'], plugins: []} as never);
      // The early scripts instead, naming the worker's script and the entry file it fetches or preloads.
      expect(matches('search.html')).toBe(0);
      expect(matches('docs/intro.html')).toBe(0);
      expect(searchPage()).toContain('&quot;worker&quot;:&quot;/assets/js/search.0123abcd.js&quot;');
      expect(searchPage()).toMatch(/&quot;entry&quot;:&quot;\/search\/meta\.[0-9a-f]+\.json&quot;/);
      // The worker's starter first in the <head>; the early script at the end of the body (this page has no app loader).
      expect(searchPage()).toMatch(/<meta charset="utf-8"><script>[^<]*new Worker\(/);
      expect(searchPage()).toMatch(/<script data-config=[^>]*>.*<\/script><\/body>/s);
      expect(local.getClientModules!()).toEqual([path.join(process.cwd(), 'src/search/startEarly.ts')]);
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });

  it("names the search worker's script, and fails the build clearly when it cannot tell which it is", () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'search-worker-'));
    try {
      expect(() => workerScript(outDir)).toThrow(/expected one search worker script .* found 0/);
      mkdirSync(path.join(outDir, 'assets/js'), {recursive: true});
      writeFileSync(path.join(outDir, 'assets/js/search.0123abcd.js'), '');
      writeFileSync(path.join(outDir, 'assets/js/searchbar.0123abcd.js'), '');
      expect(workerScript(outDir)).toBe('assets/js/search.0123abcd.js');
      writeFileSync(path.join(outDir, 'assets/js/search.4567abcd.js'), '');
      expect(() => workerScript(outDir)).toThrow(/found 2/);
    } finally {
      rmSync(outDir, {recursive: true, force: true});
    }
  });
});
