/**
 * Local search figures over the real records of a build: records file size (and the part
 * that is the prebuilt index), the time to restore that index against the time to build it
 * from the records, the time to build the chunked index's store from its entry file, and
 * query latency while "typing" every prefix of the relevance queries.
 */
import {readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chunkedSourceFromDir} from '../../plugins/search-index/chunks';
import {ChunkedStore} from '../../src/search/chunked';
import {withIndex} from '../../src/search/engine';
import {createLocalSearchClient} from '../../src/search/localClient';
import {expandRecords, type CompactRecords} from '../../src/search/records';

export interface SearchFigures {
  records: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Brotli size of the file without its prebuilt index. */
  brotliBytesWithoutIndex: number;
  /** From parsed records to the first answer: restoring the shipped index, and building one (the baseline). */
  indexRestoreMs: number;
  indexBuildMs: number;
  /** The chunked index's store (`ChunkedStore`), built from its parsed entry file, as a search worker builds it before its first answer. */
  chunkedStoreMs: number;
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
  const parsed = JSON.parse(raw.toString('utf8')) as CompactRecords;
  const records = expandRecords(parsed);
  const {index: _index, ...withoutIndex} = parsed;

  // Interleaved, so a busy moment of the machine falls on both.
  const restoreTimes: number[] = [];
  const buildTimes: number[] = [];
  const firstAnswer = async (load: Parameters<typeof createLocalSearchClient>[0]) => {
    const client = createLocalSearchClient(load, {origin: '', buildInSlices: false});
    const started = performance.now();
    await client.search({requests: [{indexName: 'docs', query: 'volume'}]});
    return performance.now() - started;
  };
  const chunked = chunkedSourceFromDir(dir);
  const storeTimes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    restoreTimes.push(await firstAnswer(async () => withIndex(parsed, records)));
    buildTimes.push(await firstAnswer(async () => records));
    const started = performance.now();
    new ChunkedStore(chunked.meta, chunked.fetchFile);
    storeTimes.push(performance.now() - started);
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
    brotliBytesWithoutIndex: zlib.brotliCompressSync(JSON.stringify(withoutIndex)).length,
    indexRestoreMs: [...restoreTimes].sort((a, b) => a - b)[2],
    indexBuildMs: [...buildTimes].sort((a, b) => a - b)[2],
    chunkedStoreMs: [...storeTimes].sort((a, b) => a - b)[2],
    queries: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    firstPassP50Ms: percentile(firstPass, 0.5),
    firstPassP95Ms: percentile(firstPass, 0.95),
  };
}
