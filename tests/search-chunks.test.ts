import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {chunkedSourceFromDir, entryFileName, readChunkedRecords} from '../plugins/search-index/chunks';
import {withIndex} from '../src/search/engine';
import {createLocalSearchClient, type LocalSearchClient, type LocalSearchHit} from '../src/search/localClient';
import {expandRecords, type CompactRecords} from '../src/search/records';
import {sentBytes} from '../scripts/compress-build';
import {buildDir, siteDir} from './docs';

const searchDir = path.join(buildDir, 'search');
const recordsFile = existsSync(searchDir) ? readdirSync(searchDir).find((f) => /^records\.[0-9a-f]+\.json$/.test(f)) : undefined;
const built = Boolean(recordsFile && existsSync(path.join(searchDir, 'manifest.json')));
const {queries} = JSON.parse(readFileSync(path.join(siteDir, 'tests/search-relevance.json'), 'utf8')) as {queries: {query: string}[]};
const FILTERS = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

/** The modal's request and the /search page's (one per page, facets, a second page of results). */
const REQUESTS = (query: string) => [
  {indexName: 'docs', query, hitsPerPage: 20, facetFilters: FILTERS, attributesToSnippet: ['hierarchy.lvl1:10', 'content:10']},
  {indexName: 'docs', query, hitsPerPage: 10, page: 1, distinct: true, facets: ['language', 'docusaurus_tag'], facetFilters: FILTERS},
];

/** The build's chunked files, the entry file read once: every client of a test shares it, and logs what it asks for itself. */
let shared: ReturnType<typeof chunkedSourceFromDir> | undefined;

/** A chunked client over the build's files, with the log of the files it asked for. */
function chunkedClient(fail?: (name: string | null) => boolean) {
  const asked: (string | null)[] = [];
  const source = (shared ??= chunkedSourceFromDir(searchDir));
  const fetchFile = async (name: string | null) => {
    if (fail?.(name)) throw new Error(`${name} is unreachable`);
    asked.push(name);
    return source.fetchFile(name);
  };
  const client = createLocalSearchClient(async () => ({meta: source.meta, fetchFile}), {origin: ''});
  return {client, asked, meta: source.meta};
}

const ids = (hits: LocalSearchHit[]) => hits.map((hit) => hit.objectID);

