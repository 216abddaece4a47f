import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import type {FastifyInstance} from 'fastify';
import type {LocalSearchInput} from '../src/search/clientTypes';
import {MAX_QUERY_LENGTH} from '../src/search/limits';
import {FIRST_SCREEN_HITS, groupHits, pageSearchParams, SNIPPET_WORDS, type PageHit, type PageResult} from '../src/search/resultsPage';
import {workerStarterSource} from '../src/search/earlyHandover';
import {createApp} from './app';
import {DocsSearch} from './mcp/search';
import {attributeOf, pageQuery, pageWithResults, readSearchPage, resultsMarkup, searchPageRenderer, sitePath, type PageSearch} from './search-page';

/** The built /search page's parts, as the minifier writes them (bare attributes, end tags left out). */
const PAGE = [
  '<!doctype html><html><head><meta charset=UTF-8><title data-rh=true>Search the documentation | Docs</title></head><body>',
  '<main class="container page_x" data-results-state=idle aria-busy=false>',
  `<h1 data-query-title='Search results for "{query}"'>Search the documentation</h1>`,
  '<form role=search><input type=search class=input_a placeholder="Type your search here" aria-label=Search maxlength=64 name=q value="" /></form>',
  '<div class=summary_b role=status><span></span></div><div data-early-results=""></div>',
  '<template data-result-template=""><article class=result_c><h2 class=resultTitle_d><a></a></h2><nav aria-label=Breadcrumbs><ul class="breadcrumbs path_e"><li class=breadcrumbs__item></ul></nav><p class=snippet_f></article></template>',
  '</main>',
  `<script data-config="{&quot;worker&quot;:&quot;/assets/js/search.1.js&quot;,&quot;entry&quot;:&quot;/search/meta.1.json&quot;,&quot;indexName&quot;:&quot;docs&quot;,&quot;facetFilters&quot;:[&quot;language:en&quot;]}">(()=>{})()</script>`,
  '</body></html>',
].join('');

const result = (url: string, title: string, snippet: string | null): PageResult => ({
  url,
  title: [{text: title, match: false}],
  breadcrumbs: [[{text: 'Storage', match: false}]],
  snippet: snippet === null ? null : [{text: snippet, match: true}],
});

