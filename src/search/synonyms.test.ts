import {describe, expect, it} from 'vitest';
import {SEARCH_SYNONYMS} from '../data/searchSynonyms';
import {pageRecords} from './fixtures/pages';
import {createLocalSearchClient} from './localClient';
import {queryVariants} from './synonyms';

const pages = (query: string, records = SITE) =>
  createLocalSearchClient(async () => records, {origin: ''})
    .search({requests: [{indexName: 'docs', query, distinct: true}]})
    .then(({results}) => results[0].hits.map((hit) => hit.url_without_anchor));

const SITE = pageRecords([
  {url: '/docs/storage/object-storage', title: 'Object storage', lines: ['Keep datasets as objects in an S3-compatible store.']},
  {url: '/docs/kubernetes/guide', title: 'Kubernetes clusters', lines: ['Run containers on GPU nodes.']},
  {url: '/docs/network/public-ip', title: 'Public IP addresses', lines: ['Make a VM reachable from the internet.']},
  {url: '/docs/network/firewalls', title: 'Firewalls', lines: ['## Outbound traffic', 'Outbound traffic needs a rule as well.']},
  {url: '/docs/vm/features', title: 'Virtual machine features', lines: ['A VM runs on one GPU flavor.']},
  {url: '/docs/network/ssh', title: 'SSH keys', lines: ['Register a keypair before you create a VM.']},
]);

describe('synonyms at query time', () => {
  it('finds object-storage pages that never say "bucket" for "bucket" and "buckets"', async () => {
    expect(SITE.some((r) => /bucket/i.test(JSON.stringify(r)))).toBe(false);
    expect(await pages('bucket')).toEqual(['/docs/storage/object-storage']);
    expect(await pages('buckets')).toEqual(['/docs/storage/object-storage']);
  });

  it('maps the words of other clouds to the words of these docs', async () => {
    expect(await pages('k8s')).toEqual(['/docs/kubernetes/guide']);
    expect(await pages('floating ip')).toEqual(['/docs/network/public-ip']);
    expect(await pages('egress')).toEqual(['/docs/network/firewalls']);
    expect(await pages('key pair')).toEqual(['/docs/network/ssh']);
    expect(await pages('instance')).toContain('/docs/vm/features');
  });

  it('still finds the word as typed, and ranks its own matches above a synonym\'s of the same quality', async () => {
    const records = pageRecords([
      {url: '/docs/a', title: 'Virtual machines', lines: ['Create one.']},
      {url: '/docs/b', title: 'VM', lines: ['Create one.']},
    ]);
    expect(await pages('vm', records)).toEqual(['/docs/b', '/docs/a']);
  });

  it('highlights the words a synonym matched as matches of the word typed', async () => {
    const client = createLocalSearchClient(async () => SITE, {origin: ''});
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'bucket'}]});
    expect(results[0].hits[0]._highlightResult.hierarchy!.lvl1).toMatchObject({value: '<mark>Object</mark> <mark>storage</mark>', matchLevel: 'full', matchedWords: ['bucket']});
  });

  it('makes one variant per synonym that applies, each standing for the words it replaced', () => {
    expect(queryVariants(['delete', 'bucket'], [{input: 'bucket', synonyms: ['object storage']}])).toEqual([
      {terms: ['delete', 'bucket'], origins: [[0], [1]], exact: [true, true], synonym: false},
      {terms: ['delete', 'object', 'storage'], origins: [[0], [1], [1]], exact: [true, false, false], synonym: true},
    ]);
    expect(queryVariants(['floating', 'ip'], [{input: 'floating ip', synonyms: ['public ip']}])[1]).toMatchObject({terms: ['public', 'ip'], origins: [[0, 1], [0, 1]]});
    // A one-word synonym of one word counts as exact, as Algolia's alternativesAsExact does.
    expect(queryVariants(['k8s'], [{input: 'k8s', synonyms: ['kubernetes']}])[1].exact).toEqual([true]);
    expect(queryVariants(['kubernetes'], [{input: 'k8s', synonyms: ['kubernetes']}])).toHaveLength(1);
  });

  it('lists each input once, with synonyms that differ from it', () => {
    const inputs = SEARCH_SYNONYMS.map((s) => s.input.toLowerCase());
    expect(new Set(inputs).size).toBe(inputs.length);
    for (const {input, synonyms} of SEARCH_SYNONYMS) {
      expect(synonyms.length).toBeGreaterThan(0);
      expect(synonyms.map((s) => s.toLowerCase())).not.toContain(input.toLowerCase());
    }
  });
});
