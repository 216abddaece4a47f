/**
 * An in-browser stand-in for Algolia's search API, for the DocSearch modal and the
 * `/search` page when no Algolia account is configured. It answers the multi-query call
 * in Algolia's shape from a MiniSearch index over DocSearch-style records, and ranks the
 * way the DocSearch crawler's index settings do: words, typos, attribute, exactness,
 * then the record weight.
 */
import type MiniSearch from 'minisearch';
import {FIELDS, fieldText, LEVELS, newEngine, restoreEngine, type Field, type IndexedRecords, type Level} from './engine';
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
  type WordSpan,
  wordSpans,
} from './highlight';
import type {SearchRecord} from './records';
import {inIdleSlices, whileReaderWaits} from './idle';
import {LruCache} from './lruCache';
import {RetryError} from './retryError';
import {MAX_QUERY_LENGTH} from './settings';

export {RetryError};

export type {SearchRecord};
export type {HighlightResult, SnippetResult};
/** The spec's cap on the search input (kept in the settings, which the page can load without the engine). */
export {MAX_QUERY_LENGTH};

const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;
/** Index settings of the DocSearch crawler when a request does not say. */
const DEFAULT_SNIPPET_WORDS = 10;
const DEFAULT_ATTRIBUTES_TO_SNIPPET = ['content:10'];
const DEFAULT_ELLIPSIS = '…';
/** Records indexed per idle slice: about a millisecond of work each on a laptop. */
const BUILD_SLICE = 100;
/** Terms of a prebuilt index restored per idle slice: a few milliseconds' worth on a laptop. */
const RESTORE_SLICE = 200;

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
  /** Told when the index starts loading, is ready, or failed to load (the page marks it for readers' tools and tests). */
  onStatus?: (status: IndexStatus) => void;
  /**
   * Build the index in idle slices (the default), so that a page's own thread stays
   * responsive; `false` builds it in one go, for a thread of its own (a Web Worker).
   */
  buildInSlices?: boolean;
}

export type IndexStatus = 'loading' | 'ready' | 'error';

interface Index {
  records: SearchRecord[];
  engine: MiniSearch<number>;
  /** Per-term matches, reused across the prefixes a user types; dropped with the index. */
  terms: LruCache<TermHits>;
  /** A one-term query's matching records in ranked order, by term and rule: what `a` or `re` answer with before filters. */
  ranked: LruCache<Int32Array>;
  /** Which records pass a facetFilters value (1 = kept), by its JSON. */
  filters: LruCache<Uint8Array>;
  /** Words of the fields of records shown as hits, by position and field: the same pages show at every keystroke. */
  spans: LruCache<WordSpan[]>;
  /** Per distinct attribute, a small number per record standing for its value; made on first use. */
  distinctKeys: Partial<Record<DistinctKey, {keys: Int32Array; count: number}>>;
}

type DistinctKey = 'url' | 'url_without_anchor';

/** Records with one value of `key` share a number; a record without one gets its own, as `String(value ?? position)` did. */
function distinctKeys(index: Index, key: DistinctKey): {keys: Int32Array; count: number} {
  const cached = index.distinctKeys[key];
  if (cached) return cached;
  const numbers = new Map<string, number>();
  const keys = new Int32Array(index.records.length);
  index.records.forEach((record, position) => {
    const value = String(record[key] ?? position);
    let n = numbers.get(value);
    if (n === undefined) numbers.set(value, (n = numbers.size));
    keys[position] = n;
  });
  return (index.distinctKeys[key] = {keys, count: numbers.size});
}

/**
 * Term matches (and one-term rankings) kept across searches: typing `api key` searches
 * `api` again at every keystroke after the space, and every search starts with a one- or
 * two-letter prefix matching most of the index. Most kept terms are longer prefixes with
 * few matches, so the bound that counts is the matches held in all: about 6 one-letter
 * prefixes' worth, some 10 MB with the other caches below.
 */
