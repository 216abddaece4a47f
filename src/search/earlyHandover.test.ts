import {describe, expect, it} from 'vitest';
import {
  EARLY_WORKER_GLOBAL,
  earlyWorkerName,
  readEarlyWorkerName,
  takeStartedWorker,
  workerStarterSource,
  type EarlyConfig,
  type EarlyWorkerOrder,
  type EarlyWorkerSlot,
} from './earlyHandover';

const CONFIG: EarlyConfig = {
  worker: '/assets/js/search.0123abcd.js',
  entry: '/search/meta.0123456789.json',
  indexName: 'docs',
  facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
};
const HERE = `https://docs.example.com${CONFIG.worker}`;

/**
 * Runs the /search page's first script at `search` (the address's query string) on a screen
 * `narrow` or not, with a Worker that records what it was given.
 */
function runStarter(search: string, {source = workerStarterSource(CONFIG), narrow = false} = {}) {
  const started: {url: string; options: {name: string}}[] = [];
  const listeners: Record<string, (event?: {data: unknown}) => void> = {};
  class FakeWorker {
    constructor(url: string, options: {name: string}) {
      started.push({url, options});
    }
    addEventListener(type: string, listener: (event?: {data: unknown}) => void) {
      listeners[type] = listener;
    }
  }
  const window: Record<string, unknown> = {};
  const matchMedia = (query: string) => ({matches: narrow && query === '(max-width: 768px)'});
  const head: Record<string, string>[] = [];
  const document = {createElement: (tag: string) => ({tag}), head: {appendChild: (element: Record<string, string>) => head.push(element)}};
  new Function('window', 'location', 'Worker', 'matchMedia', 'document', source)(window, {search}, FakeWorker, matchMedia, document);
  return {window, started, head, fail: () => listeners.error?.(), send: (data: unknown) => listeners.message?.({data})};
}

const order = (overrides: Partial<EarlyWorkerOrder> = {}): EarlyWorkerOrder => ({
  entry: `https://docs.example.com${CONFIG.entry}`,
  query: 'volume',
  indexName: 'docs',
  facetFilters: CONFIG.facetFilters,
  snippetWords: 10,
  ...overrides,
});

describe("the /search page's first script", () => {
  it('starts the search worker where the address has a query, named with all it needs to answer, and leaves it for the early script', () => {
    const {window, started} = runStarter('?q=%20volume%20');
    expect(started.map((s) => s.url)).toEqual([CONFIG.worker]);
    expect(readEarlyWorkerName(started[0].options.name, HERE)).toEqual(order());
    const slot = window[EARLY_WORKER_GLOBAL] as EarlyWorkerSlot;
    expect(slot.failed).toBe(false);
    expect(takeStartedWorker(CONFIG.worker, window)).toEqual({worker: slot.worker, missed: []});
    // Taken once.
    expect(takeStartedWorker(CONFIG.worker, window)).toBeNull();
  });

  it('asks for the shorter snippets of a narrow screen, as the page does', () => {
    const {started} = runStarter('?q=volume', {narrow: true});
    expect(readEarlyWorkerName(started[0].options.name, HERE)?.snippetWords).toBe(5);
  });

  it('keeps what the worker sends until the early script takes it, and nothing after', () => {
    const {window, send} = runStarter('?q=volume');
    send({type: 'status', status: 'loading'});
    send({type: 'answer', id: 1});
    const slot = window[EARLY_WORKER_GLOBAL] as EarlyWorkerSlot;
    expect(takeStartedWorker(CONFIG.worker, window)?.missed).toEqual([{type: 'status', status: 'loading'}, {type: 'answer', id: 1}]);
    send({type: 'status', status: 'ready'});
    expect(slot.missed).toBeNull();
  });

  it('starts nothing without a query, or with a blank one, and preloads the entry file instead', () => {
    for (const search of ['', '?q=', '?q=%20%20', '?other=1']) {
      const {window, started, head} = runStarter(search);
      expect(started, search).toEqual([]);
      expect(takeStartedWorker(CONFIG.worker, window)).toBeNull();
      expect(head, search).toEqual([{tag: 'link', rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: CONFIG.entry}]);
    }
    // With a query the worker fetches the file itself.
    expect(runStarter('?q=volume').head).toEqual([]);
  });

  it('reports a worker that failed before the early script listened, so it is not handed over', () => {
    const {window, fail} = runStarter('?q=volume');
    fail();
    expect(() => takeStartedWorker(CONFIG.worker, window)).toThrow(/failed to start/);
    expect(takeStartedWorker(CONFIG.worker, window)).toBeNull();
  });

  it('keeps the addresses and settings strings of the script, whatever they hold', () => {
    const odd = '/a"b</script><script>alert(1)//.js';
    const source = workerStarterSource({worker: odd, entry: odd, indexName: odd, facetFilters: [odd]});
    expect(source).not.toMatch(/<\/script/i);
    const {started} = runStarter('?q=x', {source});
    expect(started[0].url).toBe(odd);
    expect(readEarlyWorkerName(started[0].options.name, 'https://docs.example.com/a/worker.js')).toEqual({
      entry: `https://docs.example.com${odd}`.replace(/"/g, '%22').replace(/</g, '%3C').replace(/>/g, '%3E'),
      query: 'x',
      indexName: odd,
      facetFilters: [odd],
      snippetWords: 10,
    });
  });

  it('cuts a long query in the name as the page cuts it', () => {
    const {started} = runStarter(`?q=${'a'.repeat(10_000)}`);
    expect(readEarlyWorkerName(started[0].options.name, HERE)?.query).toBe('a'.repeat(64));
  });

  it('names a worker as the early script would', () => {
    const {started} = runStarter('?q=volume');
    expect(readEarlyWorkerName(started[0].options.name, HERE)).toEqual(readEarlyWorkerName(earlyWorkerName(order({entry: CONFIG.entry})), HERE));
  });
});

describe("the search worker's name", () => {
  it('tells a worker started for a query what to do, and nothing otherwise', () => {
    expect(readEarlyWorkerName(earlyWorkerName(order({query: '  gpu  flavors '})), HERE)).toEqual(order({query: 'gpu  flavors'}));
    const {facetFilters: _, ...unfiltered} = order();
    expect(readEarlyWorkerName(earlyWorkerName(unfiltered), HERE)).toEqual(unfiltered);
    const named = (params: Record<string, string>) => `search?${new URLSearchParams(params)}`;
    const good = {entry: CONFIG.entry, q: 'x', index: 'docs', words: '10'};
    for (const name of [
      '',
      'search',
      'search?',
      named({...good, entry: ''}),
      named({...good, q: ' '}),
      named({...good, words: 'ten'}),
      named({...good, words: '0'}),
      named({...good, facets: '[not json'}),
      `other?${new URLSearchParams(good)}`,
    ]) {
      expect(readEarlyWorkerName(name, HERE), name).toBeNull();
    }
    expect(readEarlyWorkerName(named(good), HERE)).toEqual({entry: `https://docs.example.com${CONFIG.entry}`, query: 'x', indexName: 'docs', snippetWords: 10});
  });

  it('names no entry file on another origin', () => {
    for (const entry of ['https://evil.example/meta.json', '//evil.example/meta.json', 'http://docs.example.com/search/meta.json']) {
      expect(readEarlyWorkerName(earlyWorkerName(order({entry})), HERE), entry).toBeNull();
    }
  });
});
