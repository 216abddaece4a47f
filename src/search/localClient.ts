/**
 * An in-browser stand-in for Algolia's search API, for the DocSearch modal and the
 * `/search` page when no Algolia account is configured. It answers the multi-query call
 * in Algolia's shape from a MiniSearch index over DocSearch-style records, and ranks the
 * way the DocSearch crawler's index settings do: words, typos, attribute, exactness,
 * then the record weight.
 */
import MiniSearch, {type SearchResult} from 'minisearch';
import {
  createTermMatcher,
  highlightText,
  normalizeTerm,
  queryTerms,
  snippetText,
  termRules,
  tokenize,
  type HighlightResult,
  type MarkOptions,
  type SnippetResult,
  type TermMatch,
  type TermRule,
} from './highlight';
import type {SearchRecord} from './records';
import {inIdleSlices} from './idle';
import {RetryError} from './retryError';

export {RetryError};

export type {SearchRecord};
export type {HighlightResult, SnippetResult};

/** The spec's cap on the search input; longer queries are cut before matching. */
export const MAX_QUERY_LENGTH = 64;
const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;
/** Index settings of the DocSearch crawler when a request does not say. */
const DEFAULT_SNIPPET_WORDS = 10;
const DEFAULT_ATTRIBUTES_TO_SNIPPET = ['content:10'];
const DEFAULT_ELLIPSIS = '…';
/** Records indexed per idle slice: about a millisecond of work each on a laptop. */
const BUILD_SLICE = 100;

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
type Level = (typeof LEVELS)[number];
type Field = Level | 'content';
const FIELDS: Field[] = [...LEVELS, 'content'];
/** Page title first, then headings by depth; the section name (lvl0) ranks with lvl3, body text last. */
const FIELD_BOOST: Record<Field, number> = {lvl1: 10, lvl2: 8, lvl3: 6, lvl0: 6, lvl4: 5, lvl5: 4, lvl6: 4, content: 1};

export type FacetFilters = (string | string[])[];

/** One request as Algolia v5 (`{requests: [...]}`, params inline) or the legacy array (`params` object or query string) sends it. */
export interface LocalSearchRequest {
  indexName: string;
  query?: string;
  params?: string | Record<string, unknown>;
  [param: string]: unknown;
}

export type LocalSearchInput = {requests: LocalSearchRequest[]} | LocalSearchRequest[];

export interface LocalSearchHit extends Partial<Omit<SearchRecord, 'objectID' | 'hierarchy'>> {
  objectID: string;
  hierarchy?: Partial<SearchRecord['hierarchy']>;
  /** Levels and content that have text; null levels are absent, as in Algolia. */
  _highlightResult: {hierarchy?: Partial<Record<Level, HighlightResult>>; content?: HighlightResult};
  _snippetResult: {hierarchy?: Partial<Record<Level, SnippetResult>>; content?: SnippetResult};
}

export interface LocalSearchResponse {
  hits: LocalSearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  /** The query as sent (not cut): the `/search` page compares it with its own. */
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  exhaustiveNbHits: true;
  exhaustiveFacetsCount: true;
  exhaustive: {nbHits: true; facetsCount: true};
  /** Counts for the attributes named in `facets`; algoliasearch-helper reads them for disjunctive facets. */
  facets: Record<string, Record<string, number>>;
  queryID?: string;
}

export interface LocalSearchClient {
  search(input: LocalSearchInput): Promise<{results: LocalSearchResponse[]}>;
  /** Starts loading the records and building the index; never rejects (a failure shows on the next search). */
  preload(): Promise<void>;
  addAlgoliaAgent(segment: string, version?: string): void;
  clearCache(): Promise<void>;
}

export interface LocalSearchOptions {
  /** Origin to make record URLs absolute with; defaults to the page's origin. */
  origin?: string;
  /** Highlight tags when a request names none (`<mark>`, `</mark>` unless given). */
  highlightPreTag?: string;
  highlightPostTag?: string;
}

interface Index {
  records: SearchRecord[];
  engine: MiniSearch<number>;
}

