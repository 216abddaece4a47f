import {describe, expect, it} from 'vitest';
import {COMPARED_PAGE_NAMES, comparedPagesFromEnv, slowHostNote} from './stock-pages';

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

describe("whether a run's CPU slowdown stands for the slow host", () => {
  it("says so when stock's intro blocks within that host's range", () => {
    expect(slowHostNote(722, 5)).toBe("Stock's intro blocks 722 ms at 5x CPU: within the 480-770 ms of the slow host the slow-CPU targets were set on, so this run stands for it.");
  });

  it('names a slowdown that should come near it when the run is slowed too much or too little', () => {
    expect(slowHostNote(994, 8)).toBe("Stock's intro blocks 994 ms at 8x CPU: above the 480-770 ms of the slow host the slow-CPU targets were set on; BENCH_CPU_SLOWDOWN=5 should come near it on this machine.");
    expect(slowHostNote(300, 4)).toMatch(/below the 480-770 ms .*; BENCH_CPU_SLOWDOWN=8 should come/);
    expect(slowHostNote(0, 4)).toMatch(/blocks 0 ms at 4x CPU: below the 480-770 ms of the slow host the slow-CPU targets were set on\.$/);
  });
});
