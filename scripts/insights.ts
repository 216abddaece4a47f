/**
 * `npm run insights -- --since 7d [--host H] [--url URL]`: the insights report in the
 * terminal, the same figures as the /insights dashboard.
 *
 * Where it reads: with DATABASE_URL, the PostgreSQL server directly. With the embedded
 * database (INSIGHTS_DIR, default .insights/), directly when no server has it open; when one
 * has (an embedded database has one user at a time), through that server's
 * /insights/report.json at --url (default http://localhost:$PORT or 3000) with INSIGHTS_TOKEN.
 */
import path from 'node:path';
import {parseArgs} from 'node:util';
import {insightsFromEnv} from '../server/insights/config';
import {pgliteHolder} from '../server/insights/db';
import {parseRange} from '../server/insights/range';
import {InsightsStore, type Report} from '../server/insights/store';
import {normalizeHostName} from '../server/partners';

const siteDir = path.resolve(__dirname, '..');

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** Columns padded to their widest cell; numbers right-aligned. */
function columns(headings: string[], rows: (string | number)[][]): string {
  if (!rows.length) return '  (nothing in this period)';
  const cells = [headings, ...rows.map((r) => r.map(String))];
  const widths = headings.map((_, i) => Math.min(60, Math.max(...cells.map((r) => r[i].length))));
  const numeric = headings.map((_, i) => rows.every((r) => typeof r[i] === 'number'));
  const fit = (text: string, i: number) => {
    const cut = text.length > widths[i] ? `${text.slice(0, widths[i] - 1)}…` : text;
    return numeric[i] ? cut.padStart(widths[i]) : cut.padEnd(widths[i]);
  };
  return cells.map((r) => `  ${r.map(fit).join('  ')}`.trimEnd()).join('\n');
}

/** The report as text: what the dashboard shows, table by table. Control characters in readers' text are shown escaped. */
export function reportText(report: Report, label: string, hosts: readonly string[] | null): string {
  const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const answers = report.pages.reduce((n, p) => n + p.yes + p.no, 0);
  const yes = report.pages.reduce((n, p) => n + p.yes, 0);
  return [
    `Docs insights, ${label}, ${hosts ? hosts.join(', ') : 'every host'}`,
    '',
    `Answers ${answers}, helpful ${answers ? percent(yes / answers) : '-'}; searches ${report.searches}, click-through ${report.searches ? percent(report.clickThrough) : '-'}, mean position clicked ${report.meanClickPosition === null ? '-' : report.meanClickPosition.toFixed(1)}`,
    '',
    'Pages, the least helpful first',
    columns(['host', 'page', 'yes', 'no', 'helpful'], report.pages.map((p) => [p.host, p.path, p.yes, p.no, percent(p.helpfulRate)])),
    '',
    'Recent comments',
    columns(['when', 'host', 'page', 'helpful', 'reasons', 'comment'], report.comments.map((c) => [c.at.toISOString().slice(0, 16).replace('T', ' '), c.host, c.path, c.helpful ? 'yes' : 'no', c.reasons.join(' '), clean(c.comment)])),
    '',
    'Top searches',
    columns(['query', 'searches', 'clicks'], report.topSearches.map((s) => [clean(s.query), s.searches, s.clicks])),
    '',
    'Searches with no results',
    columns(['query', 'searches'], report.noResults.map((s) => [clean(s.query), s.searches])),
    '',
    'Per day',
    columns(['day', 'answers', 'searches'], report.series.map((d) => [d.day, d.answers, d.searches])),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {since: {type: 'string'}, from: {type: 'string'}, to: {type: 'string'}, host: {type: 'string'}, url: {type: 'string'}, help: {type: 'boolean'}}, strict: true});
  if (values.help) {
    console.log('npm run insights -- [--since 7d | --from YYYY-MM-DD [--to YYYY-MM-DD]] [--host docs.example.com] [--url http://localhost:3000]');
    return;
  }
  const range = parseRange({since: values.since, from: values.from, to: values.to});
  const host = values.host === undefined ? undefined : normalizeHostName(values.host);
  if (values.host !== undefined && !host) throw new Error(`--host must be a host name, got ${JSON.stringify(values.host)}.`);
  const hosts = host ? [host] : null;
  const config = insightsFromEnv(process.env, siteDir);
  if (!config) throw new Error('Insights are off (INSIGHTS=off): there is nothing to report.');
  const holder = config.pgliteDir === undefined ? undefined : pgliteHolder(config.pgliteDir);
  if (holder !== undefined) {
    const base = values.url ?? `http://localhost:${process.env.PORT ?? 3000}`;
    const token = process.env.INSIGHTS_TOKEN?.trim();
    if (!token) throw new Error(`The server (pid ${holder}) has the insights database open: set INSIGHTS_TOKEN to read the report through it at ${base}, or stop it.`);
    const params = new URLSearchParams(values.from ? {from: values.from, ...(values.to ? {to: values.to} : {})} : {since: values.since ?? '30d'});
    if (host) params.set('host', host);
    const res = await fetch(`${base}/insights/report.json?${params}`, {headers: {authorization: `Bearer ${token}`}});
    if (!res.ok) throw new Error(`${base} answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as {report: Report; range: {label: string}};
    const report = {...body.report, comments: body.report.comments.map((c) => ({...c, at: new Date(c.at)}))};
    process.stdout.write(reportText(report, body.range.label, hosts));
    return;
  }
  const store = await InsightsStore.open(await config.open());
  try {
    process.stdout.write(reportText(await store.report({from: range.from, to: range.to, hosts}), range.label, hosts));
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
