/**
 * A per-client request budget for `/mcp`: a fixed window per client key (the IP), so a
 * runaway assistant loop or a scraper cannot hold the server's CPU. Fixed windows are
 * coarse at their edges (up to twice the budget across one boundary) but need one counter
 * per client and nothing else; the whole table is dropped when a window ends, so memory
 * never outlives a window.
 */

/** Requests one client may make per window. An assistant's session makes a few per question. */
export const RATE_LIMIT_REQUESTS = 300;
/** Length of a window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Clients tracked in one window; past this, new clients share one budget rather than grow the table. */
const MAX_TRACKED_CLIENTS = 100_000;
const OVERFLOW_KEY = '\u0000overflow';

export interface RateLimitOptions {
  /** Requests per window and client. */
  limit?: number;
  windowMs?: number;
  /** The clock, in milliseconds; tests pass their own. */
  now?: () => number;
}

export type RateDecision = {allowed: true; remaining: number; resetSeconds: number} | {allowed: false; retryAfterSeconds: number};

export class FixedWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  readonly #now: () => number;
  #window = -1;
  #counts = new Map<string, number>();

  constructor(options: RateLimitOptions = {}) {
    this.limit = options.limit ?? RATE_LIMIT_REQUESTS;
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    if (!(this.limit > 0) || !(this.windowMs > 0)) throw new Error('A rate limit needs a positive number of requests and a positive window.');
  }

  /** Counts one request of `client`; says whether it may go on, or how long to wait. */
  take(client: string): RateDecision {
    const now = this.#now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.#window) {
      this.#window = window;
      this.#counts = new Map();
    }
    const key = this.#counts.has(client) || this.#counts.size < MAX_TRACKED_CLIENTS ? client : OVERFLOW_KEY;
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    const windowEnd = (window + 1) * this.windowMs;
    if (count <= this.limit) return {allowed: true, remaining: this.limit - count, resetSeconds: Math.max(0, Math.ceil((windowEnd - now) / 1000))};
    return {allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000))};
  }
}
