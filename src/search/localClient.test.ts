import {afterEach, describe, expect, it, vi} from 'vitest';
import algoliasearchHelper from 'algoliasearch-helper';
import {createLocalSearchClient, type LocalSearchHit, type LocalSearchResponse, type SearchRecord} from './localClient';
import fixture from './fixtures/records.json';

const records = fixture as SearchRecord[];
const ORIGIN = 'https://docs.example.com';
const CURRENT = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];
const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

const client = (load: () => Promise<SearchRecord[]> = async () => records) => createLocalSearchClient(load, {origin: ORIGIN});

/** The request DocSearch 3.9 sends from the modal (its `searchParameters` merged last, as Docusaurus passes them). */
function docSearchRequest(query: string, {words = 10, clickAnalytics = false} = {}) {
  return {
    requests: [
      {
        query,
        indexName: 'docs',
        attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
        attributesToSnippet: ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content'].map((a) => `${a}:${words}`),
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 20,
        clickAnalytics,
        facetFilters: CURRENT,
      },
    ],
  };
}

/** A legacy `[{indexName, params}]` request as algoliasearch-helper shapes one. */
function helperParams(query: string, extra: Record<string, unknown> = {}) {
  return {
    query,
    hitsPerPage: 15,
    page: 0,
    facetFilters: CURRENT,
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    attributesToSnippet: ['content:10'],
    distinct: true,
    ...extra,
  };
}

/** Query-string params as algoliasearch v4 serialised them: arrays and objects as JSON. */
function asQueryString(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&');
}

async function search(query: string, params: Record<string, unknown> = {}, c = client()): Promise<LocalSearchResponse> {
  const {results} = await c.search({requests: [{indexName: 'docs', query, ...params}]});
  return results[0];
}

