/** What the bench's parts share: the browser they launch, child processes, the pages they pick. */
import {spawn} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {writeBuildManifest} from '../../server/build-manifest';
import {routeFile} from '../../server/static-site';
import {watchTreeRss} from './tree-rss';

/** The site's root folder. */
export const siteDir = path.resolve(__dirname, '../..');

export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for every Chromium the bench starts (Playwright adds its own headless flag; Lighthouse's launcher gets `--headless=new`). */
export const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A byte count as the bench's reports print it. */
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The targets of the comparison with stock Docusaurus, as issue and README state them. */
export const STOCK_TARGETS = 'Targets: TBT <= 0.8x stock intro (home, intro, longest guide, API page); main thread <= 1.0x; LCP <= 1.4x its no-script page; CLS 0.';

/**
 * Runs a command to its end; rejects with the tail of its stderr when it fails. With
 * `watchMemory`, resolves to the peak memory of its process tree in KB (sampled), else 0.
 */
export function run(command: string, args: string[], options: {cwd: string; env?: NodeJS.ProcessEnv; watchMemory?: boolean}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe']});
    const memory = options.watchMemory && child.pid ? watchTreeRss(child.pid) : undefined;
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const peakKb = memory?.stop() ?? 0;
      if (code === 0) resolve(peakKb);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stderr.slice(-4000)}`));
    });
  });
}

/** The biggest doc page of a build by HTML size, leaving out the routes `skip` names. */
export function largestDocRoute(files: ReadonlySet<string>, buildDir: string, skip: (route: string) => boolean = () => false): string {
  let best = {route: '/docs/intro', size: 0};
  for (const file of files) {
    if (!file.startsWith('docs/') || !file.endsWith('.html')) continue;
    const route = '/' + file.replace(/(\/index)?\.html$/, '');
    if (skip(route)) continue;
    const size = statSync(path.join(buildDir, file)).size;
    if (size > best.size && routeFile(route, files)) best = {route, size};
  }
  return best.route;
}

export interface BuildFigures {
  seconds: number;
  /** Peak of the build's processes together (sampled every 100 ms). */
  peakRssMb: number;
  /** Peak of the largest single process (exact, from the kernel's accounting). */
  largestProcessMb: number;
}

/** A cold build: Docusaurus' generated files and bundler caches removed first. */
export async function coldBuild(bundler: 'faster' | 'webpack', outDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<BuildFigures> {
  for (const cache of ['.docusaurus', 'node_modules/.cache']) rmSync(path.join(siteDir, cache), {recursive: true, force: true});
  rmSync(outDir, {recursive: true, force: true});
  const rssFile = path.join(os.tmpdir(), `bench-rss-${process.pid}-${bundler}.txt`);
  rmSync(rssFile, {force: true});
  const env = {
    ...process.env,
    ...extraEnv,
    DOCS_BUNDLER: bundler === 'webpack' ? 'webpack' : '',
    BENCH_RSS_FILE: rssFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'maxrss.cjs')}`.trim(),
  };
  const started = performance.now();
  const treePeakKb = await run(path.join(siteDir, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', outDir], {cwd: siteDir, env, watchMemory: true});
  const seconds = (performance.now() - started) / 1000;
  const peaks = readFileSync(rssFile, 'utf8').trim().split('\n').map((line) => Number(line.split(' ')[1]));
  rmSync(rssFile, {force: true});
  const largestProcessKb = Math.max(...peaks);
  return {seconds, peakRssMb: Math.max(treePeakKb, largestProcessKb) / 1024, largestProcessMb: largestProcessKb / 1024};
}

/**
 * The site as it would build without one of our additions (`remove`: paths of the sources
 * to leave out), to measure what the addition costs a first load. Built from a copy of the
 * sources so the working tree is never touched.
 */
export async function variantBuild(name: string, remove: string[], outDir: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const copyDir = path.join(siteDir, 'build-bench', `${name}-site`);
  rmSync(copyDir, {recursive: true, force: true});
  mkdirSync(copyDir, {recursive: true});
  for (const entry of ['docs', 'src', 'static', 'plugins', 'server', 'scripts', 'partners', 'openapi', 'i18n', 'docusaurus.config.ts', 'sidebars.ts', 'tsconfig.json', 'package.json']) {
    if (existsSync(path.join(siteDir, entry))) cpSync(path.join(siteDir, entry), path.join(copyDir, entry), {recursive: true});
  }
  for (const entry of remove) rmSync(path.join(copyDir, entry), {recursive: true, force: true});
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(copyDir, 'node_modules'), 'dir');
  await run(path.join(siteDir, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', outDir], {cwd: copyDir, env: {...process.env, ...env}, watchMemory: true});
  await writeBuildManifest(outDir);
}
