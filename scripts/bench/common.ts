/** What the bench's parts share: the browser they launch, child processes, the pages they pick. */
import {spawn} from 'node:child_process';
import {statSync} from 'node:fs';
import path from 'node:path';
import {routeFile} from '../../server/static-site';
import {watchTreeRss} from './tree-rss';

export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags for every Chromium the bench starts (Playwright adds its own headless flag; Lighthouse's launcher gets `--headless=new`). */
export const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

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