/** DocSearch's own path lookup (`fr`) and the lvl0 group title it derives (`Or`). */
const at = (hit: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : null), hit);
const groupTitle = (hit: LocalSearchHit) => String(at(hit, '_highlightResult.hierarchy.lvl0.value')).replace(/(<mark>|<\/mark>)/g, '');
const plain = (html: string) => html.replace(/<\/?mark>/g, '').replace(/…/g, ' ');
const wordCount = (html: string) => plain(html).match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;
const byUrl = (hits: LocalSearchHit[], url: string) => hits.find((h) => h.url === `${ORIGIN}${url}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DocSearch 3.9 modal request', () => {
  it('answers with every field the modal reads, of the right type', async () => {
    const {results} = await client().search(docSearchRequest('hibernation'));
    expect(results).toHaveLength(1);
    const result = results[0];
    expect(result.nbHits).toBeGreaterThan(0);
    expect(result.hits.length).toBe(Math.min(20, result.nbHits));
    expect(result).toMatchObject({page: 0, hitsPerPage: 20, query: 'hibernation', index: 'docs', exhaustiveNbHits: true, facets: {}});
    expect(typeof result.processingTimeMS).toBe('number');
    expect(result.params).toContain('query=hibernation');
    expect(result.queryID).toBeUndefined();
    for (const hit of result.hits) {
      expect(typeof hit.objectID).toBe('string');
      expect(new URL(hit.url!).origin).toBe(ORIGIN);
      expect(['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content']).toContain(hit.type);
      for (const level of LEVELS) expect(hit.hierarchy).toHaveProperty(level);
      expect(hit.content === null || typeof hit.content === 'string').toBe(true);
      // Only what attributesToRetrieve named comes back.
      expect(hit).not.toHaveProperty('weight');
      expect(hit).not.toHaveProperty('docusaurus_tag');
      expect(groupTitle(hit)).toBe(hit.hierarchy!.lvl0);
      // The hit component shows `_snippetResult.<attribute>.value`, falling back to the raw attribute.
      const attribute = hit.type === 'content' ? 'content' : `hierarchy.${hit.type}`;
      expect(typeof at(hit, `_snippetResult.${attribute}.value`)).toBe('string');
      expect(typeof at(hit, '_snippetResult.hierarchy.lvl1.value')).toBe('string');
      expect(at(hit, '_highlightResult.hierarchy.lvl1.matchLevel')).toMatch(/^(none|partial|full)$/);
    }
    expect(result.hits[0]._highlightResult.hierarchy!.lvl1).toEqual({
      value: '<mark>Hibernation</mark>',
      matchLevel: 'full',
      matchedWords: ['hibernation'],
      fullyHighlighted: true,
    });
  });

  it('gives a queryID only when clickAnalytics is on', async () => {
    const {results} = await client().search(docSearchRequest('snapshot', {clickAnalytics: true}));
    expect(results[0].queryID).toMatch(/^[0-9a-f]{32}$/);
  });

  it('omits null levels and null content from highlight and snippet results', async () => {
    const hit = (await client().search(docSearchRequest('hibernation'))).results[0].hits[0];
    expect(hit.type).toBe('lvl1');
    expect(Object.keys(hit._highlightResult.hierarchy!)).toEqual(['lvl0', 'lvl1']);
    expect(hit._highlightResult.content).toBeUndefined();
    expect(hit._snippetResult.content).toBeUndefined();
  });
});

describe('algoliasearch-helper legacy request', () => {
  const legacy = (query: string, extra: Record<string, unknown> = {}) => [{indexName: 'docs', params: helperParams(query, extra)}];

  it('accepts params as an object and as a query string, with the same answer', async () => {
    const c = client();
    const asObject = (await c.search(legacy('volume'))).results[0];
    const asString = (await c.search([{indexName: 'docs', params: asQueryString(helperParams('volume'))}])).results[0];
    expect(asObject.nbHits).toBeGreaterThan(1);
    expect(asString.hits.map((h) => h.objectID)).toEqual(asObject.hits.map((h) => h.objectID));
    expect(asString.hits[0]._highlightResult).toEqual(asObject.hits[0]._highlightResult);
    expect(asObject).toMatchObject({hitsPerPage: 15, page: 0, query: 'volume', index: 'docs'});
    expect(asObject.nbPages).toBe(Math.ceil(asObject.nbHits / 15));
  });

  it('returns every field the /search page reads', async () => {
    const result = (await client().search(legacy('hibernate'))).results[0];
    for (const hit of result.hits) {
      // The page takes the last `_highlightResult.hierarchy` value as the title, the others as breadcrumbs.
      const titles = Object.values(hit._highlightResult.hierarchy!).map((h) => h!.value);
      expect(titles.length).toBeGreaterThanOrEqual(2);
      expect(titles.every((t) => typeof t === 'string' && t !== '')).toBe(true);
      expect(plain(titles.at(-1)!.replace(/__\/?ais-highlight__/g, ''))).toBe(hit.hierarchy![hit.type === 'content' ? (LEVELS.filter((l) => hit.hierarchy![l]).at(-1) as 'lvl1') : (hit.type as 'lvl1')]);
      if (hit.type === 'content') expect(typeof hit._snippetResult.content!.value).toBe('string');
      expect(hit.url!.startsWith(ORIGIN)).toBe(true);
    }
    expect(result.hits.some((h) => h._highlightResult.hierarchy!.lvl1!.value.includes('__ais-highlight__Hibernate__/ais-highlight__'))).toBe(true);
  });

  it('works behind the real algoliasearch-helper, set up as the Docusaurus /search page does', async () => {
    const c = client();
    const sent: unknown[] = [];
    const spy = {...c, search: (input: Parameters<typeof c.search>[0]) => (sent.push(input), c.search(input))};
    const helper = algoliasearchHelper(spy as unknown as Parameters<typeof algoliasearchHelper>[0], 'docs', {
      hitsPerPage: 15,
      advancedSyntax: true,
      disjunctiveFacets: ['language', 'docusaurus_tag'],
    });
    helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'default');
    helper.addDisjunctiveFacetRefinement('language', 'en');
    helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'docs-default-current');
    const answered = new Promise<{hits: LocalSearchHit[]; nbHits: number; nbPages: number; page: number; query: string}>((resolve, reject) => {
      helper.once('result', ({results}) => resolve(results as never));
      helper.once('error', ({error}) => reject(error));
    });
    helper.setQuery('volumes').setPage(0).search();
    const results = await answered;

    // One query for the hits and one per refined disjunctive facet, in the legacy form with a params object.
    const requests = sent[0] as {indexName: string; params: Record<string, unknown>}[];
    expect(requests).toHaveLength(3);
    expect(requests[0]).toEqual({
      indexName: 'docs',
      params: {
        advancedSyntax: true,
        facetFilters: [['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], ['language:en']],
        facets: ['docusaurus_tag', 'language'],
        hitsPerPage: 15,
        page: 0,
        query: 'volumes',
      },
    });
    expect(requests[1].params).toMatchObject({hitsPerPage: 0, facets: 'docusaurus_tag', facetFilters: [['language:en']]});

    expect(results.query).toBe('volumes');
    expect(results.hits.length).toBeGreaterThan(0);
    expect(results.hits.every((h) => h.docusaurus_tag === 'docs-default-current')).toBe(true);
    expect(results.nbPages).toBe(Math.ceil(results.nbHits / 15));
    const items = results.hits.map(({_highlightResult: {hierarchy}, _snippetResult: snippet = {}}) => {
      const titles = Object.keys(hierarchy!).map((key) => hierarchy![key as 'lvl0']!.value);
      return {title: titles.pop(), breadcrumbs: titles, summary: snippet.content ? `${snippet.content.value}...` : ''};
    });
    expect(items[0]).toEqual({title: 'Bootable <mark>volumes</mark>', breadcrumbs: ['Storage'], summary: ''});
    expect(items.some((item) => item.summary.includes('<mark>volumes</mark>'))).toBe(true);
    // Facet counts from the disjunctive queries (the 1.0 page is counted once the tag filter is lifted).
    expect(helper.lastResults!.getFacetValues('docusaurus_tag', {sortBy: ['name:asc']})).toEqual(
      expect.arrayContaining([expect.objectContaining({name: 'docs-default-1.0', count: 1}), expect.objectContaining({name: 'docs-default-current'})]),
    );
  });
});

describe('filters and paging', () => {
  it('honours facetFilters as an AND of ORs', async () => {
    const all = await search('volumes');
    expect(all.hits.some((h) => h.docusaurus_tag === 'docs-default-1.0')).toBe(true);
    const current = await search('volumes', {facetFilters: CURRENT});
    expect(current.hits.length).toBeGreaterThan(0);
    expect(current.hits.every((h) => h.docusaurus_tag === 'docs-default-current')).toBe(true);
    expect(current.nbHits).toBe(all.nbHits - 1);
    const old = await search('volumes', {facetFilters: ['language:en', 'docusaurus_tag:docs-default-1.0']});
    expect(old.hits.map((h) => h.url)).toEqual([`${ORIGIN}/docs/1.0/storage/volumes`]);
    expect((await search('volumes', {facetFilters: ['language:fr']})).nbHits).toBe(0);
    expect((await search('volumes', {facetFilters: ['docusaurus_tag:-docs-default-current']})).hits.map((h) => h.docusaurus_tag)).toEqual(['docs-default-1.0']);
    // As a JSON string inside a params query string.
    const legacy = await client().search([{indexName: 'docs', params: asQueryString({query: 'volumes', facetFilters: ['docusaurus_tag:docs-default-1.0']})}]);
    expect(legacy.results[0].nbHits).toBe(1);
  });

  it('pages through hits 20 at a time with the right nbPages', async () => {
    const many: SearchRecord[] = Array.from({length: 45}, (_, i) => ({
      ...records[1],
      objectID: `gpu-${i}`,
      url: `/docs/gpu/page-${i}`,
      url_without_anchor: `/docs/gpu/page-${i}`,
      content: `GPU note number ${i} about drivers.`,
      weight: {pageRank: 0, level: 0, position: i},
    }));
    const c = client(async () => many);
    const pages = await Promise.all([0, 1, 2, 3].map((page) => search('gpu', {page}, c)));
    expect(pages.map((p) => p.hits.length)).toEqual([20, 20, 5, 0]);
    expect(pages.map((p) => p.page)).toEqual([0, 1, 2, 3]);
    for (const p of pages) expect(p).toMatchObject({nbHits: 45, nbPages: 3, hitsPerPage: 20});
    const ids = pages.flatMap((p) => p.hits.map((h) => h.objectID));
    expect(new Set(ids).size).toBe(45);
    expect(pages[1].hits[0].objectID).toBe('gpu-20');
    expect((await search('gpu', {hitsPerPage: 50}, c)).hits).toHaveLength(45);
  });

  it('keeps the best hit per page with distinct, up to N with distinct: N, one per URL by default', async () => {
    const perPage = (hits: LocalSearchHit[]) =>
      hits.reduce<Record<string, number>>((acc, h) => ({...acc, [h.url!.split('#')[0]]: (acc[h.url!.split('#')[0]] ?? 0) + 1}), {});
    const none = await search('hibernate', {distinct: false});
    const byDefault = await search('hibernate');
    const one = await search('hibernate', {distinct: true});
    const two = await search('hibernate', {distinct: 2});
    expect(Math.max(...Object.values(perPage(none.hits)))).toBeGreaterThan(2);
    expect(Object.values(perPage(one.hits)).every((n) => n === 1)).toBe(true);
    expect(Object.values(perPage(two.hits)).every((n) => n <= 2)).toBe(true);
    expect(Math.max(...Object.values(perPage(two.hits)))).toBe(2);
    expect(one.nbHits).toBe(Object.keys(perPage(none.hits)).length);
    // The best hit of each page is kept: the title that has the word, else the heading, not a paragraph.
    expect(one.hits[0]).toMatchObject({type: 'lvl1', url: `${ORIGIN}/docs/api-reference/core-resources/virtual-machines/manage/hibernate`});
    expect(one.hits[1]).toMatchObject({type: 'lvl2', url: `${ORIGIN}/docs/virtual-machines/hibernation#hibernate-a-virtual-machine`});
    // Without `distinct`, two records with one URL (a heading and the text under it) come back once, as the crawler's index setting does.
    const urls = byDefault.hits.map((h) => h.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(none.hits.length).toBeGreaterThan(byDefault.hits.length);
  });
});

