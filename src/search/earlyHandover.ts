/**
 * The contract between the /search page's early script (`early.ts`, inlined in the page's
 * body, after the app's root element) and the app: the early script starts the search worker
 * and asks it the URL's query before the app's code has even loaded; the app then takes that
 * worker over instead of starting a second one, so the index is loaded and built once.
 */

import type {LocalSearchInput} from './clientTypes';
import {MAX_QUERY_LENGTH} from './limits';
import {FIRST_SCREEN_HITS, NARROW_SCREEN, pageSearchParams, SNIPPET_WORDS} from './resultsPage';

/**
 * Where the /search page's first script leaves the worker it started (a property of
 * `window`): an `EarlyWorkerSlot`. That script is a few bytes, first in the <head>; the early
 * script comes after the app's root, in the body. Starting the worker's thread takes a task
 * of the page's thread, which then has only the rest of the <head> before it, not the early
 * script too (at 5x CPU the worker's thread started 20-70 ms sooner in five A/B runs).
 */
export const EARLY_WORKER_GLOBAL = '__docsSearchWorker';

/** What the first script leaves: the worker, whether it failed and what it sent before the early script listened. */
export interface EarlyWorkerSlot {
  worker: Worker;
  failed: boolean;
  /** The data of its messages until taken (then null). */
  missed: unknown[] | null;
}

/** The search worker's name where no page started it for a query. */
export const WORKER_NAME = 'search';

/** What a worker started for the /search page's query is to load and answer. */
export interface EarlyWorkerOrder {
  /** The index's entry file. */
  entry: string;
  query: string;
  indexName: string;
  facetFilters?: unknown;
  /** The snippet's length in words (the page's `snippetWords`). */
  snippetWords: number;
}

/**
 * The name of a worker started for the /search page's query: it carries what the worker
 * needs to fetch the index's entry file and the query's term files and to answer the page's
 * first request, all as its script runs. A message would reach it only once the page's
 * thread has passed it on, after the worker started: on a slow device, hundreds of
 * milliseconds later, with the page's thread parsing and painting meanwhile.
 */
export function earlyWorkerName(order: EarlyWorkerOrder): string {
  const params = new URLSearchParams({entry: order.entry, q: order.query.trim().slice(0, MAX_QUERY_LENGTH), index: order.indexName, words: String(order.snippetWords)});
  if (order.facetFilters !== undefined) params.set('facets', JSON.stringify(order.facetFilters));
  return `${WORKER_NAME}?${params}`;
}

/**
 * What a worker named by `earlyWorkerName` is to do: the entry file's address resolved
 * against the worker's own (and only on its origin); null for any other name.
 */
export function readEarlyWorkerName(name: string, workerHref: string): EarlyWorkerOrder | null {
  if (!name.startsWith(`${WORKER_NAME}?`)) return null;
  const params = new URLSearchParams(name.slice(WORKER_NAME.length + 1));
  const query = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const given = params.get('entry');
  const words = Number(params.get('words'));
  const facets = params.get('facets');
  if (!query || !given || !Number.isInteger(words) || words < 1 || words > 100) return null;
  try {
    const here = new URL(workerHref);
    const entry = new URL(given, here);
    if (entry.origin !== here.origin) return null;
    return {entry: entry.href, query, indexName: params.get('index') ?? '', snippetWords: words, ...(facets === null ? {} : {facetFilters: JSON.parse(facets) as unknown})};
  } catch {
    return null;
  }
}

/** The page's first request for the query, as the worker answers it unasked (under EARLY_SEARCH_ID). */
export function earlySearchInput(order: EarlyWorkerOrder): LocalSearchInput {
  return {requests: [{indexName: order.indexName, params: pageSearchParams(order.query, order.facetFilters, order.snippetWords, FIRST_SCREEN_HITS)}]};
}

/** The /search page's early scripts' settings, from the build: where the worker and the index are, and the search settings. */
export interface EarlyConfig {
  /** The search worker's script. */
  worker: string;
  /** The index's entry file (as every page's `docsearch:records` meta tag names it). */
  entry: string;
  indexName: string;
  facetFilters?: unknown;
}

/**
 * The first script: it starts the worker where the URL has a query (as `earlyQuery` in
 * early.ts reads it), named as `earlyWorkerName` names it, and leaves it in
 * `EARLY_WORKER_GLOBAL` with the messages it sends before the early script listens. Without
 * a query it adds the entry file's preload link to the <head> instead: the app's client will
 * want that file, and takes this request up (`crossorigin` makes it the same as the client's
 * same-origin fetch). ES5.
 */
export function workerStarterSource(config: EarlyConfig): string {
  const string = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const facets = config.facetFilters === undefined ? '' : `n.set("facets",${string(JSON.stringify(config.facetFilters))});`;
  const preload = `var l=document.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href=${string(config.entry)};document.head.appendChild(l);return}`;
  return (
    `!function(){try{var q=new URLSearchParams(location.search).get("q");if(!q||!(q=q.trim())){${preload}` +
    `var n=new URLSearchParams({entry:${string(config.entry)},q:q.slice(0,${MAX_QUERY_LENGTH}),index:${string(config.indexName)},words:String(matchMedia(${string(NARROW_SCREEN)}).matches?${SNIPPET_WORDS.narrow}:${SNIPPET_WORDS.wide})});${facets}` +
    `var w=new Worker(${string(config.worker)},{name:${string(`${WORKER_NAME}?`)}+n}),s={worker:w,failed:!1,missed:[]};` +
    'w.addEventListener("error",function(){s.failed=!0});w.addEventListener("message",function(e){s.missed&&s.missed.push(e.data)});' +
    `window.${EARLY_WORKER_GLOBAL}=s}catch(e){}}()`
  );
}

/** A worker, and the data of the messages it sent before anyone listened. */
export interface StartedWorker {
  worker: Worker;
  missed: readonly unknown[];
}

/** The worker the first script started for `url`, once; null where it started none (or another). */
export function takeStartedWorker(url: string, scope: object = globalThis): StartedWorker | null {
  const holder = scope as Record<string, EarlyWorkerSlot | undefined>;
  const slot = holder[EARLY_WORKER_GLOBAL];
  delete holder[EARLY_WORKER_GLOBAL];
  if (!slot || typeof slot !== 'object' || !slot.worker) return null;
  if (slot.failed) throw new Error(`The search worker ${url} failed to start.`);
  const missed = Array.isArray(slot.missed) ? slot.missed : [];
  slot.missed = null;
  return {worker: slot.worker, missed};
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
/**
 * Its value once results are in that place: put there by the server with the page's HTML
 * (server/search-page.ts) or by the early script. The app sets it back to '' when its own
 * results take their place.
 */
export const EARLY_RESULTS_SHOWN = 'shown';
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
