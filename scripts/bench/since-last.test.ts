import {describe, expect, it} from 'vitest';
import {compareRuns, figuresOf, sinceLastReport} from './since-last';

const lighthouse = (mainThread: number, tbt: number) => ({score: 1, fcp: 900, lcp: 1000, tbt, cls: 0, mainThread, bootup: 600});

/** A bench result shaped as `npm run bench` writes it, with only what the comparison reads. */
function run(overrides: {jsGzip?: number; apiMainThread?: number; stockMainThread?: number; records?: number; partnerRatio?: string; webpackSeconds?: number} = {}) {
  return {
    date: '2026-11-30T10:00:00.000Z',
    build: {faster: {seconds: 20}, webpack: {seconds: overrides.webpackSeconds ?? 60}},
    pages: [
      {route: '/docs/intro', weight: {jsRaw: 500_000, jsGzip: overrides.jsGzip ?? 150_000, cssRaw: 100_000, cssGzip: 17_000, requests: 6}},
    ],
    search: {brotliBytes: overrides.records ?? 500_000},
    searchChunks: {modal: [{query: 'volume', chunkedBytes: 40_000}]},
    partnerApi: {ratio: overrides.partnerRatio ?? '0.95'},
    againstStock: [
      {site: 'stock', label: 'intro', route: '/docs/intro', figures: lighthouse(overrides.stockMainThread ?? 2500, 600)},
      {site: 'ours (CDN)', label: 'API page', route: '/docs/api', figures: lighthouse(overrides.apiMainThread ?? 1750, 100)},
    ],
  };
}

describe('the bench against its last run', () => {
  it('reads bytes and same-run ratios, never plain times', () => {
    const names = figuresOf(run()).map((figure) => figure.name);
    expect(names).toEqual([
      'first visit JS, gzip: /docs/intro',
      'first visit CSS, gzip: /docs/intro',
      'search records file, brotli',
      "search data before the modal's first hit: volume",
      'cold build, Faster / webpack',
      "main thread / stock's intro: ours (CDN) /docs/api",
      "TBT / stock's intro: ours (CDN) /docs/api",
      'partner-config API throughput, ours / bare node:http',
    ]);
    const api = figuresOf(run()).find((figure) => figure.name.startsWith('main thread'));
    expect(api?.value).toBeCloseTo(0.7);
  });

  it('finds nothing worse in a run compared with itself', () => {
    expect(compareRuns(run(), run()).filter((change) => change.worse)).toEqual([]);
  });

  it('calls bytes worse past 1 %, and better the other way', () => {
    const grew = compareRuns(run(), run({jsGzip: 152_000})).find((change) => change.name.startsWith('first visit JS'))!;
    expect(grew.worse).toBe(true);
    expect(grew.factor).toBeCloseTo(1.0133, 3);
    expect(compareRuns(run(), run({jsGzip: 151_000})).some((change) => change.worse)).toBe(false);
    expect(compareRuns(run(), run({records: 480_000})).some((change) => change.worse)).toBe(false);
  });

  it('calls a ratio worse past 10 %, whichever way is better for it', () => {
    // 1,750 / 2,500 = 0.70x; stock's intro measuring lower moves the ratio without our page changing.
    const worse = compareRuns(run(), run({stockMainThread: 2100})).find((change) => change.name.startsWith('main thread'))!;
    expect(worse.worse).toBe(true);
    expect(compareRuns(run(), run({apiMainThread: 1850})).some((change) => change.worse)).toBe(false);
    // Throughput: higher is better.
    expect(compareRuns(run(), run({partnerRatio: '0.80'})).find((change) => change.name.startsWith('partner'))!.worse).toBe(true);
    expect(compareRuns(run(), run({partnerRatio: '1.20'})).find((change) => change.name.startsWith('partner'))!.worse).toBe(false);
    // A faster build against webpack is better, not worse.
    expect(compareRuns(run(), run({webpackSeconds: 80})).find((change) => change.name.startsWith('cold build'))!.worse).toBe(false);
    expect(compareRuns(run(), run({webpackSeconds: 45})).find((change) => change.name.startsWith('cold build'))!.worse).toBe(true);
  });

  it('compares only the figures both runs have, and takes a broken or older result without throwing', () => {
    const older = {date: '2026-01-01', pages: run().pages};
    expect(compareRuns(older, run()).map((change) => change.name)).toEqual(['first visit JS, gzip: /docs/intro', 'first visit CSS, gzip: /docs/intro']);
    for (const broken of [null, 'text', 42, [], {pages: 'no'}, {againstStock: [{site: 'stock'}]}]) expect(compareRuns(broken, run())).toEqual([]);
  });

  it('reports the worse figures first, with both values, and says when there is nothing to compare', () => {
    const lines = sinceLastReport(run(), run({jsGzip: 160_000, partnerRatio: '1.2'}));
    expect(lines[0]).toContain('2026-11-30T10:00:00.000Z');
    expect(lines[0]).toContain('1 worse');
    expect(lines[3]).toBe('| first visit JS, gzip: /docs/intro | 146.5 KB | 156.3 KB | 1.07x, **worse** |');
    expect(lines[4]).toContain('partner-config API');
    expect(lines[4]).toContain('better');
    expect(sinceLastReport(undefined, run())).toEqual(['No earlier run in bench-results/ to compare with.']);
    expect(sinceLastReport({date: 'x'}, run())[0]).toContain('none of');
  });
});
