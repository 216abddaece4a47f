/**
 * Docusaurus plugin: after the build, reads every listed page (not unlisted docs, not
 * the 404 or search pages) into DocSearch-shaped records and writes, content-hashed:
 * - the search index in the parts a browser loads by the query (`chunks.ts`), whose entry
 *   file every page's <head> names so the local search client can find it;
 * - in local mode, the /search page's early scripts, inlined: the search worker's starter
 *   first in its <head>, the script that shows the first results after the app's root
 *   (see src/search/early.ts);
 * - the whole records file with its index, for what reads every record at once on the
 *   server (`npm run search:push` sends the same records to Algolia; the MCP server's
 *   search; the bench's whole-file baseline). No page asks for it.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSync} from 'esbuild';
import {prebuildIndex} from '../../src/search/engine';
import {escapeHtml} from '../../src/search/highlight';
import {expandRecords, PAGE_RANK, type CompactPage, type CompactRecord, type CompactRecords} from '../../src/search/records';
import {chunkFiles} from './chunks';
import {extractPage} from './extract';
import {LOADER_CALL_END, startupScripts} from '../../src/ssgTemplate';
import {RESULT_TEMPLATE_ATTRIBUTE, workerStarterSource, type EarlyConfig} from '../../src/search/earlyHandover';

export const RECORDS_META = 'docsearch:records';

/** Routes never indexed: the not-found and search pages. */
const SKIPPED_ROUTES = new Set(['/404', '/404.html', '/search']);

interface DocMetadata {
  permalink: string;
  unlisted?: boolean;
}

/** Permalinks of unlisted docs, from the docs plugin's loaded content. */
function unlistedPermalinks(plugins: {name: string; content: unknown}[]): Set<string> {
  const out = new Set<string>();
  for (const plugin of plugins) {
    if (plugin.name !== 'docusaurus-plugin-content-docs') continue;
    const versions = (plugin.content as {loadedVersions?: {docs: DocMetadata[]}[]})?.loadedVersions ?? [];
    for (const doc of versions.flatMap((v) => v.docs)) {
      if (doc.unlisted) out.add(doc.permalink.replace(/(.)\/$/, '$1'));
    }
  }
  return out;
}