function fieldText(record: SearchRecord, field: Field): string | null {
  const value = field === 'content' ? record.content : record.hierarchy?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Documents are record positions, so the index holds no copy of the text; built in idle slices. */
async function buildIndex(records: SearchRecord[]): Promise<Index> {
  const engine = new MiniSearch<number>({
    idField: 'id',
    fields: FIELDS,
    extractField: (position, field) => (field === 'id' ? position : fieldText(records[position], field as Field)),
    tokenize,
    processTerm: (term) => normalizeTerm(term) || null,
  });
  await inIdleSlices(records.length, BUILD_SLICE, (from, to) => {
    for (let position = from; position < to; position += 1) engine.add(position);
  });
  return {records, engine};
}

// ---------------------------------------------------------------- parameters

type Params = Record<string, unknown>;

function parseParamString(params: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(params)) {
    out[key] = /^[[{]/.test(value) ? tryJson(value) : value;
  }
  return out;
}

function tryJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function normalizeRequests(input: LocalSearchInput): {indexName: string; params: Params}[] {
  const list: unknown = Array.isArray(input) ? input : (input as {requests?: unknown})?.requests;
  if (!Array.isArray(list)) throw new TypeError('search() takes {requests: [...]} or an array of {indexName, params}.');
  return list.map((item: unknown) => {
    const {indexName, params, type: _type, ...inline} = (item ?? {}) as LocalSearchRequest;
    const merged: Params = typeof params === 'string' ? parseParamString(params) : {...(params ?? {})};
    for (const [key, value] of Object.entries(inline)) if (value !== undefined) merged[key] = value;
    return {indexName: String(indexName ?? ''), params: merged};
  });
}

function intParam(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : fallback;
}

function boolParam(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** A list given as an array, a JSON array string or a comma-separated string. */
function listParam(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('[')) {
    const parsed = tryJson(value);
    return Array.isArray(parsed) ? parsed : undefined;
  }
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

function stringListParam(value: unknown): string[] | undefined {
  return listParam(value)?.filter((item): item is string => typeof item === 'string');
}

/** Hits per page kept for one `url_without_anchor` (true = 1), or per `url` when the request says nothing (the crawler's index setting). */
function distinctParam(value: unknown): {key: 'url' | 'url_without_anchor'; limit: number} | null {
  if (value === undefined || value === null || value === '') return {key: 'url', limit: 1};
  if (value === true || value === 'true') return {key: 'url_without_anchor', limit: 1};
  const limit = intParam(value, 0, 0, 4);
  return limit > 0 ? {key: 'url_without_anchor', limit} : null;
}

/** A lone surrogate (half an emoji) would make `encodeURIComponent` throw. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

function serializeParams(params: Params): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))}`)
    .join('&');
}

// ---------------------------------------------------------------- facets

function attributeValues(record: SearchRecord, attribute: string): string[] {
  let value: unknown = record;
  for (const key of attribute.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return value === null || value === undefined ? [] : [String(value)];
}

type Predicate = (record: SearchRecord) => boolean;

/** `attribute:value`, `attribute:-value` (not), `attribute:\-value` (a value starting with `-`). */
function facetPredicate(filter: string): Predicate {
  const colon = filter.indexOf(':');
  if (colon < 0) return () => false;
  const attribute = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  else if (value.startsWith('\\-')) value = value.slice(1);
  return (record) => attributeValues(record, attribute).includes(value) !== negated;
}

/** AND of the list, OR inside nested lists. */
function facetFiltersPredicate(value: unknown): Predicate | null {
  const list = typeof value === 'string' && !value.startsWith('[') ? [value] : listParam(value);
  if (!list || list.length === 0) return null;
  const clauses = list.map((clause): Predicate => {
    if (Array.isArray(clause)) {
      const any = clause.filter((f): f is string => typeof f === 'string').map(facetPredicate);
      return (record) => any.some((p) => p(record));
    }
    return typeof clause === 'string' ? facetPredicate(clause) : () => true;
  });
  return (record) => clauses.every((p) => p(record));
}

const ALL_FACETS = ['language', 'docusaurus_tag', 'type'];

function facetCounts(records: SearchRecord[], ids: number[], value: unknown): Record<string, Record<string, number>> {
  const names = stringListParam(value);
  if (!names || names.length === 0) return {};
  const attributes = names.includes('*') ? ALL_FACETS : names;
  const counts: Record<string, Record<string, number>> = {};
  for (const attribute of attributes) {
    const bucket: Record<string, number> = {};
    for (const id of ids) for (const v of attributeValues(records[id], attribute)) bucket[v] = (bucket[v] ?? 0) + 1;
    counts[attribute] = bucket;
  }
  return counts;
}

// ---------------------------------------------------------------- matching and ranking

interface Candidate {
  id: number;
  words: number;
  typos: number;
  attribute: number;
  exact: number;
  score: number;
}

/**
 * Algolia's tie-breaking over MiniSearch's matches: more query words matched, fewer typos,
 * a better attribute (sum over the words of the best field boost they matched in), more
 * words matched exactly rather than by prefix, then `weight.level`, `weight.pageRank`,
 * `weight.position`, and MiniSearch's own score last.
 */
function rank(result: SearchResult, match: (word: string) => TermMatch[], termCount: number): Candidate {
  const typos = new Array<number>(termCount).fill(Infinity);
  const boost = new Array<number>(termCount).fill(0);
  const exact = new Array<boolean>(termCount).fill(false);
  for (const [word, fields] of Object.entries(result.match)) {
    const best = Math.max(...fields.map((field) => FIELD_BOOST[field as Field] ?? 1));
    for (const hit of match(word)) {
      typos[hit.index] = Math.min(typos[hit.index], hit.typos);
      boost[hit.index] = Math.max(boost[hit.index], best);
      if (hit.exact) exact[hit.index] = true;
    }
  }
  let words = 0;
  let typoSum = 0;
  for (const t of typos) {
    if (t !== Infinity) {
      words += 1;
      typoSum += t;
    }
  }
  return {
    id: result.id as number,
    words,
    typos: typoSum,
    attribute: boost.reduce((a, b) => a + b, 0),
    exact: exact.filter(Boolean).length,
    score: result.score,
  };
}

function compareCandidates(records: SearchRecord[]) {
  return (a: Candidate, b: Candidate): number => {
    const wa = records[a.id].weight ?? {level: 0, pageRank: 0, position: 0};
    const wb = records[b.id].weight ?? {level: 0, pageRank: 0, position: 0};
    return (
      b.words - a.words ||
      a.typos - b.typos ||
      b.attribute - a.attribute ||
      b.exact - a.exact ||
      (wb.level ?? 0) - (wa.level ?? 0) ||
      (wb.pageRank ?? 0) - (wa.pageRank ?? 0) ||
      (wa.position ?? 0) - (wb.position ?? 0) ||
      b.score - a.score ||
      a.id - b.id
    );
  };
}

interface PreparedQuery {
  terms: string[];
  rules: TermRule[];
  match: (word: string) => TermMatch[];
  /** MiniSearch results for AND and OR, run once per query for all requests of a call. */
  results: Partial<Record<'AND' | 'OR', SearchResult[]>>;
}

function prepareQuery(query: string): PreparedQuery {
  const terms = queryTerms(query.slice(0, MAX_QUERY_LENGTH));
  const rules = termRules(terms);
  return {terms, rules, match: createTermMatcher(rules), results: {}};
}

function runQuery(index: Index, prepared: PreparedQuery, combineWith: 'AND' | 'OR'): SearchResult[] {
  const cached = prepared.results[combineWith];
  if (cached) return cached;
  const rules = new Map(prepared.rules.map((rule) => [rule.term, rule]));
  const results = index.engine.search(prepared.terms.join(' '), {
    combineWith,
    prefix: (term) => rules.get(term)?.prefix ?? false,
    fuzzy: (term) => rules.get(term)?.maxTypos || false,
    boost: FIELD_BOOST,
  });
  prepared.results[combineWith] = results;
  return results;
}

// ---------------------------------------------------------------- hits

function absoluteUrl(url: string, origin: string | undefined): string {
  if (!origin || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${origin.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

function pageOrigin(): string | undefined {
  return typeof window !== 'undefined' && window.location ? window.location.origin : undefined;
}

/** `attributesToRetrieve` (default all); `objectID` always. */
function retrieve(record: SearchRecord, attributes: string[] | undefined): Partial<SearchRecord> {
  if (!attributes || attributes.includes('*')) return {...record, hierarchy: {...record.hierarchy}};
  const out: Record<string, unknown> = {};
  for (const path of attributes) {
    const [head, child] = path.split('.');
    const value = (record as unknown as Record<string, unknown>)[head];
    if (value === undefined) continue;
    if (child === undefined) out[head] = value && typeof value === 'object' ? {...value} : value;
    else if (value && typeof value === 'object' && child in value) {
      out[head] = {...((out[head] as object) ?? {}), [child]: (value as Record<string, unknown>)[child]};
    }
  }
  return out as Partial<SearchRecord>;
}

/** `content:10`, `hierarchy.lvl1`, `hierarchy` or `*` to fields and word counts. */
function snippetFields(value: unknown): Map<Field, number> {
  const fields = new Map<Field, number>();
  for (const spec of stringListParam(value) ?? DEFAULT_ATTRIBUTES_TO_SNIPPET) {
    const [name, count] = spec.split(':');
    const words = intParam(count, DEFAULT_SNIPPET_WORDS, 1, 100);
    const targets: Field[] =
      name === '*' ? FIELDS : name === 'hierarchy' ? [...LEVELS] : name === 'content' ? ['content'] : LEVELS.filter((l) => name === `hierarchy.${l}`);
    for (const field of targets) fields.set(field, words);
  }
  return fields;
}

function highlightFields(value: unknown): Set<Field> {
  const list = stringListParam(value);
  if (!list || list.includes('*')) return new Set(FIELDS);
  const fields = new Set<Field>();
  for (const name of list) {
    if (name === 'hierarchy') LEVELS.forEach((l) => fields.add(l));
    else if (name === 'content') fields.add('content');
    else for (const l of LEVELS) if (name === `hierarchy.${l}`) fields.add(l);
  }
  return fields;
}

interface HitOptions {
  origin: string | undefined;
  mark: MarkOptions;
  retrieve: string[] | undefined;
  highlight: Set<Field>;
  snippet: Map<Field, number>;
  ellipsis: string;
}

function buildHit(record: SearchRecord, options: HitOptions): LocalSearchHit {
  const hit = {...retrieve(record, options.retrieve), objectID: String(record.objectID)} as LocalSearchHit;
  if (typeof hit.url === 'string') hit.url = absoluteUrl(hit.url, options.origin);
  const highlighted: LocalSearchHit['_highlightResult'] = {};
  const snippets: LocalSearchHit['_snippetResult'] = {};
  for (const field of FIELDS) {
    const text = fieldText(record, field);
    if (text === null) continue;
    const words = options.snippet.get(field);
    if (field === 'content') {
      if (options.highlight.has(field)) highlighted.content = highlightText(text, options.mark);
      if (words !== undefined) snippets.content = snippetText(text, words, options.ellipsis, options.mark);
    } else {
      if (options.highlight.has(field)) (highlighted.hierarchy ??= {})[field] = highlightText(text, options.mark);
      if (words !== undefined) (snippets.hierarchy ??= {})[field] = snippetText(text, words, options.ellipsis, options.mark);
    }
  }
  hit._highlightResult = highlighted;
  hit._snippetResult = snippets;
  return hit;
}

function randomQueryId(): string {
  const bytes = new Uint8Array(16);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

interface AnswerContext {
  index: Index | null;
  origin: string | undefined;
  preTag: string;
  postTag: string;
}

function answer(context: AnswerContext, indexName: string, params: Params, prepared: PreparedQuery): LocalSearchResponse {
  const {index, origin} = context;
  const started = performance.now();
  const query = typeof params.query === 'string' ? params.query : params.query == null ? '' : String(params.query);
  const hitsPerPage = intParam(params.hitsPerPage, DEFAULT_HITS_PER_PAGE, 0, MAX_HITS_PER_PAGE);
  const page = intParam(params.page, 0, 0, Number.MAX_SAFE_INTEGER);

  let ids: number[] = [];
  let facets: LocalSearchResponse['facets'] = {};
  if (index && prepared.terms.length > 0) {
    const {records} = index;
    const filter = facetFiltersPredicate(params.facetFilters);
    const matches = (mode: 'AND' | 'OR') => runQuery(index, prepared, mode).filter((r) => !filter || filter(records[r.id as number]));
    let found = matches('AND');
    // Algolia's removeWordsIfNoResults: 'allOptional'.
    if (found.length === 0 && prepared.terms.length > 1) found = matches('OR');
    const ranked = found.map((r) => rank(r, prepared.match, prepared.terms.length)).sort(compareCandidates(records));
    const distinct = distinctParam(params.distinct);
    if (distinct) {
      const seen = new Map<string, number>();
      ids = [];
      for (const {id} of ranked) {
        const key = String(records[id][distinct.key] ?? id);
        const count = seen.get(key) ?? 0;
        if (count < distinct.limit) {
          seen.set(key, count + 1);
          ids.push(id);
        }
      }
    } else {
      ids = ranked.map((c) => c.id);
    }
    facets = facetCounts(records, ids, params.facets);
  } else {
    facets = Object.fromEntries((stringListParam(params.facets) ?? []).map((name) => [name, {}]));
  }

  const hitOptions: HitOptions = {
    origin,
    mark: {
      terms: prepared.terms,
      match: prepared.match,
      preTag: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : context.preTag,
      postTag: typeof params.highlightPostTag === 'string' ? params.highlightPostTag : context.postTag,
    },
    retrieve: stringListParam(params.attributesToRetrieve),
    highlight: highlightFields(params.attributesToHighlight),
    snippet: snippetFields(params.attributesToSnippet),
    ellipsis: typeof params.snippetEllipsisText === 'string' ? params.snippetEllipsisText : DEFAULT_ELLIPSIS,
  };
  const pageIds = hitsPerPage === 0 ? [] : ids.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  const hits = index ? pageIds.map((id) => buildHit(index.records[id], hitOptions)) : [];

  const response: LocalSearchResponse = {
    hits,
    nbHits: ids.length,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(ids.length / hitsPerPage),
    hitsPerPage,
    query,
    params: serializeParams(params),
    index: indexName,
    processingTimeMS: Math.round(performance.now() - started),
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
    exhaustive: {nbHits: true, facetsCount: true},
    facets,
  };
  if (boolParam(params.clickAnalytics)) response.queryID = randomQueryId();
  return response;
}

// ---------------------------------------------------------------- client

/**
 * A search client for DocSearch's `transformSearchClient` and for algoliasearch-helper.
 * `loadRecords` runs once, on the first search with a query or on `preload()`; after a
 * failure the next search tries again.
 */
export function createLocalSearchClient(loadRecords: () => Promise<SearchRecord[]>, options: LocalSearchOptions = {}): LocalSearchClient {
  let loading: Promise<Index> | null = null;

  function load(): Promise<Index> {
    if (loading) return loading;
    const attempt = (async () => {
      const records = await loadRecords();
      if (!Array.isArray(records)) throw new TypeError('The search records are not a list.');
      return buildIndex(records);
    })();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    return attempt;
  }

  return {
    async search(input) {
      const requests = normalizeRequests(input);
      const prepared = new Map<string, PreparedQuery>();
      const queries = requests.map(({params}) => {
        const query = typeof params.query === 'string' ? params.query : params.query == null ? '' : String(params.query);
        let p = prepared.get(query);
        if (!p) prepared.set(query, (p = prepareQuery(query)));
        return p;
      });
      let index: Index | null = null;
      if (queries.some((q) => q.terms.length > 0)) {
        try {
          index = await load();
        } catch (error) {
          throw new RetryError('Unable to load the search records.', {cause: error});
        }
      }
      const context: AnswerContext = {
        index,
        origin: options.origin ?? pageOrigin(),
        preTag: options.highlightPreTag ?? '<mark>',
        postTag: options.highlightPostTag ?? '</mark>',
      };
      return {results: requests.map(({indexName, params}, i) => answer(context, indexName, params, queries[i]))};
    },
    preload() {
      return load().then(
        () => undefined,
        () => undefined,
      );
    },
    addAlgoliaAgent() {},
    clearCache() {
      return Promise.resolve();
    },
  };
}
