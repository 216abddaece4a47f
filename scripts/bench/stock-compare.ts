/**
 * Our pages beside a stock Docusaurus: the classic template of the installed Docusaurus
 * version, with Faster on, built cold and served gzipped by a plain static server; our
 * build behind our own server. Lighthouse mobile runs in interleaved rounds (every page
 * once per round, so a slow moment of the machine hits all of them alike) and each figure
 * is the median of the rounds, reported as a ratio to stock's /docs/intro of the same run.
 * LCP is also compared with the same page with every script removed: what it would be if
 * nothing but the HTML and CSS had to arrive.
 *
 * Our pages are measured twice: behind our server (which also answers the partner-config
 * API), and the way a CDN would serve them: a build made with `DOCS_API_BASE` on another
 * origin (a stub API that knows no partner), served by the same plain static server as
 * stock. `BENCH_CPU_SLOWDOWN` sets Lighthouse's CPU slowdown (its mobile default is 4) to
 * reproduce a slower device (the report says whether stock's intro then blocks as long as it
 * did on the slow host the slow-CPU targets were set on, and if not, which slowdown should),
 * and `BENCH_THROTTLING=devtools` has the browser slow the load itself instead of Lighthouse
 * simulating it.
 *
 * Alone: `npx tsx scripts/bench/stock-compare.ts [buildDir]` (default build/; run
 * `npm run build` first). `BENCH_STOCK_ROUNDS` sets the rounds (default 5), and
 * `BENCH_STOCK_PAGES` the pages (`scripts/bench/stock-pages.ts`).
 */
import {existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {createApp} from '../../server/app';
import {listFiles, routeFile} from '../../server/static-site';
import {cpuSlowdownFromEnv, LIGHTHOUSE_MOBILE_CPU_SLOWDOWN, lighthouseRun, medianRun, throttlingFromEnv, type LighthouseRun} from './lighthouse';
import {largestDocRoute, run, STOCK_TARGETS, variantBuild} from './common';
import {comparedPagesFromEnv, slowHostNote, type ComparedPageName} from './stock-pages';

const siteDir = path.resolve(__dirname, '../..');

/**
 * The classic template of the installed Docusaurus version, built with Faster into
 * `workDir/stock`. The template comes from the npm registry (`create-docusaurus`); it runs
 * on our node_modules, which hold the same Docusaurus packages.
 */
export async function buildStockSite(workDir: string): Promise<string> {
  const version = (JSON.parse(readFileSync(path.join(siteDir, 'node_modules/@docusaurus/core/package.json'), 'utf8')) as {version: string}).version;
  const site = path.join(workDir, 'stock-site');
  const stamp = path.join(site, '.template-version');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== version) {
    rmSync(site, {recursive: true, force: true});
    mkdirSync(workDir, {recursive: true});
    await run('npm', ['exec', '--yes', '--', `create-docusaurus@${version}`, 'stock-site', 'classic', '--typescript', '--skip-install', '--package-manager', 'npm'], {cwd: workDir});
    const configFile = path.join(site, 'docusaurus.config.ts');
    const config = readFileSync(configFile, 'utf8');
    if (!/v4: true,/.test(config)) throw new Error(`The classic template of Docusaurus ${version} changed: no \`future: {v4: true}\` to add Faster to`);
    writeFileSync(configFile, config.replace('v4: true,', 'v4: true,\n    faster: true,'));
    symlinkSync(path.join(siteDir, 'node_modules'), path.join(site, 'node_modules'), 'dir');
    writeFileSync(stamp, version);
  }
  const outDir = path.join(workDir, 'stock');
  for (const cache of ['.docusaurus', 'build']) rmSync(path.join(site, cache), {recursive: true, force: true});
  rmSync(outDir, {recursive: true, force: true});
  await run(path.join(siteDir, 'node_modules/.bin/docusaurus'), ['build', '--out-dir', outDir], {cwd: site});
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.xml': 'application/xml', '.txt': 'text/plain',
};

/**
 * A plain static server: files from the first root that has them, clean URLs, gzip for
 * text. The stock site gets no more than what a CDN would give it.
 */