const TERM_CACHE_ENTRIES = 512;
const TERM_CACHE_HITS = 30_000;
/** Ranked lists are plain record positions, 4 bytes each, so they can keep many more. */
const RANKED_CACHE_IDS = 400_000;
/** Record fields whose words are kept for highlighting, and the words they may hold in all. */
const SPAN_CACHE_FIELDS = 2000;
const SPAN_CACHE_WORDS = 100_000;
/** Distinct facetFilters values whose record masks are kept. */
const FILTER_CACHE_ENTRIES = 16;

/** One term's matches by record position; never mutated once made, so they can be shared. */
export type TermHits = Map<number, TermHit>;

/** What is kept of a MiniSearch result: its score, the words it matched with their fields, and the processed query term. */
export interface TermHit {
  score: number;
  match: Record<string, string[]>;
  term: string;
}

/**
 * The engine from the index the build made, when the file had one that fits; otherwise
 * built here, in idle slices unless told otherwise.
 */
async function buildIndex({records, index: prebuilt}: IndexedRecords, inSlices: boolean): Promise<Index> {
  const restoreSlices = inSlices ? (count: number, work: (from: number, to: number) => void) => inIdleSlices(count, RESTORE_SLICE, work) : undefined;
  let engine = prebuilt ? await restoreEngine(prebuilt, records, restoreSlices) : null;
  if (prebuilt && !engine) console.warn('The search index of the records file does not fit its records; indexing them here instead.');
  if (!engine) {
    const fresh = newEngine(records);
    const add = (from: number, to: number) => {
      for (let position = from; position < to; position += 1) fresh.add(position);
    };
    if (inSlices) await inIdleSlices(records.length, BUILD_SLICE, add);
    else add(0, records.length);
    engine = fresh;
  }
  return {
    records,
    engine,
    terms: new LruCache<TermHits>(TERM_CACHE_ENTRIES, TERM_CACHE_HITS, (hits) => hits.size),
    ranked: new LruCache<Int32Array>(TERM_CACHE_ENTRIES, RANKED_CACHE_IDS, (ids) => ids.length),
    filters: new LruCache<Uint8Array>(FILTER_CACHE_ENTRIES),
    distinctKeys: {},
    spans: new LruCache<WordSpan[]>(SPAN_CACHE_FIELDS, SPAN_CACHE_WORDS, (spans) => spans.length),
  };
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

/** The records `facetFilters` keeps, as a mask over record positions; null when it filters nothing. */
function filterMask(index: Index, value: unknown): Uint8Array | null {
  const predicate = facetFiltersPredicate(value);
  if (!predicate) return null;
  let key: string | undefined;
  try {
    key = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    key = undefined;
  }
  const cached = key === undefined ? undefined : index.filters.get(key);
  if (cached) return cached;
  const mask = new Uint8Array(index.records.length);
  index.records.forEach((record, position) => {
    mask[position] = predicate(record) ? 1 : 0;
  });
  if (key !== undefined) index.filters.set(key, mask);
  return mask;
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

/**
 * A record matched by the whole query: MiniSearch's combined score and, per query term
 * that matched it (in query order), that term's own match. This is what MiniSearch's
 * AND/OR combination computes, kept apart so the per-term matches stay shareable.
 */
interface Matched {
  id: number;
  score: number;
  parts: TermHit[];
}

interface Candidate {
  id: number;
  words: number;
  typos: number;
  attribute: number;
  exact: number;
  score: number;
  level: number;
  pageRank: number;
  position: number;
}

/**
 * Algolia's tie-breaking over MiniSearch's matches: more query words matched, fewer typos,
 * a better attribute (sum over the words of the best field boost they matched in), more
 * words matched exactly rather than by prefix, then `weight.level`, `weight.pageRank`,
 * `weight.position`, and MiniSearch's own score last.
 */
function createRanker(match: (word: string) => TermMatch[], termCount: number): (matched: Matched, record: SearchRecord) => Candidate {
  // Scratch space reused for every record of the query: ranking thousands of matches of a
  // short prefix should not allocate three arrays each.
  const typos = new Float64Array(termCount);
  const boost = new Float64Array(termCount);
  const exact = new Uint8Array(termCount);
  return (matched, record) => {
    typos.fill(Infinity);
    boost.fill(0);
    exact.fill(0);
    // A word two terms both matched appears in both parts with the same fields; min/max
    // make seeing it twice harmless, so this equals walking MiniSearch's merged `match`.
    for (const part of matched.parts) {
      const words = part.match;
      for (const word of Object.keys(words)) {
        const hits = match(word);
        if (hits.length === 0) continue;
        let best = -Infinity;
        for (const field of words[word]) {
          const b = FIELD_BOOST[field as Field] ?? 1;
          if (b > best) best = b;
        }
        for (const hit of hits) {
          if (hit.typos < typos[hit.index]) typos[hit.index] = hit.typos;
          if (best > boost[hit.index]) boost[hit.index] = best;
          if (hit.exact) exact[hit.index] = 1;
        }
      }
    }
    let words = 0;
    let typoSum = 0;
    let attribute = 0;
    let exactCount = 0;
    for (let i = 0; i < termCount; i += 1) {
      if (typos[i] !== Infinity) {
        words += 1;
        typoSum += typos[i];
      }
      attribute += boost[i];
      exactCount += exact[i];
    }
    const weight = record.weight;
    return {
      id: matched.id,
      words,
      typos: typoSum,
      attribute,
      exact: exactCount,
      score: matched.score,
      level: weight?.level ?? 0,
      pageRank: weight?.pageRank ?? 0,
      position: weight?.position ?? 0,
    };
  };
}

function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    b.words - a.words ||
    a.typos - b.typos ||
    b.attribute - a.attribute ||
    b.exact - a.exact ||
    b.level - a.level ||
    b.pageRank - a.pageRank ||
    a.position - b.position ||
    b.score - a.score ||
    a.id - b.id
  );
}

