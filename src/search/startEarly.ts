/**
 * A client module (local search only): on a page that asks for the search records at once
 * (the /search page preloads them from its <head>), the index starts loading as soon as the
 * app's code runs, while React is still hydrating the page, instead of when the results
 * component mounts. The worker then builds it beside the page's start-up, and the results
 * can follow hydration. Other pages load nothing here.
 */
export const RECORDS_PRELOAD = 'link[rel="preload"][href*="/search/meta."], link[rel="preload"][href*="/search/records."]';

/** Returns the started preload, or null where the page does not ask for the records. */
export function startIfAsked(): Promise<void> | null {
  if (typeof document === 'undefined' || !document.querySelector(RECORDS_PRELOAD)) return null;
  return import('./localSearch').then((m) => m.localSearchClient().preload());
}

void startIfAsked();
