import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {INDEX_SETTINGS} from '../../src/search/settings';
import {earlyScriptTags, placeEarlyScripts} from './index';

const siteDir = path.resolve(__dirname, '../..');

describe("the /search page's inlined early scripts", () => {
  const tags = earlyScriptTags(siteDir, {worker: '/assets/js/search.0123abcd.js', entry: '/search/meta.0123456789.json', indexName: 'docs', facetFilters: ['language:en']});
  const [, starter = ''] = /^<script>(.*)<\/script>$/s.exec(tags.starter) ?? [];
  const [, early = ''] = /^<script data-config="[^"]*">(.*)<\/script>$/s.exec(tags.early) ?? [];

  it('are the worker starter and the bundled early script', () => {
    expect(starter).toContain('new Worker(');
    expect(early).toContain('data-early-results');
  });

  // Every byte of them is parsed and compiled on the page's thread, which also has to start the worker.
  it('carry none of the index settings, and stay small', () => {
    for (const setting of ['attributesForFaceting', 'searchableAttributes', 'customRanking', INDEX_SETTINGS.highlightPreTag]) expect(early).not.toContain(setting);
    expect(Buffer.byteLength(starter + early)).toBeLessThan(6 * 1024);
    expect(Buffer.byteLength(starter)).toBeLessThan(1024);
  });
});

describe("the /search page's scripts in its HTML", () => {
  const page = [
    '<!doctype html><html><head><meta charset="UTF-8"><title>Search</title><link rel="stylesheet" href="/s.css"></head>',
    '<body><div id="__docusaurus"><main><div data-early-results=""></div><template data-result-template=""><article><h2><a></a></h2><p></p></article></template></main>',
    '<footer>Footer</footer></div><script>!function(e){e.forEach(load)}(["/assets/js/runtime~main.0123abcd.js","/assets/js/main.0123abcd.js"])</script></body></html>',
  ].join('');
  const placed = placeEarlyScripts(page, {first: '<script>1</script>', last: '<script>2</script>', preload: '<link rel="preload" href="/m.js" as="script">'});

  it('puts the starter first in the <head>, and the early script after the app, before its loader', () => {
    expect(placed).toBe(
      page
        .replace('<meta charset="UTF-8">', '$&<script>1</script>')
        .replace('</div><script>!function', '</div><script>2</script><script>!function')
        .replace('</head>', '<link rel="preload" href="/m.js" as="script"></head>'),
    );
    // Before the stylesheet; the early script outside the app's root, and before the loader that reads what it offers.
    expect(placed.indexOf('<script>1</script>')).toBeLessThan(placed.indexOf('stylesheet'));
    expect(placed.indexOf('<script>2</script>')).toBeGreaterThan(placed.indexOf('</footer></div>'));
    expect(placed.indexOf('<script>2</script>')).toBeLessThan(placed.indexOf('runtime~main'));
  });

  it('puts the early script at the end of a body without the loader', () => {
    const bare = page.replace(/<script>!function.*<\/script>/, '');
    expect(placeEarlyScripts(bare, {first: '', last: '<script>2</script>'})).toBe(bare.replace('</body>', '<script>2</script></body>'));
  });

  it('fails the build where the page has no place for a script', () => {
    expect(() => placeEarlyScripts(page.replace('<meta charset="UTF-8">', ''), {first: '<script>1</script>'})).toThrow(/meta charset/);
    expect(() => placeEarlyScripts(page.replace(/<template[^>]*>.*<\/template>/, ''), {first: '<script>1</script>', last: '<script>2</script>'})).toThrow(/data-result-template/);
    expect(() => placeEarlyScripts(page.replace(/<script>!function.*$/, ''), {first: '<script>1</script>', last: '<script>2</script>'})).toThrow(/<\/body>/);
    // Without an early script (Algolia mode), no template is needed.
    expect(placeEarlyScripts(page.replace(/<template[^>]*>.*<\/template>/, ''), {first: '<link>'})).toContain('<meta charset="UTF-8"><link>');
  });
});
