import {describe, expect, it} from 'vitest';
import {pageRecords} from './fixtures/pages';
import {CURRENT, client, docSearchRequest, helperParams, search, plain, wordCount, byUrl} from './fixtures/client';
import {createLocalSearchClient} from './localClient';
import {sectionTextPosition} from './records';

const RECORDS = pageRecords([
  {
    url: '/docs/vm/hibernation',
    title: 'Hibernation',
    lines: [
      'Hibernation parks a virtual machine without paying for its GPU, and keeps its boot volume until you restore it.',
      '## Restore',
      '### From the console',
      'Click Restore on the machine page and wait until it is active again.',
      '## Limits',
    ],
  },
]);

/** As DocSearch asks: every level and the content snippeted to `words` words. */
const modalRequest = (query: string, words: number) => ({
  requests: [
    {
      indexName: 'docs',
      query,
      distinct: false,
      attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'content', 'type', 'url'],
      attributesToSnippet: ['hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'content'].map((a) => `${a}:${words}`),
      snippetEllipsisText: '…',
    },
  ],
});

const words = (html: string) => html.replace(/<\/?mark>/g, '').match(/[\p{L}\p{N}_]+/gu)?.length ?? 0;

describe('snippets of title-only hits', () => {
  it('finds the first text of a heading\'s section, not past the next heading of its level', () => {
    const at = (type: string, lvl2: string | null = null) => RECORDS.findIndex((r) => r.type === type && r.hierarchy.lvl2 === lvl2);
    expect(RECORDS[sectionTextPosition(RECORDS, at('lvl1'))].content).toMatch(/^Hibernation parks/);
    // An h2 whose text sits under its h3.
    expect(RECORDS[sectionTextPosition(RECORDS, at('lvl2', 'Restore'))].content).toMatch(/^Click Restore/);
    // A heading with no text before the next one of its level, and a content record, have none.
    expect(sectionTextPosition(RECORDS, at('lvl2', 'Limits'))).toBe(-1);
    expect(sectionTextPosition(RECORDS, at('content'))).toBe(-1);
  });

  it('shows the first words of the section, 10 or 5 as asked, the match highlighted where there is one', async () => {
    const client = createLocalSearchClient(async () => RECORDS, {origin: ''});
    const title = (await client.search(modalRequest('hibernation', 10))).results[0].hits.find((h) => h.type === 'lvl1')!;
    expect(title.content).toMatch(/^Hibernation parks/);
    expect(title._snippetResult.content).toEqual({value: '<mark>Hibernation</mark> parks a virtual machine without paying for its GPU…', matchLevel: 'full'});

    const narrow = (await client.search(modalRequest('restore', 5))).results[0].hits.find((h) => h.type === 'lvl2')!;
    expect(narrow.hierarchy!.lvl2).toBe('Restore');
    expect(narrow._snippetResult.content!.value).toBe('Click <mark>Restore</mark> on the machine…');
    expect(words(narrow._snippetResult.content!.value)).toBe(5);
  });

  it('leaves content out when the request does not retrieve it', async () => {
    const client = createLocalSearchClient(async () => RECORDS, {origin: ''});
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'hibernation', attributesToRetrieve: ['hierarchy', 'url']}]});
    expect(results[0].hits[0].content).toBeUndefined();
  });
});

// Through the client, as the modal and the /search page ask.
describe('snippets and highlighting', () => {
  const hibernationIntro = '/docs/virtual-machines/hibernation';

  it('cuts snippets to 10 words around the first match', async () => {
    const {results} = await client().search(docSearchRequest('storage', {allHighlights: true}));
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
    const result = await search('volums', {facetFilters: CURRENT});
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
