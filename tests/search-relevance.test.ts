import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {createLocalSearchClient} from '../src/search/localClient';
import {withIndex} from '../src/search/engine';
import {expandRecords} from '../src/search/records';
import {buildDir, siteDir} from './docs';

interface RelevanceQuery {
  query: string;
  expect: string[];
}

const {queries} = JSON.parse(readFileSync(path.join(siteDir, 'tests/search-relevance.json'), 'utf8')) as {queries: RelevanceQuery[]};
const searchDir = path.join(buildDir, 'search');
const file = existsSync(searchDir) ? readdirSync(searchDir).find((f) => /^records\.[0-9a-f]+\.json$/.test(f)) : undefined;

describe('search relevance over the built records', () => {
  it('has a query set of at least 40 queries, each expecting built pages', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    expect(file, 'no records in build/search: run the build first').toBeDefined();
  });

  it('finds an expected page among the first five for at least 90% of the queries (hit@5)', async () => {
    // As the browser loads it: the records with the index the build made of them.
    const records = JSON.parse(readFileSync(path.join(searchDir, file!), 'utf8'));
    const client = createLocalSearchClient(async () => withIndex(records, expandRecords(records)), {origin: ''});
    const misses: string[] = [];
    for (const {query, expect: expected} of queries) {
      const {results} = await client.search({
        requests: [{indexName: 'docs', query, hitsPerPage: 20, facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]}],
      });
      const pages: string[] = [];
      for (const hit of results[0].hits) {
        const page = String(hit.url_without_anchor ?? hit.url).replace(/^https?:\/\/[^/]+/, '');
        if (!pages.includes(page)) pages.push(page);
        if (pages.length === 5) break;
      }
      if (!expected.some((e) => pages.includes(e))) misses.push(`${query} -> ${pages.join(', ') || '(nothing)'}`);
    }
    const hitAt5 = (queries.length - misses.length) / queries.length;
    expect(hitAt5, `hit@5 ${hitAt5.toFixed(2)}; misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.9);
    // The query set grows with every section; a busy machine needs more than the default 5 s.
  }, 60_000);
});
