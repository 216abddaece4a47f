/**
 * Local search figures over the real records of a build: records file size, index
 * build time, and query latency while "typing" every prefix of the relevance queries.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {createLocalSearchClient} from '../../src/search/localClient';
import {expandRecords} from '../../src/search/records';

export interface SearchFigures {
  records: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  indexBuildMs: number;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  /** The same over the first pass only, before the client's term caches have seen the queries. */
  firstPassP50Ms: number;
  firstPassP95Ms: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

export async function benchSearch(buildDir: string, siteDir: string): Promise<SearchFigures> {
  const dir = path.join(buildDir, 'search');
  const file = readdirSync(dir).find((f) => /^records\.[0-9a-f]+\.json$/.test(f));
  if (!file) throw new Error(`No search records in ${dir}.`);
  const raw = readFileSync(path.join(dir, file));
  const records = expandRecords(JSON.parse(raw.toString('utf8')));

  const buildTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const client = createLocalSearchClient(async () => records, {origin: ''});
    const started = performance.now();
    await client.preload();
    // The first search completes the index (it may be built lazily).
    await client.search({requests: [{indexName: 'docs', query: 'volume'}]});
    buildTimes.push(performance.now() - started);
  }

  const client = createLocalSearchClient(async () => records, {origin: ''});
  await client.search({requests: [{indexName: 'docs', query: 'warm up'}]});
  const {queries} = JSON.parse(readFileSync(path.join(siteDir, 'tests/search-relevance.json'), 'utf8')) as {queries: {query: string}[]};
  const typed = queries.flatMap(({query}) => Array.from({length: query.length}, (_, i) => query.slice(0, i + 1)));
  const latencies: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const query of typed) {
      const started = performance.now();
      await client.search({
        requests: [{indexName: 'docs', query, hitsPerPage: 20, attributesToSnippet: ['content:10'], facetFilters: ['language:en']}],
      });
      latencies.push(performance.now() - started);
    }
  }
  const firstPass = latencies.slice(0, typed.length).sort((a, b) => a - b);
  latencies.sort((a, b) => a - b);
  return {
    records: records.length,
    rawBytes: raw.length,
    gzipBytes: zlib.gzipSync(raw, {level: 9}).length,
    brotliBytes: statSync(path.join(dir, `${file}.br`), {throwIfNoEntry: false})?.size ?? zlib.brotliCompressSync(raw).length,
    indexBuildMs: [...buildTimes].sort((a, b) => a - b)[2],
    queries: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    firstPassP50Ms: percentile(firstPass, 0.5),
    firstPassP95Ms: percentile(firstPass, 0.95),
  };
}
