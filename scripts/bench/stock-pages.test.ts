import {describe, expect, it} from 'vitest';
import {COMPARED_PAGE_NAMES, comparedPagesFromEnv} from './stock-pages';

describe('the pages the bench against stock measures', () => {
  it('are all of them unless some are named', () => {
    expect([...comparedPagesFromEnv(undefined)]).toEqual([...COMPARED_PAGE_NAMES]);
    expect([...comparedPagesFromEnv(' ')]).toEqual([...COMPARED_PAGE_NAMES]);
  });

  it('are the ones named, spaces and empty items ignored', () => {
    expect([...comparedPagesFromEnv('intro, api,')]).toEqual(['intro', 'api']);
  });

  it('refuses a name it does not know, listing the known ones', () => {
    expect(() => comparedPagesFromEnv('intro,apis')).toThrow('BENCH_STOCK_PAGES names no page called "apis"; the pages are home, intro, guide, api, section');
  });
});