/** The HTML file of a route in the build, in either layout Docusaurus writes. */
function htmlFile(outDir: string, route: string): string | null {
  const candidates = route === '/' ? ['index.html'] : [`${route.slice(1)}.html`, `${route.slice(1)}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(outDir, candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Builds the compact records of the given pages (route → HTML). */
export function buildRecords(pages: {route: string; html: string}[]): CompactRecords {
  const compactPages: CompactPage[] = [];
  const records: CompactRecord[] = [];
  for (const {route, html} of pages) {
    const page = extractPage(html);
    if (!page) continue;
    const pageIndex = compactPages.length;
    // The page-level weight by kind (DocSearch configs' pageRank): guides rank above the API
    // reference's own guides and overviews, and those above its operation pages.
    const pageRank = page.operation ? PAGE_RANK.operation : /^\/docs\/api-reference(\/|$)/.test(route) ? PAGE_RANK.reference : PAGE_RANK.guide;
    compactPages.push([route, page.lvl0, page.lvl1, page.docusaurusTag, page.language, pageRank]);
    const openHeadings: number[] = [];
    for (const entry of page.entries) {
      if (entry.level > 0) {
        while (openHeadings.length && records[openHeadings[openHeadings.length - 1]][1] >= entry.level) openHeadings.pop();
        const parent = openHeadings.length ? openHeadings[openHeadings.length - 1] : -1;
        records.push([pageIndex, entry.level, entry.text, entry.anchor, parent]);
        openHeadings.push(records.length - 1);
      } else {
        records.push([pageIndex, 0, entry.text, entry.anchor, openHeadings.length ? openHeadings[openHeadings.length - 1] : -1]);
      }
    }
  }
  return {v: 1, pages: compactPages, records};
}

/**
 * The dev server's static mount of the last build's records at /search/. The folder
 * shares its path with the /search page: without `redirect: false` a direct load of
 * /search?q=gpu is redirected to /search/?q=gpu, and without `serveIndex: false` that
 * shows a listing of the folder instead of the page.
 */
export function devServerRecords(outDir: string) {
  return {
    directory: path.join(outDir, 'search'),
    publicPath: '/search',
    staticOptions: {redirect: false, index: false},
    serveIndex: false,
    watch: true,
  };
}

/** The search worker's chunk: webpack names it after the worker's `name` (see src/search/localSearch.ts). */
export const SEARCH_WORKER_CHUNK = 'search';

/** The search worker's script in a build: webpack names the chunk after the worker's `name` (see src/search/localSearch.ts). */
export function workerScript(outDir: string): string {
  const folder = path.join(outDir, 'assets/js');
  const found = existsSync(folder) ? readdirSync(folder).filter((file) => /^search\.[0-9a-f]+\.js$/.test(file)) : [];
  if (found.length !== 1) throw new Error(`search-index: expected one search worker script (assets/js/search.<hash>.js) in the build, found ${found.length}.`);
  return `assets/js/${found[0]}`;
}

/**
 * The /search page's two inlined scripts (local mode). `starter` goes first in the <head>:
 * where the URL has a query it starts the search worker (`workerStarterSource`), else it adds
 * the index entry file's preload link. `early` (src/search/early.entry.ts, bundled; its
 * settings, the worker's and the entry file's addresses and the request's index name and
 * facet filters, in its `data-config`) shows the worker's first answer, and goes after the
 * app's root element (`placeEarlyScripts`): in the <head>, the page's thread would parse and
 * compile it while the worker's thread waits for a task of that thread to start.
 */
export function earlyScriptTags(siteDir: string, config: EarlyConfig): {starter: string; early: string} {
  // Synchronous, as the rest of this step: other plugins' post-build steps edit the same pages.
  const result = buildSync({
    entryPoints: [path.join(siteDir, 'src/search/early.entry.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text.trim();
  if (/<\/script/i.test(code)) throw new Error('search-index: the early script contains "</script" and cannot be inlined.');
  return {starter: `<script>${workerStarterSource(config)}</script>`, early: `<script data-config="${escapeHtml(JSON.stringify(config))}">${code}</script>`};
}

/** The page's result template, which the early script reads (`RESULT_TEMPLATE_ATTRIBUTE`). */
const RESULT_TEMPLATE = new RegExp(`<template\\b[^>]*\\b${RESULT_TEMPLATE_ATTRIBUTE}\\b`, 'i');
const CHARSET = /<meta charset="?utf-8"?\s*\/?>/i;

/**
 * The /search page's HTML with its scripts in place: `first` right after the character set
 * (a script after a stylesheet would wait for it to be loaded and parsed, over 300 ms on a
 * slow phone), `last` after the app's root element and before the app's loader (which reads
 * what the early script offers: see src/ssgTemplate.ts), or at the end of the body where
 * there is no loader, and `preload` at the end of the <head>. Inside the app's root, React
 * would find an element it did not render, and render the page's main part again. Throws
 * where the page has no place for a script, or no result template for the early script.
 */
export function placeEarlyScripts(html: string, {first, last = '', preload = ''}: {first: string; last?: string; preload?: string}): string {
  if (!CHARSET.test(html)) throw new Error('search-index: the /search page has no <meta charset> to put its first script after.');
  const out = html.replace(CHARSET, (meta) => `${meta}${first}`).replace('</head>', `${preload}</head>`);
  if (!last) return out;
  if (!RESULT_TEMPLATE.test(out)) throw new Error(`search-index: the /search page has no <template ${RESULT_TEMPLATE_ATTRIBUTE}> for its early script to fill.`);
  const loader = LOADER_CALL_END.exec(out);
  const at = loader ? out.lastIndexOf('<script', loader.index) : out.lastIndexOf('</body>');
  if (at < 0) throw new Error('search-index: the /search page has no </body> to put its early script before.');
  return out.slice(0, at) + last + out.slice(at);
}

export default function searchIndexPlugin(context: LoadContext, options: unknown): Plugin {
  const {mode} = (options ?? {}) as {mode?: 'local' | 'algolia'};
  return {
    name: 'search-index',
    getClientModules() {
      // Local mode: the /search page starts its index before the app has hydrated.
      return mode === 'algolia' ? [] : [path.join(context.siteDir, 'src/search/startEarly.ts')];
    },
    configureWebpack() {
      // Local mode: the /search page's Algolia client becomes the local one.
      if (mode === 'algolia') return {};
      return {
        resolve: {alias: {'algoliasearch/lite$': path.join(context.siteDir, 'src/search/liteClient.ts')}},
        // The search worker's script is one file: a module it shares with the page's own
        // client (MiniSearch) split into a chunk of its own would be fetched by the worker
        // only once its script runs, one more round trip before the first answer. Other
        // chunks split as before ('async', the bundler's default: not the initial ones).
        optimization: {splitChunks: {chunks: (chunk: {name?: string | null; canBeInitial(): boolean}) => !chunk.canBeInitial() && chunk.name !== SEARCH_WORKER_CHUNK}},
        // `npm run dev` renders pages in the browser only, so it has no records of its
        // own: it serves those of the last production build (see the manifest below).
        ...(process.env.NODE_ENV === 'development' ? {devServer: {static: [devServerRecords(context.outDir)]}} : {}),
      };
    },
    async postBuild({outDir, routesPaths, plugins}) {
      const unlisted = unlistedPermalinks(plugins as unknown as {name: string; content: unknown}[]);
      const baseUrl = context.siteConfig.baseUrl;
      const pages: {route: string; html: string; file: string}[] = [];
      for (const routePath of [...new Set(routesPaths)].sort()) {
        const route = routePath.replace(/(.)\/$/, '$1');
        if (SKIPPED_ROUTES.has(route) || unlisted.has(route)) continue;
        const file = htmlFile(outDir, route.slice(baseUrl.length - 1) || '/');
        if (file) pages.push({route, html: readFileSync(file, 'utf8'), file});
      }
      const records = buildRecords(pages);
      if (records.records.length === 0) throw new Error('search-index: no page produced a search record; is the build empty?');
      // The index is built once here; browsers restore it instead of building it (see src/search/engine.ts).
      const index = prebuildIndex(expandRecords(records));
      const json = JSON.stringify({...records, index});
      const name = `records.${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
      mkdirSync(path.join(outDir, 'search'), {recursive: true});
      writeFileSync(path.join(outDir, 'search', name), json);
      const chunked = chunkFiles(records, index);
      for (const [file, content] of chunked.files) writeFileSync(path.join(outDir, 'search', file), content);
      // For the dev server, whose pages carry no meta tag: where the latest index and records are.
      writeFileSync(path.join(outDir, 'search', 'manifest.json'), JSON.stringify({records: name, index: chunked.meta}));
      // Every HTML file names the index's entry file, so no unhashed manifest is needed.
      const recordsPath = `${baseUrl}search/${chunked.meta}`;
      const tag = `<meta name="${RECORDS_META}" content="${recordsPath}">`;
      // The /search page needs the entry file at once: the browser fetches it while the app starts.
      // (`crossorigin` makes it the same request as the client's same-origin fetch, so it is reused.)
      // Its reader waits for results, which need the app: its scripts download while the page
      // paints (other pages ask for them only after the first paint; see src/ssgTemplate.ts).
      const searchPage = htmlFile(outDir, '/search');
      const startup = searchPage ? (startupScripts(readFileSync(searchPage, 'utf8')) ?? []) : [];
      const algolia = (context.siteConfig.themeConfig as {algolia?: {indexName?: string; searchParameters?: {facetFilters?: unknown}}} | undefined)?.algolia;
      const early = searchPage && mode !== 'algolia'
        ? earlyScriptTags(context.siteDir, {worker: `${baseUrl}${workerScript(outDir)}`, entry: recordsPath, indexName: algolia?.indexName ?? '', facetFilters: algolia?.searchParameters?.facetFilters})
        : null;
      // First in the <head>, right after the character set. In local mode, the worker's starter:
      // its worker fetches the entry file where the URL has a query, else the script adds the
      // file's preload link (one request either way). Otherwise, the preload link itself.
      const first = early?.starter ?? `<link rel="preload" href="${recordsPath}" as="fetch" crossorigin="anonymous">`;
      const preload = startup.map((src) => `<link rel="preload" href="${src}" as="script">`).join('');
      for (const file of new Set([...pages.map((p) => p.file), path.join(outDir, '404.html'), searchPage].filter((f): f is string => Boolean(f && existsSync(f))))) {
        let html = readFileSync(file, 'utf8');
        if (html.includes(RECORDS_META)) continue;
        if (file === searchPage) html = placeEarlyScripts(html, {first, last: early?.early, preload});
        writeFileSync(file, html.replace('</head>', `${tag}</head>`));
      }
      console.log(`[search-index] ${records.records.length} records from ${records.pages.length} pages: search/${chunked.meta} and ${chunked.files.size - 1} parts (whole: search/${name})`);
    },
  };
}