/** A query term as MiniSearch will search it, with the prefix and typo rule it gets. */
interface TermSpec {
  /** The term as sent to MiniSearch, which processes it again. */
  term: string;
  /** MiniSearch's processed term; two query terms may process to one. */
  processed: string;
  prefix: boolean;
  fuzzy: number | false;
  key: string;
}

interface PreparedQuery {
  terms: string[];
  rules: TermRule[];
  specs: TermSpec[];
  match: (word: string) => TermMatch[];
  /** Matches for AND and OR, run once per query for all requests of a call. */
  results: Partial<Record<'AND' | 'OR', Matched[]>>;
  /** The same, ranked: record positions. */
  ranked: Partial<Record<'AND' | 'OR', Int32Array>>;
}

function prepareQuery(query: string): PreparedQuery {
  const terms = queryTerms(query.slice(0, MAX_QUERY_LENGTH));
  const rules = termRules(terms);
  const byTerm = new Map(rules.map((rule) => [rule.term, rule]));
  const specs: TermSpec[] = [];
  for (const term of terms) {
    // What MiniSearch's own tokenizer and processTerm make of the term; the rule is looked
    // up by that processed term, as the prefix and fuzzy callbacks of one joined search did.
    for (const token of tokenize(term)) {
      const processed = normalizeTerm(token);
      if (!processed) continue;
      const rule = byTerm.get(processed);
      const prefix = rule?.prefix ?? false;
      const fuzzy = rule?.maxTypos || false;
      specs.push({term: token, processed, prefix, fuzzy, key: `${processed}\u0000${prefix ? 1 : 0}\u0000${fuzzy || 0}`});
    }
  }
  return {terms, rules, specs, match: createTermMatcher(rules), results: {}, ranked: {}};
}

/** One term's matches, optionally only among `among` (skipped documents cost no scoring). */
function searchTerm(index: Index, spec: TermSpec, among?: ReadonlyMap<number, unknown>): TermHits {
  const results = index.engine.search(spec.term, {
    prefix: () => spec.prefix,
    fuzzy: () => spec.fuzzy,
    boost: FIELD_BOOST,
    // A boost of 1 leaves scores bit for bit the same; 0 makes MiniSearch skip the document.
    ...(among ? {boostDocument: (id: number) => (among.has(id) ? 1 : 0)} : {}),
  });
  const hits: TermHits = new Map();
  for (const {id, score, match} of results) hits.set(id as number, {score, match, term: spec.processed});
  return hits;
}