describe('snippets and highlighting', () => {
  const hibernationIntro = '/docs/virtual-machines/hibernation';

  it('cuts snippets to 10 words around the first match', async () => {
    const {results} = await client().search(docSearchRequest('storage'));
    const hit = byUrl(results[0].hits, hibernationIntro)!;
    expect(hit.type).toBe('content');
    expect(hit._snippetResult.content).toEqual({value: '…only for the <mark>storage</mark> of its disks while it sleeps…', matchLevel: 'full'});
    expect(wordCount(hit._snippetResult.content!.value)).toBe(10);
    // The highlight keeps the whole text.
    expect(plain(hit._highlightResult.content!.value)).toBe(hit.content);
  });

  it('cuts snippets to 5 words on narrow screens', async () => {
    const {results} = await client().search(docSearchRequest('storage', {words: 5}));
    for (const hit of results[0].hits) {
      for (const snippet of [hit._snippetResult.content, ...Object.values(hit._snippetResult.hierarchy ?? {})]) {
        if (snippet) expect(wordCount(snippet.value)).toBeLessThanOrEqual(5);
      }
    }
    expect(byUrl(results[0].hits, hibernationIntro)!._snippetResult.content!.value).toBe('…the <mark>storage</mark> of its disks…');
  });

  it('starts from the first words when nothing in the attribute matches', async () => {
    const hit = byUrl((await search('compute hibernation', {attributesToSnippet: ['content:4']})).hits, hibernationIntro)!;
    expect(hit._snippetResult.content!.value).toBe('<mark>Hibernation</mark> saves the state…');
    // Matched by its heading only.
    const noMatch = (await search('restore', {attributesToSnippet: ['content:3'], distinct: false})).hits.find((h) => h.content?.startsWith('A hibernated'))!;
    expect(noMatch._snippetResult.content).toEqual({value: 'A hibernated machine…', matchLevel: 'none'});
  });

  it('uses the tags the request names', async () => {
    const hit = (await search('snapshot', {highlightPreTag: '<em class="hit">', highlightPostTag: '</em>'})).hits[0];
    expect(hit._highlightResult.hierarchy!.lvl1!.value).toBe('<em class="hit">Snapshots</em>');
    const helperHit = (await client().search([{indexName: 'docs', params: helperParams('snapshot')}])).results[0].hits[0];
    expect(helperHit._highlightResult.hierarchy!.lvl1!.value).toBe('__ais-highlight__Snapshots__/ais-highlight__');
    expect((await search('snapshot')).hits[0]._highlightResult.hierarchy!.lvl1!.value).toBe('<mark>Snapshots</mark>');
  });

  it('marks words matched with a typo', async () => {
    const result = await search('volums');
    expect(result.hits[0]._highlightResult.hierarchy!.lvl1).toEqual({
      value: 'Bootable <mark>volumes</mark>',
      matchLevel: 'full',
      matchedWords: ['volums'],
      fullyHighlighted: false,
    });
    expect(result.hits.some((h) => h._highlightResult.hierarchy!.lvl2?.value === '<mark>Create</mark> a bootable <mark>volume</mark>')).toBe(false);
    expect(result.hits.some((h) => h._highlightResult.hierarchy!.lvl2?.value === 'Create a bootable <mark>volume</mark>')).toBe(true);
  });

  it('marks words matched by prefix', async () => {
    const result = await search('hiber', {distinct: false});
    expect(result.hits[0]._highlightResult.hierarchy!.lvl1!.value).toBe('<mark>Hibernation</mark>');
    const content = result.hits.find((h) => h.content?.startsWith('Hibernating'))!;
    expect(content._highlightResult.content!.value).toBe('<mark>Hibernating</mark> takes a few minutes for machines with large local disks.');
  });

  it('reports matchLevel and matchedWords per attribute', async () => {
    const hit = (await search('create bootable')).hits[0];
    expect(hit.hierarchy!.lvl2).toBe('Create a bootable volume');
    expect(hit._highlightResult.hierarchy!.lvl2).toMatchObject({matchLevel: 'full', matchedWords: ['create', 'bootable']});
    expect(hit._highlightResult.hierarchy!.lvl1).toMatchObject({value: '<mark>Bootable</mark> volumes', matchLevel: 'partial', matchedWords: ['bootable']});
    expect(hit._highlightResult.hierarchy!.lvl0).toEqual({value: 'Storage', matchLevel: 'none', matchedWords: []});
  });

  it('escapes the text of records before adding tags', async () => {
    const script = (await search('script')).hits[0];
    expect(script.content).toContain('<script>');
    const values = [script._highlightResult.content!.value, script._snippetResult.content!.value];
    for (const value of values) {
      expect(value).not.toContain('<script>');
      expect(value).toContain('&lt;<mark>script</mark>&gt;');
    }
    const mount = (await search('mount nfs', {distinct: false})).hits.find((h) => h.type === 'content')!;
    expect(mount._highlightResult.content!.value).toBe(
      'Run <mark>mount</mark> -t <mark>nfs</mark> &lt;server&gt;:/export /mnt/shared on each machine &amp; add the line to /etc/fstab.',
    );
    const quoted = (await search('remote prefix')).hits[0];
    expect(quoted._highlightResult.content!.value).toContain('&quot;any&quot;');
  });
});

