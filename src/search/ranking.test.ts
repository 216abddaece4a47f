import {describe, expect, it, vi} from 'vitest';
import {pageRecords, type PageSpec} from './fixtures/pages';
import {createLocalSearchClient, type LocalSearchHit} from './localClient';
import {FIRST_RESULTS, spreadPages} from './ranking';
import {records, CURRENT, client, search, plain} from './fixtures/client';

const OPERATION = (url: string, title: string, intro: string): PageSpec => ({
  url,
  lvl0: 'API reference',
  title,
  kind: 'operation',
  lines: [intro, '## Authentication', 'Send your API key.', '## Parameters', 'vm_id: the id.', '## Responses', '### 202 Accepted', 'Accepted.', '## Code samples', 'curl example.'],
});

const SITE = pageRecords([
  OPERATION('/docs/api/volumes/callbacks/attach', 'Attach a callback to a volume', 'Registers a callback URL for a volume.'),
  OPERATION('/docs/api/vms/callbacks/attach', 'Attach a callback to a virtual machine', 'Registers a callback URL for a VM.'),
  OPERATION('/docs/api/vms/hibernate', 'Hibernate a virtual machine', 'Saves the VM to its boot volume.'),
  {url: '/docs/guides/callbacks', title: 'Callbacks', lines: ['A callback is an HTTPS URL of yours.', '## Register the callback', 'Open the VM and add the URL.']},
  {
    url: '/docs/guides/hibernation',
    title: 'Hibernation',
    lines: ['Hibernation parks a virtual machine without paying for its GPU.', '## Hibernate a VM on a schedule', 'A timer hibernates the VM at night.'],
  },
]);

async function searchSite(query: string, params: Record<string, unknown> = {}): Promise<LocalSearchHit[]> {
  const site = createLocalSearchClient(async () => SITE, {origin: ''});
  return (await site.search({requests: [{indexName: 'docs', query, ...params}]})).results[0].hits;
}

const page = (hit: LocalSearchHit) => hit.url_without_anchor!;
const firstPages = (hits: LocalSearchHit[]) => [...new Set(hits.map(page))];

describe('page-level weight by kind', () => {
  it('ranks a guide that matches as well above the operation pages that mention it', async () => {
    const hits = await searchSite('callback');
    expect(page(hits[0])).toBe('/docs/guides/callbacks');
    expect(firstPages(hits).indexOf('/docs/guides/callbacks')).toBeLessThan(firstPages(hits).indexOf('/docs/api/volumes/callbacks/attach'));
  });

  it("weighs the page kind: at the same match a guide wins, and a guide's heading counts with an operation's title", async () => {
    const twins = pageRecords([
      OPERATION('/docs/api/keys/generate', 'API keys', 'Creates a key.'),
      {url: '/docs/guides/keys', title: 'API keys', lines: ['Creates a key.']},
    ]);
    const local = createLocalSearchClient(async () => twins, {origin: ''});
    const twinHits = (await local.search({requests: [{indexName: 'docs', query: 'api keys', distinct: true}]})).results[0].hits;
    expect(twinHits.map(page)).toEqual(['/docs/guides/keys', '/docs/api/keys/generate']);

    const guideHeading = pageRecords([
      OPERATION('/docs/api/keys/delete', 'Delete an API key', 'Deletes a key.'),
      {url: '/docs/guides/auth', title: 'Authentication', lines: ['Every request is signed.', '## How API keys work', 'A key belongs to the organization.']},
    ]);
    const other = createLocalSearchClient(async () => guideHeading, {origin: ''});
    const hits = (await other.search({requests: [{indexName: 'docs', query: 'api key', distinct: true}]})).results[0].hits;
    expect(hits.map(page)).toEqual(['/docs/guides/auth', '/docs/api/keys/delete']);
  });

  it('still ranks the operation first for its own name, the guide next', async () => {
    expect(firstPages(await searchSite('hibernate a virtual machine'))[0]).toBe('/docs/api/vms/hibernate');
    // "vm" is "virtual machine" by synonym: the operation is named by the query, the guide follows.
    expect(firstPages(await searchSite('hibernate a vm')).slice(0, 2)).toEqual(['/docs/api/vms/hibernate', '/docs/guides/hibernation']);
  });
});

describe('generic sections of API pages', () => {
  it('never rank above the operation or a guide that matches as well', async () => {
    const hits = await searchSite('hibernate a virtual machine', {distinct: false, hitsPerPage: 50});
    const generic = (hit: LocalSearchHit) => hit.url_without_anchor === '/docs/api/vms/hibernate' && ['Authentication', 'Parameters', 'Responses', 'Code samples'].includes(hit.hierarchy?.lvl2 ?? '');
    const firstGeneric = hits.findIndex(generic);
    expect(firstGeneric).toBeGreaterThan(0);
    // Before it: the operation itself, and the guide's matching records.
    expect(hits.findIndex((h) => h.url === '/docs/api/vms/hibernate' && h.type === 'lvl1')).toBeLessThan(firstGeneric);
    expect(hits.findIndex((h) => page(h) === '/docs/guides/hibernation')).toBeLessThan(firstGeneric);
    expect(hits.slice(firstGeneric).every((h) => generic(h) || page(h) !== '/docs/api/vms/hibernate')).toBe(true);
  });
});

describe('a page, then its sections', () => {
  it('shows at least three pages among the first five wherever three match', async () => {
    const hits = await searchSite('callback', {distinct: false});
    expect(new Set(hits.slice(0, FIRST_RESULTS).map(page)).size).toBeGreaterThanOrEqual(3);
  });

  it('keeps at most two records of a page among the first five, the rest following in rank order', () => {
    const pageOf = Int32Array.from([0, 0, 0, 0, 1, 2, 0]);
    expect(spreadPages([0, 1, 2, 3, 4, 5, 6], pageOf)).toEqual([0, 1, 4, 5, 2, 3, 6]);
    // Fewer than three pages: nothing is lost, only reordered.
    expect(spreadPages([0, 1, 2, 4], pageOf)).toEqual([0, 1, 4, 2]);
    expect(spreadPages([], pageOf)).toEqual([]);
  });
});

// Through the client, over the fixture records.
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