function cachedTerm(index: Index, spec: TermSpec): TermHits {
  let hits = index.terms.get(spec.key);
  if (!hits) index.terms.set(spec.key, (hits = searchTerm(index, spec)));
  return hits;
}

function distinctTerms(parts: TermHit[]): number {
  return new Set(parts.map((part) => part.term)).size || 1;
}

/**
 * MiniSearch's AND/OR of the query terms, computed per term so each term's matches can be
 * cached: scores add in query order and are multiplied by the number of distinct terms
 * matched, exactly as MiniSearch's own combination does. For AND, the last term (the word
 * being typed, often a short prefix matching most records) is scored only among the records
 * the other terms matched, unless it is cached already.
 */
function runQuery(index: Index, prepared: PreparedQuery, combineWith: 'AND' | 'OR'): Matched[] {
  const cached = prepared.results[combineWith];
  if (cached) return cached;
  const {specs} = prepared;
  const perTerm: TermHits[] = [];
  if (combineWith === 'AND') {
    let among: TermHits | null = null;
    for (let i = 0; i < specs.length; i += 1) {
      const spec = specs[i];
      const hits: TermHits =
        among && i === specs.length - 1 && !index.terms.get(spec.key) ? searchTerm(index, spec, among) : cachedTerm(index, spec);
      perTerm.push(hits);
      if (!among || hits.size < among.size) among = hits;
    }
  } else {
    for (const spec of specs) perTerm.push(cachedTerm(index, spec));
  }

  // MiniSearch multiplies by the number of distinct processed terms matched.
  const repeated = new Set(specs.map((spec) => spec.processed)).size < specs.length;
  const results: Matched[] = [];
  if (perTerm.length > 0) {
    // Every record any term matched, or for AND only those of the smallest term.
    const seeds = combineWith === 'AND' ? [perTerm.reduce((a, b) => (b.size < a.size ? b : a))] : perTerm;
    const seen = combineWith === 'AND' ? null : new Set<number>();
    for (const seed of seeds) {
      for (const id of seed.keys()) {
        if (seen) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        const parts: TermHit[] = [];
        let score = 0;
        let complete = true;
        for (let i = 0; i < perTerm.length; i += 1) {
          const part = perTerm[i].get(id);
          if (!part) {
            complete = false;
            if (combineWith === 'AND') break;
            continue;
          }
          score = parts.length === 0 ? part.score : score + part.score;
          parts.push(part);
        }
        if (combineWith === 'AND' && !complete) continue;
        results.push({id, score: score * (repeated ? distinctTerms(parts) : parts.length), parts});
      }
    }
  }
  prepared.results[combineWith] = results;
  return results;
}

/**
 * All matches in ranked order, before facet filters and distinct (a total order, so
 * filtering a ranked list keeps it ranked). A one-term query's list depends only on the
 * term and its rule, so it is kept across searches: every search starts with one, and
 * one or two letters match most records, which ranking thousands of times over would cost.
 */