describe('matching and ranking', () => {
  it('puts the page titled with the word before paragraphs that mention it', async () => {
    const {hits} = await search('volumes', {facetFilters: CURRENT});
    expect(hits[0]).toMatchObject({type: 'lvl1', hierarchy: expect.objectContaining({lvl1: 'Bootable volumes'})});
    expect(hits[1]).toMatchObject({type: 'lvl1', hierarchy: expect.objectContaining({lvl1: 'Shared storage volumes'})});
    const paragraph = hits.findIndex((h) => h.content?.includes('including its attached volumes'));
    expect(paragraph).toBeGreaterThan(1);
    // Headings under a matching title before the text under them.
    const types = hits.filter((h) => h.url!.includes('bootable-volumes')).map((h) => h.type);
    expect(types).toEqual([...types].sort());
  });

  it('prefers an exact word to a typo and a title to the section name', async () => {
    expect((await search('hibernation')).hits[0]).toMatchObject({type: 'lvl1', hierarchy: expect.objectContaining({lvl1: 'Hibernation'})});
    const storage = await search('storage');
    expect(storage.hits[0].hierarchy!.lvl1).toBe('Shared storage volumes');
  });

  it('requires every word, then falls back to any word when none has them all', async () => {
    const all = await search('restore hibernation');
    expect(all.hits.length).toBeGreaterThan(0);
    for (const h of all.hits) expect(plain(JSON.stringify(h.hierarchy) + h.content).toLowerCase()).toMatch(/restore[\s\S]*hibernat|hibernat[\s\S]*restore/);
    const some = await search('hibernation qwertyuiop');
    expect(some.hits[0].hierarchy!.lvl1).toBe('Hibernation');
    expect(some.hits[0]._highlightResult.hierarchy!.lvl1!.matchLevel).toBe('partial');
  });

  it('forgives a typo in words of 3 characters, not in shorter ones, as the Algolia settings do', async () => {
    expect((await search('gpx')).hits[0]._highlightResult.content!.value).toContain('<mark>GPU</mark>');
    expect((await search('volume xq')).nbHits).toBe((await search('volume')).nbHits);
    expect((await search('volume xq', {distinct: false})).hits.some((h) => JSON.stringify(h._highlightResult).includes('<mark>x'))).toBe(false);
  });

  it('matches only the last word as a prefix', async () => {
    const marked = (hits: LocalSearchHit[]) => hits.some((h) => JSON.stringify(h._highlightResult).includes('<mark>Hibernat'));
    expect(marked((await search('volumes hiber', {distinct: false})).hits)).toBe(true);
    expect(marked((await search('hiber volumes', {distinct: false})).hits)).toBe(false);
  });

  it('returns no hits for an empty query without loading the records', async () => {
    const load = vi.fn(async () => records);
    const c = client(load);
    for (const query of ['', '   ', '!!!']) {
      const result = await search(query, {}, c);
      expect(result).toMatchObject({hits: [], nbHits: 0, nbPages: 0, query});
    }
    expect(load).not.toHaveBeenCalled();
  });

  it('never throws on hostile queries', async () => {
    const c = client();
    const hostile = ['x'.repeat(10_000), 'volumes '.repeat(1250), '.*+?^${}()|[]\\', '🚀🔥 volumes 👩‍💻', '!!!', '"', '"volumes', "it's", '%E0%A4%A', '\u0000\uD800', 'constructor __proto__ toString'];
    for (const query of hostile) {
      const result = await search(query, {}, c);
      expect(Array.isArray(result.hits), query).toBe(true);
      expect(result.query).toBe(query);
    }
    expect((await search('volumes '.repeat(1250), {}, c)).nbHits).toBe((await search('volumes', {}, c)).nbHits);
    expect((await search('🚀🔥 volumes 👩‍💻', {}, c)).nbHits).toBeGreaterThan(0);
    // Only the first 64 characters count.
    expect((await search(`${'x'.repeat(63)} volumes`, {}, c)).nbHits).toBe(0);
    expect((await search(`${'x'.repeat(62)} volumes`, {}, c)).nbHits).toBeGreaterThan(0);
    const legacy = await c.search([{indexName: 'docs', params: 'query=%E0%A4%A&hitsPerPage=abc&page=-3&facetFilters=%5Bnot-json'}]);
    expect(legacy.results[0]).toMatchObject({hitsPerPage: 20, page: 0});
  });
});

