/**
 * `npm run bench`: build time and memory (Faster against webpack), page weight and
 * Lighthouse mobile figures, and our pages against a stock Docusaurus, measured in one
 * run on this machine.
 */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from 'playwright-core';
import {createApp} from '../server/app';
import {compressBuild} from './compress-build';
import {sinceLastReport} from './bench/since-last';
import {writeBuildManifest} from '../server/build-manifest';
import {listFiles, routeFile} from '../server/static-site';
import {benchBrandingTimes, type BrandingTimes} from './bench/branding';
import {benchPartnerApi} from './bench/partner-api';
import {benchInsights, insightsReport} from './bench/insights';
import {benchMcp, mcpReport} from './bench/mcp';
import {benchAgainstNginx, nginxReport} from './bench/nginx';
import {benchSearch} from './bench/search';
import {benchSearchPage, SEARCH_PAGE_TERMS, type SearchPageTimes} from './bench/search-page';
import {benchModalFirstSearch, benchSyntheticSite, chunkReport, type ModalFirstSearch} from './bench/search-chunks';
import {lighthouseRun, medianRun, type LighthouseRun} from './bench/lighthouse';
import {chromeFlags, chromePath, coldBuild, kb, largestDocRoute, run, siteDir, STOCK_TARGETS, variantBuild, type BuildFigures} from './bench/common';
import {benchMarkdownStep, markdownReport} from './bench/markdown-step';
import {benchAgainstStock, stockSlowHostNote, stockTable} from './bench/stock-compare';
import {benchStartup, startupReport} from './bench/startup';

const outRoot = path.join(siteDir, 'build-bench');
const resultsDir = path.join(siteDir, 'bench-results');
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * The baseline for what local search adds: the stock theme's DocSearch bar (no SearchBar
 * wrapper) pointed at an Algolia index (the values only switch the mode; nothing is queried).
 */
const stockSearchBuild = (outDir: string) =>
  variantBuild('stock', ['src/theme/SearchBar'], outDir, {ALGOLIA_APP_ID: 'BENCHAPP', ALGOLIA_SEARCH_API_KEY: 'bench-search-key', ALGOLIA_INDEX_NAME: 'bench'});

/** The baseline for what the page menu adds: doc pages without the DocItem/Content wrapper. */
const noPageMenuBuild = (outDir: string) => variantBuild('no-page-menu', ['src/theme/DocItem/Content'], outDir);

interface Weight {
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  requests: number;
}

/** JS and CSS a first visit downloads (until the network is idle), sized from the build. */
async function pageWeight(baseUrl: string, route: string, buildDir: string): Promise<Weight> {
  const browser = await chromium.launch({executablePath: chromePath, args: chromeFlags});
  try {
    const page = await browser.newPage({viewport: {width: 412, height: 823}});
    const urls = new Set<string>();
    // Scripts and stylesheets the page loads; prefetches for the next navigation
    // (resource type 'other') are not part of this page's cost.
    page.on('response', (response) => {
      const url = new URL(response.url());
      const type = response.request().resourceType();
      if (url.origin === baseUrl && (type === 'script' || type === 'stylesheet')) urls.add(url.pathname);
    });
    await page.goto(baseUrl + route, {waitUntil: 'networkidle'});
    const weight: Weight = {jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0, requests: urls.size};
    for (const url of urls) {
      const data = readFileSync(path.join(buildDir, url));
      const gz = zlib.gzipSync(data, {level: 9}).length;
      if (url.endsWith('.js')) {
        weight.jsRaw += data.length;
        weight.jsGzip += gz;
      } else {
        weight.cssRaw += data.length;
        weight.cssGzip += gz;
      }
    }
    return weight;
  } finally {
    await browser.close();
  }
}

/** Lighthouse mobile, median of several runs. */
async function lighthouseMobile(url: string): Promise<LighthouseRun> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < lighthouseRuns; i += 1) runs.push(await lighthouseRun(url));
  return medianRun(runs);
}


