import {describe, expect, it} from 'vitest';
import {facetCounts, filterMask} from './facets';
import {pageRecords} from './fixtures/pages';
import {buildIndex} from './searchIndex';

const records = pageRecords([
  {url: '/docs/a', title: 'A', lines: ['Text.']},
  {url: '/docs/b', title: 'B'},
]);
records[2].language = 'fr';

describe('facets', () => {
  it('keeps the records an AND of ORs of facetFilters allows, and caches the mask', async () => {
    const index = await buildIndex({records}, false);
    expect(Array.from(filterMask(index, ['language:en'])!)).toEqual([1, 1, 0]);
    expect(Array.from(filterMask(index, [['language:fr', 'type:content']])!)).toEqual([0, 1, 1]);
    expect(Array.from(filterMask(index, ['language:-en'])!)).toEqual([0, 0, 1]);
    expect(filterMask(index, ['language:en'])).toBe(filterMask(index, ['language:en']));
    expect(filterMask(index, undefined)).toBeNull();
  });

  it('counts the values of the facets asked for', () => {
    expect(facetCounts(records, [0, 1, 2], ['language'])).toEqual({language: {en: 2, fr: 1}});
    expect(facetCounts(records, [0], undefined)).toEqual({});
  });
});
