/**
 * Stale-if-error for a known partner. The seed's rule (default brand on any failure) is for
 * hosts the reader's browser knows nothing about; where it holds this host's partner brand
 * from a recent visit, a failed lookup keeps that brand, retries in the background and
 * applies the config that eventually arrives. Pure decisions and a small retry loop with
 * its clock passed in, so both are tested without a browser.
 */

/** How long a cached partner brand may stand in for a failed lookup: 7 days after it was stored. */
export const BRAND_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Background lookups after the first one failed, at most (the first waits 2 s, each next one 3x longer: 2, 6, 18, 54 s). */
export const BRAND_RETRY_LIMIT = 4;
/** Wait before the first background lookup. */
export const BRAND_RETRY_FIRST_DELAY_MS = 2_000;
/** Each next wait is this many times the one before. */
export const BRAND_RETRY_BACKOFF = 3;

/** Why a lookup failed. Only `not-a-partner` (HTTP 404) says anything about the host. */
export type LookupFailure = 'not-a-partner' | 'timeout' | 'network' | 'http' | 'invalid';

/** Sorts a failed lookup: an HTTP status (404 or another), an abort (the page's timeout), a failed fetch, or a body that is not a config. */
export function classifyFailure(error: unknown): LookupFailure {
  const status = typeof error === 'object' && error !== null ? (error as {status?: unknown}).status : undefined;
  if (status === 404) return 'not-a-partner';
  if (typeof status === 'number') return 'http';
  const name = typeof error === 'object' && error !== null ? (error as {name?: unknown}).name : undefined;
  if (name === 'AbortError' || name === 'TimeoutError') return 'timeout';
  // fetch() rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return 'network';
  return 'invalid';
}

/**
 * Whether a cached brand stored at `savedAt` may still stand in for a failed lookup at `now`.
 * An entry without a time (written before entries had one) counts as expired, as does one
 * from more than the maximum age in the future (a clock that went far back).
 */
export function isCacheFresh(savedAt: unknown, now: number): boolean {
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return false;
  const age = now - savedAt;
  return age < BRAND_CACHE_MAX_AGE_MS && age > -BRAND_CACHE_MAX_AGE_MS;
}

/** What this host's cache held when the page loaded. */
export type CacheState = 'none' | 'fresh' | 'expired';

/** What a failed lookup leads to. */
export interface FailureOutcome {
  /** The brand to show: the cached partner's, or the default. */
  show: 'cached' | 'default';
  /** Remember the host as "not a partner" (forgetting the cached partner brand). */
  forget: boolean;
  /** Look again in the background. */
  retry: boolean;
}

/**
 * The decision table. A 404 means the partner left (or never was one): the default brand, and the
 * cache forgets the partner. Any other failure keeps a fresh cached brand and retries; with no
 * cached brand, or an expired one, it is the seed's rule: the default brand, cache untouched.
 */
export function decideOnFailure(failure: LookupFailure, cache: CacheState): FailureOutcome {
  if (failure === 'not-a-partner') return {show: 'default', forget: true, retry: false};
  if (cache === 'fresh') return {show: 'cached', forget: false, retry: true};
  return {show: 'default', forget: false, retry: false};
}

/** The wait before background lookup number `retry` (0 for the first), or null when none is left. */
export function retryDelayMs(retry: number): number | null {
  if (!Number.isInteger(retry) || retry < 0 || retry >= BRAND_RETRY_LIMIT) return null;
  return BRAND_RETRY_FIRST_DELAY_MS * BRAND_RETRY_BACKOFF ** retry;
}

/** What the loop reports. Exactly one of `fresh` or `fallback` ends it; `stale` may come before either. */
export interface LookupHandlers<C> {
  /** A config arrived (from the first lookup or a retry): show it and cache it. */
  fresh(config: C): void;
  /** A lookup failed and the cached brand stays; `retrying` says whether another lookup is scheduled. */
  stale(error: unknown, failure: LookupFailure, retrying: boolean): void;
  /** The default brand; `forget`: the host is not a partner (any more). */
  fallback(error: unknown, failure: LookupFailure, forget: boolean): void;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Looks up the config with `lookup` (each call one request), and on failure acts as
 * `decideOnFailure` says for `cache`, retrying with backoff while the cached brand stands in.
 * Returns a function that stops it: nothing is reported after that.
 */
export function lookUpBrand<C>(
  lookup: () => Promise<C>,
  cache: CacheState,
  handlers: LookupHandlers<C>,
  timers: Timers = {setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)},
): () => void {
  let stopped = false;
  let retries = 0;
  let timer: unknown = null;
  const attempt = () => {
    timer = null;
    new Promise<C>((resolve) => resolve(lookup())).then(
      (config) => {
        if (!stopped) handlers.fresh(config);
      },
      (error: unknown) => {
        if (stopped) return;
        const failure = classifyFailure(error);
        const outcome = decideOnFailure(failure, cache);
        if (outcome.show === 'default') {
          handlers.fallback(error, failure, outcome.forget);
          return;
        }
        const delay = outcome.retry ? retryDelayMs(retries) : null;
        retries += 1;
        handlers.stale(error, failure, delay !== null);
        if (delay !== null) timer = timers.setTimeout(attempt, delay);
      },
    );
  };
  attempt();
  return () => {
    stopped = true;
    if (timer !== null) timers.clearTimeout(timer);
  };
}
