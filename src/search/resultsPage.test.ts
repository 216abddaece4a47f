import {describe, expect, it} from 'vitest';
import {createLocalSearchClient, type SearchRecord} from './localClient';
import {groupHits, highlightParts, pageSearchParams, type PageHit} from './resultsPage';
import fixture from './fixtures/records.json';

const records = fixture as SearchRecord[];
const FILTERS = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

async function pageResults(query: string) {
  const client = createLocalSearchClient(async () => records, {origin: 'https://docs.example.com'});
  const {results} = await client.search({requests: [{indexName: 'docs', params: pageSearchParams(query, FILTERS, 10)}]});
  return {hits: (results[0] as {hits: PageHit[]}).hits, results: groupHits((results[0] as {hits: PageHit[]}).hits)};
}

describe('highlightParts', () => {
  it('splits marked text into plain and matching parts', () => {
    expect(highlightParts('Create a <mark>vol</mark>ume now')).toEqual([
      {text: 'Create a ', match: false},
      {text: 'vol', match: true},
      {text: 'ume now', match: false},
    ]);
  });

  it('turns escaped text back into text, so markup in a record or query stays text', () => {
    const parts = highlightParts('&lt;img src=x onerror=alert(1)&gt; &amp; <mark>&quot;q&quot;</mark> &#39;a&#39; &#x2F; &bogus;');
    expect(parts).toEqual([
      {text: '<img src=x onerror=alert(1)> & ', match: false},
      {text: '"q"', match: true},
      {text: " 'a' / &bogus;", match: false},
    ]);
  });

  it('keeps an unclosed mark as a match to the end', () => {
    expect(highlightParts('a <mark>b')).toEqual([
      {text: 'a ', match: false},
      {text: 'b', match: true},
    ]);
  });
});

describe('pageSearchParams', () => {
  it('carries the facet filters, snippet length and highlight tags, and lets the page group hits', () => {
    expect(pageSearchParams('volume', FILTERS, 5)).toMatchObject({
      query: 'volume',
      facetFilters: FILTERS,
      attributesToSnippet: ['content:5'],
      distinct: 3,
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    });
  });
});

describe('groupHits over the local client', () => {
  it('shows each page once, in rank order, with a highlighted snippet of matching content', async () => {
    const {hits, results} = await pageResults('volume');
    expect(results.length).toBeGreaterThan(1);
    const urls = results.map((r) => r.url.replace(/#.*$/, ''));
    expect(new Set(urls).size).toBe(urls.length);
    // The first result is the page of the best hit.
    expect(urls[0]).toBe(hits[0].url.replace(/#.*$/, ''));
    const withSnippet = results.filter((r) => r.snippet);
    expect(withSnippet.length).toBeGreaterThan(0);
    for (const result of withSnippet.filter((r) => r.snippet!.some((p) => p.match))) {
      expect(result.snippet!.filter((p) => p.match).map((p) => p.text.toLowerCase()).join(' ')).toMatch(/volume/);
    }
    // A page whose best hit is a heading still gets a snippet when one of its paragraphs matched.
    const headingFirst = results.find((r) => {
      const best = hits.find((h) => h.url === r.url);
      return best && best.type !== 'content' && r.snippet?.some((p) => p.match);
    });
    expect(headingFirst).toBeDefined();
  });

  it('titles a result with the deepest heading of its best hit, the rest as breadcrumbs', () => {
    const [result] = groupHits([
      {
        url: 'https://docs.example.com/docs/a#b',
        url_without_anchor: 'https://docs.example.com/docs/a',
        type: 'lvl2',
        hierarchy: {lvl0: 'Guides', lvl1: 'Page', lvl2: 'Section'},
        _highlightResult: {hierarchy: {lvl0: {value: 'Guides'}, lvl1: {value: 'Page'}, lvl2: {value: '<mark>Sec</mark>tion'}}},
      },
      {
        url: 'https://docs.example.com/docs/a#c',
        url_without_anchor: 'https://docs.example.com/docs/a',
        type: 'content',
        content: 'No match here',
        _snippetResult: {content: {value: 'No match here'}},
      },
      {
        url: 'https://docs.example.com/docs/a#d',
        url_without_anchor: 'https://docs.example.com/docs/a',
        type: 'content',
        _snippetResult: {content: {value: 'the <mark>sec</mark>ond one'}},
      },
    ]);
    expect(result.url).toBe('https://docs.example.com/docs/a#b');
    expect(result.title).toEqual([
      {text: 'Sec', match: true},
      {text: 'tion', match: false},
    ]);
    expect(result.breadcrumbs.map((c) => c.map((p) => p.text).join(''))).toEqual(['Guides', 'Page']);
    expect(result.snippet?.map((p) => p.text).join('')).toBe('the second one');
  });
});
