import {afterEach, describe, expect, it, vi} from 'vitest';
import {BUSY_BUDGET_MS, IDLE_TIMEOUT_MS, inIdleSlices, WAITED_FOR_BUDGET_MS, whileReaderWaits, type IdleDeadlineLike} from './idle';
import {createLocalSearchClient, type SearchRecord} from './localClient';
import {expandRecords, expandRecordsWhenIdle, type CompactRecords} from './records';
import fixture from './fixtures/records.json';

/** A fake `requestIdleCallback`: runs each callback on a timer with the deadline `deadline()` gives. */
function stubIdle(deadline: () => IdleDeadlineLike) {
  const calls: {timeout?: number}[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: (d: IdleDeadlineLike) => void, options?: {timeout: number}) => {
    calls.push({timeout: options?.timeout});
    return setTimeout(() => callback(deadline()), 0);
  });
  return calls;
}

/** A deadline with `checks` more positive answers to `timeRemaining()`. */
const deadlineWith = (checks: number): IdleDeadlineLike => {
  let left = checks;
  return {didTimeout: false, timeRemaining: () => (left-- > 0 ? 5 : 0)};
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('idle slices', () => {
  it('asks for idle periods with a timeout and does as many slices as each one has time for', async () => {
    const calls = stubIdle(() => deadlineWith(2));
    const slices: [number, number][] = [];
    await inIdleSlices(10, 1, (from, to) => slices.push([from, to]));
    // One slice, then two more while time remains: three slices per idle period.
    expect(calls).toHaveLength(4);
    expect(calls.every((c) => c.timeout === IDLE_TIMEOUT_MS)).toBe(true);
    expect(slices).toEqual(Array.from({length: 10}, (_, i) => [i, i + 1]));
  });

  it('always does one slice, so a page that is never idle still finishes', async () => {
    const calls = stubIdle(() => deadlineWith(0));
    const seen: number[] = [];
    await inIdleSlices(25, 10, (from, to) => seen.push(to - from));
    expect(seen).toEqual([10, 10, 5]);
    expect(calls).toHaveLength(3);
  });

  it('works a fixed budget when the idle callback timed out', async () => {
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const calls = stubIdle(() => ({didTimeout: true, timeRemaining: () => 0}));
    await inIdleSlices(6, 1, () => {
      clock += BUSY_BUDGET_MS / 2 + 1;
    });
    // Each slice takes just over half the budget: two per callback.
    expect(calls).toHaveLength(3);
  });

  it('falls back to timers where requestIdleCallback is missing, letting other tasks run between slices', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const events: string[] = [];
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const done = inIdleSlices(4, 1, (from) => {
      events.push(`slice ${from}`);
      clock += BUSY_BUDGET_MS;
    });
    setTimeout(() => events.push('other task'));
    await done;
    expect(events[0]).toBe('slice 0');
    expect(events.indexOf('other task')).toBeGreaterThan(0);
    expect(events.indexOf('other task')).toBeLessThan(events.length - 1);
    expect(events.filter((e) => e.startsWith('slice'))).toHaveLength(4);
  });

  it('does nothing for no items', async () => {
    const calls = stubIdle(() => deadlineWith(10));
    const step = vi.fn();
    await inIdleSlices(0, 100, step);
    expect(step).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});

describe('work done on idle', () => {
  it('builds the search index over many idle periods', async () => {
    const calls = stubIdle(() => deadlineWith(0));
    const records = fixture as SearchRecord[];
    const many: SearchRecord[] = Array.from({length: 1200}, (_, i) => ({...records[1], objectID: String(i), content: `Record ${i} about GPUs.`}));
    const client = createLocalSearchClient(async () => many, {origin: ''});
    await client.preload();
    expect(calls.length).toBeGreaterThanOrEqual(10);
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'gpus', distinct: 0, hitsPerPage: 2000}]});
    expect(results[0].nbHits).toBe(1200);
  });

  it('does not wait for idle time while a query waits for the index', async () => {
    const calls = stubIdle(() => deadlineWith(0));
    const records = fixture as SearchRecord[];
    const many: SearchRecord[] = Array.from({length: 1200}, (_, i) => ({...records[1], objectID: String(i), content: `Record ${i} about GPUs.`}));
    const client = createLocalSearchClient(async () => many, {origin: ''});
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'gpus', distinct: 0, hitsPerPage: 2000}]});
    expect(results[0].nbHits).toBe(1200);
    expect(calls).toHaveLength(0);
  });

  it('expands the records file over idle periods into the same records', async () => {
    const file: CompactRecords = {
      v: 1,
      pages: [['/docs/a', 'Docs', 'A', 'docs-default-current', 'en', 1]],
      records: Array.from({length: 1000}, (_, i) => [0, i === 0 ? 1 : 0, i === 0 ? 'A' : `Paragraph ${i}`, null, i === 0 ? -1 : 0]),
    };
    const calls = stubIdle(() => deadlineWith(0));
    expect(await expandRecordsWhenIdle(file)).toEqual(expandRecords(file));
    expect(calls.length).toBeGreaterThan(1);
  });
});

describe('while a reader waits', () => {
  it('runs slices in timer tasks without asking for idle time, and goes back to idle time when it ends', async () => {
    const calls = stubIdle(() => deadlineWith(0));
    const end = whileReaderWaits();
    const slices: [number, number][] = [];
    await inIdleSlices(50, 1, (from, to) => slices.push([from, to]));
    expect(calls).toHaveLength(0);
    expect(slices).toHaveLength(50);
    end();
    end(); // ending twice counts once
    await inIdleSlices(2, 1, () => undefined);
    expect(calls).toHaveLength(2);
  });

  it('does as many slices per task as fit its 40 ms budget', async () => {
    stubIdle(() => deadlineWith(0));
    const end = whileReaderWaits();
    let tasks = 0;
    const real = globalThis.setTimeout;
    vi.stubGlobal('setTimeout', ((fn: () => void, ms?: number) => {
      tasks += 1;
      return real(fn, ms);
    }) as typeof setTimeout);
    await inIdleSlices(1000, 1, () => undefined);
    end();
    // Cheap slices: far fewer tasks than slices.
    expect(tasks).toBeLessThan(10);
    expect(WAITED_FOR_BUDGET_MS).toBeGreaterThan(BUSY_BUDGET_MS);
  });
});