/** The last run's result (`bench-results/latest.json`), or undefined when there is none or it cannot be read. */
function lastRun(): unknown {
  const file = path.join(resultsDir, 'latest.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    console.warn(`The last run's ${path.relative(siteDir, file)} cannot be read (${error instanceof Error ? error.message : String(error)}): this run is compared with nothing.`);
    return undefined;
  }
}

async function main(): Promise<void> {
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: run \`bash scripts/ensure-chromium.sh\` first.`);
  mkdirSync(resultsDir, {recursive: true});
  const previous = lastRun();
  const skipWebpack = process.argv.includes('--skip-webpack');

  console.log('Cold build with Faster (Rspack + SWC)...');
  const fasterDir = path.join(outRoot, 'faster');
  const faster = await coldBuild('faster', fasterDir);
  let webpack: BuildFigures | undefined;
  if (!skipWebpack) {
    console.log('Cold build with webpack...');
    webpack = await coldBuild('webpack', path.join(outRoot, 'webpack'));
  }
  console.log('Markdown twins and llms files...');
  const markdown = await benchMarkdownStep({outDir: fasterDir, workDir: outRoot, firstWith: faster.seconds});
  await compressBuild(fasterDir);
  await writeBuildManifest(fasterDir);
  console.log("Build with the theme's stock DocSearch bar (baseline for local search)...");
  const noSearchDir = path.join(outRoot, 'stock-search');
  await stockSearchBuild(noSearchDir);
  console.log('Build without the page menu (baseline for its first-load JS)...');
  const noMenuDir = path.join(outRoot, 'no-page-menu');
  await noPageMenuBuild(noMenuDir);

  const app = await createApp({buildDir: fasterDir});
  await app.listen({port: 0, host: '127.0.0.1'});
  const baseUrl = `http://localhost:${(app.server.address() as {port: number}).port}`;
  const files = await listFiles(fasterDir);
  // An API operation page must weigh no more JavaScript than a plain doc page.
  const apiPage = '/docs/api-reference/core-resources/virtual-machines/vm-core/create';
  const pages = ['/', '/docs/intro', largestDocRoute(files, fasterDir), ...(routeFile(apiPage, files) ? [apiPage] : [])];

  const perPage: {route: string; weight: Weight; lighthouse: LighthouseRun}[] = [];
  let branding: BrandingTimes;
  let searchWeight: {with: Weight; without: Weight};
  let menuWeight: {with: Weight; without: Weight};
  let searchPage: SearchPageTimes[];
  let searchChunksModal: ModalFirstSearch[];
  try {
    for (const route of pages) {
      console.log(`Measuring ${route}...`);
      perPage.push({route, weight: await pageWeight(baseUrl, route, fasterDir), lighthouse: await lighthouseMobile(baseUrl + route)});
    }
    const noSearch = await createApp({buildDir: noSearchDir});
    await noSearch.listen({port: 0, host: '127.0.0.1'});
    try {
      const baseNoSearch = `http://localhost:${(noSearch.server.address() as {port: number}).port}`;
      searchWeight = {with: perPage.find((p) => p.route === '/docs/intro')!.weight, without: await pageWeight(baseNoSearch, '/docs/intro', noSearchDir)};
    } finally {
      await noSearch.close();
    }
    const noMenu = await createApp({buildDir: noMenuDir});
    await noMenu.listen({port: 0, host: '127.0.0.1'});
    try {
      const baseNoMenu = `http://localhost:${(noMenu.server.address() as {port: number}).port}`;
      menuWeight = {with: perPage.find((p) => p.route === '/docs/intro')!.weight, without: await pageWeight(baseNoMenu, '/docs/intro', noMenuDir)};
    } finally {
      await noMenu.close();
    }
    console.log('Measuring time to a branded navbar...');
    branding = await benchBrandingTimes(baseUrl, 'acme.localhost', 'Acme Compute');
    console.log('Measuring time to the first search result (results page and modal)...');
    searchPage = await benchSearchPage(baseUrl, SEARCH_PAGE_TERMS, chromePath);
    console.log('Measuring the first search in the modal: chunked index against the whole records file...');
    searchChunksModal = await benchModalFirstSearch(baseUrl, fasterDir, chromePath);
  } finally {
    await app.close();
  }
  console.log('Measuring local search...');
  const search = await benchSearch(fasterDir, siteDir);
  console.log('Measuring the chunked search index on a generated site of 10,000 pages (made once)...');
  const searchChunks = {modal: searchChunksModal, synthetic: await benchSyntheticSite(fasterDir)};
  console.log('Measuring the partner-config API under load...');
  // Each server runs in a process of its own (see bench/partner-api.ts).
  const partnerApi = await benchPartnerApi();
  console.log('Measuring insights posts under load and the dashboard report over one million events...');
  const insights = await benchInsights();
  console.log('Static pages: our server against nginx (Debian package) on the same build...');
  const againstNginx = await benchAgainstNginx(fasterDir);
  console.log('Measuring server start-up...');
  const startup = await benchStartup(fasterDir);
  console.log('Measuring the docs MCP server (/mcp) under load...');
  const mcpFigures = await benchMcp(fasterDir);
  console.log('Against stock Docusaurus (Lighthouse, interleaved rounds)...');
  const againstStock = await benchAgainstStock({buildDir: fasterDir, workDir: outRoot});

  console.log('\n## Build (cold, this machine)');
  console.log(`| bundler | time | peak RSS, all processes | largest process |\n| --- | --- | --- | --- |`);
  for (const [label, figures] of [['Faster (Rspack)', faster], ['webpack', webpack]] as const) {
    if (figures) console.log(`| ${label} | ${figures.seconds.toFixed(1)} s | ${figures.peakRssMb.toFixed(0)} MB | ${figures.largestProcessMb.toFixed(0)} MB |`);
  }
  if (webpack) {
    console.log(`Faster / webpack build time: ${(faster.seconds / webpack.seconds).toFixed(2)}x (target <= 0.35x); peak memory ${(faster.peakRssMb / webpack.peakRssMb).toFixed(2)}x`);
  }
  console.log('\n## Markdown twins and llms files');
  for (const line of markdownReport(markdown)) console.log(line);
  const menuAdded = menuWeight.with.jsGzip - menuWeight.without.jsGzip;
  console.log(`Page menu: JS on a first load of /docs/intro ${kb(menuWeight.with.jsGzip)} gzip with it, ${kb(menuWeight.without.jsGzip)} without: ${menuAdded >= 0 ? '+' : '-'}${kb(Math.abs(menuAdded))} (target < +2 KB)`);

  console.log('\n## First visit: JS and CSS downloaded');
  console.log('| page | JS raw | JS gzip | CSS raw | CSS gzip | files |\n| --- | --- | --- | --- | --- | --- |');
  for (const {route, weight: w} of perPage) {
    console.log(`| ${route} | ${kb(w.jsRaw)} | ${kb(w.jsGzip)} | ${kb(w.cssRaw)} | ${kb(w.cssGzip)} | ${w.requests} |`);
  }
  const apiFigures = perPage.find((p) => p.route === apiPage);
  const docFigures = perPage.find((p) => p.route === '/docs/intro')!;
  if (apiFigures) {
    const ratio = apiFigures.weight.jsGzip / docFigures.weight.jsGzip;
    console.log(`API operation page / plain doc page JS (gzip): ${ratio.toFixed(2)}x (target <= 1.00x)`);
  }
  console.log(`\n## Lighthouse mobile (median of ${lighthouseRuns}; targets: score >= 0.95, CLS <= 0.01)`);
  console.log('| page | score | FCP | LCP | TBT | CLS |\n| --- | --- | --- | --- | --- | --- |');
  for (const {route, lighthouse: l} of perPage) {
    console.log(`| ${route} | ${l.score.toFixed(2)} | ${(l.fcp / 1000).toFixed(2)} s | ${(l.lcp / 1000).toFixed(2)} s | ${l.tbt.toFixed(0)} ms | ${l.cls.toFixed(3)} |`);
  }
  console.log('\n## Local search (real records of this build)');
  console.log(`Records: ${search.records}; file ${kb(search.rawBytes)} raw, ${kb(search.gzipBytes)} gzip, ${kb(search.brotliBytes)} brotli, of which the prebuilt index ${kb(search.brotliBytes - search.brotliBytesWithoutIndex)}`);
  console.log(`Index ready for the first answer, as in the search worker (median of 5, interleaved): restored from the file ${search.indexRestoreMs.toFixed(0)} ms, built from the records ${search.indexBuildMs.toFixed(0)} ms (${(search.indexRestoreMs / search.indexBuildMs).toFixed(2)}x)`);
  console.log(`Chunked index's store built from its entry file, as the search worker builds it (median of 5): ${search.chunkedStoreMs.toFixed(0)} ms (${(search.chunkedStoreMs / search.indexRestoreMs).toFixed(2)}x the whole file's restore)`);
  console.log(`Query latency over ${search.queries} typed prefixes: p50 ${search.p50Ms.toFixed(2)} ms, p95 ${search.p95Ms.toFixed(2)} ms (target p95 <= 5 ms)`);
  console.log(`First pass only, before the client's caches have seen a prefix: p50 ${search.firstPassP50Ms.toFixed(2)} ms, p95 ${search.firstPassP95Ms.toFixed(2)} ms`);
  const addedGzip = searchWeight.with.jsGzip - searchWeight.without.jsGzip;
  const sign = addedGzip >= 0 ? '+' : '-';
  console.log(`JS on a first load of /docs/intro before the modal opens: ${kb(searchWeight.with.jsGzip)} gzip with local search, ${kb(searchWeight.without.jsGzip)} with the theme's stock DocSearch bar: ${sign}${kb(Math.abs(addedGzip))} (target <= +10 KB)`);
  console.log('\n## Time to the first search result (cold: fresh browser context; median of 5 loads each)');
  console.log('| term | /search?q=: navigation to first result | after the index started loading | modal: first keystroke to first hit | page / modal |\n| --- | --- | --- | --- | --- |');
  for (const t of searchPage) {
    console.log(`| ${t.term} | ${t.pageFirstResultMs.toFixed(0)} ms | ${t.pageAfterClientMs.toFixed(0)} ms | ${t.modalFirstHitMs.toFixed(0)} ms | ${(t.pageFirstResultMs / t.modalFirstHitMs).toFixed(2)}x |`);
  }
  console.log('(target: first results within 300 ms of the index starting to load; on /search?q= the worker the page starts from its <head> fetches the index itself)');
  console.log(chunkReport(searchChunks));
  console.log('\n## Partner branding (API delayed by 300 ms; median of 5)');
  console.log('| visit | navigation to branded navbar | vs default host |\n| --- | --- | --- |');
  for (const [label, value] of [
    ['default host', branding.defaultHost],
    ['partner host, first visit', branding.partnerFirst],
    ['partner host, repeat visit', branding.partnerRepeat],
  ] as const) {
    console.log(`| ${label} | ${value.toFixed(0)} ms | ${(value / branding.defaultHost).toFixed(2)}x |`);
  }
  console.log(`(target: repeat visit no later than the default host)`);
  console.log('\n## Partner-config API (autocannon, 50 connections, loopback)');
  console.log('| server | requests/s | p99 |\n| --- | --- | --- |');
  console.log(`| ours (Fastify) | ${partnerApi.ours.rps.toFixed(0)} | ${partnerApi.ours.p99} ms |`);
  console.log(`| bare node:http, same JSON | ${partnerApi.bare.rps.toFixed(0)} | ${partnerApi.bare.p99} ms |`);
  console.log(`Throughput ratio ours/bare: ${partnerApi.ratio} (target >= 0.8); p99 latency ratio ours/bare: ${(partnerApi.ours.p99 / partnerApi.bare.p99).toFixed(2)}x`);
  console.log('\n## Page feedback and search insights (autocannon, 50 connections, loopback; server in its own process)');
  console.log(insightsReport(insights));
  console.log('Target: the 30-day report under 300 ms on PGlite; posts committed before they are answered.');
  console.log('\n## Static pages against nginx (each server in its own process, loopback, interleaved rounds)');
  for (const line of nginxReport(againstNginx)) console.log(line);
  console.log('\n## Docs MCP server (/mcp; server in its own process, loopback)');
  for (const line of mcpReport(mcpFigures)) console.log(line);
  console.log('\n## Server start-up');
  for (const line of startupReport(startup)) console.log(line);
  console.log('\n## Against stock Docusaurus (Lighthouse mobile, medians of interleaved rounds)');
  console.log(stockTable(againstStock));
  console.log(STOCK_TARGETS);
  console.log(stockSlowHostNote(againstStock));
  const result = {date: new Date().toISOString(), build: {faster, webpack}, markdown, pages: perPage, branding, partnerApi, insights, againstNginx, mcp: mcpFigures, search, searchWeight, searchPage, searchChunks, againstStock};
  console.log('\n## Since the last run (bytes and same-run ratios; `scripts/bench/since-last.ts`)');
  for (const line of sinceLastReport(previous, result)) console.log(line);
  if (previous !== undefined) writeFileSync(path.join(resultsDir, 'previous.json'), JSON.stringify(previous, null, 2));
  writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(result, null, 2));
  rmSync(outRoot, {recursive: true, force: true});
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
