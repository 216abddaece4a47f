import {describe, expect, it} from 'vitest';
import {facetCounts, recordFilter} from './facets';
import {pageRecords} from './fixtures/pages';
import {buildIndex} from './searchIndex';

const records = pageRecords([
  {url: '/docs/a', title: 'A', lines: ['Text.']},
  {url: '/docs/b', title: 'B'},
]);
records[2].language = 'fr';

describe('facets', () => {
  it('keeps the records an AND of ORs of facetFilters allows, and caches the filter', async () => {
    const index = await buildIndex({records}, false);
    const kept = (value: unknown) => records.map((_, position) => recordFilter(index, value)!.keeps(position));
    expect(kept(['language:en'])).toEqual([true, true, false]);
    expect(kept([['language:fr', 'type:content']])).toEqual([false, true, true]);
    expect(kept(['language:-en'])).toEqual([false, false, true]);
    expect(recordFilter(index, ['language:en'])).toBe(recordFilter(index, ['language:en']));
    expect(recordFilter(index, undefined)).toBeNull();
    expect(recordFilter(index, ['language:en'])!.keeps(records.length)).toBe(false);
  });

  it('judges a record when asked, once', async () => {
    const index = await buildIndex({records}, false);
    const filter = recordFilter(index, ['language:fr'])!;
    // A record changed after it was judged keeps its verdict; one judged later is read as it is then.
    expect(filter.keeps(0)).toBe(false);
    records[0].language = 'fr';
    records[1].language = 'fr';
    try {
      expect(filter.keeps(0)).toBe(false);
      expect(filter.keeps(1)).toBe(true);
    } finally {
      records[0].language = 'en';
      records[1].language = 'en';
    }
  });

  it('counts the values of the facets asked for', () => {
    expect(facetCounts(records, [0, 1, 2], ['language'])).toEqual({language: {en: 2, fr: 1}});
    expect(facetCounts(records, [0], undefined)).toEqual({});
  });
});
