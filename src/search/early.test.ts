import {afterEach, describe, expect, it, vi} from 'vitest';
import {bytesOf, TWO_PAGES} from './fixtures/compactFile';
import {earlyQuery, offer, sameSiteHref, startEarlySearch, type EarlyEnvironment} from './early';
import {EARLY_SEARCH_GLOBAL, EARLY_SEARCH_ID, earlySearchInput, readEarlyWorkerName, takeEarlyWorker, type EarlySearch} from './earlyHandover';
import type {LocalSearchClient} from './localClient';
import {FIRST_SCREEN_HITS, type PageResult} from './resultsPage';
import {serveLocalSearch} from './workerHost';
import {createWorkerSearchClient, type FailingEndpoint} from './workerClient';

const ORIGIN = 'https://docs.example.com';
const FILE = TWO_PAGES;
const CONFIG = {worker: '/assets/js/search.0123abcd.js', entry: '/search/meta.0123456789.json', indexName: 'docs', facetFilters: ['language:en']};

/** A stand-in Worker: what the page posts to it, and a way to post back as the worker would. */
function recordingWorker() {
  const sent: {type: string; [key: string]: unknown}[] = [];
  const target = new EventTarget();
  const worker = Object.assign(target, {postMessage: (message: never) => sent.push(message)}) as unknown as Worker;
  const fromWorker = (data: unknown) => target.dispatchEvent(new MessageEvent('message', {data}));
  return {worker, sent, fromWorker, fail: () => target.dispatchEvent(new Event('error'))};
}

function environment(overrides: Partial<EarlyEnvironment> = {}) {
  const rendered: {query: string; results: PageResult[]}[] = [];
  const statuses: string[] = [];
  const env: EarlyEnvironment = {
    href: `${ORIGIN}/search?q=volume`,
    config: CONFIG,
    startWorker: () => {
      throw new Error('no worker in this test');
    },
    snippetWords: 10,
    render: (query, results) => void rendered.push({query, results}),
    onStatus: (status) => statuses.push(status),
    ...overrides,
  };
  return {env, rendered, statuses};
}

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
  delete (globalThis as Record<string, unknown>)[EARLY_SEARCH_GLOBAL];
  vi.unstubAllGlobals();
});

