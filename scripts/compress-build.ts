import {existsSync, statSync} from 'node:fs';
import {readFile, writeFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';
import {writeBuildStamp} from './build-state';
import {writeBuildManifest} from '../server/build-manifest';
import {inBuild} from '../server/static-site';

const brotli = promisify(zlib.brotliCompress);

/**
 * Bytes a browser that takes brotli downloads for `file` of a build: its `.br` copy, or the
 * file itself where this step wrote none (too small to gain, or not a text file).
 */
export function sentBytes(file: string): number {
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = new Set(['.html', '.md', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.yaml', '.map', '.webmanifest']);
/** Below this size compression saves less than the header costs. */
const MIN_BYTES = 1024;

/**
 * Brotli quality by what a file is for. Qualities 10 and 11 search for the shortest encoding
 * (11 takes about three times 10's CPU time); 5 and below do not, and take a twentieth of
 * 10's time for some 8 % more bytes. The step is the build's last, on two cores all of it
 * wall time, so each file gets the quality its bytes are worth:
 *
 * - 11: what a first visit or a first search waits for, and browsers keep: the entry and
 *   shared scripts (`main`, the runtime, `doc-shell`, `search`, numbered vendor chunks),
 *   styles, images, and the search index's text files (a first search's bytes have a budget).
 * - 10: the route chunks, named by a hash of their route (`1df93b7f.7dcbb74b.js`): one or a
 *   few per page, fetched on a client-side navigation or by prefetch. 2.3 % more bytes than
 *   11 (+1.3 % on a first visit's scripts, 5 KB on `/docs/intro`), for 9 of the step's 40
 *   CPU seconds. And the search index's entry and term files, where 11 saved 0.5 % of their
 *   bytes for 1.6 CPU seconds.
 * - 5: page HTML, Markdown twins, llms files, the spec and the search index's whole records
 *   file. Quality 10 took 17 CPU seconds on them for 8 % fewer bytes (1 KB on an API page's
 *   HTML). A partner's host sends every page at 5 anyway (it rewrites the brand and
 *   compresses once); the twins and llms files are read by programs.
 */
const TOP_QUALITY = new Set(['.js', '.css', '.svg', '.webmanifest']);
/** Docusaurus names a route's chunks by a hash of the route: eight hex digits, then the content hash. */
const ROUTE_CHUNK = /^assets\/js\/[0-9a-f]{8}\.[0-9a-f]+\.js$/;
/** The search index's text files (`plugins/search-index/chunks.ts` names them). */
const SEARCH_TEXT = /^search\/text[^/]*\.json$/;
/** The search index's whole records file, which no page loads (the MCP server and `search:push` read it from disk). */
const WHOLE_RECORDS = /^search\/records\.[0-9a-f]+\.json$/;
export const brotliQuality = (file: string, buildDir: string): number => {
  const relative = inBuild(buildDir, file);
  if (WHOLE_RECORDS.test(relative)) return 5;
  if (relative.startsWith('search/')) return SEARCH_TEXT.test(relative) ? 11 : 10;
  if (ROUTE_CHUNK.test(relative)) return 10;
  return TOP_QUALITY.has(path.extname(file)) ? 11 : 5;
};

/**
 * Writes a .br and a .gz copy beside every text file of the build, once, so the
 * server never compresses per request. A copy that is not smaller is not written.
 * `contents` holds what the step read and wrote, by POSIX path relative to the build, for
 * the manifest (`writeBuildManifest`) to hash without reading the files again.
 */
export async function compressBuild(buildDir: string): Promise<{files: number; raw: number; br: number; gz: number; contents: Map<string, Buffer>}> {
  const entries = await readdir(buildDir, {recursive: true, withFileTypes: true});
  const targets = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.has(path.extname(e.name)))
    .map((e) => path.join((e as {parentPath?: string}).parentPath ?? buildDir, e.name));
  const totals = {files: 0, raw: 0, br: 0, gz: 0};
  const contents = new Map<string, Buffer>();
  const queue = [...targets];
  async function worker(): Promise<void> {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const data = await readFile(file);
      contents.set(inBuild(buildDir, file), data);
      if (data.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(data, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file, buildDir), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length}}),
        gzip(data, {level: 9}),
      ]);
      totals.files += 1;
      totals.raw += data.length;
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        contents.set(inBuild(buildDir, `${file}.br`), br);
        totals.br += br.length;
      }
      if (gz.length < data.length) {
        await writeFile(`${file}.gz`, gz);
        contents.set(inBuild(buildDir, `${file}.gz`), gz);
        totals.gz += gz.length;
      }
    }
  }
  await Promise.all(Array.from({length: 4}, worker));
  return {...totals, contents};
}

async function main(): Promise<void> {
  const siteDir = path.resolve(__dirname, '..');
  const buildDir = path.resolve(siteDir, process.argv[2] ?? 'build');
  const totals = await compressBuild(buildDir);
  await writeBuildStamp(siteDir, buildDir);
  // Last: it lists every file the steps before wrote, the stamp and compressed copies included.
  const manifest = await writeBuildManifest(buildDir, totals.contents);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`Compressed ${totals.files} files: ${kb(totals.raw)} raw, ${kb(totals.br)} brotli, ${kb(totals.gz)} gzip.`);
  console.log(`Build manifest: ${Object.keys(manifest.files).length} files, ${manifest.scriptHashes.length} inline-script hashes.`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
