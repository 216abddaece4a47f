/**
 * The insights dashboard in the browser: signs in with a token (kept for this tab only, in
 * sessionStorage), reads /insights/report.json for the period and host picked, and shows it
 * as tables (every number readable by a screen reader) and plots. Everything readers wrote
 * (comments, queries, paths) is set as text, never as HTML.
 */
import uPlot from 'uplot';
import type {CommentRow, Report} from '../store';

/** The report as JSON carries its times as strings. */
interface ReportBody {
  reader: string;
  range: {from: string; to: string; label: string};
  hosts: string[] | 'all';
  choices: string[];
  report: Omit<Report, 'comments'> & {comments: (Omit<CommentRow, 'at'> & {at: string})[]};
}

const TOKEN_KEY = 'insights-token';
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const percent = (x: number) => `${Math.round(x * 100)}%`;
const REASON_LABELS: Record<string, string> = {
  inaccurate: 'wrong or out of date',
  'hard-to-follow': 'hard to follow',
  'missing-information': 'missing information',
  'sample-broken': 'code sample does not work',
  other: 'something else',
};

function token(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function setToken(value: string | null): void {
  try {
    if (value) sessionStorage.setItem(TOKEN_KEY, value);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage off: the token lives as long as this page.
  }
  memoryToken = value;
}
let memoryToken: string | null = token();

function status(message: string): void {
  $('status').textContent = message;
}

function query(): URLSearchParams {
  const params = new URLSearchParams({since: $<HTMLSelectElement>('since').value});
  const host = $<HTMLSelectElement>('host').value;
  if (host) params.set('host', host);
  return params;
}

/** A table from a caption, column headings and rows of cells (text, or a node for a bar). */
function table(caption: string, headings: string[], rows: (string | number | Node)[][], numeric: boolean[] = []): HTMLTableElement {
  const t = document.createElement('table');
  t.createCaption().textContent = caption;
  const head = t.createTHead().insertRow();
  headings.forEach((h, i) => {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = h;
    if (numeric[i]) th.className = 'num';
    head.append(th);
  });
  const body = t.createTBody();
  if (!rows.length) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = headings.length;
    cell.textContent = 'Nothing in this period.';
  }
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((value, i) => {
      const td = tr.insertCell();
      if (numeric[i]) td.className = 'num';
      if (value instanceof Node) td.append(value);
      else td.textContent = String(value);
    });
  }
  return t;
}

/** The share of "no" answers as a bar beside its number (the number is what is read out). */
function bar(share: number, label: string): Node {
  const wrap = document.createElement('span');
  wrap.className = 'bar';
  const fill = document.createElement('span');
  fill.className = 'bar-fill';
  fill.setAttribute('aria-hidden', 'true');
  fill.style.width = `${Math.round(share * 100)}%`;
  const text = document.createElement('span');
  text.textContent = label;
  wrap.append(fill, text);
  return wrap;
}

let plot: uPlot | undefined;

function drawDays(series: ReportBody['report']['series']): void {
  const box = $('days-plot');
  plot?.destroy();
  box.textContent = '';
  const styles = getComputedStyle(document.documentElement);
  const answers = styles.getPropertyValue('--answers').trim() || '#6d28d9';
  const searches = styles.getPropertyValue('--searches').trim() || '#0f766e';
  const axis = {stroke: styles.getPropertyValue('--text').trim() || '#222', grid: {stroke: styles.getPropertyValue('--grid').trim() || '#ddd'}};
  const x = series.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  plot = new uPlot(
    {
      width: Math.max(280, box.clientWidth),
      height: 220,
      scales: {x: {time: true}},
      axes: [axis, axis],
      series: [{}, {label: 'Answers', stroke: answers, width: 2}, {label: 'Searches', stroke: searches, width: 2}],
    },
    [x, series.map((d) => d.answers), series.map((d) => d.searches)],
    box,
  );
}