function rankedMatches(index: Index, prepared: PreparedQuery, combineWith: 'AND' | 'OR'): Int32Array {
  const cached = prepared.ranked[combineWith];
  if (cached) return cached;
  const key =
    prepared.terms.length === 1 && prepared.specs.length === 1 ? `${prepared.specs[0].key}\u0000${JSON.stringify(prepared.rules)}` : null;
  let ranked = key === null ? undefined : index.ranked.get(key);
  if (!ranked) {
    const {records} = index;
    const rank = createRanker(prepared.match, prepared.terms.length);
    ranked = Int32Array.from(
      runQuery(index, prepared, combineWith)
        .map((matched) => rank(matched, records[matched.id]))
        .sort(compareCandidates),
      (candidate) => candidate.id,
    );
    if (key !== null) index.ranked.set(key, ranked);
  }
  prepared.ranked[combineWith] = ranked;
  return ranked;
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

function fieldSpans(index: Index, position: number, field: Field, text: string): WordSpan[] {
  const key = `${position}\u0000${field}`;
  let spans = index.spans.get(key);
  if (!spans) index.spans.set(key, (spans = wordSpans(text)));
  return spans;
}

function buildHit(index: Index, position: number, options: HitOptions): LocalSearchHit {
  const record = index.records[position];
  const hit = {...retrieve(record, options.retrieve), objectID: String(record.objectID)} as LocalSearchHit;
  if (typeof hit.url === 'string') hit.url = absoluteUrl(hit.url, options.origin);
  const highlighted: LocalSearchHit['_highlightResult'] = {};
  const snippets: LocalSearchHit['_snippetResult'] = {};
  for (const field of FIELDS) {
    const text = fieldText(record, field);
    if (text === null) continue;
    const words = options.snippet.get(field);
    const highlight = options.highlight.has(field);
    if (!highlight && words === undefined) continue;
    // Split once for both the highlight and the snippet (spans are only read).
    const spans = fieldSpans(index, position, field, text);
    if (field === 'content') {
      if (highlight) highlighted.content = highlightText(text, options.mark, spans);
      if (words !== undefined) snippets.content = snippetText(text, words, options.ellipsis, options.mark, spans);
    } else {
      if (highlight) (highlighted.hierarchy ??= {})[field] = highlightText(text, options.mark, spans);
      if (words !== undefined) (snippets.hierarchy ??= {})[field] = snippetText(text, words, options.ellipsis, options.mark, spans);
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
    const mask = filterMask(index, params.facetFilters);
    let found = rankedMatches(index, prepared, 'AND');
    // Algolia's removeWordsIfNoResults: 'allOptional'.
    if (prepared.terms.length > 1 && !(mask ? found.some((id) => mask[id] === 1) : found.length > 0)) found = rankedMatches(index, prepared, 'OR');
    // One pass over the ranked matches for the filter and distinct: the first hits per key are its best.
    const distinct = distinctParam(params.distinct);
    const {keys, count} = distinct ? distinctKeys(index, distinct.key) : {keys: null, count: 0};
    const seen = new Uint8Array(count);
    const limit = distinct?.limit ?? 0;
    ids = [];
    for (const id of found) {
      if (mask && mask[id] !== 1) continue;
      if (keys) {
        const key = keys[id];
        if (seen[key] >= limit) continue;
        seen[key] += 1;
      }
      ids.push(id);
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
  const hits = index ? pageIds.map((id) => buildHit(index, id, hitOptions)) : [];

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
export function createLocalSearchClient(loadRecords: () => Promise<SearchRecord[] | IndexedRecords>, options: LocalSearchOptions = {}): LocalSearchClient {
  let loading: Promise<Index> | null = null;
  /** The index once built, for clearCache(). */
  let built: Index | null = null;

  function load(): Promise<Index> {
    if (loading) return loading;
    options.onStatus?.('loading');
    const attempt = (async () => {
      const loaded = await loadRecords();
      const indexed = Array.isArray(loaded) ? {records: loaded} : loaded;
      if (!Array.isArray(indexed?.records)) throw new TypeError('The search records are not a list.');
      built = await buildIndex(indexed, options.buildInSlices ?? true);
      return built;
    })();
    loading = attempt;
    attempt.then(
      () => options.onStatus?.('ready'),
      () => {
        if (loading === attempt) loading = null;
        options.onStatus?.('error');
      },
    );
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
        // A reader who typed a query waits for the index: its slices stop waiting for idle time.
        const readerDone = whileReaderWaits();
        try {
          index = await load();
        } catch (error) {
          throw new RetryError('Unable to load the search records.', {cause: error});
        } finally {
          readerDone();
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
    /** Drops the cached term matches (Algolia's clients clear their response cache here). */
    clearCache() {
      built?.terms.clear();
      built?.ranked.clear();
      built?.spans.clear();
      return Promise.resolve();
    },
  };
}
