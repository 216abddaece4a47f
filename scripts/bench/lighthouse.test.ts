import {describe, expect, it} from 'vitest';
import {cpuSlowdownFromEnv, loadTimeoutWarning, throttlingFromEnv} from './lighthouse';

describe('the bench throttling setting', () => {
  it("is Lighthouse's simulation unless devtools is asked for", () => {
    expect(throttlingFromEnv(undefined)).toBe('simulate');
    expect(throttlingFromEnv('')).toBe('simulate');
    expect(throttlingFromEnv('simulate')).toBe('simulate');
    expect(throttlingFromEnv('devtools')).toBe('devtools');
  });

  it('refuses any other value, naming it', () => {
    expect(() => throttlingFromEnv('fast')).toThrow('BENCH_THROTTLING must be simulate or devtools, got "fast"');
  });
});

describe('the bench CPU slowdown setting', () => {
  it("is each bench's own default when unset, else the number given", () => {
    expect(cpuSlowdownFromEnv(undefined)).toBeUndefined();
    expect(cpuSlowdownFromEnv(' ')).toBeUndefined();
    expect(cpuSlowdownFromEnv('8')).toBe(8);
    expect(cpuSlowdownFromEnv('2.5')).toBe(2.5);
  });

  it('refuses anything but a number of at least 1, naming it', () => {
    expect(() => cpuSlowdownFromEnv('fast')).toThrow('BENCH_CPU_SLOWDOWN must be a number of at least 1, not "fast"');
    expect(() => cpuSlowdownFromEnv('0.5')).toThrow('not "0.5"');
  });
});

describe("Lighthouse's load-limit warning", () => {
  it('is found among the run warnings, and only that one', () => {
    const warning = 'The page loaded too slowly to finish within the time limit. Results may be incomplete.';
    expect(loadTimeoutWarning(['There may be stored data affecting loading performance in this location.', warning])).toBe(warning);
    expect(loadTimeoutWarning(['There may be stored data affecting loading performance in this location.'])).toBeUndefined();
    expect(loadTimeoutWarning([])).toBeUndefined();
    expect(loadTimeoutWarning(undefined)).toBeUndefined();
  });
});