function render(body: ReportBody): void {
  const r = body.report;
  $('who').textContent = `Signed in as ${body.reader} · ${body.range.label}`;
  const hostSelect = $<HTMLSelectElement>('host');
  const picked = hostSelect.value;
  hostSelect.textContent = '';
  const all = document.createElement('option');
  all.value = '';
  all.textContent = body.choices.length > 1 || body.hosts === 'all' ? 'Every host' : 'This partner’s hosts';
  hostSelect.append(all);
  for (const host of body.choices) {
    const option = document.createElement('option');
    option.value = host;
    option.textContent = host;
    hostSelect.append(option);
  }
  hostSelect.value = body.choices.includes(picked) ? picked : '';

  const answers = r.pages.reduce((n, p) => n + p.yes + p.no, 0);
  const yes = r.pages.reduce((n, p) => n + p.yes, 0);
  const summary = $('summary');
  summary.textContent = '';
  for (const [term, value] of [
    ['Answers', String(answers)],
    ['Helpful', answers ? percent(yes / answers) : '–'],
    ['Searches', String(r.searches)],
    ['Click-through', r.searches ? percent(r.clickThrough) : '–'],
    ['Mean position clicked', r.meanClickPosition === null ? '–' : r.meanClickPosition.toFixed(1)],
  ]) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = value;
    summary.append(dt, dd);
  }

  const replace = (id: string, node: Node) => $(id).replaceChildren(node);
  replace('days-table', table('Per day', ['Day', 'Answers', 'Searches'], r.series.map((d) => [d.day, d.answers, d.searches]), [false, true, true]));
  replace(
    'pages-table',
    table(
      'Answers per page',
      ['Host', 'Page', 'Yes', 'No', 'Helpful'],
      r.pages.map((p) => [p.host, p.path, p.yes, p.no, bar(1 - p.helpfulRate, percent(p.helpfulRate))]),
      [false, false, true, true, false],
    ),
  );
  replace(
    'comments-table',
    table(
      'The newest first',
      ['When', 'Host', 'Page', 'Helpful', 'Reasons', 'Comment'],
      r.comments.map((c) => [new Date(c.at).toISOString().slice(0, 16).replace('T', ' '), c.host, c.path, c.helpful ? 'yes' : 'no', c.reasons.map((x) => REASON_LABELS[x] ?? x).join(', '), c.comment]),
    ),
  );
  replace('searches-table', table('The most frequent first', ['Query', 'Searches', 'Clicks'], r.topSearches.map((s) => [s.query, s.searches, s.clicks]), [false, true, true]));
  replace('no-results-table', table('Queries that found nothing', ['Query', 'Searches'], r.noResults.map((s) => [s.query, s.searches]), [false, true]));
  $('report').hidden = false;
  drawDays(r.series);
  document.documentElement.setAttribute('data-insights', 'ready');
}

async function load(): Promise<void> {
  const t = memoryToken;
  if (!t) return;
  document.documentElement.setAttribute('data-insights', 'loading');
  status('Loading…');
  let res: Response;
  try {
    res = await fetch(`/insights/report.json?${query()}`, {headers: {authorization: `Bearer ${t}`}});
  } catch {
    status('The server could not be reached. Try again in a moment.');
    document.documentElement.setAttribute('data-insights', 'error');
    return;
  }
  if (res.status === 401) {
    setToken(null);
    showSignIn('That token reads no insights. Check it and sign in again.');
    return;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {error?: {message?: string}} | null;
    status(body?.error?.message ?? `The report failed (${res.status}).`);
    document.documentElement.setAttribute('data-insights', 'error');
    return;
  }
  status('');
  $('sign-in').hidden = true;
  $('controls').hidden = false;
  $('sign-out').hidden = false;
  render((await res.json()) as ReportBody);
}

function showSignIn(message = ''): void {
  $('sign-in').hidden = false;
  $('controls').hidden = true;
  $('report').hidden = true;
  $('sign-out').hidden = true;
  $('who').textContent = '';
  status(message);
  document.documentElement.setAttribute('data-insights', 'signed-out');
}

async function downloadCsv(tableName: string): Promise<void> {
  const t = memoryToken;
  if (!t) return;
  const params = query();
  params.set('table', tableName);
  const res = await fetch(`/insights/report.csv?${params}`, {headers: {authorization: `Bearer ${t}`}});
  if (!res.ok) {
    status(`The CSV could not be made (${res.status}).`);
    return;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `insights-${tableName}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

$('sign-in').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $<HTMLInputElement>('token');
  setToken(input.value.trim());
  input.value = '';
  void load();
});
$('sign-out').addEventListener('click', () => {
  setToken(null);
  showSignIn('Signed out.');
});
$('controls').addEventListener('change', () => void load());
for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('button.csv'))) button.addEventListener('click', () => void downloadCsv(button.dataset.table!));
window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
  if (plot) void load();
});

if (memoryToken) void load();
else showSignIn();
