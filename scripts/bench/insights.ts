/**
 * Insights under load, and the dashboard over a big table:
 * - feedback posts and search-insight posts per second, and their p99, at 50 connections on
 *   loopback, against the same server answering `/healthz` (the ratio says what validation
 *   and a committed write cost), on PGlite and on PostgreSQL. Each acknowledged post is
 *   committed (grouped commits), as in production. The server runs in a process of its own.
 * - the dashboard's answer (GET /insights/report.json, a 30-day view, every host and one
 *   host) over one million generated events spread over 90 days, median of 5; the target is
 *   under 300 ms on PGlite.
 * PostgreSQL: BENCH_DATABASE_URL, else a server made for the run by scripts/test-postgres.sh.
 * Run alone with `npx tsx scripts/bench/insights.ts`.
 */
import {execFileSync} from 'node:child_process';
import {mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {createApp} from '../../server/app';
import {openPglite, openPostgres, type InsightsDb} from '../../server/insights/db';
import {FILL_DAILY_COUNTS, migrate} from '../../server/insights/migrations';
import {insightsReady, tinyBuild} from '../../server/insights/testing';
import {loadFigures, measureLoad, type CannonResult, type LoadFigures} from './autocannon';
import {benchMain, serveUntilParentCloses, startChildServer} from './child-server';

const siteDir = path.resolve(__dirname, '../..');
const MILLION = 1_000_000;

export interface InsightsEngineBench {
  engine: 'PGlite' | 'PostgreSQL';
  healthz: LoadFigures;
  feedback: LoadFigures;
  search: LoadFigures;
  /** The dashboard's report.json over 1M events: 30 days, every host / one host, ms (median of 5). */
  reportAllMs: number;
  reportHostMs: number;
}

/** The child side: our server on a tiny build, insights in `where` (a folder, or a postgres:// URL), no rate limit to speak of. */
async function serve(where: string): Promise<void> {
  const buildDir = await tinyBuild();
  const open = () => (where.startsWith('postgres') ? openPostgres(where, {max: 10}) : openPglite(where));
  const app = await createApp({buildDir, insights: {open, postsPerMinute: 100_000_000}});
  await app.listen({port: 0, host: '127.0.0.1'});
  await insightsReady(app);
  const {port} = app.server.address() as {port: number};
  serveUntilParentCloses({url: `http://127.0.0.1:${port}`, close: () => app.close()});
}

const load = (url: string, seconds: number, request: {method?: string; headers?: Record<string, string>; body?: string} = {}) => measureLoad({url, connections: 50, ...request}, seconds, 1);

const figures = (runs: CannonResult[]): LoadFigures => loadFigures(runs, 1);

/** Posts per second against /healthz on one server, in the order healthz, feedback, search, search, feedback, healthz. */
async function benchLoad(where: string, seconds: number): Promise<Pick<InsightsEngineBench, 'healthz' | 'feedback' | 'search'>> {
  const server = await startChildServer(__filename, ['--serve', where], 'insights');
  try {
    const headers = {origin: server.url, 'content-type': 'application/json'};
    const feedback = {method: 'POST', headers, body: JSON.stringify({path: '/docs/intro', helpful: false, reasons: ['hard-to-follow'], comment: 'The second step needs the volume id.'})};
    const search = {
      method: 'POST',
      headers,
      body: JSON.stringify({events: [{kind: 'search', path: '/docs/intro', query: 'resize volume', hits: 4}, {kind: 'click', path: '/docs/intro', query: 'resize volume', position: 1, target: '/docs/storage/volumes'}]}),
    };
    const runs: Record<'healthz' | 'feedback' | 'search', CannonResult[]> = {healthz: [], feedback: [], search: []};
    for (const name of ['healthz', 'feedback', 'search', 'search', 'feedback', 'healthz'] as const) {
      const url = `${server.url}${name === 'healthz' ? '/healthz' : name === 'feedback' ? '/insights/feedback' : '/insights/search'}`;
      runs[name].push(await load(url, seconds / 2, name === 'healthz' ? {} : name === 'feedback' ? feedback : search));
    }
    return {healthz: figures(runs.healthz), feedback: figures(runs.feedback), search: figures(runs.search)};
  } finally {
    await server.close();
  }
}

/** One million events over the 90 days before now (300,000 answers and 700,000 search events, five hosts, 250 pages, 3,000 queries), with their daily counts. */
export async function fillMillion(db: InsightsDb, now = new Date()): Promise<void> {
  const end = now.toISOString();
  await migrate(db);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO feedback (at, host, path, helpful, reasons, comment)
         SELECT $1::timestamptz - (i % 7776000) * interval '1 second', 'host' || (i % 5) || '.example.com', '/docs/page-' || (i % 250),
                i % 3 <> 0, CASE WHEN i % 3 = 0 THEN ARRAY['hard-to-follow'] ELSE '{}'::text[] END,
                CASE WHEN i % 40 = 0 THEN 'generated comment ' || i ELSE NULL END
           FROM generate_series(1, $2::integer) AS i`,
      [end, (MILLION * 3) / 10],
    );
    await tx.query(
      `INSERT INTO search_events (at, host, path, kind, query, hits, position, target)
         SELECT $1::timestamptz - (i % 7776000) * interval '1 second', 'host' || (i % 5) || '.example.com', '/docs/page-' || (i % 250),
                CASE WHEN i % 4 = 0 THEN 'click' ELSE 'search' END, 'query ' || (i % 3000),
                CASE WHEN i % 4 = 0 THEN NULL ELSE i % 17 END, CASE WHEN i % 4 = 0 THEN 1 + i % 6 ELSE NULL END,
                CASE WHEN i % 4 = 0 THEN '/docs/page-' || (i % 250) ELSE NULL END
           FROM generate_series(1, $2::integer) AS i`,
      [end, (MILLION * 7) / 10],
    );
    // The daily counts the store keeps with every write, made for the generated events at once.
    await tx.exec('TRUNCATE feedback_days, search_days');
    await tx.exec(FILL_DAILY_COUNTS);
  });
  await db.exec('ANALYZE feedback; ANALYZE search_events;');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const BENCH_TOKEN = 'bench-insights-token-0123456789abcdef';

/**
 * The dashboard's answer time: GET /insights/report.json for the last 30 days, every host
 * and one host, from a server on the filled database (in this process: the answer's time
 * is what is measured, not the loopback). One unmeasured answer first, then the median of five.
 */
async function timeReportAnswers(open: () => Promise<InsightsDb>): Promise<{reportAllMs: number; reportHostMs: number}> {
  const buildDir = await tinyBuild();
  const app = await createApp({buildDir, insights: {open, adminToken: BENCH_TOKEN}});
  try {
    await insightsReady(app);
    const time = async (query: string) => {
      const runs: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const started = performance.now();
        const res = await app.inject({url: `/insights/report.json?since=30d${query}`, headers: {authorization: `Bearer ${BENCH_TOKEN}`}});
        if (i > 0) runs.push(performance.now() - started);
        // A report of nothing would be fast and mean nothing.
        const report = res.json().report as {pages?: unknown[]; searches?: number};
        if (res.statusCode !== 200 || !report.pages?.length || !report.searches) throw new Error(`The generated events are not in the report (${res.statusCode}).`);
      }
      return Math.round(median(runs));
    };
    return {reportAllMs: await time(''), reportHostMs: await time('&host=host2.example.com')};
  } finally {
    await app.close();
    await rm(buildDir, {recursive: true, force: true});
  }
}

/** Fills the database at `open` with a million events, then times the dashboard's answers. */
async function benchReport(open: () => Promise<InsightsDb>): Promise<{reportAllMs: number; reportHostMs: number}> {
  const db = await open();
  try {
    await fillMillion(db);
  } finally {
    await db.close();
  }
  return timeReportAnswers(open);
}

export async function benchInsights(options: {seconds?: number} = {}): Promise<InsightsEngineBench[]> {
  const seconds = options.seconds ?? 8;
  const out: InsightsEngineBench[] = [];
  // PGlite: a folder for the load test, another for the million events.
  const loadDir = await mkdtemp(path.join(os.tmpdir(), 'bench-insights-'));
  const reportDir = await mkdtemp(path.join(os.tmpdir(), 'bench-insights-report-'));
  try {
    const loadFigures = await benchLoad(loadDir, seconds);
    out.push({engine: 'PGlite', ...loadFigures, ...(await benchReport(() => openPglite(reportDir)))});
  } finally {
    await rm(loadDir, {recursive: true, force: true});
    await rm(reportDir, {recursive: true, force: true});
  }
  // PostgreSQL: the operator's, or one made for the run.
  let url = process.env.BENCH_DATABASE_URL?.trim();
  let made: string | undefined;
  if (!url) {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'bench-postgres-'));
    execFileSync('chmod', ['755', parent]);
    made = path.join(parent, 'postgres');
    url = execFileSync('bash', [path.join(siteDir, 'scripts/test-postgres.sh'), 'start', made], {encoding: 'utf8'}).trim();
  }
  try {
    const loadDb = await databaseOn(url, 'bench_insights_load');
    const reportDb = await databaseOn(url, 'bench_insights_report');
    const loadFigures = await benchLoad(loadDb, seconds);
    out.push({engine: 'PostgreSQL', ...loadFigures, ...(await benchReport(() => openPostgres(reportDb)))});
  } finally {
    if (made) {
      execFileSync('bash', [path.join(siteDir, 'scripts/test-postgres.sh'), 'stop', made]);
      await rm(path.dirname(made), {recursive: true, force: true});
    }
  }
  return out;
}

/** A fresh database named `name` on the server at `url`; its URL. */
async function databaseOn(url: string, name: string): Promise<string> {
  const admin = await openPostgres(url, {max: 1});
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.exec(`CREATE DATABASE ${name}`);
  await admin.close();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function insightsReport(results: InsightsEngineBench[]): string {
  const lines = [
    '| engine | /healthz req/s (p99) | feedback posts/s (p99) | ratio | search posts/s (p99) | ratio | 30-day report, 1M events: every host / one host |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.engine} | ${r.healthz.rps} (${r.healthz.p99} ms) | ${r.feedback.rps} (${r.feedback.p99} ms) | ${(r.feedback.rps / r.healthz.rps).toFixed(2)}x | ${r.search.rps} (${r.search.p99} ms) | ${(r.search.rps / r.healthz.rps).toFixed(2)}x | ${r.reportAllMs} ms / ${r.reportHostMs} ms |`,
    );
  }
  return lines.join('\n');
}

if (require.main === module) {
  benchMain(serve, async () => `## Insights (50 connections, loopback)\n${insightsReport(await benchInsights())}\nTarget: the 30-day report under 300 ms on PGlite.`);
}