/** A hit as the local client answers, for a page of the site. */
const hit = (url: string, title: string, snippet: string): PageHit => ({
  url,
  url_without_anchor: url.replace(/#.*$/, ''),
  type: 'content',
  content: snippet,
  hierarchy: {lvl0: 'Storage', lvl1: title},
  _highlightResult: {hierarchy: {lvl0: {value: 'Storage'}, lvl1: {value: title}}},
  _snippetResult: {content: {value: snippet}},
});

describe('the /search page with its first results', () => {
  it("reads the page's settings and its result template's classes", () => {
    expect(readSearchPage(PAGE)).toEqual({
      indexName: 'docs',
      facetFilters: ['language:en'],
      starter: null,
      template: {article: 'result_c', title: 'resultTitle_d', crumbsLabel: 'Breadcrumbs', crumbs: 'breadcrumbs path_e', crumb: 'breadcrumbs__item', snippet: 'snippet_f'},
    });
    expect(attributeOf('<a x=1 y="two" z=\'3\' w>', 'y')).toBe('two');
    expect(attributeOf('<a x=1 y="two" z=\'3\' w>', 'w')).toBe('');
    expect(attributeOf('<a xy=1>', 'y')).toBeUndefined();
  });

  it('finds nothing to fill in a page built otherwise (Algolia mode has no early script, or no template)', () => {
    expect(readSearchPage(PAGE.replace(/<script data-config[\s\S]*?<\/script>/, ''))).toBeNull();
    expect(readSearchPage(PAGE.replace(/<template[\s\S]*?<\/template>/, ''))).toBeNull();
    expect(readSearchPage(PAGE.replace('<p class=snippet_f>', ''))).toBeNull();
    expect(readSearchPage(PAGE.replace('data-early-results=""', ''))).toBeNull();
    expect(readSearchPage(PAGE.replace('&quot;indexName&quot;', '&quot;index&quot;'))).toBeNull();
    expect(readSearchPage(PAGE.replace('data-config="{', 'data-config="{{'))).toBeNull();
  });

  it("cuts the query as the page does", () => {
    expect(pageQuery('  volume  ')).toBe('volume');
    expect(pageQuery('x'.repeat(10_000))).toHaveLength(MAX_QUERY_LENGTH);
    expect(pageQuery(null)).toBe('');
    expect(pageQuery(['a', 'b'])).toBe('');
  });

  it('links only to this site', () => {
    expect(sitePath('/docs/storage#before-you-begin')).toBe('/docs/storage#before-you-begin');
    for (const url of ['//evil.example/docs', 'https://evil.example/docs', 'javascript:alert(1)', 'data:text/html,x']) expect(sitePath(url)).toBeNull();
  });

  it("writes each result as the template's markup, text escaped, with both snippet lengths", () => {
    const parts = readSearchPage(PAGE)!;
    const wide = [result('/docs/a', 'A <script>alert(1)</script>', 'ten words here'), result('javascript:alert(1)', 'Bad', 'x'), result('/docs/b', 'B', null)];
    const narrow = [result('/docs/a', 'A', 'five')];
    const markup = resultsMarkup(parts.template, wide, narrow);
    expect(markup).toBe(
      '<div>' +
        '<article class="result_c"><h2 class="resultTitle_d"><a href="/docs/a">A &lt;script&gt;alert(1)&lt;/script&gt;</a></h2>' +
        '<nav aria-label="Breadcrumbs"><ul class="breadcrumbs path_e"><li class="breadcrumbs__item">Storage</li></ul></nav>' +
        '<p class="snippet_f"><span data-snippet="wide"><mark>ten words here</mark></span><span data-snippet="narrow"><mark>five</mark></span></p></article>' +
        '<article class="result_c"><h2 class="resultTitle_d"><a href="/docs/b">B</a></h2>' +
        '<nav aria-label="Breadcrumbs"><ul class="breadcrumbs path_e"><li class="breadcrumbs__item">Storage</li></ul></nav></article>' +
        '</div>',
    );
  });

  it('puts the results in their place and the query in the heading, the title and the search box, escaped', () => {
    const query = '"><img src=x onerror=alert(1)>';
    const page = pageWithResults(PAGE, query, '<div><article>R</article></div>')!;
    expect(page).toContain('<div data-early-results=shown><div><article>R</article></div></div>');
    expect(page).toContain(`>Search results for &quot;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&quot;</h1>`);
    expect(page).toContain('<title data-rh=true>Search results for &quot;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&quot; | Docs</title>');
    expect(page).toContain('name=q value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" />');
    expect(page).not.toContain('<img');
    // An input without a value attribute gets one.
    expect(pageWithResults(PAGE.replace(' value=""', ''), 'gpu', '<div></div>')).toContain('name=q value="gpu" />');
    // A page missing a part is sent as built.
    expect(pageWithResults(PAGE.replace(/<h1[^>]*>/, '<h1>'), 'gpu', '<div></div>')).toBeUndefined();
  });

  it('asks what the early script asks, in both snippet lengths, and sends the page as built when it cannot answer', async () => {
    const asked: LocalSearchInput[] = [];
    const answer: PageSearch = async (input) => {
      asked.push(input);
      const words = ((input as unknown as {requests: {params: {attributesToSnippet: string[]}}[]}).requests[0].params.attributesToSnippet[0]);
      return {results: [{hits: [hit('/docs/storage/volumes#attach', 'Attach a <mark>volume</mark>', words)]} as never]};
    };
    const render = searchPageRenderer(async () => PAGE, answer);
    const page = await render('volume');
    expect(asked).toEqual([SNIPPET_WORDS.wide, SNIPPET_WORDS.narrow].map((words) => ({requests: [{indexName: 'docs', params: pageSearchParams('volume', ['language:en'], words, FIRST_SCREEN_HITS)}]})));
    expect(page).toContain('<a href="/docs/storage/volumes#attach">Attach a <mark>volume</mark></a>');
    expect(page).toContain(`<span data-snippet="wide">content:${SNIPPET_WORDS.wide}</span><span data-snippet="narrow">content:${SNIPPET_WORDS.narrow}</span>`);

    expect(await render('')).toBeUndefined();
    expect(await render(undefined)).toBeUndefined();
    expect(await searchPageRenderer(async () => PAGE, async () => ({results: [{hits: []} as never]}))('volume')).toBeUndefined();
    expect(await searchPageRenderer(async () => PAGE, async () => Promise.reject(new Error('index down')))('volume')).toBeUndefined();
    expect(await searchPageRenderer(async () => PAGE.replace(/<template[\s\S]*?<\/template>/, ''), answer)('volume')).toBeUndefined();
    // The page's first script, which would start the search worker as the <head> is parsed, is left out.
    const starter = `<script>${workerStarterSource({worker: '/assets/js/search.1.js', entry: '/search/meta.1.json', indexName: 'docs', facetFilters: ['language:en']})}</script>`;
    const withStarter = PAGE.replace('<meta charset=UTF-8>', `<meta charset=UTF-8>${starter}`);
    expect(readSearchPage(withStarter)?.starter).toBe(starter);
    const sent = await searchPageRenderer(async () => withStarter, answer)('volume');
    expect(sent).toContain('data-early-results=shown');
    expect(sent).not.toContain('new Worker');
    expect(sent).toContain('<meta charset=UTF-8><title');

    // A page that could not be read is read again on the next request.
    let reads = 0;
    const flaky = searchPageRenderer(async () => (++reads === 1 ? Promise.reject(new Error('EIO')) : PAGE), answer);
    expect(await flaky('volume')).toBeUndefined();
    expect(await flaky('volume')).toContain('data-early-results=shown');
  });
});

const buildDir = path.resolve(__dirname, '../build');
const built = existsSync(path.join(buildDir, 'search.html')) && existsSync(path.join(buildDir, 'search/manifest.json'));

describe.skipIf(!built)('the server sends /search?q= with its first results', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createApp({buildDir});
  });
  afterAll(async () => app?.close());
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({method: 'GET', url, headers: {host: 'localhost', ...headers}});

  it("as the site's own search ranks them, grouped by page", async () => {
    const res = await get('/search?q=volume');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const links = [...res.body.matchAll(/<article class="[^"]+"><h2 class="[^"]+"><a href="([^"]+)"/g)].map((m) => m[1]);
    const search = new DocsSearch(buildDir);
    const parts = readSearchPage(readFileSync(path.join(buildDir, 'search.html'), 'utf8'))!;
    const {results} = await search.query({requests: [{indexName: parts.indexName, params: pageSearchParams('volume', parts.facetFilters, SNIPPET_WORDS.wide, FIRST_SCREEN_HITS)}]});
    const expected = groupHits(results[0].hits as PageHit[]).map((r) => r.url);
    expect(links.length).toBeGreaterThan(3);
    expect(links).toEqual(expected);
    for (const link of links) expect(link).toMatch(/^\/docs\//);
    expect(res.body.includes('<title data-rh=true>Search results for &quot;volume&quot; | Docs</title>')).toBe(true);
    // The page as built starts the search worker from its <head>; this one leaves that to its early script.
    const starter = readSearchPage(readFileSync(path.join(buildDir, 'search.html'), 'utf8'))?.starter;
    expect(starter).toMatch(/new Worker/);
    expect(res.body.includes(starter!)).toBe(false);
  });

  it('compressed as asked, revalidated by its ETag', async () => {
    const res = await get('/search?q=snapshot', {'accept-encoding': 'gzip'});
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('data-early-results=shown');
    const again = await get('/search?q=snapshot', {'if-none-match': String(res.headers.etag)});
    expect(again.statusCode).toBe(304);
    const other = await get('/search?q=volume');
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it('as built without a query, for a query without results, and on a partner host (no search there)', async () => {
    const asBuilt = readFileSync(path.join(buildDir, 'search.html'), 'utf8');
    for (const url of ['/search', '/search?q=', '/search?q=%20%20', '/search?q=zzqqxxjjvv']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(asBuilt);
    }
    const partner = await get('/search?q=volume', {host: 'acme.localhost'});
    expect(partner.statusCode).toBe(200);
    expect(partner.body).not.toContain('data-early-results=shown');
  });

  it('takes a 10,000-character query or markup in it as text', async () => {
    const query = 'volume '.repeat(1500);
    expect(query.length).toBeGreaterThan(10_000);
    const long = await get(`/search?q=${encodeURIComponent(query)}`);
    expect(long.statusCode).toBe(200);
    expect(long.body.includes('data-early-results=shown')).toBe(true);
    expect(long.body.includes(`name=q value="${query.trim().slice(0, MAX_QUERY_LENGTH)}"`)).toBe(true);
    const markup = await get(`/search?q=${encodeURIComponent('volume <script>alert(1)</script>')}`);
    expect(markup.statusCode).toBe(200);
    expect(markup.body.includes('data-early-results=shown')).toBe(true);
    expect(markup.body.includes('<script>alert(1)')).toBe(false);
    expect(markup.body.includes('value="volume &lt;script&gt;alert(1)&lt;/script&gt;"')).toBe(true);
  });
});

describe.skipIf(!built)('the search index of a running server', () => {
  it('loads once, right after the first answer, not at start-up and not in the first search', async () => {
    const preload = vi.spyOn(DocsSearch.prototype, 'preload');
    const app = await createApp({buildDir, preloadSearch: true, watchPartners: false});
    try {
      await app.ready();
      expect(preload).not.toHaveBeenCalled();
      expect((await app.inject({method: 'GET', url: '/docs/intro', headers: {host: 'localhost'}})).statusCode).toBe(200);
      // Started in the turn after the answer; done before the first search asks for it.
      await vi.waitUntil(() => preload.mock.calls.length > 0, {timeout: 60_000, interval: 5});
      await preload.mock.results[0]!.value;
      const answers = await Promise.all(['/', '/search?q=volume'].map((url) => app.inject({method: 'GET', url, headers: {host: 'localhost'}})));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(preload).toHaveBeenCalledTimes(1);
    } finally {
      preload.mockRestore();
      await app.close();
    }
  });

  it('is not loaded ahead when turned off (the default under test)', async () => {
    const preload = vi.spyOn(DocsSearch.prototype, 'preload');
    const app = await createApp({buildDir, watchPartners: false});
    try {
      await app.inject({method: 'GET', url: '/docs/intro', headers: {host: 'localhost'}});
      await new Promise((resolve) => setImmediate(resolve));
      expect(preload).not.toHaveBeenCalled();
    } finally {
      preload.mockRestore();
      await app.close();
    }
  });
});
