/**
 * `npm run bench` against its own last run (`bench-results/latest.json`): the figures that
 * got worse since, so that a loss shows in the run that has it, not when someone next reads
 * the README's table.
 *
 * Only figures that can be compared across runs are: bytes (the same build gives the same
 * bytes on any machine) and ratios to a baseline measured in the same run (our pages against
 * stock Docusaurus's intro, Faster against webpack, our servers against a bare one). Times in
 * milliseconds move with the machine and its load, so they are left out. A byte figure counts
 * as changed past 1 %, a ratio past 10 % (about the spread of one ratio between two runs on a
 * 2-core machine: stock's intro alone moves more than that between runs).
 */

export type FigureKind = 'bytes' | 'ratio';

export interface Figure {
  name: string;
  value: number;
  kind: FigureKind;
  /** Which way is better. */
  better: 'lower' | 'higher';
}

export interface Change extends Figure {
  before: number;
  /** after / before */
  factor: number;
  /** Moved past its limit, either way. */
  moved: boolean;
  /** Moved past its limit the wrong way. */
  worse: boolean;
}

/** How far a figure may move before it counts as changed (a fraction of its last value). */
export const CHANGE_LIMITS: Record<FigureKind, number> = {bytes: 0.01, ratio: 0.1};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const num = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * The comparable figures of one bench result (the object `npm run bench` writes). A result
 * from an older version of the bench may lack some: those are simply not there.
 */
export function figuresOf(run: unknown): Figure[] {
  if (!isObject(run)) return [];
  const figures: Figure[] = [];
  const add = (name: string, value: number | undefined, kind: FigureKind, better: Figure['better'] = 'lower') => {
    if (value !== undefined && value > 0) figures.push({name, value, kind, better});
  };

  for (const page of list(run.pages)) {
    const weight = isObject(page.weight) ? page.weight : {};
    add(`first visit JS, gzip: ${String(page.route)}`, num(weight.jsGzip), 'bytes');
    add(`first visit CSS, gzip: ${String(page.route)}`, num(weight.cssGzip), 'bytes');
  }
  const search = isObject(run.search) ? run.search : {};
  add('search records file, brotli', num(search.brotliBytes), 'bytes');
  const chunks = isObject(run.searchChunks) ? run.searchChunks : {};
  for (const query of list(chunks.modal)) add(`search data before the modal's first hit: ${String(query.query)}`, num(query.chunkedBytes), 'bytes');

  const build = isObject(run.build) ? run.build : {};
  const faster = isObject(build.faster) ? num(build.faster.seconds) : undefined;
  const webpack = isObject(build.webpack) ? num(build.webpack.seconds) : undefined;
  if (faster !== undefined && webpack !== undefined) add('cold build, Faster / webpack', faster / webpack, 'ratio');

  const stockPages = list(run.againstStock);
  const stockIntro = stockPages.find((page) => page.site === 'stock' && page.route === '/docs/intro');
  const base = isObject(stockIntro?.figures) ? stockIntro.figures : undefined;
  if (base) {
    for (const page of stockPages) {
      if (page.site === 'stock' || !isObject(page.figures)) continue;
      for (const [key, label] of [['mainThread', 'main thread'], ['tbt', 'TBT']] as const) {
        const ours = num(page.figures[key]);
        const theirs = num(base[key]);
        if (ours !== undefined && theirs) add(`${label} / stock's intro: ${String(page.site)} ${String(page.route)}`, ours / theirs, 'ratio');
      }
    }
  }
  const partnerApi = isObject(run.partnerApi) ? run.partnerApi : {};
  add('partner-config API throughput, ours / bare node:http', num(partnerApi.ratio), 'ratio', 'higher');
  return figures;
}

/** Every figure both runs have, with how it moved against its limit. */
export function compareRuns(previous: unknown, current: unknown, limits: Record<FigureKind, number> = CHANGE_LIMITS): Change[] {
  const before = new Map(figuresOf(previous).map((figure) => [figure.name, figure.value]));
  const changes: Change[] = [];
  for (const figure of figuresOf(current)) {
    const was = before.get(figure.name);
    if (was === undefined) continue;
    const factor = figure.value / was;
    const grew = factor > 1 + limits[figure.kind];
    const shrank = factor < 1 - limits[figure.kind];
    changes.push({...figure, before: was, factor, moved: grew || shrank, worse: figure.better === 'lower' ? grew : shrank});
  }
  return changes;
}

const show = (figure: Figure, value: number) => (figure.kind === 'bytes' ? `${(value / 1024).toFixed(1)} KB` : `${value.toFixed(2)}x`);

/** The report's lines: the figures past their limit, worse first, and how many held. */
export function sinceLastReport(previous: unknown, current: unknown): string[] {
  if (!isObject(previous)) return ['No earlier run in bench-results/ to compare with.'];
  const changes = compareRuns(previous, current);
  const date = typeof previous.date === 'string' ? previous.date : 'an undated run';
  if (changes.length === 0) return [`The last run (${date}) has none of this run's figures to compare with.`];
  const moved = changes.filter((change) => change.moved);
  const lines = [`Against the last run (${date}): ${changes.length} figures compared (bytes past ±${CHANGE_LIMITS.bytes * 100} %, ratios past ±${CHANGE_LIMITS.ratio * 100} %); ${changes.filter((c) => c.worse).length} worse.`];
  if (moved.length > 0) {
    lines.push('| figure | last run | this run | change |', '| --- | --- | --- | --- |');
    for (const change of [...moved].sort((a, b) => Number(b.worse) - Number(a.worse))) {
      lines.push(`| ${change.name} | ${show(change, change.before)} | ${show(change, change.value)} | ${change.factor.toFixed(2)}x${change.worse ? ', **worse**' : ', better'} |`);
    }
  }
  return lines;
}
