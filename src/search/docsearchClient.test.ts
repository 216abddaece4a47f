import {createAutocomplete} from '@algolia/autocomplete-core';
import {describe, expect, it} from 'vitest';
import {createDocSearchClient, withErrorScreen} from './docsearchClient';
import {RetryError} from './retryError';

type Response = {results: {hits: {objectID: string}[]}[]};
/** What DocSearch needs of `search()`'s answer: a `.catch()` returning a promise. */
interface Client {
  search(input: unknown): {catch(onRejected: (error: unknown) => never): Promise<Response>};
}

const settle = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The autocomplete core DocSearch 3.9 bundles (same version, 1.17.9), driven by a
 * `getSources` that handles the search promise exactly as the DocSearch modal does.
 */
function modal(client: Client, stallThreshold = 300) {
  const statuses: string[] = [];
  const autocomplete = createAutocomplete<{objectID: string}>({
    id: 'docsearch',
    openOnFocus: true,
    stallThreshold,
    environment: {setTimeout, clearTimeout} as never,
    onStateChange: ({state}) => statuses.push(state.status),
    getSources({query, setStatus}) {
      if (!query) return [];
      return client
        .search({requests: [{query, indexName: 'docs', hitsPerPage: 20}]})
        .catch((error: unknown) => {
          if ((error as Error).name === 'RetryError') setStatus('error');
          throw error;
        })
        .then(({results}) => [{sourceId: 'hits0', getItems: () => results[0].hits}]);
    },
  });
  const type = async (query: string) => {
    autocomplete.setQuery(query);
    await autocomplete.refresh().catch(() => undefined);
  };
  return {type, statuses, status: () => statuses.at(-1)};
}

const failing = (): Promise<{search: () => Promise<Response>}> => Promise.reject(new Error('HTTP 500'));
const working = async () => ({search: async (): Promise<Response> => ({results: [{hits: [{objectID: '1'}]}]})});

describe('the DocSearch client in local mode', () => {
  it('control: a client that just rejects with a RetryError ends with the status reset to idle', async () => {
    const plain: Client = {search: () => Promise.reject(new RetryError('down'))};
    const {type, statuses, status} = modal(plain);
    await type('volume');
    await settle();
    expect(statuses).toContain('error');
    expect(status()).toBe('idle');
  });

  it('leaves the modal in the error status when the search cannot load', async () => {
    const {type, status} = modal(createDocSearchClient(failing));
    await type('volume');
    await settle();
    expect(status()).toBe('error');
  });

  it('also when the failure comes after the stall threshold', async () => {
    const slowFailure = () => settle(60).then(failing);
    const {type, statuses, status} = modal(createDocSearchClient(slowFailure), 20);
    await type('volume');
    await settle(120);
    expect(statuses).toContain('stalled');
    expect(status()).toBe('error');
  });

  it('shows results, not an error, once the search works', async () => {
    let attempts = 0;
    const flaky = () => (++attempts === 1 ? failing() : working());
    const {type, status} = modal(createDocSearchClient(flaky));
    await type('volume');
    await settle();
    expect(status()).toBe('error');
    await type('volumes');
    await settle();
    expect(status()).toBe('idle');
  });

  it('does not bring the error back once the reader has moved on', async () => {
    let release!: () => void;
    const slow = () => new Promise<{search: () => Promise<Response>}>((_, reject) => (release = () => reject(new Error('HTTP 500'))));
    let onScreen: string | undefined = 'volume';
    const {type, status} = modal(createDocSearchClient(slow, {currentQuery: () => onScreen}));
    const typing = type('volume');
    // The field is cleared while the records are still loading: the start screen shows.
    onScreen = '';
    release();
    await typing;
    await settle();
    expect(status()).toBe('idle');
  });

  it('does not report other errors as network failures', async () => {
    const broken = async () => ({search: (): Promise<Response> => Promise.reject(new TypeError('bad request'))});
    const {type, status} = modal(createDocSearchClient(broken));
    await type('volume');
    await settle();
    expect(status()).toBe('idle');
  });

  it('reports to search insights only the answer the modal shows, not a prefix typed over and answered after it', async () => {
    const reported: string[] = [];
    // Answers the newest first, as the local client does for one reader's typing.
    let latest = 0;
    let latestAnswer: Promise<unknown> = Promise.resolve();
    const newestFirst = async () => ({
      search: (input: {requests: {query: string}[]}) => {
        const {query} = input.requests[0];
        const call = (latest += 1);
        const answer = (async () => {
          await settle(5);
          while (call < latest) {
            const waitingFor = latestAnswer;
            await waitingFor;
            if (waitingFor === latestAnswer) break;
          }
          return {results: [{hits: [{objectID: query}], nbHits: query.length}]};
        })();
        latestAnswer = answer;
        return answer;
      },
    });
    const client = createDocSearchClient(newestFirst as never, {onResults: (query, hits) => reported.push(`${query}:${hits}`)});
    const {type} = modal(client as never);
    await Promise.all(['v', 'vo', 'vol'].map(type));
    await settle();
    expect(reported).toEqual(['vol:3']);
  });

  it('passes results and requests through unchanged', async () => {
    const seen: unknown[] = [];
    const client = createDocSearchClient(async () => ({
      search: async (input: unknown) => {
        seen.push(input);
        return {results: [{hits: []}]};
      },
    }));
    const request = {requests: [{indexName: 'docs', query: 'gpu'}]};
    await expect(client.search(request)).resolves.toEqual({results: [{hits: []}]});
    expect(seen).toEqual([request]);
    await expect(createDocSearchClient(failing).search(request)).rejects.toMatchObject({name: 'RetryError'});
  });

  it("brings up the error screen for Algolia's own RetryError too, keeping the client's other members", async () => {
    const algolia = {
      appId: 'APP',
      search: (): Promise<Response> => Promise.reject(Object.assign(new Error('Unreachable hosts'), {name: 'RetryError'})),
      addAlgoliaAgent: (segment: string) => segment,
    };
    const wrapped = withErrorScreen(algolia);
    expect(wrapped.appId).toBe('APP');
    expect(wrapped.addAlgoliaAgent('docsearch')).toBe('docsearch');
    const {type, status} = modal(wrapped);
    await type('volume');
    await settle();
    expect(status()).toBe('error');
  });
});
