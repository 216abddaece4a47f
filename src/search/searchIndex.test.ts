import {describe, expect, it, vi} from 'vitest';
import {type SearchRecord} from './localClient';
import {records, client, docSearchRequest, search} from './fixtures/client';

// Loading the records and building the index, through the client.
describe('loading', () => {
  it('loads the records once for many searches, lazily', async () => {
    const load = vi.fn(async () => records);
    const c = client(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all(['vol', 'volu', 'volum', 'volume'].map((q) => search(q, {}, c)));
    for (const q of ['snap', 'fire', 'hiber']) await search(q, {}, c);
    await c.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading on preload()', async () => {
    const load = vi.fn(async () => records);
    const c = client(load);
    await c.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect((await search('firewall', {}, c)).nbHits).toBeGreaterThan(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('rejects with a RetryError when the records fail to load, and tries again on the next search', async () => {
    const load = vi.fn<() => Promise<SearchRecord[]>>().mockRejectedValueOnce(new Error('404')).mockResolvedValue(records);
    const c = client(load);
    const failure = await c.search(docSearchRequest('volumes')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('RetryError');
    const {results} = await c.search(docSearchRequest('volumes'));
    expect(results[0].nbHits).toBeGreaterThan(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not reject from preload() when loading fails', async () => {
    const c = client(() => Promise.reject(new Error('offline')));
    await expect(c.preload()).resolves.toBeUndefined();
    await expect(search('volumes', {}, c)).rejects.toMatchObject({name: 'RetryError'});
  });

  it('builds the index in chunks that let the event loop run', async () => {
    const many: SearchRecord[] = Array.from({length: 1200}, (_, i) => ({...records[1], objectID: String(i), content: `Record ${i} about GPUs.`}));
    const events: string[] = [];
    const done = search('gpus', {}, client(async () => many)).then(() => events.push('answered'));
    setTimeout(() => events.push('timer'));
    await done;
    expect(events).toEqual(['timer', 'answered']);
  });

  it('has the no-op members the UIs call', async () => {
    const c = client();
    expect(() => c.addAlgoliaAgent('docsearch', '3.9.0')).not.toThrow();
    await expect(c.clearCache()).resolves.toBeUndefined();
  });
});