describe('term cache', () => {
  /** Every response of `typed` on one client, with the timing that varies left out. */
  async function answers(c: ReturnType<typeof client>, typed: string[], params: Record<string, unknown>) {
    const out: unknown[] = [];
    for (const query of typed) out.push({...(await search(query, params, c)), processingTimeMS: 0});
    return out;
  }
  const queries = ['delete virtual machine', 'volume snapshot', 'hibernat vm', 'firewall rul', 'zzqx volumes', 'api api', 'vm labels'];
  const typed = queries.flatMap((q) => Array.from({length: q.length}, (_, i) => q.slice(0, i + 1)));
  const variants: Record<string, unknown>[] = [{}, {facetFilters: CURRENT, hitsPerPage: 5}, {distinct: false, hitsPerPage: 100, facets: ['*']}, {distinct: 2, page: 1}];

  it('answers each typed prefix exactly as a client that never saw the earlier ones', async () => {
    for (const params of variants) {
      const warm = await answers(client(), typed, params);
      const cold: unknown[] = [];
      for (const query of typed) cold.push(...(await answers(client(), [query], params)));
      expect(warm).toEqual(cold);
    }
  });

  it('answers the same after clearCache(), and keeps each client to its own records', async () => {
    const c = client();
    const before = await answers(c, typed, {});
    await c.clearCache();
    expect(await answers(c, typed, {})).toEqual(before);
    // A client over other records shares nothing with the first.
    const other = client(async () => records.filter((r) => !/volume/i.test(JSON.stringify(r))));
    expect((await search('volume', {}, c)).nbHits).toBeGreaterThan(0);
    expect((await search('volume', {}, other)).nbHits).toBe(0);
    expect((await search('volume', {}, c)).nbHits).toBeGreaterThan(0);
  });
});

