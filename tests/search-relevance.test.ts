import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {createLocalSearchClient, type LocalSearchClient, type LocalSearchHit} from '../src/search/localClient';
import {chunkedSourceFromDir} from '../plugins/search-index/chunks';
import {buildDir, siteDir} from './docs';

interface RelevanceQuery {
  query: string;
  expect: string[];
  /** One of `expect` must be among this many first pages, always. */
  within?: number;
}

const {queries} = JSON.parse(readFileSync(path.join(siteDir, 'tests/search-relevance.json'), 'utf8')) as {queries: RelevanceQuery[]};
const searchDir = path.join(buildDir, 'search');
const file = existsSync(searchDir) ? readdirSync(searchDir).find((f) => /^meta\.[0-9a-f]+\.json$/.test(f)) : undefined;
const FILTERS = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

const pathOf = (hit: LocalSearchHit) => String(hit.url_without_anchor ?? hit.url).replace(/^https?:\/\/[^/]+/, '');

/** The first five pages of a query's hits, in order of their first hit. */
function firstPages(hits: LocalSearchHit[]): string[] {
  const pages: string[] = [];
  for (const hit of hits) {
    const page = pathOf(hit);
    if (!pages.includes(page)) pages.push(page);
    if (pages.length === 5) break;
  }
  return pages;
}

describe('search relevance over the built records', () => {
  let client: LocalSearchClient;
  /** Per query, the hits as the modal asks for them (20, one per URL). */
  const answers = new Map<string, LocalSearchHit[]>();

  beforeAll(async () => {
    if (!file) return;
    // As the browser loads it: the chunked index, each part as a query needs it.
    client = createLocalSearchClient(async () => chunkedSourceFromDir(searchDir), {origin: ''});
    for (const {query} of queries) {
      const {results} = await client.search({requests: [{indexName: 'docs', query, hitsPerPage: 20, facetFilters: FILTERS}]});
      answers.set(query, results[0].hits);
    }
    // The query set grows with every section; a busy machine needs more than the default 5 s.
  }, 60_000);

  it('has a query set of at least 40 queries, each expecting built pages', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(file, 'no records in build/search: run the build first').toBeDefined();
  });

  it('finds an expected page among the first five for at least 90% of the queries (hit@5)', () => {
    const misses: string[] = [];
    for (const {query, expect: expected} of queries) {
      const pages = firstPages(answers.get(query)!);
      if (!expected.some((e) => pages.includes(e))) misses.push(`${query} -> ${pages.join(', ') || '(nothing)'}`);
    }
    const hitAt5 = (queries.length - misses.length) / queries.length;
    console.log(`search relevance: hit@5 ${hitAt5.toFixed(3)} over ${queries.length} queries`);
    expect(hitAt5, `hit@5 ${hitAt5.toFixed(2)}; misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.9);
  });

  it('always finds an expected page within the first n pages where a query says `within: n`', () => {
    const wrong: string[] = [];
    for (const {query, expect: expected, within} of queries) {
      if (within === undefined) continue;
      const pages = firstPages(answers.get(query)!).slice(0, within);
      if (!expected.some((e) => pages.includes(e))) wrong.push(`${query} (within ${within}) -> ${pages.join(', ')}`);
    }
    expect(queries.some((q) => q.within !== undefined)).toBe(true);
    expect(wrong).toEqual([]);
  });

  it('shows at least 3 distinct pages among the first 5 hits wherever at least 3 pages match', async () => {
    const short: string[] = [];
    let total = 0;
    for (const {query} of queries) {
      const top = new Set(answers.get(query)!.slice(0, 5).map(pathOf)).size;
      total += top;
      // How many pages match at all: one hit per page.
      const {results} = await client.search({requests: [{indexName: 'docs', query, hitsPerPage: 3, distinct: true, facetFilters: FILTERS}]});
      if (top < Math.min(3, results[0].nbHits)) short.push(`${query}: ${top} of ${results[0].nbHits} pages`);
    }
    console.log(`search relevance: ${(total / queries.length).toFixed(2)} distinct pages in the first 5 hits on average`);
    expect(short).toEqual([]);
  }, 60_000);
});
