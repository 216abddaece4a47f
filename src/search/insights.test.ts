import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createInsightsSender, INSIGHTS_BATCH, INSIGHTS_DEBOUNCE_MS, INSIGHTS_FLUSH_MS, trackingRefused, type SearchInsightEvent} from './insights';

describe('search insights', () => {
  let sent: SearchInsightEvent[][];
  let enabled: boolean;
  const sender = () => createInsightsSender({send: (events) => sent.push(events), path: () => '/docs/intro', enabled: async () => enabled});
  /** Lets the debounce timers run, then the status promise settle. */
  const settle = async (ms = INSIGHTS_DEBOUNCE_MS + INSIGHTS_FLUSH_MS + 1) => {
    await vi.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    enabled = true;
  });
  afterEach(() => vi.useRealTimers());

  it('send the settled query with its hits, not every keystroke', async () => {
    const s = sender();
    for (const [i, prefix] of ['v', 'vo', 'vol', 'volu', 'volume'].entries()) {
      s.searched(prefix, 10 - i);
      await vi.advanceTimersByTimeAsync(100);
    }
    await settle();
    expect(sent).toEqual([[{kind: 'search', path: '/docs/intro', query: 'volume', hits: 6}]]);
  });

  it('count a query once while it stays on screen, trimmed, lower-cased and capped at 64 characters', async () => {
    const s = sender();
    s.searched('  GPU   Quota ', 0);
    await settle();
    s.searched('gpu quota', 0);
    await settle();
    s.searched('x'.repeat(100), 1);
    await settle();
    expect(sent.flat().map((e) => e.query)).toEqual(['gpu quota', 'x'.repeat(64)]);
  });

  it('send a click at once, after the search it came from', async () => {
    const s = sender();
    s.searched('snapshot', 4);
    s.clicked('snapshot', 2, '/docs/storage/snapshots');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      [
        {kind: 'search', path: '/docs/intro', query: 'snapshot', hits: 4},
        {kind: 'click', path: '/docs/intro', query: 'snapshot', position: 2, target: '/docs/storage/snapshots'},
      ],
    ]);
  });

  it(`batch at most ${INSIGHTS_BATCH} events a post, the rest going once the reader pauses`, async () => {
    const s = sender();
    for (let i = 0; i < INSIGHTS_BATCH + 5; i += 1) {
      s.searched(`query ${i}`, i);
      await vi.advanceTimersByTimeAsync(INSIGHTS_DEBOUNCE_MS + 1);
    }
    expect(sent.map((batch) => batch.length)).toEqual([INSIGHTS_BATCH]);
    await vi.advanceTimersByTimeAsync(INSIGHTS_FLUSH_MS);
    expect(sent.map((batch) => batch.length)).toEqual([INSIGHTS_BATCH, 5]);
  });

  it('send what is queued when the page is left, in the same task once the server has said it takes them', () => {
    const states: string[] = [];
    const s = createInsightsSender({send: (events) => sent.push(events), path: () => '/docs/intro', enabled: () => true, onState: (state) => states.push(state)});
    s.searched('firewall rule', 2);
    s.flush();
    expect(sent).toEqual([[{kind: 'search', path: '/docs/intro', query: 'firewall rule', hits: 2}]]);
    expect(states).toEqual(['pending', 'pending', 'sent']);
  });

  it('keep no query that looks like a secret, and send nothing where the server does not take them', async () => {
    const s = sender();
    s.searched('sk_live_4eC39HqLyjWDarjtT1zdp7dc', 0);
    await settle();
    expect(sent).toEqual([]);
    enabled = false;
    s.searched('volume', 3);
    await settle();
    expect(sent).toEqual([]);
    const told = createInsightsSender({send: (events) => sent.push(events), path: () => '/docs/intro', enabled: () => false});
    told.searched('volume', 3);
    told.flush();
    await settle();
    expect(sent).toEqual([]);
  });

  // The server's answer would come after the page is gone, and the batch with it.
  it('send what is queued when the page is left before the server has said whether it takes them', () => {
    const states: string[] = [];
    const s = createInsightsSender({send: (events) => sent.push(events), path: () => '/search', enabled: () => new Promise<boolean>(() => undefined), onState: (state) => states.push(state)});
    s.searched('zebra quasar', 0);
    s.flush();
    expect(sent).toEqual([[{kind: 'search', path: '/search', query: 'zebra quasar', hits: 0}]]);
    expect(states.at(-1)).toBe('sent');
  });

  it('are refused by a browser with Global Privacy Control or Do Not Track', () => {
    expect(trackingRefused({globalPrivacyControl: true})).toBe(true);
    expect(trackingRefused({doNotTrack: '1'})).toBe(true);
    expect(trackingRefused({doNotTrack: 'unspecified', globalPrivacyControl: false})).toBe(false);
    expect(trackingRefused({})).toBe(false);
  });
});
