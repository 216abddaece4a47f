/**
 * What the DocSearch modal gets from `transformSearchClient`: in local mode a client that
 * loads the local one on first use, in Algolia mode Algolia's client; in both, the
 * modal's error screen ('Unable to fetch results') appears when a search fails with a
 * RetryError (records or hosts unreachable).
 *
 * Why the error screen needs help. DocSearch 3.9 shows it while its autocomplete status
 * is 'error'. Its `getSources` sets that status in the handler it passes to `.catch()`
 * on the promise `search()` returns, then rethrows. But the autocomplete core it bundles
 * (@algolia/autocomplete-core 1.17) ends every request with
 * `.finally(() => { setStatus('idle'); clearTimeout(stallTimer) })`, which runs in the
 * same microtask checkpoint, so React renders 'idle' and the modal says 'No results
 * for' instead, with Algolia's client as with ours. The promise returned here calls
 * that same handler once more, in a task after the request has settled: the status
 * becomes 'error' again and stays so, since the stall timer is cleared by then, until
 * the next keystroke starts a new request.
 */
import {isRetryError, RetryError} from './retryError';

interface SearchCapable<R> {
  search(input: never): Promise<R>;
}

export interface DocSearchClientOptions {
  /**
   * The query the modal shows now, or undefined when it is closed: the error is shown
   * again only while the failed query is still the one on screen.
   */
  currentQuery?: () => string | undefined;
  /** Told of each answered search the modal shows: its query and how many hits it found (search insights). */
  onResults?: (query: string, hits: number) => void;
}

type Settled<T, R> = ((value: T) => R | PromiseLike<R>) | null | undefined;

/** The promise of one `search()` call: a plain promise, except for what `.catch()` does with a RetryError. */
export class SearchRequest<T> implements PromiseLike<T> {
  constructor(
    private readonly inner: Promise<T>,
    private readonly stillWanted: () => boolean,
  ) {}

  then<A = T, B = never>(onFulfilled?: Settled<T, A>, onRejected?: Settled<unknown, B>): Promise<A | B> {
    return this.inner.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: Settled<unknown, B>): Promise<T | B> {
    if (onRejected) {
      this.inner.catch((error: unknown) => {
        if (!isRetryError(error)) return;
        setTimeout(() => {
          if (!this.stillWanted()) return;
          try {
            void onRejected(error);
          } catch {
            // The handler rethrows the error it reports; it was already reported once.
          }
        });
      });
    }
    return this.inner.catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.inner.finally(onFinally);
  }
}

/** The query of the first request, in either request form. */
function queryOf(input: unknown): string | undefined {
  const list: unknown = Array.isArray(input) ? input : (input as {requests?: unknown} | null)?.requests;
  const first = Array.isArray(list) ? (list[0] as {query?: unknown; params?: {query?: unknown}} | undefined) : undefined;
  const query = first?.query ?? (typeof first?.params === 'object' ? first.params?.query : undefined);
  return typeof query === 'string' ? query : undefined;
}

/** `search` returning SearchRequests; a call stops being wanted once a newer one starts or the query on screen changes. */
function reportingSearch<R>(search: (input: unknown, stillWanted: () => boolean) => Promise<R>, options: DocSearchClientOptions): (input: unknown) => SearchRequest<R> {
  let latest = 0;
  return (input) => {
    const call = (latest += 1);
    const query = queryOf(input);
    const stillWanted = () => call === latest && (!options.currentQuery || options.currentQuery() === query);
    return new SearchRequest(search(input, stillWanted), stillWanted);
  };
}

/** The local client for the modal, loaded on its first search. */
export function createDocSearchClient<R>(load: () => Promise<SearchCapable<R>>, options: DocSearchClientOptions = {}) {
  const search = reportingSearch(async (input, stillWanted) => {
    let client: SearchCapable<R>;
    try {
      client = await load();
    } catch (error) {
      // The search code itself did not arrive: a network failure like any other.
      throw new RetryError('The search could not be loaded.', {cause: error});
    }
    const response = await client.search(input as never);
    const query = queryOf(input);
    const hits = (response as {results?: {nbHits?: unknown}[]} | null)?.results?.[0]?.nbHits;
    // Only the answer the modal shows: one typed over (a prefix of the query, answered after
    // it) is not what the reader searched for.
    if (options.onResults && query !== undefined && typeof hits === 'number' && stillWanted()) options.onResults(query, hits);
    return response;
  }, options);
  return {
    search,
    searchForHits: search,
    addAlgoliaAgent: (): void => undefined,
    clearCache: (): Promise<void> => Promise.resolve(),
  };
}

/** Algolia's client for the modal, unchanged but for the error screen its RetryError now brings up. */
export function withErrorScreen<C extends SearchCapable<unknown>>(client: C, options: DocSearchClientOptions = {}): C {
  const search = reportingSearch((input) => client.search(input as never), options);
  return Object.assign(Object.create(client) as C, {search});
}
