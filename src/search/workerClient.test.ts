import {afterEach, describe, expect, it, vi} from 'vitest';
import {bytesOf, TWO_PAGES} from './fixtures/compactFile';
import {createLocalSearchClient, type IndexStatus, type LocalSearchClient} from './localClient';
import {expandRecords} from './records';
import {serveLocalSearch} from './workerHost';
import {createWorkerSearchClient, type FailingEndpoint} from './workerClient';

const ORIGIN = 'https://docs.example.com';
const FILE = TWO_PAGES;
const request = (query: string) => ({requests: [{indexName: 'docs', query, hitsPerPage: 10, distinct: 0}]});

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
  vi.restoreAllMocks();
});

/** The page's client and a worker host joined by a real message channel, as a Worker joins them. */
function connected(loadRecordsBytes: () => Promise<ArrayBuffer>, statuses: IndexStatus[] = []) {
  const channel = new MessageChannel();
  channels.push(channel);
  serveLocalSearch(channel.port2 as never, {origin: ORIGIN});
  const page = Object.assign(channel.port1, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint;
  const fallback = vi.fn(async (): Promise<LocalSearchClient> => {
    throw new Error('the fallback should not be used');
  });
  const client = createWorkerSearchClient(page, {loadRecordsBytes, onStatus: (status) => statuses.push(status), fallback});
  return {client, fallback, port: channel.port1};
}

describe('search in a worker', () => {
  it('answers as the client on the page does, from records it asked the page for once', async () => {
    const load = vi.fn(async () => bytesOf(FILE));
    const statuses: IndexStatus[] = [];
    const {client} = connected(load, statuses);
    // One after the other: the worker serves one reader, and answers a search typed over as an empty query.
    const viaWorker = await client.search(request('volume'));
    const again = await client.search(request('snapshot'));
    const onPage = createLocalSearchClient(async () => expandRecords(FILE), {origin: ORIGIN});
    const expected = await onPage.search(request('volume'));
    expect(viaWorker).toEqual({results: [{...expected.results[0], processingTimeMS: viaWorker.results[0].processingTimeMS}]});
    expect(viaWorker.results[0].hits.map((hit) => hit.url)).toContain(`${ORIGIN}/docs/storage/volumes#resize`);
    expect(again.results[0].hits[0].url).toBe(`${ORIGIN}/docs/compute/snapshots`);
    expect(load).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual(['loading', 'ready']);
  });

  it('answers searches typed over in one message with the newest, the oldest first, so the page settles them in one task', async () => {
    const {client, port} = connected(async () => bytesOf(FILE));
    const messages: {type: string; id?: number; answers?: {id: number}[]}[] = [];
    port.addEventListener('message', ({data}) => messages.push(data));
    // Typed as one word: each keystroke asks before the index has loaded.
    const [v, vo, volume] = await Promise.all(['v', 'vo', 'volume'].map((query) => client.search(request(query))));
    const answered = messages.filter((message) => message.type === 'answer' || message.type === 'answers');
    expect(answered).toHaveLength(1);
    expect(answered[0].type).toBe('answers');
    expect(answered[0].answers!.map(({id}) => id)).toEqual([0, 1, 2]);
    // The two typed over are answered as an empty query is; the newest has the hits.
    expect([v.results[0].nbHits, vo.results[0].nbHits]).toEqual([0, 0]);
    expect(volume.results[0].hits.map((hit) => hit.url)).toContain(`${ORIGIN}/docs/storage/volumes#resize`);
  });

  it('hands the records over without copying them', async () => {
    const bytes = bytesOf(FILE);
    const {client} = connected(async () => bytes);
    await client.preload();
    expect(bytes.byteLength).toBe(0);
  });

  it("fails a search with DocSearch's RetryError while the records cannot be loaded, and loads them on the next one", async () => {
    const load = vi.fn<() => Promise<ArrayBuffer>>().mockRejectedValueOnce(new Error('HTTP 500')).mockResolvedValue(bytesOf(FILE));
    const statuses: IndexStatus[] = [];
    const {client} = connected(load, statuses);
    const failed = await client.search(request('volume')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).name).toBe('RetryError');
    expect((await client.search(request('volume'))).results[0].nbHits).toBeGreaterThan(0);
    expect(statuses).toEqual(['loading', 'error', 'loading', 'ready']);
  });

  it('started for a query, fetches the entry file itself as it starts, and again after a failure, never asking the page', async () => {
    const fetched: string[] = [];
    let fail = true;
    let asked!: () => void;
    const firstFetch = new Promise<void>((resolve) => (asked = resolve));
    vi.stubGlobal('fetch', async (url: URL | string) => {
      fetched.push(String(url));
      asked();
      if (fail) {
        fail = false;
        return new Response('busy', {status: 503});
      }
      return new Response(bytesOf(FILE));
    });
    const load = vi.fn(async () => bytesOf(FILE));
    const statuses: IndexStatus[] = [];
    let failed!: () => void;
    const failure = new Promise<void>((resolve) => (failed = resolve));
    const channel = new MessageChannel();
    channels.push(channel);
    const page = Object.assign(channel.port1, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint;
    const client = createWorkerSearchClient(page, {
      loadRecordsBytes: load,
      onStatus: (status) => {
        statuses.push(status);
        if (status === 'error') failed();
      },
      fallback: vi.fn(),
    });
    // As the /search page's first script names it: no message needed.
    const entry = `${ORIGIN}/search/meta.0123456789.json`;
    serveLocalSearch(channel.port2 as never, {origin: ORIGIN}, {entry, query: 'volume', indexName: 'docs', snippetWords: 10});
    // The page has sent nothing yet.
    await firstFetch;
    expect(fetched).toEqual([entry]);
    await failure;
    expect((await client.search(request('volume'))).results[0].nbHits).toBeGreaterThan(0);
    expect(fetched).toEqual([entry, entry]);
    expect(load).not.toHaveBeenCalled();
    expect(statuses).toEqual(['loading', 'error', 'loading', 'ready']);
    vi.unstubAllGlobals();
  });

  it('reports a records file that is not JSON as a failed load', async () => {
    const statuses: IndexStatus[] = [];
    const {client} = connected(async () => new TextEncoder().encode('<html>').buffer as ArrayBuffer, statuses);
    await expect(client.search(request('volume'))).rejects.toMatchObject({name: 'RetryError'});
    expect(statuses).toEqual(['loading', 'error']);
  });

  it('answers searches with no words without loading the records', async () => {
    const load = vi.fn(async () => bytesOf(FILE));
    const {client} = connected(load);
    expect((await client.search(request('  '))).results[0].hits).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('a worker that cannot run', () => {
  /** A stand-in Worker that never answers: its script failed to load. */
  function deadWorker() {
    const sent: unknown[] = [];
    const worker: FailingEndpoint = {postMessage: (message) => sent.push(message), onmessage: null, onerror: null, onmessageerror: null};
    return {worker, sent};
  }

  it('hands the waiting calls and every later one to the client on the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const {worker, sent} = deadWorker();
    const onPage = createLocalSearchClient(async () => expandRecords(FILE), {origin: ORIGIN});
    const fallback = vi.fn(async () => onPage);
    const client = createWorkerSearchClient(worker, {loadRecordsBytes: async () => bytesOf(FILE), fallback});
    const waiting = client.search(request('volume'));
    expect(sent).toHaveLength(1);
    worker.onerror?.({message: 'Failed to load the worker script', preventDefault() {}} as ErrorEvent);
    expect((await waiting).results[0].nbHits).toBeGreaterThan(0);
    expect((await client.search(request('snapshot'))).results[0].hits[0].url).toBe(`${ORIGIN}/docs/compute/snapshots`);
    expect(sent).toHaveLength(1);
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Failed to load the worker script'));
  });
});
