import {describe, expect, it} from 'vitest';
import {FixedWindowLimiter} from './rate-limit';

describe('FixedWindowLimiter', () => {
  it('lets a client make `limit` requests per window, then says how long to wait', () => {
    let now = 10_000;
    const limiter = new FixedWindowLimiter({limit: 2, windowMs: 60_000, now: () => now});
    expect(limiter.take('a')).toEqual({allowed: true, remaining: 1, resetSeconds: 50});
    expect(limiter.take('a')).toEqual({allowed: true, remaining: 0, resetSeconds: 50});
    expect(limiter.take('a')).toEqual({allowed: false, retryAfterSeconds: 50});
    // Another client has its own budget.
    expect(limiter.take('b').allowed).toBe(true);
    now = 59_500;
    expect(limiter.take('a')).toEqual({allowed: false, retryAfterSeconds: 1});
    now = 60_000;
    expect(limiter.take('a')).toEqual({allowed: true, remaining: 1, resetSeconds: 60});
  });

  it('refuses a limit or window that is not positive', () => {
    expect(() => new FixedWindowLimiter({limit: 0})).toThrow(/positive/);
    expect(() => new FixedWindowLimiter({windowMs: -1})).toThrow(/positive/);
  });
});
