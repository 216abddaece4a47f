import {readFile, writeFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';
import {writeBuildStamp} from './build-state';
import {writeBuildManifest} from '../server/build-manifest';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = new Set(['.html', '.md', '.js', '.css', '.svg', '.json', '.xml', '.txt', '.yaml', '.map', '.webmanifest']);
/** Below this size compression saves less than the header costs. */
const MIN_BYTES = 1024;

/**
 * Brotli's top quality (11) for what readers' browsers fetch and keep: scripts, styles,
 * images, and the search index's parts (a first search's bytes have a budget): quality 10
 * would add 1.6 % to main.js and push two more relevance queries past 100 KB. The rest (page
 * HTML, Markdown twins, llms files, the spec) at 10: 2.4 % more bytes (0.3 KB on an API
 * page's HTML, which a partner's host sends at quality 5 anyway) for a quarter of the CPU
 * time. Quality 11 everywhere took 77 of this step's 80 CPU seconds, 49 s of the build.
 */
const TOP_QUALITY = new Set(['.js', '.css', '.svg', '.webmanifest']);
/**
 * The search index's whole records file, which no page loads (the MCP server and
 * `search:push` read it from disk; only the bench fetches it): quality 5, 531 KB instead of
 * 454, in 0.15 s instead of 7 s of the build's CPU time.
 */
const WHOLE_RECORDS = /^search\/records\.[0-9a-f]+\.json$/;
export const brotliQuality = (file: string, buildDir: string) => {
  const relative = path.relative(buildDir, file).split(path.sep).join('/');
  if (WHOLE_RECORDS.test(relative)) return 5;
  return TOP_QUALITY.has(path.extname(file)) || relative.startsWith('search/') ? 11 : 10;
};

/**
 * Writes a .br and a .gz copy beside every text file of the build, once, so the
 * server never compresses per request. A copy that is not smaller is not written.
 */
export async function compressBuild(buildDir: string): Promise<{files: number; raw: number; br: number; gz: number}> {
  const entries = await readdir(buildDir, {recursive: true, withFileTypes: true});
  const targets = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.has(path.extname(e.name)))
    .map((e) => path.join((e as {parentPath?: string}).parentPath ?? buildDir, e.name));
  const totals = {files: 0, raw: 0, br: 0, gz: 0};
  const queue = [...targets];
  async function worker(): Promise<void> {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(data, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(file, buildDir), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length}}),
        gzip(data, {level: 9}),
      ]);
      totals.files += 1;
      totals.raw += data.length;
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        totals.br += br.length;
      }
      if (gz.length < data.length) {
        await writeFile(`${file}.gz`, gz);
        totals.gz += gz.length;
      }
    }
  }
  await Promise.all(Array.from({length: 4}, worker));
  return totals;
}

async function main(): Promise<void> {
  const siteDir = path.resolve(__dirname, '..');
  const buildDir = path.resolve(siteDir, process.argv[2] ?? 'build');
  const totals = await compressBuild(buildDir);
  await writeBuildStamp(siteDir, buildDir);
  // Last: it lists every file the steps before wrote, the stamp and compressed copies included.
  const manifest = await writeBuildManifest(buildDir);
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
