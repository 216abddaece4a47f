/**
 * What a first search costs with the chunked index (see `src/search/chunkFormat.ts`):
 *
 * - on this site, in Chromium against our server: the modal on a page that never searched,
 *   typing a query; the search data's encoded bytes that arrived before the first hit, and
 *   the time from the first keystroke to it, on loopback and on a slow 4G connection (as
 *   Lighthouse's mobile runs assume it). Beside it, in the same run, the whole-file scheme
 *   through the same code path: the page's <head> names the whole records file (which the
 *   client still reads) instead of the chunked index's entry file.
 * - on a generated site of 10,000 pages (the real pages' records, copied with varied words
 *   and routes, indexed and split by the functions the build uses; made once into
 *   `.bench-search/`): the bytes a query loads in all, search code included, and the time of
 *   the index step.
 *
 * `npx tsx scripts/bench/search-chunks.ts` runs it alone over `build/`.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium, type Browser} from 'playwright-core';
import {chunkedSourceFromDir, chunkFiles} from '../../plugins/search-index/chunks';
import {prebuildIndex} from '../../src/search/engine';
import {createLocalSearchClient} from '../../src/search/localClient';
import {expandRecords, type CompactRecords} from '../../src/search/records';
import {chromeFlags, chromePath as defaultChromePath, kb, siteDir} from './common';
import {typeUntilFirstHit} from './search-page';

/** Queries a reader types: a rare word, a common one, two words, an API term. */
export const CHUNK_QUERIES = ['hibernate', 'volume', 'firewall rule', 'api key'];
const LOADS = 5;
/** Loads per query and scheme on the slow connection, where each takes seconds. */
const SLOW_LOADS = 3;
/** Slow 4G as Lighthouse's mobile runs assume it: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G = {latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8};
export const SYNTHETIC_PAGES = 10_000;
export const SYNTHETIC_DIR = path.join(siteDir, '.bench-search');

export interface ModalFirstSearch {
  query: string;
  /** Encoded bytes of the search data that arrived before the first hit, and the files. */
  chunkedBytes: number;
  chunkedFiles: number;
  wholeBytes: number;
  /** First keystroke to the first hit (median of the loads). */
  chunkedMs: number;
  wholeMs: number;
  /** The same on slow 4G (median of SLOW_LOADS). */
  chunkedSlowMs: number;
  wholeSlowMs: number;
  /** The content coding the server answered the search data with. */
  encoding: string;
}

export interface SyntheticFigures {
  pages: number;
  records: number;
  terms: number;
  /** The build's index step for this site: the index, then its parts (from a fresh build, or as measured when the site was made). */
  indexStepMs: number;
  /** Brotli bytes of the search code (the worker's bundle). */
  codeBytes: number;
  /** Per query: brotli bytes of the parts it loads, and with the code. */
  queries: {query: string; dataBytes: number; totalBytes: number; files: number}[];
  /** The generated site's whole records file (with its index), brotli at the quality our server compresses pages on the fly with. */
  wholeBytes: number;
}

export interface ChunkFigures {
  modal: ModalFirstSearch[];
  synthetic: SyntheticFigures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const brotli = (bytes: Buffer | string) => zlib.brotliCompressSync(bytes, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11}}).length;

