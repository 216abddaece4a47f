import {describe, expect, it} from 'vitest';
import {throttlingFromEnv} from './lighthouse';

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
