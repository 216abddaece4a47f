import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {
  BRAND_CACHE_MAX_AGE_MS,
  BRAND_RETRY_LIMIT,
  classifyFailure,
  decideOnFailure,
  isCacheFresh,
  lookUpBrand,
  retryDelayMs,
  type CacheState,
  type LookupFailure,
} from './staleIfError';

const httpError = (status: number) => Object.assign(new Error('Failed to fetch config'), {status});

/** One example of each way a lookup fails, as the browser and requestPartnerConfig report them. */
const FAULTS: Record<LookupFailure, unknown[]> = {
  'not-a-partner': [httpError(404)],
  timeout: [new DOMException('signal is aborted without reason', 'AbortError'), new DOMException('The operation timed out.', 'TimeoutError')],
  network: [new TypeError('Failed to fetch')],
  http: [httpError(500), httpError(502), httpError(503), httpError(429), httpError(401), httpError(410)],
  invalid: [new SyntaxError('Unexpected end of JSON input'), new Error('Invalid partner config: it must be an object with a non-empty name'), 'a string', null],
};

describe('classifyFailure', () => {
  for (const [kind, errors] of Object.entries(FAULTS)) {
    it(`tells ${kind}`, () => {
      for (const error of errors) expect(classifyFailure(error), String(error)).toBe(kind);
    });
  }
});

describe('decideOnFailure', () => {
  const faults = ['timeout', 'network', 'http', 'invalid'] as const;

  for (const fault of faults) {
    it(`keeps a fresh cached partner brand after a ${fault} and retries`, () => {
      expect(decideOnFailure(fault, 'fresh')).toEqual({show: 'cached', forget: false, retry: true});
    });

    for (const cache of ['none', 'expired'] as const) {
      it(`shows the default brand after a ${fault} with ${cache === 'none' ? 'nothing cached' : 'an expired cache'}, keeping the cache and not retrying`, () => {
        expect(decideOnFailure(fault, cache)).toEqual({show: 'default', forget: false, retry: false});
      });
    }
  }

  for (const cache of ['none', 'fresh', 'expired'] as const) {
    it(`treats a 404 as "the partner left" (${cache}): the default brand, and the cache forgets the partner`, () => {
      expect(decideOnFailure('not-a-partner', cache)).toEqual({show: 'default', forget: true, retry: false});
    });
  }
});

describe('isCacheFresh', () => {
  const NOW = Date.UTC(2025, 5, 1);

  it('is fresh for 7 days after it was stored', () => {
    expect(BRAND_CACHE_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(isCacheFresh(NOW, NOW)).toBe(true);
    expect(isCacheFresh(NOW - BRAND_CACHE_MAX_AGE_MS + 1, NOW)).toBe(true);
    expect(isCacheFresh(NOW - BRAND_CACHE_MAX_AGE_MS, NOW)).toBe(false);
  });

  it('tolerates a clock set back a little, not a time far in the future', () => {
    expect(isCacheFresh(NOW + 60_000, NOW)).toBe(true);
    expect(isCacheFresh(NOW + BRAND_CACHE_MAX_AGE_MS, NOW)).toBe(false);
  });

  it('counts a missing or malformed time as expired', () => {
    for (const savedAt of [undefined, null, '2025-06-01', NaN, Infinity, {}]) expect(isCacheFresh(savedAt, NOW), String(savedAt)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('backs off a bounded number of times', () => {
    const delays = Array.from({length: BRAND_RETRY_LIMIT + 2}, (_, i) => retryDelayMs(i));
    expect(delays).toEqual([2_000, 6_000, 18_000, 54_000, null, null]);
    expect(retryDelayMs(-1)).toBeNull();
  });
});

describe('lookUpBrand', () => {
  interface Config {
    name: string;
  }
  const acme: Config = {name: 'Acme Compute'};
  const renamed: Config = {name: 'Acme Cloud'};

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs the loop over a scripted list of answers (a config, or an error to reject with), recording what it reports. */
  function run(cache: CacheState, answers: (Config | Error)[]) {
    const events: string[] = [];
    let calls = 0;
    const lookup = () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    };
    const stop = lookUpBrand(lookup, cache, {
      fresh: (config) => events.push(`fresh ${config.name}`),
      stale: (_error, failure, retrying) => events.push(`stale ${failure}${retrying ? ' retrying' : ' given up'}`),
      fallback: (_error, failure, forget) => events.push(`default ${failure}${forget ? ' forget' : ''}`),
    });
    return {events, stop, calls: () => calls};
  }

  it('applies a config that arrives at once', async () => {
    const {events} = run('fresh', [acme]);
    await vi.runAllTimersAsync();
    expect(events).toEqual(['fresh Acme Compute']);
  });

  for (const [fault, error] of [
    ['timeout', new DOMException('aborted', 'AbortError')],
    ['network', new TypeError('Failed to fetch')],
    ['http', httpError(500)],
    ['invalid', new SyntaxError('Unexpected token')],
  ] as const) {
    it(`keeps the cached brand through a ${fault} and applies the fresh config a retry brings, replacing the cached one`, async () => {
      const {events, calls} = run('fresh', [error, error, renamed]);
      await vi.advanceTimersByTimeAsync(0);
      expect(events).toEqual([`stale ${fault} retrying`]);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(calls()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls()).toBe(2);
      await vi.advanceTimersByTimeAsync(6_000);
      expect(events).toEqual([`stale ${fault} retrying`, `stale ${fault} retrying`, 'fresh Acme Cloud']);
      expect(events.some((event) => event.startsWith('default'))).toBe(false);
    });

    it(`shows the default brand at once after a ${fault} with nothing cached, or an expired cache, and does not retry`, async () => {
      for (const cache of ['none', 'expired'] as const) {
        const {events, calls} = run(cache, [error, acme]);
        await vi.runAllTimersAsync();
        expect(events, cache).toEqual([`default ${fault}`]);
        expect(calls()).toBe(1);
      }
    });
  }

  it('gives up after the last retry, the cached brand still showing', async () => {
    const {events, calls} = run('fresh', [httpError(503)]);
    await vi.runAllTimersAsync();
    expect(calls()).toBe(1 + BRAND_RETRY_LIMIT);
    expect(events).toEqual([...Array(BRAND_RETRY_LIMIT).fill('stale http retrying'), 'stale http given up']);
  });

  it('a 404 on a retry means the partner left: the default brand, the cache forgotten, no more retries', async () => {
    const {events, calls} = run('fresh', [new TypeError('Failed to fetch'), httpError(404), acme]);
    await vi.runAllTimersAsync();
    expect(events).toEqual(['stale network retrying', 'default not-a-partner forget']);
    expect(calls()).toBe(2);
  });

  it('a 404 on the first lookup forgets the cached partner at once', async () => {
    const {events} = run('fresh', [httpError(404)]);
    await vi.runAllTimersAsync();
    expect(events).toEqual(['default not-a-partner forget']);
  });

  it('reports nothing and looks no more once stopped', async () => {
    const {events, stop, calls} = run('fresh', [httpError(500), acme]);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.runAllTimersAsync();
    expect(events).toEqual(['stale http retrying']);
    expect(calls()).toBe(1);
  });

  it('counts a lookup that throws as a failed one', async () => {
    const events: string[] = [];
    lookUpBrand(
      () => {
        throw new TypeError('Failed to fetch');
      },
      'none',
      {fresh: () => events.push('fresh'), stale: () => events.push('stale'), fallback: (_e, failure) => events.push(`default ${failure}`)},
    );
    await vi.runAllTimersAsync();
    expect(events).toEqual(['default network']);
  });
});
