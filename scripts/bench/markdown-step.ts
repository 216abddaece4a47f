/**
 * What the Markdown step (page twins and llms files) costs and writes: the wall time it adds
 * to a cold build, from builds with it (beside the bundler, as `npm run build` runs it) and
 * without it taken in ABBA order; its own time as one process into a built site; the sizes of
 * `llms-full.txt` and of the largest section file.
 *
 * Alone: `npx tsx scripts/bench/markdown-step.ts`. `BENCH_MARKDOWN_PAIRS` sets the builds of
 * each kind (default 3): two builds of the same kind differ by several seconds on a 2-core
 * machine, so a 10 % question needs more than one pair.
 */
import {readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {STEP_NODE_ARGS} from '../../plugins/markdown-twins';
import {coldBuild, kb, run, siteDir} from './common';

export interface MarkdownFigures {
  /** The step alone, as one process after a build. */
  seconds: number;
  /** Cold builds with the step and without it, in the order they were made. */
  withSeconds: number[];
  withoutSeconds: number[];
  fullBytes: number;
  fullGzip: number;
  largestSection: {file: string; bytes: number; gzip: number};
}

/**
 * `firstWith` is a cold build with the step the caller has just made into `outDir` (the
 * bench's main build); without it, this makes one there first. Then builds with and without
 * the step follow in a scratch folder under `workDir` until each kind has `pairs`.
 */
export async function benchMarkdownStep(options: {outDir: string; workDir: string; pairs?: number; firstWith?: number; log?: (line: string) => void}): Promise<MarkdownFigures> {
  const pairs = Math.max(1, options.pairs ?? Number(process.env.BENCH_MARKDOWN_PAIRS ?? 3));
  const log = options.log ?? (() => {});
  const seconds = {with: [] as number[], without: [] as number[]};
  const build = async (kind: 'with' | 'without', outDir: string) => {
    log(`Cold build ${kind} the Markdown step (${seconds[kind].length + 1} of ${pairs})...`);
    seconds[kind].push((await coldBuild('faster', outDir, kind === 'with' ? {} : {DOCS_MARKDOWN: 'off'})).seconds);
  };
  if (options.firstWith !== undefined) seconds.with.push(options.firstWith);
  else await build('with', options.outDir);
  const pairDir = path.join(options.workDir, 'markdown-pair');
  // In ABBA order (with, without, without, with, with, ...), so that a machine that speeds up or
  // slows down during the run (its first builds are often the slowest) weighs on both kinds alike.
  for (let k = 1; k < 2 * pairs; k += 1) await build(k % 4 === 0 || k % 4 === 3 ? 'with' : 'without', pairDir);
  rmSync(pairDir, {recursive: true, force: true});

  log('The Markdown step alone...');
  const started = performance.now();
  // As the build's plugin runs it (React's production build).
  await run(process.execPath, [...STEP_NODE_ARGS, path.join(siteDir, 'scripts/markdown-twins.ts')], {
    cwd: siteDir,
    env: {...process.env, DOCS_OUT_DIR: options.outDir, NODE_ENV: 'production'},
  });
  const alone = (performance.now() - started) / 1000;
  const size = (file: string) => {
    const content = readFileSync(path.join(options.outDir, file));
    return {bytes: content.length, gzip: zlib.gzipSync(content).length};
  };
  const sections = readdirSync(path.join(options.outDir, 'llms-full')).map((f) => ({file: `llms-full/${f}`, ...size(`llms-full/${f}`)}));
  const full = size('llms-full.txt');
  return {seconds: alone, withSeconds: seconds.with, withoutSeconds: seconds.without, fullBytes: full.bytes, fullGzip: full.gzip, largestSection: sections.reduce((a, b) => (b.bytes > a.bytes ? b : a))};
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The figures as report lines, each with its target. */
export function markdownReport(figures: MarkdownFigures): string[] {
  const [withMd, withoutMd] = [mean(figures.withSeconds), mean(figures.withoutSeconds)];
  const list = (values: number[]) => values.map((v) => `${v.toFixed(1)} s`).join(', ');
  const added = (a: number, b: number) => `${(a - b).toFixed(1)} s, ${(((a - b) / b) * 100).toFixed(1)} %`;
  return [
    `Cold Faster build with the Markdown step: ${list(figures.withSeconds)}; without it: ${list(figures.withoutSeconds)} (in ABBA order)`,
    `Build time the step adds: ${added(withMd, withoutMd)} of the build without it, from the means (target < 10 %); from the medians ${added(median(figures.withSeconds), median(figures.withoutSeconds))}`,
    `The step alone, one process after a build: ${figures.seconds.toFixed(1)} s (${((figures.seconds / withoutMd) * 100).toFixed(1)} % of the build without it)`,
    `llms-full.txt: ${kb(figures.fullBytes)} raw, ${kb(figures.fullGzip)} gzip; largest section file ${figures.largestSection.file}: ${kb(figures.largestSection.bytes)} raw, ${kb(figures.largestSection.gzip)} gzip`,
  ];
}

if (require.main === module) {
  const workDir = path.join(siteDir, 'build-bench');
  benchMarkdownStep({outDir: path.join(workDir, 'markdown-with'), workDir, log: console.log})
    .then((figures) => {
      console.log('\n## Markdown twins and llms files');
      for (const line of markdownReport(figures)) console.log(line);
      rmSync(path.join(workDir, 'markdown-with'), {recursive: true, force: true});
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
