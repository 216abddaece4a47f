/**
 * The local search client split across two threads. The index (records, MiniSearch,
 * ranking, highlighting) lives in a Web Worker; the page keeps a small client with the
 * same interface that forwards each call to it. Building the index takes about a second
 * of CPU on a laptop and several on a phone: in a worker that is no long task for the
 * page, it starts without waiting for idle time, and on a machine with a spare core it
 * runs beside the page's own start-up instead of after it.
 *
 * The page still fetches the records file (so the /search page's preload request is the
 * one used) and hands its bytes over without a copy; the worker parses and indexes them.
 * A worker that cannot start (blocked by a policy, or its script failed to load) is
 * replaced by the client on the page's own thread, and the calls waiting on it are
 * answered from there.
 */
import type {IndexStatus, LocalSearchClient, LocalSearchInput, LocalSearchOptions} from './localClient';
import {answersIn, type Answer} from './answers';
import {RetryError} from './retryError';

/** What both ends of the channel need: a `Worker` on the page, the worker's global scope, or a `MessagePort`. */
export interface Endpoint {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** Page to worker. */
export type ToWorker =
  | {type: 'search'; id: number; input: LocalSearchInput}
  | {type: 'preload'; id: number}
  | {type: 'clearCache'; id: number}
  | {type: 'records'; id: number; bytes: ArrayBuffer; url?: string}
  | {type: 'records'; id: number; error: string}
  /** The page sends the entry file unasked, as `records` with ENTRY_AHEAD_ID: the worker waits for it instead of asking. */
  | {type: 'entryAhead'};

/** The id of the `records` message that carries the entry file sent ahead. */
export const ENTRY_AHEAD_ID = -1;

/** Worker to page. */
export type FromWorker =
  | {type: 'status'; status: IndexStatus}
  | {type: 'needRecords'; id: number; name?: string | null}
  | Answer
  /** Answers made in one turn of the worker, in the order the page asked the calls: the page settles them in one task. */
  | {type: 'answers'; answers: Answer[]};

export type Call = 'search' | 'preload' | 'clearCache';

/** Makes one named call on a client: how a forwarded call reaches the client that answers it. */
export function callClient(client: LocalSearchClient, call: Call, arg?: unknown): Promise<unknown> {
  switch (call) {
    case 'search':
      return client.search(arg as LocalSearchInput);
    case 'preload':
      return client.preload();
    case 'clearCache':
      return client.clearCache();
  }
}

/** A client whose calls wait for one made later, and are then its calls. */
export function forwardTo(made: Promise<LocalSearchClient>): LocalSearchClient {
  const forward = (call: Call, arg?: unknown) => made.then((client) => callClient(client, call, arg));
  return {
    search: (input) => forward('search', input) as ReturnType<LocalSearchClient['search']>,
    preload: () => forward('preload') as Promise<void>,
    clearCache: () => forward('clearCache') as Promise<void>,
    addAlgoliaAgent() {},
  };
}

export interface WorkerClientOptions {
  /**
   * Fetches a file of the search index by name, or its entry file (the records file) for
   * none; the worker asks for each once, and again after a failure.
   */
  loadRecordsBytes: (name?: string | null) => Promise<ArrayBuffer>;
  /**
   * The entry file's address. Given, the worker fetches the index's other files itself
   * instead of asking the page for each, so a busy page (the modal rendering the reader's
   * keystroke) does not hold them up; the entry file still comes through the page, which
   * reuses the request its preload link started.
   */
  indexUrl?: () => Promise<string>;
  onStatus?: LocalSearchOptions['onStatus'];
  /**
   * Send the entry file at once, without waiting to be asked: where the page fetches it
   * anyway (its preload link), the worker then has it as soon as it starts, instead of when
   * a page busy hydrating gets round to its request.
   */
  entryAhead?: boolean;
  /** A client to use instead when the worker cannot run. */
  fallback: () => Promise<LocalSearchClient>;
}

/** A `Worker`'s failure to start or to load its script, or a message it could not read. */
export interface FailingEndpoint extends Endpoint {
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

export function createWorkerSearchClient(worker: FailingEndpoint, options: WorkerClientOptions): LocalSearchClient {
  let nextId = 0;
  const pending = new Map<number, {call: Call; arg: unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void}>();
  /** Set once the worker has failed: every call goes there from then on. */
  let fallback: LocalSearchClient | null = null;

  function giveUp(reason: string): void {
    if (fallback) return;
    console.warn(`Search runs on the page instead of a worker: ${reason}`);
    worker.onmessage = null;
    fallback = forwardTo(options.fallback());
    for (const [id, {call, arg, resolve, reject}] of pending) {
      pending.delete(id);
      callClient(fallback, call, arg).then(resolve, reject);
    }
  }

  function request(call: Call, arg?: unknown): Promise<unknown> {
    if (fallback) return callClient(fallback, call, arg);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, {call, arg, resolve, reject});
      worker.postMessage(call === 'search' ? {type: call, id, input: arg} : {type: call, id});
    });
  }

  /** A file of the index to the worker (null: the entry file, with its address, so the worker fetches the other files itself). */
  function sendFile(id: number, name: string | null): void {
    const entryUrl = async () => {
      const url = name === null ? await options.indexUrl?.() : undefined;
      return url ? new URL(url, globalThis.location?.href).href : undefined;
    };
    Promise.all([options.loadRecordsBytes(name), entryUrl()]).then(
      ([bytes, url]) => worker.postMessage({type: 'records', id, bytes, ...(url ? {url} : {})} satisfies ToWorker, [bytes]),
      (error: unknown) => worker.postMessage({type: 'records', id, error: error instanceof Error ? error.message : String(error)} satisfies ToWorker),
    );
  }

  if (options.entryAhead) {
    worker.postMessage({type: 'entryAhead'} satisfies ToWorker);
    sendFile(ENTRY_AHEAD_ID, null);
  }

  worker.onerror = (event) => {
    event.preventDefault?.();
    giveUp(event.message || 'the worker did not start');
  };
  worker.onmessageerror = () => giveUp('a message from the worker could not be read');
  worker.onmessage = ({data}: MessageEvent<FromWorker>) => {
    if (data.type === 'status') options.onStatus?.(data.status);
    else if (data.type === 'needRecords') sendFile(data.id, data.name ?? null);
    else {
      for (const answer of answersIn(data)) {
        const waiting = pending.get(answer.id);
        if (!waiting) continue;
        pending.delete(answer.id);
        if ('error' in answer) {
          const {name, message} = answer.error;
          waiting.reject(name === 'RetryError' ? new RetryError(message) : Object.assign(new Error(message), {name}));
        } else waiting.resolve(answer.value);
      }
    }
  };

  return {
    search: (input) => request('search', input) as ReturnType<LocalSearchClient['search']>,
    preload: () => request('preload') as Promise<void>,
    clearCache: () => request('clearCache') as Promise<void>,
    addAlgoliaAgent() {},
  };
}
