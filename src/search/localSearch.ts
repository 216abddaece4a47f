/**
 * The one local search client of the page, created on first use. This module is loaded
 * only when someone reaches for search (hover, focus, a keyboard shortcut or the /search
 * page), never on a plain page load. The index is built and queried in a Web Worker
 * (`workerClient.ts`); where no worker can run, on the page's own thread, in idle slices.
 */
import type {IndexStatus, LocalSearchClient} from './localClient';
import {fetchIndexFile, recordsUrl} from './indexFiles';
import {PAGE_HIGHLIGHT_TAGS} from './settings';
import {takeEarlyWorker} from './earlyHandover';
import {RECORDS_PRELOAD} from './startEarly';
import {createWorkerSearchClient, forwardTo} from './workerClient';

let client: LocalSearchClient | undefined;

/** `<html data-search-index="loading|ready|error">`: where the local index stands, for tools and tests to wait on. */
export const INDEX_STATUS_ATTRIBUTE = 'data-search-index';

const markStatus = (status: IndexStatus) => document.documentElement.setAttribute(INDEX_STATUS_ATTRIBUTE, status);

/** The client on the page's own thread; its engine is loaded only if it is needed. */
const onThisThread = async (): Promise<LocalSearchClient> => {
  const [{createLocalSearchClient}, {loadRecordsFromPage}] = await Promise.all([import('./localClient'), import('./loadRecords')]);
  return createLocalSearchClient(loadRecordsFromPage, {...PAGE_HIGHLIGHT_TAGS, onStatus: markStatus, newestFirst: true});
};

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./search.worker.ts', import.meta.url), {name: 'search'});
  } catch (error) {
    console.warn('Search runs on the page instead of a worker:', error);
    return null;
  }
}

export function localSearchClient(): LocalSearchClient {
  if (client) return client;
  // On /search?q=…, the page's early script has started the worker and sent it the entry file.
  const early = takeEarlyWorker();
  const worker = early ?? startWorker();
  client = worker
    ? createWorkerSearchClient(worker, {
        loadRecordsBytes: (name) => fetchIndexFile(name ?? null),
        indexUrl: recordsUrl,
        // The /search page fetches the entry file from its <head>: the worker gets it at once.
        entryAhead: !early && document.querySelector(RECORDS_PRELOAD) !== null,
        onStatus: markStatus,
        fallback: onThisThread,
      })
    : forwardTo(onThisThread());
  return client;
}
