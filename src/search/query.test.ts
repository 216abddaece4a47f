import {describe, expect, it} from 'vitest';
import {records, CURRENT, client, search} from './fixtures/client';

// Term matches cached across the keystrokes of a query.
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