export async function staticServer(roots: string[]): Promise<{url: string; close: () => Promise<void>}> {
  const listed = await Promise.all(roots.map(async (root) => ({root, files: await listFiles(root)})));
  const gzipped = new Map<string, Buffer>();
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    for (const {root, files} of listed) {
      const file = routeFile(pathname.replace(/(.)\/$/, '$1'), files) ?? (files.has(pathname.slice(1)) ? pathname.slice(1) : undefined);
      if (!file) continue;
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      let body: Buffer = readFileSync(path.join(root, file));
      const headers: Record<string, string> = {'content-type': type, 'cache-control': 'no-cache'};
      if (/^(text|application\/(json|xml)|image\/svg)/.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        const key = path.join(root, file);
        if (!gzipped.has(key)) gzipped.set(key, zlib.gzipSync(body));
        body = gzipped.get(key)!;
        headers['content-encoding'] = 'gzip';
      }
      response.writeHead(200, headers).end(body);
      return;
    }
    response.writeHead(404, {'content-type': 'text/plain'}).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as {port: number};
  return {url: `http://localhost:${port}`, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

/**
 * A partner-config API on an origin of its own that knows no partner (every lookup: 404,
 * readable cross-origin), as the default host's pages meet it behind a CDN.
 */
export async function partnerApiStub(): Promise<{url: string; close: () => Promise<void>}> {
  const server = http.createServer((request, response) => {
    response.writeHead(404, {'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'no-store'}).end('{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as {port: number};
  return {url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

/** Our site built to be served by a CDN: its partner-config API at `apiBase`, another origin. */
export async function cdnBuild(workDir: string, apiBase: string): Promise<string> {
  const outDir = path.join(workDir, 'ours-cdn');
  rmSync(outDir, {recursive: true, force: true});
  await variantBuild('cdn', [], outDir, {DOCS_API_BASE: apiBase});
  return outDir;
}

/** Copies of pages' HTML with every <script> element and script preload removed (the no-script limit), under `dir`. */
export function scriptlessCopies(buildDir: string, routes: {route: string; file: string}[], dir: string): void {
  rmSync(dir, {recursive: true, force: true});
  for (const {file} of routes) {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, html.replace(/<script\b[\s\S]*?<\/script\s*>/gi, '').replace(/<link\b[^>]*\bhref=["']?[^"'\s>]+\.js["']?[^>]*>/gi, ''));
  }
}

/** The routes compared: home, intro, the longest guide, an API page and a section index. */
export function comparedRoutes(files: ReadonlySet<string>, buildDir: string, names: ReadonlySet<ComparedPageName> = comparedPagesFromEnv()): {label: string; route: string}[] {
  const longest = largestDocRoute(files, buildDir, (route) => route.startsWith('/docs/api-reference/'));
  const pages: {name: ComparedPageName; label: string; route: string}[] = [
    {name: 'home', label: 'home', route: '/'},
    {name: 'intro', label: 'intro', route: '/docs/intro'},
    {name: 'guide', label: 'longest guide', route: longest},
    {name: 'api', label: 'API page', route: '/docs/api-reference/core-resources/virtual-machines/manage/hibernate'},
    {name: 'section', label: 'section index', route: '/docs/ai-studio'},
  ];
  const wanted = pages.filter((page) => names.has(page.name)).map(({label, route}) => ({label, route}));
  for (const {route} of wanted) if (!routeFile(route, files)) throw new Error(`The build has no page at ${route}`);
  return wanted;
}

export interface ComparedPage {
  /** `ours (CDN)`: the build with the partner API on another origin, behind the plain static server. */
  site: 'stock' | 'ours' | 'ours (CDN)';
  label: string;
  route: string;
  figures: LighthouseRun;
  /** The same page with its scripts removed. */
  scriptless: LighthouseRun;
}

export async function benchAgainstStock(options: {buildDir: string; workDir: string; rounds?: number; cpuSlowdown?: number; cdn?: boolean; log?: (line: string) => void}): Promise<ComparedPage[]> {
  const rounds = options.rounds ?? Number(process.env.BENCH_STOCK_ROUNDS ?? 5);
  const cpuSlowdown = options.cpuSlowdown ?? cpuSlowdownFromEnv();
  const throttling = throttlingFromEnv();
  const log = options.log ?? console.log;
  const api = options.cdn === false ? null : await partnerApiStub();
  let cdnDir: string | null = null;
  if (api) {
    log(`Building our site for a CDN (partner API at ${api.url})...`);
    cdnDir = await cdnBuild(options.workDir, api.url);
  }
  log('Building the stock Docusaurus classic site...');
  const stockDir = await buildStockSite(options.workDir);
  const stockFiles = await listFiles(stockDir);
  const ourFiles = await listFiles(options.buildDir);
  const pageNames = comparedPagesFromEnv();
  // Stock's intro is every ratio's base: measured whichever pages are asked for.
  const stockRoutes = [{label: 'home', route: '/'}, {label: 'intro', route: '/docs/intro'}].filter((r) => r.label === 'intro' || pageNames.has('home'));
  const ourRoutes = comparedRoutes(ourFiles, options.buildDir, pageNames);
  const fileOf = (route: string, files: ReadonlySet<string>) => ({route, file: routeFile(route, files)!});
  const stockBare = path.join(options.workDir, 'stock-scriptless');
  const ourBare = path.join(options.workDir, 'ours-scriptless');
  scriptlessCopies(stockDir, stockRoutes.map((r) => fileOf(r.route, stockFiles)), stockBare);
  scriptlessCopies(options.buildDir, ourRoutes.map((r) => fileOf(r.route, ourFiles)), ourBare);

  const stock = await staticServer([stockDir]);
  const stockScriptless = await staticServer([stockBare, stockDir]);
  const oursScriptless = await staticServer([ourBare, options.buildDir]);
  const oursCdn = cdnDir ? await staticServer([cdnDir]) : null;
  const app = await createApp({buildDir: options.buildDir});
  await app.listen({port: 0, host: '127.0.0.1'});
  const ours = `http://localhost:${(app.server.address() as {port: number}).port}`;
  try {
    const targets = [
      ...stockRoutes.map((r) => ({site: 'stock' as const, ...r, url: stock.url + r.route, bare: stockScriptless.url + r.route})),
      ...ourRoutes.map((r) => ({site: 'ours' as const, ...r, url: ours + r.route, bare: oursScriptless.url + r.route})),
      ...(oursCdn ? ourRoutes.map((r) => ({site: 'ours (CDN)' as const, ...r, url: oursCdn.url + r.route, bare: oursScriptless.url + r.route})) : []),
    ];
    const runs = new Map<string, LighthouseRun[]>();
    const add = (key: string, figures: LighthouseRun) => runs.set(key, [...(runs.get(key) ?? []), figures]);
    for (let round = 0; round < rounds; round += 1) {
      log(`Lighthouse round ${round + 1} of ${rounds} (${targets.length + new Set(targets.map((t) => t.bare)).size} pages${cpuSlowdown ? `, CPU ${cpuSlowdown}x slower` : ''}, ${throttling} throttling)...`);
      // A page's no-script copy is the same for both ways of serving ours: measured once a round.
      const bareDone = new Set<string>();
      for (const target of targets) {
        add(target.url, await lighthouseRun(target.url, {cpuSlowdown, throttling}));
        if (bareDone.has(target.bare)) continue;
        bareDone.add(target.bare);
        add(target.bare, await lighthouseRun(target.bare, {cpuSlowdown, throttling}));
      }
    }
    return targets.map((t) => ({site: t.site, label: t.label, route: t.route, figures: medianRun(runs.get(t.url)!), scriptless: medianRun(runs.get(t.bare)!)}));
  } finally {
    await app.close();
    await Promise.all([stock.close(), stockScriptless.close(), oursScriptless.close(), oursCdn?.close(), api?.close()]);
  }
}

/** Whether the run's CPU slowdown stood for the slow host the slow-CPU targets were set on (see `slowHostNote`). */
export function stockSlowHostNote(pages: ComparedPage[], cpuSlowdown = cpuSlowdownFromEnv() ?? LIGHTHOUSE_MOBILE_CPU_SLOWDOWN): string {
  const intro = pages.find((p) => p.site === 'stock' && p.route === '/docs/intro');
  return intro ? slowHostNote(intro.figures.tbt, cpuSlowdown) : "Stock's intro was not measured.";
}

/** The comparison as a Markdown table, every figure beside its ratio to stock's intro. */
export function stockTable(pages: ComparedPage[]): string {
  const base = pages.find((p) => p.site === 'stock' && p.route === '/docs/intro')!.figures;
  const ratio = (value: number, to: number) => (to > 0 ? `${(value / to).toFixed(2)}x` : value > 0 ? 'inf' : '1.00x');
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    '| site | page | score | LCP | LCP / no-script | TBT | TBT / stock intro | main thread | main thread / stock intro | boot-up | boot-up / stock intro | CLS |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const p of pages) {
    const f = p.figures;
    lines.push(
      `| ${p.site} | ${p.label} \`${p.route}\` | ${f.score.toFixed(2)} | ${ms(f.lcp)} | ${ratio(f.lcp, p.scriptless.lcp)} | ${ms(f.tbt)} | ${ratio(f.tbt, base.tbt)} | ${ms(f.mainThread)} | ${ratio(f.mainThread, base.mainThread)} | ${ms(f.bootup)} | ${ratio(f.bootup, base.bootup)} | ${f.cls.toFixed(3)} |`,
    );
  }
  return lines.join('\n');
}

if (require.main === module) {
  const buildDir = path.resolve(process.argv[2] ?? path.join(siteDir, 'build'));
  benchAgainstStock({buildDir, workDir: path.join(siteDir, 'build-bench')})
    .then((pages) => {
      console.log('\n## Against stock Docusaurus (Lighthouse mobile, medians of interleaved rounds)');
      console.log(stockTable(pages));
      console.log(STOCK_TARGETS);
      console.log(stockSlowHostNote(pages));
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