/** The entry file and whole records file a build names in its search manifest. */
function manifestOf(buildDir: string): {records: string; index: string} {
  const file = path.join(buildDir, 'search', 'manifest.json');
  if (!existsSync(file)) throw new Error(`No search index in ${path.dirname(file)}: run \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as {records: string; index: string};
}

interface Load {
  bytes: number;
  files: number;
  ms: number;
  encoding: string;
}

/** One cold first search in the modal; `whole` makes the page name the whole records file instead of the entry file. */
async function modalSearch(browser: Browser, baseUrl: string, query: string, whole: {entry: string; records: string} | null, slow = false): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const encodings = new Set<string>();
  // The search data as it arrived, the worker's requests included (the page's resource
  // timings leave those out): encoded size, and when its last byte came (wall clock).
  const arrived: Promise<{bytes: number; end: number}>[] = [];
  page.on('requestfinished', (request) => {
    if (!/\/search\/[^/]+\.json$/.test(new URL(request.url()).pathname)) return;
    arrived.push(
      (async () => {
        const response = await request.response();
        encodings.add(response?.headers()['content-encoding'] ?? 'identity');
        const {startTime, responseEnd} = request.timing();
        return {bytes: (await request.sizes()).responseBodySize, end: startTime + responseEnd};
      })().catch(() => ({bytes: 0, end: Infinity})), // finished as the page closed: after the hit anyway
    );
  });
  if (whole) {
    await page.route('**/docs/intro', async (route) => {
      const response = await route.fetch();
      // The body is handed over decoded: its encoding and length headers no longer apply.
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !/^content-(encoding|length)$/i.test(name)));
      await route.fulfill({status: response.status(), headers, body: (await response.text()).replaceAll(whole.entry, whole.records)});
    });
  }
  await page.goto(`${baseUrl}/docs/intro`);
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', null, {timeout: 30_000});
  if (slow) {
    // From here on: the page itself came at full speed, the search data comes over the slow link.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {offline: false, ...SLOW_4G});
  }
  const {typedAt, hitAt} = await typeUntilFirstHit(page, query, 60_000);
  // What had arrived when the first hit showed, on the wall clock.
  const hitEpoch = await page.evaluate((at) => performance.timeOrigin + at, hitAt);
  const data = (await Promise.all(arrived)).filter((file) => file.end <= hitEpoch);
  const load = {bytes: data.reduce((sum, file) => sum + file.bytes, 0), files: data.length};
  await context.close();
  return {...load, ms: hitAt - typedAt, encoding: [...encodings].join('+') || 'none'};
}

/** The modal's first search on this site, chunked and whole-file, interleaved so a busy moment falls on both. */
export async function benchModalFirstSearch(baseUrl: string, buildDir: string, chromePath = defaultChromePath): Promise<ModalFirstSearch[]> {
  const {records, index} = manifestOf(buildDir);
  const browser = await chromium.launch({executablePath: chromePath, args: chromeFlags});
  try {
    const out: ModalFirstSearch[] = [];
    for (const query of CHUNK_QUERIES) {
      const chunked: Load[] = [];
      const whole: Load[] = [];
      for (let i = 0; i < LOADS; i += 1) {
        chunked.push(await modalSearch(browser, baseUrl, query, null));
        whole.push(await modalSearch(browser, baseUrl, query, {entry: index, records}));
      }
      const chunkedSlow: Load[] = [];
      const wholeSlow: Load[] = [];
      for (let i = 0; i < SLOW_LOADS; i += 1) {
        chunkedSlow.push(await modalSearch(browser, baseUrl, query, null, true));
        wholeSlow.push(await modalSearch(browser, baseUrl, query, {entry: index, records}, true));
      }
      out.push({
        query,
        chunkedBytes: median(chunked.map((l) => l.bytes)),
        chunkedFiles: median(chunked.map((l) => l.files)),
        wholeBytes: median(whole.map((l) => l.bytes)),
        chunkedMs: median(chunked.map((l) => l.ms)),
        wholeMs: median(whole.map((l) => l.ms)),
        chunkedSlowMs: median(chunkedSlow.map((l) => l.ms)),
        wholeSlowMs: median(wholeSlow.map((l) => l.ms)),
        encoding: [...new Set([...chunked, ...whole].map((l) => l.encoding))].join(', '),
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- 10,000 pages

/** Endings that turn a word into another the index has not seen (some real, most not). */
const ENDINGS = ['s', 'ed', 'ing', 'er', 'al', 'ly', 'ion', 'ive', 'ure', 'ant', 'ist', 'ory', 'ize', 'ness', 'ment', 'ous'];

/**
 * `pages` pages made from the real ones: copy `k` of a page gets the route `<route>/copy-<k>`
 * and, in every text, one word in six (chosen by the copy) with an ending of the copy's, so
 * the vocabulary grows with the site as a real one's does, and titles differ between copies.
 */
export function syntheticRecords(real: CompactRecords, pages: number): CompactRecords {
  const out: CompactRecords = {v: 1, pages: [], records: []};
  const vary = (text: string, copy: number) => {
    if (copy === 0) return text;
    let n = 0;
    return text.replace(/[A-Za-z]{4,}/g, (word) => ((n += 1) % 6 === copy % 6 ? `${word}${ENDINGS[(copy + n) % ENDINGS.length]}` : word));
  };
  for (let copy = 0; out.pages.length < pages; copy += 1) {
    const offsets = new Map<number, number>();
    for (let p = 0; p < real.pages.length && out.pages.length < pages; p += 1) {
      const [route, lvl0, lvl1, tag, language, pageRank] = real.pages[p];
      offsets.set(p, out.pages.length);
      out.pages.push([copy === 0 ? route : `${route}/copy-${copy}`, lvl0, vary(lvl1, copy), tag, language, pageRank]);
    }
    // The records of the copied pages, their parents moved by where this copy's records start.
    const first = out.records.length;
    let firstReal = -1;
    real.records.forEach(([page, level, text, anchor, parent], index) => {
      const at = offsets.get(page);
      if (at === undefined) return;
      if (firstReal < 0) firstReal = index;
      out.records.push([at, level, vary(text, copy), anchor, parent < 0 ? -1 : first + parent - firstReal]);
    });
  }
  return out;
}

interface SyntheticBuild {
  source: string;
  wholeBytes: number;
  pages: number;
  records: number;
  terms: number;
  indexStepMs: number;
  meta: string;
}

/**
 * Makes the generated site's index once (reused while the real records and this code's
 * scheme are unchanged) and measures what queries load from it.
 */
export async function benchSyntheticSite(buildDir: string, pages = SYNTHETIC_PAGES): Promise<SyntheticFigures> {
  const {records: recordsName} = manifestOf(buildDir);
  const real = JSON.parse(readFileSync(path.join(buildDir, 'search', recordsName), 'utf8')) as CompactRecords;
  const dir = path.join(SYNTHETIC_DIR, 'search');
  const stampFile = path.join(SYNTHETIC_DIR, 'stamp.json');
  const source = createHash('sha256')
    .update(recordsName)
    .update(readFileSync(path.join(siteDir, 'plugins/search-index/chunks.ts')))
    .update(readFileSync(path.join(siteDir, 'scripts/bench/search-chunks.ts')))
    .update(String(pages))
    .digest('hex')
    .slice(0, 16);
  let built = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, 'utf8')) as SyntheticBuild) : null;
  if (built?.source !== source) {
    const {index: _index, ...plain} = real;
    const synthetic = syntheticRecords(plain, pages);
    // The build's index step: the index of every record, then its parts.
    const started = performance.now();
    const index = prebuildIndex(expandRecords(synthetic));
    const {meta, files} = chunkFiles(synthetic, index);
    const indexStepMs = performance.now() - started;
    // What the whole-file scheme would have sent (quality 5: quality 11 takes minutes on this much).
    const wholeBytes = zlib.brotliCompressSync(JSON.stringify({...synthetic, index}), {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 5}}).length;
    rmSync(SYNTHETIC_DIR, {recursive: true, force: true});
    mkdirSync(dir, {recursive: true});
    for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({index: meta}));
    built = {source, wholeBytes, pages: synthetic.pages.length, records: synthetic.records.length, terms: index.terms.length, indexStepMs, meta};
    writeFileSync(stampFile, JSON.stringify(built));
  }

  const sizes = new Map<string, number>();
  const sizeOf = (name: string) => {
    let size = sizes.get(name);
    if (size === undefined) sizes.set(name, (size = brotli(readFileSync(path.join(dir, name)))));
    return size;
  };
  const codeBytes = workerCodeBytes(buildDir);
  const queries: SyntheticFigures['queries'] = [];
  for (const query of CHUNK_QUERIES) {
    const asked = new Set<string>();
    const source = chunkedSourceFromDir(dir, (name) => asked.add(name ?? built!.meta));
    asked.add(built.meta);
    const client = createLocalSearchClient(async () => source, {origin: ''});
    // The modal's request: 20 hits, its facet filters.
    await client.search({requests: [{indexName: 'docs', query, hitsPerPage: 20, facetFilters: ['language:en']}]});
    const dataBytes = [...asked].reduce((sum, name) => sum + sizeOf(name), 0);
    queries.push({query, dataBytes, totalBytes: dataBytes + codeBytes, files: asked.size});
  }
  return {
    pages: built.pages,
    records: built.records,
    terms: built.terms,
    indexStepMs: built.indexStepMs,
    codeBytes,
    queries,
    wholeBytes: built.wholeBytes,
  };
}

/** Brotli bytes of the search worker's bundle in a build (the search code a query runs). */
export function workerCodeBytes(buildDir: string): number {
  const jsDir = path.join(buildDir, 'assets', 'js');
  // The bundler names the worker's bundle after the Worker's name ('search', see localSearch.ts).
  const worker = readdirSync(jsDir).find((name) => /^search\.[0-9a-f]+\.js$/.test(name));
  if (!worker) throw new Error(`No search worker bundle in ${jsDir}.`);
  return brotli(readFileSync(path.join(jsDir, worker)));
}

export function chunkReport(figures: ChunkFigures): string {
  const lines = ['\n## Local search: the index by the chunk a query needs'];
  lines.push(
    `First search in the modal on a page that never searched (typing the query; median of ${LOADS} cold loads each, interleaved; search data as our server sends it, ${figures.modal[0]?.encoding ?? '?'}):`,
  );
  lines.push(
    '| query | data before the first hit: chunked (files) | whole records file | keystroke to first hit: chunked | whole file | chunked / whole | on slow 4G: chunked | whole file | chunked / whole |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const m of figures.modal) {
    lines.push(
      `| ${m.query} | ${kb(m.chunkedBytes)} (${m.chunkedFiles}) | ${kb(m.wholeBytes)} | ${m.chunkedMs.toFixed(0)} ms | ${m.wholeMs.toFixed(0)} ms | ${(m.chunkedMs / m.wholeMs).toFixed(2)}x | ${m.chunkedSlowMs.toFixed(0)} ms | ${m.wholeSlowMs.toFixed(0)} ms | ${(m.chunkedSlowMs / m.wholeSlowMs).toFixed(2)}x |`,
    );
  }
  lines.push(
    `Targets: <= 100 KB of search data, and no slower than the whole file (same code path, the page naming the whole file instead). Slow 4G: ${SLOW_4G.latency} ms round trips, 1.6 Mbit/s down, median of ${SLOW_LOADS} loads; loopback: no transfer cost at all.`,
  );
  const s = figures.synthetic;
  lines.push(
    `Generated site: ${s.pages} pages, ${s.records} records, ${s.terms} terms; index step ${(s.indexStepMs / 1000).toFixed(1)} s; search worker code ${kb(s.codeBytes)} brotli; the whole records file would be ${kb(s.wholeBytes)} brotli (quality 5).`,
  );
  lines.push('| query | parts loaded (files) | with the search code |\n| --- | --- | --- |');
  for (const q of s.queries) lines.push(`| ${q.query} | ${kb(q.dataBytes)} (${q.files}) | ${kb(q.totalBytes)} |`);
  lines.push('Target: <= 300 KB per query, search code included.');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const buildDir = path.join(siteDir, 'build');
  const {createApp} = await import('../../server/app');
  const app = await createApp({buildDir});
  await app.listen({port: 0, host: '127.0.0.1'});
  try {
    const baseUrl = `http://localhost:${(app.server.address() as {port: number}).port}`;
    const modal = await benchModalFirstSearch(baseUrl, buildDir);
    console.log('Generating the 10,000-page site (once) and measuring its queries...');
    const synthetic = await benchSyntheticSite(buildDir);
    console.log(chunkReport({modal, synthetic}));
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