describe.skipIf(!built)('the chunked search index of the build', () => {
  let whole: LocalSearchClient;
  let compact: CompactRecords;

  beforeAll(() => {
    compact = JSON.parse(readFileSync(path.join(searchDir, recordsFile!), 'utf8'));
    whole = createLocalSearchClient(async () => withIndex(compact, expandRecords(compact)), {origin: ''});
  });

  it('holds every record of the whole records file', () => {
    const {index: _index, ...records} = compact;
    expect(readChunkedRecords(searchDir, entryFileName(searchDir))).toEqual(records);
  });

  it('answers the relevance queries exactly as the whole file does, hits and highlights included', async () => {
    const {client} = chunkedClient();
    const differ: string[] = [];
    for (const {query} of queries) {
      const [a, b] = await Promise.all([whole.search({requests: REQUESTS(query)}), client.search({requests: REQUESTS(query)})]);
      // processingTimeMS and queryID aside, the responses are the same.
      const strip = (r: {processingTimeMS?: number}) => ({...r, processingTimeMS: 0});
      if (JSON.stringify(a.results.map(strip)) !== JSON.stringify(b.results.map(strip))) differ.push(query);
    }
    expect(differ).toEqual([]);
  }, 120_000);

  it('loads the entry file, the term file of each word and the text of the hits shown, nothing else', async () => {
    const {client, asked, meta} = chunkedClient();
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'hibernate', hitsPerPage: 5}]});
    expect(results[0].hits.length).toBe(5);
    // (The entry file came with the source, as the client's loader hands it over.)
    expect(asked).not.toContain(null);
    const terms = asked.filter((name) => name?.startsWith('terms.'));
    expect(terms).toEqual([meta.terms.hi]);
    const text = asked.filter((name) => name?.startsWith('text.'));
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(5);
    expect(asked.length).toBe(terms.length + text.length);
    // The next query loads only what it adds: the `v` terms and the text of its hits.
    asked.length = 0;
    await client.search({requests: [{indexName: 'docs', query: 'hibernate volume', hitsPerPage: 5}]});
    expect(asked.filter((name) => name?.startsWith('terms.'))).toEqual([meta.terms.vo]);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('keeps what a query loads within 100 KB brotli for nearly every query, 120 KB for any, the entry file included (the per-query budget)', async () => {
    const manifest = JSON.parse(readFileSync(path.join(searchDir, 'manifest.json'), 'utf8')) as {index: string};
    const brotliSize = (name: string) => sentBytes(path.join(searchDir, name));
    const over: string[] = [];
    const sizes: number[] = [];
    for (const {query} of queries) {
      const {client, asked} = chunkedClient();
      await client.search({requests: [{indexName: 'docs', query, hitsPerPage: 20, facetFilters: FILTERS}]});
      const bytes = [manifest.index, ...new Set(asked.filter((name): name is string => name !== null))].reduce((sum, name) => sum + brotliSize(name), 0);
      sizes.push(bytes);
      if (bytes > 100 * 1024) over.push(`${query}: ${(bytes / 1024).toFixed(1)} KB`);
    }
    const largest = Math.max(...sizes);
    console.log(`search chunks: at most ${(largest / 1024).toFixed(1)} KB brotli loaded by one relevance query; over 100 KB: ${over.join('; ') || 'none'}`);
    // Long questions with synonyms search many words and show hits from many pages.
    expect(over.length, over.join('\n')).toBeLessThanOrEqual(queries.length * 0.02);
    // 129 KB (10 queries over 100) while text files held whole pages; with long pages in
    // parts and the entry file's field lengths by field, 107 KB (1 over).
    expect(largest).toBeLessThanOrEqual(120 * 1024);
  }, 120_000);

  it('matches prefixes and typos across term files, a typo in the first letter included', async () => {
    const {client, asked, meta} = chunkedClient();
    const top = async (query: string) => ids((await client.search({requests: [{indexName: 'docs', query, hitsPerPage: 20}]})).results[0].hits);
    const [best] = await top('hibernate');
    expect(best).toBeDefined();
    // The word being typed, and with letters swapped: both find the page the word does.
    expect(await top('hibern')).toContain(best);
    expect(await top('hibrenate')).toContain(best);
    expect(await top('snapshot hibrenate')).not.toEqual([]);
    expect(asked).toContain(meta.terms.sn);
    // A typo in the first letter: the term it matches is in another letter's file, which is loaded for it.
    const fresh = chunkedClient();
    const {results} = await fresh.client.search({requests: [{indexName: 'docs', query: 'gibernate', hitsPerPage: 20}]});
    expect(ids(results[0].hits)).toContain(best);
    expect(fresh.asked).toContain(meta.terms.hi);
  });

  it("fails a search with DocSearch's RetryError while a part cannot be loaded, and succeeds on the next try", async () => {
    let down = true;
    const {client, meta} = chunkedClient((name) => down && name === meta.terms.hi);
    const search = () => client.search({requests: [{indexName: 'docs', query: 'hibernate', hitsPerPage: 5}]});
    await expect(search()).rejects.toMatchObject({name: 'RetryError'});
    down = false;
    expect((await search()).results[0].hits.length).toBe(5);
  });

  it('fails as clearly when a part is not JSON or not the part the entry file names', async () => {
    const source = chunkedClient();
    const broken = (body: string) =>
      createLocalSearchClient(async () => ({meta: source.meta, fetchFile: async (name: string | null) => new TextEncoder().encode(name ? body : '').buffer as ArrayBuffer}), {
        origin: '',
      });
    const error = (await broken('<html>down</html>').search({requests: [{indexName: 'docs', query: 'hibernate'}]}).catch((e: Error) => e)) as Error;
    expect(error.name).toBe('RetryError');
    expect(String((error.cause as Error).message)).toMatch(/terms\.[a-z0-9]+\.[0-9a-f]+\.json is not valid JSON/);
    const wrong = (await broken('{"first": 0}').search({requests: [{indexName: 'docs', query: 'hibernate'}]}).catch((e: Error) => e)) as Error;
    expect(String((wrong.cause as Error).message)).toMatch(/is not a term file/);
  });
});
