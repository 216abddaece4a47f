import {describe, expect, it} from 'vitest';
import {EARLY_WORKER_GLOBAL, takeStartedWorker, workerStarterSource, type EarlyWorkerSlot} from './earlyHandover';

const WORKER = '/assets/js/search.0123abcd.js';

/** Runs the /search page's first script at `search` (the address's query string), with a Worker that records what it was given. */
function runStarter(search: string, source = workerStarterSource(WORKER)) {
  const started: {url: string; options: unknown}[] = [];
  const listeners: Record<string, () => void> = {};
  class FakeWorker {
    constructor(url: string, options: unknown) {
      started.push({url, options});
    }
    addEventListener(type: string, listener: () => void) {
      listeners[type] = listener;
    }
  }
  const window: Record<string, unknown> = {};
  new Function('window', 'location', 'Worker', source)(window, {search}, FakeWorker);
  return {window, started, fail: () => listeners.error?.()};
}

describe("the /search page's first script", () => {
  it('starts the search worker where the address has a query, and leaves it for the early script', () => {
    const {window, started} = runStarter('?q=%20volume%20');
    expect(started).toEqual([{url: WORKER, options: {name: 'search'}}]);
    const slot = window[EARLY_WORKER_GLOBAL] as EarlyWorkerSlot;
    expect(slot.failed).toBe(false);
    expect(takeStartedWorker(WORKER, window)).toBe(slot.worker);
    // Taken once.
    expect(takeStartedWorker(WORKER, window)).toBeNull();
  });

  it('starts nothing without a query, or with a blank one', () => {
    for (const search of ['', '?q=', '?q=%20%20', '?other=1']) {
      const {window, started} = runStarter(search);
      expect(started, search).toEqual([]);
      expect(takeStartedWorker(WORKER, window)).toBeNull();
    }
  });

  it('reports a worker that failed before the early script listened, so it is not handed over', () => {
    const {window, fail} = runStarter('?q=volume');
    fail();
    expect(() => takeStartedWorker(WORKER, window)).toThrow(/failed to start/);
    expect(takeStartedWorker(WORKER, window)).toBeNull();
  });

  it('keeps the worker address a string of the script, whatever it holds', () => {
    const source = workerStarterSource('/a"b</script><script>alert(1)//.js');
    expect(source).not.toMatch(/<\/script/i);
    const {started} = runStarter('?q=x', source);
    expect(started[0].url).toBe('/a"b</script><script>alert(1)//.js');
  });
});
