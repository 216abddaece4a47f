/**
 * The contract between the /search page's early script (`early.ts`, inlined in the page's
 * <head>) and the app: the early script starts the search worker and asks it the URL's
 * query before the app's code has even loaded; the app then takes that worker over instead
 * of starting a second one, so the index is loaded and built once.
 */

/**
 * Where the /search page's first script leaves the worker it started (a property of
 * `window`): an `EarlyWorkerSlot`. That script is a few bytes, so the worker's thread starts
 * while the browser still compiles the early script (on a slow device, about 50 ms sooner).
 */
export const EARLY_WORKER_GLOBAL = '__docsSearchWorker';

/** What the first script leaves: the worker, and whether it failed before the early script listened. */
export interface EarlyWorkerSlot {
  worker: Worker;
  failed: boolean;
}

/**
 * The first script, for a worker at `workerUrl`: it starts the worker where the URL has a
 * query (as `earlyQuery` in early.ts reads it) and leaves it in `EARLY_WORKER_GLOBAL`. ES5.
 */
export function workerStarterSource(workerUrl: string): string {
  return `!function(){try{var q=new URLSearchParams(location.search).get("q");if(!q||!q.trim())return;var w=new Worker(${JSON.stringify(workerUrl).replace(/</g, '\\u003c')},{name:"search"}),s={worker:w,failed:!1};w.addEventListener("error",function(){s.failed=!0});window.${EARLY_WORKER_GLOBAL}=s}catch(e){}}()`;
}

/** The worker the first script started for `url`, once; null where it started none (or another). */
export function takeStartedWorker(url: string, scope: object = globalThis): Worker | null {
  const holder = scope as Record<string, EarlyWorkerSlot | undefined>;
  const slot = holder[EARLY_WORKER_GLOBAL];
  delete holder[EARLY_WORKER_GLOBAL];
  if (!slot || typeof slot !== 'object' || !slot.worker) return null;
  if (slot.failed) throw new Error(`The search worker ${url} failed to start.`);
  return slot.worker;
}

/** Where the early script leaves its worker for the app (a property of `window`). */
export const EARLY_SEARCH_GLOBAL = '__docsEarlySearch';

/**
 * The id of the early script's one search request. The app's client numbers its requests
 * from 0, so the two never share an id; each ignores answers to the other's.
 */
export const EARLY_SEARCH_ID = 2 ** 30;

/** `<div data-early-results>`: the page's place for results shown before the app starts. */
export const EARLY_RESULTS_ATTRIBUTE = 'data-early-results';
/** Set on that place by the app when it renders results itself: the early script then shows nothing. */
export const EARLY_TAKEN_ATTRIBUTE = 'data-taken';
/** `<template data-result-template>`: one result's markup, for the early script to fill. */
export const RESULT_TEMPLATE_ATTRIBUTE = 'data-result-template';
/** On the page's <h1>: its title for a query, with `{query}` where the query goes. */
export const QUERY_TITLE_ATTRIBUTE = 'data-query-title';

export interface EarlySearch {
  /** The query the early script asked, as the page will ask it. */
  readonly query: string;
  /**
   * The worker, for the app's client from now on (the early script stops answering its
   * requests for files), or null when it failed to start.
   */
  take(): Worker | null;
  /**
   * Settles once this script is done with the page: its results are shown, or it will show
   * none (no hits, an error, a worker that failed). The page's loader holds the app's scripts
   * until then (or a cap, `EARLY_HOLD_MS`), so that on a slow device they do not take the
   * page's thread while the answer waits to be shown.
   */
  readonly settled: Promise<void>;
}

/**
 * How long the page's loader (src/ssgTemplate.ts) holds the app's scripts at most, from the
 * first paint, for the early results. The scripts download meanwhile (the page preloads
 * them): only their start waits. At 8x CPU slowdown the results show about 0.3 s after
 * the first paint.
 */
export const EARLY_HOLD_MS = 1000;

/** The early script's worker, once: null where there is none (no query, another page, Algolia mode). */
export function takeEarlyWorker(scope: object = globalThis): Worker | null {
  const holder = scope as Record<string, EarlySearch | undefined>;
  const early = holder[EARLY_SEARCH_GLOBAL];
  if (!early || typeof early.take !== 'function') return null;
  delete holder[EARLY_SEARCH_GLOBAL];
  return early.take();
}
