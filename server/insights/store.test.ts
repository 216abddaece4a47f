import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {InsightsDb} from './db';
import {migrate, MIGRATIONS} from './migrations';
import {InsightsStore, type FeedbackEvent, type SearchEvent} from './store';
import {postgresRequired, testEngines, testPostgresUrl, type TestDatabase} from './testing';

it('runs against PostgreSQL whenever npm test asks for it', () => {
  // scripts/test.sh starts a server and says it is required: losing it must not turn into a skip.
  if (postgresRequired) expect(testPostgresUrl, 'TEST_DATABASE_URL').toMatch(/^postgres:\/\//);
  expect(testEngines.map((e) => e.name)).toEqual(postgresRequired ? ['PGlite', 'PostgreSQL'] : testEngines.map((e) => e.name));
});

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const answer = (over: Partial<FeedbackEvent>): FeedbackEvent => ({at: day('2026-11-02'), host: 'docs.example.com', path: '/docs/intro', helpful: true, reasons: [], ...over});
const search = (over: Partial<SearchEvent>): SearchEvent => ({at: day('2026-11-02'), host: 'docs.example.com', path: '/docs/intro', kind: 'search', query: 'volume', hits: 3, ...over});

describe.each(testEngines)('the migrations on $name', (engine) => {
  it('fill the daily counts from the events a database already had', async () => {
    const database = await engine.create();
    const db = await database.open();
    try {
      await migrate(db, MIGRATIONS.filter((m) => m.version < 3));
      await db.exec(`INSERT INTO feedback (at, host, path, helpful) VALUES ('2026-06-01T23:59:00Z', 'a.example.com', '/docs/x', true), ('2026-06-01T10:00:00Z', 'a.example.com', '/docs/x', false), ('2026-06-02T00:00:00Z', 'a.example.com', '/docs/x', false)`);
      await db.exec(`INSERT INTO search_events (at, host, path, kind, query, hits, position) VALUES ('2026-06-01T10:00:00Z', 'a.example.com', '/docs/x', 'search', 'gpu', 0, NULL), ('2026-06-01T10:00:01Z', 'a.example.com', '/docs/x', 'click', 'gpu', NULL, 3)`);
      expect(await migrate(db)).toEqual({applied: [3]});
      expect(await db.query('SELECT day::text AS day, yes, no FROM feedback_days ORDER BY day')).toEqual([
        {day: '2026-06-01', yes: 1, no: 1},
        {day: '2026-06-02', yes: 0, no: 1},
      ]);
      expect(await db.query('SELECT query, searches, no_results, clicks, position_sum::int AS position_sum FROM search_days')).toEqual([{query: 'gpu', searches: 1, no_results: 1, clicks: 1, position_sum: 3}]);
    } finally {
      await db.close();
      await database.remove();
    }
  });
});

describe.each(testEngines)('the insights store on $name', (engine) => {
  let database: TestDatabase;
  let db: InsightsDb;
  let store: InsightsStore;

  beforeAll(async () => {
    database = await engine.create();
    db = await database.open();
    store = await InsightsStore.open(db);
  });

  afterAll(async () => {
    await store?.close();
    await database?.remove();
  });

  it('migrates once: a second run applies nothing', async () => {
    expect(await migrate(db)).toEqual({applied: []});
    const rows = await db.query<{version: number}>('SELECT version FROM insights_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('refuses a database migrated by a newer release, naming the migration', async () => {
    await db.query("INSERT INTO insights_migrations (version, name) VALUES (999, 'from the future')");
    try {
      await expect(migrate(db)).rejects.toThrow('migration 999, which this version does not know');
    } finally {
      await db.query('DELETE FROM insights_migrations WHERE version = 999');
    }
  });

  it('keeps answers and reports each page, the failing ones first, with comments as typed', async () => {
    const host = 'feedback.example.com';
    await Promise.all([
      store.add({feedback: [answer({host, path: '/docs/a', helpful: true}), answer({host, path: '/docs/a', helpful: false, reasons: ['inaccurate', 'sample-broken'], comment: '<script>alert(1)</script> wrong port'})]}),
      store.add({feedback: [answer({host, path: '/docs/b', helpful: false, reasons: ['hard-to-follow']}), answer({host, path: '/docs/b', helpful: false, reasons: []})]}),
      store.add({feedback: [answer({host, path: '/docs/c', helpful: true}), answer({host: 'other.example.com', path: '/docs/b', helpful: false})]}),
    ]);
    const report = await store.report({from: day('2026-11-01'), to: day('2026-11-03'), hosts: [host]});
    expect(report.pages).toEqual([
      {host, path: '/docs/b', yes: 0, no: 2, helpfulRate: 0},
      {host, path: '/docs/a', yes: 1, no: 1, helpfulRate: 0.5},
      {host, path: '/docs/c', yes: 1, no: 0, helpfulRate: 1},
    ]);
    expect(report.comments).toHaveLength(1);
    expect(report.comments[0]).toMatchObject({host, path: '/docs/a', helpful: false, reasons: ['inaccurate', 'sample-broken'], comment: '<script>alert(1)</script> wrong port'});
    expect(report.comments[0].at.toISOString()).toBe('2026-11-02T12:00:00.000Z');
  });

  it('reports one host, some hosts or every host, and nothing outside the dates', async () => {
    const at = day('2026-10-10');
    await store.add({feedback: [answer({at, host: 'a.example.com'}), answer({at, host: 'b.example.com', helpful: false}), answer({at: day('2026-10-12'), host: 'a.example.com'})]});
    const range = {from: new Date('2026-10-10T00:00:00Z'), to: new Date('2026-10-11T00:00:00Z')};
    const count = async (hosts: string[] | null) => (await store.report({...range, hosts})).pages.reduce((n, p) => n + p.yes + p.no, 0);
    expect(await count(['a.example.com'])).toBe(1);
    expect(await count(['a.example.com', 'b.example.com'])).toBe(2);
    expect(await count(null)).toBe(2);
    expect(await count(['c.example.com'])).toBe(0);
  });

  it('reports top searches, searches that found nothing, click-through and mean position', async () => {
    const host = 'search.example.com';
    const at = day('2026-09-05');
    await store.add({
      searches: [
        search({at, host, query: 'volume', hits: 4}),
        search({at, host, query: 'volume', hits: 4}),
        search({at, host, query: 'volume', hits: 4}),
        search({at, host, query: 'gpu quota', hits: 0}),
        search({at, host, query: 'gpu quota', hits: 0}),
        search({at, host, query: 'snapshot', hits: 2}),
        search({at, host, kind: 'click', query: 'volume', position: 1, target: '/docs/storage/volumes'}),
        search({at, host, kind: 'click', query: 'snapshot', position: 4, target: '/docs/storage/snapshots'}),
      ],
    });
    const report = await store.report({from: day('2026-09-04'), to: day('2026-09-07'), hosts: [host]});
    expect(report.topSearches).toEqual([
      {query: 'volume', searches: 3, clicks: 1},
      {query: 'gpu quota', searches: 2, clicks: 0},
      {query: 'snapshot', searches: 1, clicks: 1},
    ]);
    expect(report.noResults).toEqual([{query: 'gpu quota', searches: 2}]);
    expect(report.searches).toBe(6);
    expect(report.clicks).toBe(2);
    expect(report.clickThrough).toBeCloseTo(2 / 6);
    expect(report.meanClickPosition).toBeCloseTo(2.5);
    expect(report.series).toEqual([
      {day: '2026-09-04', answers: 0, searches: 0},
      {day: '2026-09-05', answers: 0, searches: 6},
      {day: '2026-09-06', answers: 0, searches: 0},
      {day: '2026-09-07', answers: 0, searches: 0},
    ]);
  });

  it('forgets comments older than the retention, keeping the answers', async () => {
    const host = 'retention.example.com';
    const now = new Date('2026-08-31T00:00:00Z');
    await store.add({feedback: [answer({host, at: new Date('2026-05-01T00:00:00Z'), helpful: false, comment: 'old'}), answer({host, at: new Date('2026-08-30T00:00:00Z'), helpful: false, comment: 'new'})]});
    expect(await store.forgetComments(90, now)).toBe(1);
    const report = await store.report({from: new Date('2026-04-01T00:00:00Z'), to: now, hosts: [host]});
    expect(report.comments.map((c) => c.comment)).toEqual(['new']);
    expect(report.pages).toEqual([{host, path: '/docs/intro', yes: 0, no: 2, helpfulRate: 0}]);
  });

  it('commits a burst of posts in a few transactions, each answered once it is committed', async () => {
    const host = 'burst.example.com';
    const posts = Array.from({length: 200}, (_, i) => store.add({feedback: [answer({host, path: `/docs/p${i % 7}`})]}));
    await Promise.all(posts);
    const rows = await db.query<{n: number}>('SELECT count(*)::int AS n FROM feedback WHERE host = $1', [host]);
    expect(rows[0].n).toBe(200);
  });

  it('keeps its daily counts equal to its events, whatever was written', async () => {
    const fromEvents = await db.query(
      `SELECT (at AT TIME ZONE 'UTC')::date::text AS day, host, path, count(*) FILTER (WHERE helpful)::int AS yes, count(*) FILTER (WHERE NOT helpful)::int AS no
         FROM feedback GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(await db.query('SELECT day::text AS day, host, path, yes, no FROM feedback_days ORDER BY 1, 2, 3')).toEqual(fromEvents);
    const searchEvents = await db.query(
      `SELECT (at AT TIME ZONE 'UTC')::date::text AS day, host, query, count(*) FILTER (WHERE kind = 'search')::int AS searches,
              count(*) FILTER (WHERE kind = 'search' AND hits = 0)::int AS no_results, count(*) FILTER (WHERE kind = 'click')::int AS clicks
         FROM search_events GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(await db.query('SELECT day::text AS day, host, query, searches, no_results, clicks FROM search_days ORDER BY 1, 2, 3')).toEqual(searchEvents);
  });

  it('rejects every post of a transaction the database refuses, and keeps none of it', async () => {
    const host = 'refused.example.com';
    const bad = store.add({feedback: [answer({host}), answer({host, path: 'a\u0000b'})]});
    await expect(bad).rejects.toThrow();
    const rows = await db.query<{n: number}>('SELECT count(*)::int AS n FROM feedback WHERE host = $1', [host]);
    expect(rows[0].n).toBe(0);
    await store.add({feedback: [answer({host})]});
    expect((await db.query<{n: number}>('SELECT count(*)::int AS n FROM feedback WHERE host = $1', [host]))[0].n).toBe(1);
  });
});