describe('loading', () => {
  it('loads the records once for many searches, lazily', async () => {
    const load = vi.fn(async () => records);
    const c = client(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all(['vol', 'volu', 'volum', 'volume'].map((q) => search(q, {}, c)));
    for (const q of ['snap', 'fire', 'hiber']) await search(q, {}, c);
    await c.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload()', async () => {
    const load = vi.fn(async () => records);
    const c = client(load);
    await c.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await search('firewall', {}, c)).nbHits).toBeGreaterThan(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects with a RetryError when the records fail to load, and tries again on the next search', async () => {
    const load = vi.fn<() => Promise<SearchRecord[]>>().mockRejectedValueOnce(new Error('404')).mockResolvedValue(records);
    const c = client(load);
    const failure = await c.search(docSearchRequest('volumes')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('RetryError');
    const {results} = await c.search(docSearchRequest('volumes'));
    expect(results[0].nbHits).toBeGreaterThan(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not reject from preload() when loading fails', async () => {
    const c = client(() => Promise.reject(new Error('offline')));
    await expect(c.preload()).resolves.toBeUndefined();
    await expect(search('volumes', {}, c)).rejects.toMatchObject({name: 'RetryError'});
  });

  it('builds the index in chunks that let the event loop run', async () => {
    const many: SearchRecord[] = Array.from({length: 1200}, (_, i) => ({...records[1], objectID: String(i), content: `Record ${i} about GPUs.`}));
    const events: string[] = [];
    const done = search('gpus', {}, client(async () => many)).then(() => events.push('answered'));
    setTimeout(() => events.push('timer'));
    await done;
    expect(events).toEqual(['timer', 'answered']);
  });

  it('has the no-op members the UIs call', async () => {
    const c = client();
    expect(() => c.addAlgoliaAgent('docsearch', '3.9.0')).not.toThrow();
    await expect(c.clearCache()).resolves.toBeUndefined();
  });
});

describe('URLs', () => {
  it('makes URLs absolute with the page origin when no origin is given', async () => {
    vi.stubGlobal('window', {location: {origin: 'http://acme.localhost:3000'}});
    const hit = (await search('firewalls', {}, createLocalSearchClient(async () => records))).hits[0];
    expect(hit.url).toBe('http://acme.localhost:3000/docs/network/firewalls');
  });

  it('leaves URLs as they are without an origin', async () => {
    const hit = (await search('firewalls', {}, createLocalSearchClient(async () => records))).hits[0];
    expect(hit.url).toBe('/docs/network/firewalls');
  });

  it('keeps anchors', async () => {
    const hit = (await search('add rule')).hits[0];
    expect(hit.url).toBe(`${ORIGIN}/docs/network/firewalls#add-a-rule`);
  });
});
