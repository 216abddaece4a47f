/**
 * The /search page's first results before the app has loaded. The build inlines this
 * script (bundled from `early.entry.ts`) in the page's body, after the app's root,
 * local mode only; a smaller script first in the <head> (`workerStarterSource`) has already
 * started the search worker where the URL carries a query, and this one takes it over (or
 * starts one). The worker is named so that as it starts it fetches
 * the index's entry file and the query's term files itself and answers the page's first
 * request unasked (the page's thread, busy parsing and painting on a slow device, would hold
 * up a file on its way to the worker, and a message too);
 * the answer is written into the page's `[data-early-results]` place, from a template the
 * page carries, as text (highlights as <mark> elements, links only to this site). On a
 * slow device the app's scripts take over a second to start; the worker works beside them.
 *
 * When the app starts, its search client takes the worker over (`earlyHandover.ts`), its
 * /search page marks the place as taken, asks the same query (the worker has its files) and
 * replaces these results with its own, alike. Anything that fails here only means the
 * results wait for the app, as before.
 */
import {answersIn} from './answers';
import {EARLY_SEARCH_GLOBAL, EARLY_SEARCH_ID, earlyWorkerName, type EarlyConfig, type EarlySearch, type StartedWorker} from './earlyHandover';
import {MAX_QUERY_LENGTH} from './limits';
import {groupHits, type PageHit, type PageResult} from './resultsPage';
import type {FromWorker} from './workerClient';

/** What the early script needs of the page and the browser (the page's own, except in tests). */
export interface EarlyEnvironment {
  /** The page's address (its query string is read). */
  href: string;
  /** The worker script's and the index's addresses and the search request's settings, from the build. */
  config: EarlyConfig;
  /**
   * Starts the worker at `url`, named `name` (which tells it what to load and answer), or
   * takes the one the page's first script started, with what it has sent so far.
   */
  startWorker(url: string, name: string): StartedWorker;
  snippetWords: number;
  /** Shows the first screen of results (once the page is parsed: the promise, if any, says when). */
  render(query: string, results: PageResult[]): void | Promise<void>;
  /**
   * True when the page came with its first results in it (the server's, server/search-page.ts):
   * this script then shows none and is done at once, so the page's loader does not hold the
   * app's scripts for it. The worker still starts and loads the query's files for the app.
   */
  resultsInPage?: boolean;
  onStatus(status: string): void;
}

/** The query the page will search for this address: trimmed and cut as the page cuts it; '' for none. */
export function earlyQuery(href: string): string {
  return (new URL(href).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * Starts the worker and asks it the URL's query; null when there is no query or no worker.
 * The returned handle is what the app takes over.
 */
export function startEarlySearch(env: EarlyEnvironment): EarlySearch | null {
  const query = earlyQuery(env.href);
  const {entry, worker: script} = env.config;
  if (!query || !entry || !script) return null;
  let worker: Worker | null;
  let missed: readonly unknown[];
  try {
    const {indexName, facetFilters} = env.config;
    ({worker, missed} = env.startWorker(script, earlyWorkerName({entry: new URL(entry, env.href).href, query, indexName, facetFilters, snippetWords: env.snippetWords})));
  } catch {
    return null;
  }
  /** Until the app takes the worker over, this script passes the index's status on. */
  let serving = true;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  if (env.resultsInPage) settle();
  const onMessage = ({data}: MessageEvent<FromWorker>) => {
    const answer = answersIn(data).find(({id}) => id === EARLY_SEARCH_ID);
    if (answer) {
      if ('value' in answer && !env.resultsInPage) {
        const hits = ((answer.value as {results?: {hits?: PageHit[]}[]})?.results?.[0]?.hits ?? []) as PageHit[];
        // A render that throws shows nothing more: the app's results follow as before.
        new Promise<void>((resolve) => resolve(env.render(query, groupHits(hits)))).then(settle, settle);
      } else settle();
    } else if (serving && data.type === 'status') env.onStatus(data.status);
  };
  worker.addEventListener('message', onMessage);
  // A worker whose script fails is not handed over: the app starts its own, or searches without one.
  worker.addEventListener('error', () => {
    worker?.removeEventListener('message', onMessage);
    worker = null;
    settle();
  });
  // The worker answers the page's first request unasked (`earlySearchInput`): what it sent
  // before this script listened is read first.
  for (const data of missed) onMessage({data} as MessageEvent<FromWorker>);
  return {
    query,
    settled,
    take() {
      serving = false;
      return worker;
    },
  };
}

/** The address a result links to on this site (path and anchor, as the app's links have them), or null for any other. */
export function sameSiteHref(url: string, pageHref: string): string | null {
  try {
    const page = new URL(pageHref);
    const target = new URL(url, page);
    return target.origin === page.origin && /^https?:$/.test(target.protocol) ? target.pathname + target.hash : null;
  } catch {
    return null;
  }
}

/** Registers the handle where the app finds it. */
export function offer(scope: object, early: EarlySearch): void {
  (scope as Record<string, EarlySearch>)[EARLY_SEARCH_GLOBAL] = early;
}
