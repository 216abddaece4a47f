/**
 * The contract between the /search page's early script (`early.ts`, inlined in the page's
 * <head>) and the app: the early script starts the search worker and asks it the URL's
 * query before the app's code has even loaded; the app then takes that worker over instead
 * of starting a second one, so the index is loaded and built once.
 */

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
}

/** The early script's worker, once: null where there is none (no query, another page, Algolia mode). */
export function takeEarlyWorker(scope: object = globalThis): Worker | null {
  const holder = scope as Record<string, EarlySearch | undefined>;
  const early = holder[EARLY_SEARCH_GLOBAL];
  if (!early || typeof early.take !== 'function') return null;
  delete holder[EARLY_SEARCH_GLOBAL];
  return early.take();
}