describe("the /search page's early script", () => {
  it('reads the query as the page does: trimmed, cut at 64 characters, none when blank', () => {
    expect(earlyQuery(`${ORIGIN}/search?q=%20%20gpu%20flavors%20`)).toBe('gpu flavors');
    expect(earlyQuery(`${ORIGIN}/search?q=${'x'.repeat(10_000)}`)).toHaveLength(64);
    expect(earlyQuery(`${ORIGIN}/search?q=%20`)).toBe('');
    expect(earlyQuery(`${ORIGIN}/search`)).toBe('');
  });

  it('starts nothing without a query, a worker script or an index', () => {
    const startWorker = vi.fn(() => ({worker: recordingWorker().worker, missed: []}));
    expect(startEarlySearch(environment({href: `${ORIGIN}/search`, startWorker}).env)).toBeNull();
    expect(startEarlySearch(environment({config: {...CONFIG, worker: ''}, startWorker}).env)).toBeNull();
    expect(startEarlySearch(environment({config: {...CONFIG, entry: ''}, startWorker}).env)).toBeNull();
    expect(startWorker).not.toHaveBeenCalled();
    // A worker the page may not start (a policy): no early results, and nothing thrown.
    expect(startEarlySearch(environment().env)).toBeNull();
  });

  it('names the worker with all it needs to answer the first request unasked, and sends it nothing', () => {
    const fake = recordingWorker();
    const started: {url: string; name: string}[] = [];
    const startWorker = (url: string, name: string) => (started.push({url, name}), {worker: fake.worker, missed: []});
    const {env} = environment({startWorker, href: `${ORIGIN}/search?q=%20Volume%20`});
    const early = startEarlySearch(env);
    expect(early?.query).toBe('Volume');
    expect(started.map((s) => s.url)).toEqual([CONFIG.worker]);
    const order = readEarlyWorkerName(started[0].name, `${ORIGIN}${CONFIG.worker}`)!;
    expect(order).toEqual({entry: `${ORIGIN}${CONFIG.entry}`, query: 'Volume', indexName: 'docs', facetFilters: ['language:en'], snippetWords: 10});
    expect(earlySearchInput(order)).toMatchObject({
      requests: [{indexName: 'docs', params: {query: 'Volume', hitsPerPage: FIRST_SCREEN_HITS, facetFilters: ['language:en'], attributesToSnippet: ['content:10']}}],
    });
    expect(fake.sent).toEqual([]);
  });

  it('reads first what the worker sent before the script listened', async () => {
    const fake = recordingWorker();
    const hit = {url: `${ORIGIN}/docs/storage/volumes`, hierarchy: {lvl0: 'Storage', lvl1: 'Volumes'}};
    const missed = [{type: 'status', status: 'loading'}, {type: 'answer', id: EARLY_SEARCH_ID, value: {results: [{hits: [hit]}]}}];
    const {env, rendered, statuses} = environment({startWorker: () => ({worker: fake.worker, missed})});
    const early = startEarlySearch(env)!;
    await early.settled;
    expect(statuses).toEqual(['loading']);
    expect(rendered.map((r) => r.results.map((result) => result.url))).toEqual([[hit.url]]);
  });

  it("passes the worker's status on until the app takes it over, then stops", () => {
    const fake = recordingWorker();
    const {env, statuses} = environment({startWorker: () => ({worker: fake.worker, missed: []})});
    const early = startEarlySearch(env)!;
    fake.fromWorker({type: 'status', status: 'loading'});
    expect(statuses).toEqual(['loading']);
    expect(early.take()).toBe(fake.worker);
    fake.fromWorker({type: 'status', status: 'ready'});
    expect(statuses).toEqual(['loading']);
  });

  it('with results already in the page (the server\'s), is done at once and shows none, but still starts the worker for the app', async () => {
    const fake = recordingWorker();
    const hit = {url: `${ORIGIN}/docs/storage/volumes`, hierarchy: {lvl0: 'Storage', lvl1: 'Volumes'}};
    const {env, rendered, statuses} = environment({startWorker: () => ({worker: fake.worker, missed: []}), resultsInPage: true});
    const early = startEarlySearch(env)!;
    let settled = false;
    void early.settled.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    fake.fromWorker({type: 'status', status: 'loading'});
    fake.fromWorker({type: 'answer', id: EARLY_SEARCH_ID, value: {results: [{hits: [hit]}]}});
    await new Promise((resolve) => setImmediate(resolve));
    expect(rendered).toEqual([]);
    expect(statuses).toEqual(['loading']);
    expect(early.take()).toBe(fake.worker);
  });

  it('hands over no worker that failed to start', async () => {
    const fake = recordingWorker();
    const early = startEarlySearch(environment({startWorker: () => ({worker: fake.worker, missed: []})}).env)!;
    fake.fail();
    expect(early.take()).toBeNull();
    // The page's loader need not wait for results that will not come.
    await early.settled;
  });

  it('settles once its results are shown (after a render that waits for the page), or with none to show', async () => {
    const settledAfter = async (answer: unknown, render: EarlyEnvironment['render']) => {
      const fake = recordingWorker();
      const early = startEarlySearch(environment({startWorker: () => ({worker: fake.worker, missed: []}), render}).env)!;
      let settled = false;
      void early.settled.then(() => (settled = true));
      fake.fromWorker({type: 'status', status: 'loading'});
      fake.fromWorker({type: 'answer', id: EARLY_SEARCH_ID - 1, value: {results: [{hits: []}]}});
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      fake.fromWorker(answer);
      return early.settled;
    };
    let shown = false;
    let showNow!: () => void;
    const rendering = settledAfter({type: 'answer', id: EARLY_SEARCH_ID, value: {results: [{hits: []}]}}, () => new Promise<void>((resolve) => (showNow = resolve)).then(() => void (shown = true)));
    await new Promise((resolve) => setImmediate(resolve));
    showNow();
    await rendering;
    expect(shown).toBe(true);
    await settledAfter({type: 'answer', id: EARLY_SEARCH_ID, error: {name: 'Error', message: 'the index could not be loaded'}}, () => undefined);
    await settledAfter({type: 'answer', id: EARLY_SEARCH_ID, value: {results: [{hits: []}]}}, () => {
      throw new Error('no place for results');
    });
  });

  it('shows the answer, and the app then searches on the same worker without loading the index again', async () => {
    // The worker's own fetch: the entry file, once.
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: URL | string) => {
      fetched.push(String(url));
      return new Response(bytesOf(FILE));
    });
    const channel = new MessageChannel();
    channels.push(channel);
    channel.port1.start();
    // The worker as search.worker.ts starts it: what to load, from its name.
    const startWorker = (url: string, name: string) => {
      serveLocalSearch(channel.port2 as never, {origin: ORIGIN, highlightPreTag: '<mark>', highlightPostTag: '</mark>'}, readEarlyWorkerName(name, new URL(url, ORIGIN).href));
      return {worker: channel.port1 as unknown as Worker, missed: []};
    };
    const {env, rendered} = environment({startWorker});
    offer(globalThis, startEarlySearch(env)!);
    await vi.waitFor(() => expect(rendered).toHaveLength(1));
    expect(rendered[0].query).toBe('volume');
    expect(rendered[0].results.map((r) => r.url)).toEqual([`${ORIGIN}/docs/storage/volumes`, `${ORIGIN}/docs/compute/snapshots`]);
    expect(rendered[0].results[0].title).toEqual([{text: 'Volumes', match: true}]);

    // The app's client, as localSearch.ts makes it: on the early worker, whose entry file is there.
    const worker = takeEarlyWorker();
    expect(worker).toBe(channel.port1);
    expect(takeEarlyWorker()).toBeNull();
    const fallback = vi.fn(async (): Promise<LocalSearchClient> => {
      throw new Error('the fallback should not be used');
    });
    const loadRecordsBytes = vi.fn(async () => bytesOf(FILE));
    const client = createWorkerSearchClient(Object.assign(worker!, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint, {loadRecordsBytes, fallback});
    const answer = await client.search({requests: [{indexName: 'docs', params: {query: 'snapshot'}}]});
    expect(answer.results[0].hits[0].url).toBe(`${ORIGIN}/docs/compute/snapshots`);
    expect(loadRecordsBytes).not.toHaveBeenCalled();
    expect(fetched).toEqual([`${ORIGIN}${CONFIG.entry}`]);
    // The early answer is shown once: the app's answers have other ids.
    expect(rendered).toHaveLength(1);
  });

  it('takes a handle that is not the early script\'s as none', () => {
    (globalThis as Record<string, unknown>)[EARLY_SEARCH_GLOBAL] = {query: 'x'} as unknown as EarlySearch;
    expect(takeEarlyWorker()).toBeNull();
  });
});

describe('links of early results', () => {
  const page = `${ORIGIN}/search?q=x`;
  it("keep a path and anchor on this site, as the app's links do", () => {
    expect(sameSiteHref(`${ORIGIN}/docs/storage/volumes#resize`, page)).toBe('/docs/storage/volumes#resize');
    expect(sameSiteHref('/docs/intro', page)).toBe('/docs/intro');
  });
  it('are refused for another site or another scheme', () => {
    for (const url of ['https://evil.example/docs', '//evil.example/docs', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'http://[broken']) {
      expect(sameSiteHref(url, page), url).toBeNull();
    }
  });
});
