import {describe, expect, it, afterEach, vi} from 'vitest';
import algoliasearchHelper from 'algoliasearch-helper';
import {createLocalSearchClient, type LocalSearchHit, type SearchRecord} from './localClient';
import {records, ORIGIN, CURRENT, LEVELS, client, docSearchRequest, helperParams, asQueryString, search, at, groupTitle, plain} from './fixtures/client';

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
      // The one highlight the modal reads (its groups' titles), as the site asks: no other field's.
      expect(hit._highlightResult).toEqual({hierarchy: {lvl0: expect.objectContaining({matchLevel: expect.stringMatching(/^(none|partial|full)$/)})}});
    }
    // DocSearch alone asks every field highlighted.
    const [all] = (await client().search(docSearchRequest('hibernation', {allHighlights: true}))).results;
    expect(all.hits.map((hit) => hit.objectID)).toEqual(result.hits.map((hit) => hit.objectID));
    expect(all.hits[0]._highlightResult.hierarchy!.lvl1).toEqual({
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

  it('omits null levels from highlight and snippet results, and shows a title-only hit with its section text', async () => {
    const hit = (await client().search(docSearchRequest('hibernation', {allHighlights: true}))).results[0].hits[0];
    expect(hit.type).toBe('lvl1');
    expect(Object.keys(hit._highlightResult.hierarchy!)).toEqual(['lvl0', 'lvl1']);
    // The record has no content of its own: the hit carries the first text of its section.
    expect(hit.content).toMatch(/^Hibernation saves the state/);
    expect(hit._snippetResult.content!.value).toMatch(/^<mark>Hibernation<\/mark> saves the state/);
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
    // A title-only hit is summarised by the first words of its section.
    expect(items[0]).toEqual({title: 'Bootable <mark>volumes</mark>', breadcrumbs: ['Storage'], summary: expect.stringMatching(/^A bootable <mark>volume<\/mark> holds/)});
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

describe('searches sent while typing', () => {
  it('answers the newest first; each older one after it, as an empty query, since it is never shown', async () => {
    const searcher = createLocalSearchClient(async () => records, {origin: ORIGIN, newestFirst: true});
    const order: string[] = [];
    const typed = ['h', 'hi', 'hib', 'hibernat'];
    const answers = typed.map((query) =>
      searcher.search(docSearchRequest(query)).then((response) => {
        order.push(query);
        return response;
      }),
    );
    const results = await Promise.all(answers);
    expect(order[0]).toBe('hibernat');
    expect(new Set(order)).toEqual(new Set(typed));
    results.forEach((response, i) => expect(response.results[0].query).toBe(typed[i]));
    // The same answer as a client that was asked only that query.
    expect(results[3].results[0].hits.map((hit) => hit.objectID)).toEqual((await client().search(docSearchRequest('hibernat'))).results[0].hits.map((hit) => hit.objectID));
    for (const older of results.slice(0, 3)) expect(older.results[0]).toMatchObject({hits: [], nbHits: 0, page: 0, index: 'docs'});
  });

  it('answers in full a call made after the newer one was answered', async () => {
    const searcher = createLocalSearchClient(async () => records, {origin: ORIGIN, newestFirst: true});
    await searcher.search(docSearchRequest('hibernat'));
    const again = await searcher.search(docSearchRequest('hib'));
    expect(again.results[0].hits.length).toBeGreaterThan(0);
    expect(again.results[0].nbHits).toBe((await client().search(docSearchRequest('hib'))).results[0].nbHits);
  });

  it('answers in turn where the client is shared (no newestFirst), so new searches never hold an older one back', async () => {
    const shared = client();
    const order: string[] = [];
    const typed = ['h', 'hi', 'hib', 'hibernat'];
    await Promise.all(typed.map((query) => shared.search(docSearchRequest(query)).then(() => order.push(query))));
    expect(order).toEqual(typed);
  });
});
