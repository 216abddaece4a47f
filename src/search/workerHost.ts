/**
 * The worker's side of `workerClient.ts`: one local search client, answering the page's
 * calls. It asks the page for the index's entry file when the index is first needed (and
 * again after a failure), unless it was started for a query (`early`: the /search page's,
 * see `earlyWorkerName`): then it fetches that file itself, at once, with the query's term
 * files, and again after a failure, and answers the page's first request unasked. The files
 * a query needs it fetches from beside the entry file; a whole records file it parses,
 * expands and restores in one go: this thread has nothing else to keep responsive.
 */
import type {Answer} from './answers';
import {EARLY_SEARCH_ID, earlySearchInput, type EarlyWorkerOrder} from './earlyHandover';
import {createLocalSearchClient, type LocalSearchOptions} from './localClient';
import {fromEntryFile} from './loadRecords';
import {expandRecords} from './records';
import {callClient, ENTRY_AHEAD_ID, type Endpoint, type FromWorker, type ToWorker} from './workerClient';

export function serveLocalSearch(
  scope: Endpoint,
  options: Omit<LocalSearchOptions, 'onStatus' | 'buildInSlices'> = {},
  early: EarlyWorkerOrder | null = null,
): void {
  const post = (message: FromWorker) => scope.postMessage(message);
  let nextId = 0;
  const waiting = new Map<number, {resolve: (bytes: ArrayBuffer) => void; reject: (error: Error) => void}>();

  /** Where this worker fetches the entry file itself, instead of asking the page (started for a query). */
  const ownEntry = early?.entry ?? null;

  /** The entry file's address, its own or when the page sent it: the other files are fetched from here. */
  let entryUrl: string | null = ownEntry;

  /** The entry file the page said it sends unasked (`entryAhead`), until the index is first loaded. */
  let ahead: Promise<ArrayBuffer> | null = null;
  let aheadArrived: {resolve: (bytes: ArrayBuffer) => void; reject: (error: Error) => void} | null = null;

  /** A file of the index asked of the page (null: its entry file, which the page fetches as its preload link did). */
  const askPage = (name: string | null) =>
    new Promise<ArrayBuffer>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, {resolve, reject});
      post(name === null ? {type: 'needRecords', id} : {type: 'needRecords', id, name});
    });

  const fetchHere = async (url: URL | string): Promise<ArrayBuffer> => {
    const response = await fetch(url, {credentials: 'same-origin'});
    if (!response.ok) throw new Error(`The search index file ${String(url)} could not be loaded (HTTP ${response.status}).`);
    return response.arrayBuffer();
  };

  /** A file of the index: the entry file from the page (or fetched here, `ownEntry`), the others fetched here once its address is known. */
  const fileBytes = async (name: string | null): Promise<ArrayBuffer> => {
    if (name === null && ahead) {
      const sent = ahead;
      ahead = null;
      return sent;
    }
    if (name === null && ownEntry !== null) return fetchHere(ownEntry);
    if (name === null || entryUrl === null) return askPage(name);
    return fetchHere(new URL(name, entryUrl));
  };

  const load = async () => fromEntryFile(await fileBytes(null), fileBytes, expandRecords);
  const client = createLocalSearchClient(load, {
    ...options,
    buildInSlices: false,
    // The worker serves one page's reader.
    newestFirst: true,
    onStatus: (status) => post({type: 'status', status}),
  });

  /**
   * Answers made in this turn of the worker, posted together when it ends, the oldest call
   * first. A search typed over answers once the newest has (`newestFirst`), in the same turn:
   * sent one by one, each reached the page after the newest answer and made the modal work
   * that answer's hits over again, one task each (20-30 ms apiece on a slow phone), before
   * the hits could show. Settled in one task, oldest first, they cost the page one render.
   */
  let outbox: Answer[] | null = null;
  const send = (message: Answer) => {
    if (!outbox) {
      outbox = [];
      setTimeout(() => {
        const answers = outbox!.sort((a, b) => a.id - b.id);
        outbox = null;
        post(answers.length === 1 ? answers[0] : {type: 'answers', answers});
      }, 0);
    }
    outbox.push(message);
  };

  const answer = (id: number, work: () => Promise<unknown>) => {
    // A call that throws at once (a malformed request) is answered like one that fails later.
    Promise.resolve()
      .then(work)
      .then(
        (value) => send({type: 'answer', id, value}),
        (error: unknown) => {
          const {name, message} = error instanceof Error ? error : {name: 'Error', message: String(error)};
          send({type: 'answer', id, error: {name, message}});
        },
      );
  };

  // The page's first request, answered unasked: the index loads (with the query's term
  // files) and the answer is sent while the page is still busy starting.
  if (early) answer(EARLY_SEARCH_ID, () => client.search(earlySearchInput(early)));

  scope.onmessage = ({data}: MessageEvent<ToWorker>) => {
    switch (data.type) {
      case 'entryAhead':
        ahead = new Promise<ArrayBuffer>((resolve, reject) => (aheadArrived = {resolve, reject}));
        // A failure is the load's to report, when it takes this file.
        ahead.catch(() => undefined);
        break;
      case 'records': {
        const request = data.id === ENTRY_AHEAD_ID ? aheadArrived : waiting.get(data.id);
        waiting.delete(data.id);
        if (data.id === ENTRY_AHEAD_ID) aheadArrived = null;
        if ('bytes' in data) {
          if (data.url) entryUrl = data.url;
          request?.resolve(data.bytes);
        }
        else request?.reject(new Error(data.error));
        break;
      }
      case 'search':
      case 'preload':
      case 'clearCache':
        answer(data.id, () => callClient(client, data.type, data.type === 'search' ? data.input : undefined));
        break;
    }
  };
}
