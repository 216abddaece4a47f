import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {INDEX_SETTINGS} from '../../src/search/settings';
import {earlyScriptTag} from './index';

const siteDir = path.resolve(__dirname, '../..');

describe("the /search page's inlined early scripts", () => {
  const tag = earlyScriptTag(siteDir, {worker: '/assets/js/search.0123abcd.js', entry: '/search/meta.0123456789.json', indexName: 'docs', facetFilters: ['language:en']});
  const [, starter = '', early = ''] = /^<script>(.*?)<\/script><script data-config="[^"]*">(.*)<\/script>$/s.exec(tag) ?? [];

  it('are the worker starter and the bundled early script', () => {
    expect(starter).toContain('new Worker(');
    expect(early).toContain('data-early-results');
  });

  // Every byte of them is parsed and compiled on the page's thread before the stylesheet,
  // while that thread also has to start the worker.
  it('carry none of the index settings, and stay small', () => {
    for (const setting of ['attributesForFaceting', 'searchableAttributes', 'customRanking', INDEX_SETTINGS.highlightPreTag]) expect(early).not.toContain(setting);
    expect(Buffer.byteLength(starter + early)).toBeLessThan(6 * 1024);
  });
});
