/**
 * Loading: the engine over the records (restored from the build's index, or built here)
 * and the caches that live as long as it does.
 */
import type MiniSearch from 'minisearch';
import {ChunkedStore, isChunkedSource, type ChunkedSource} from './chunked';
import {newEngine, restoreEngine, type IndexedRecords} from './engine';
import type {WordSpan} from './highlight';
import {inIdleSlices} from './idle';
import {LruCache} from './lruCache';
import type {SearchRecord} from './records';
import type {RecordFilter} from './facets';

/** Records indexed per idle slice: about a millisecond of work each on a laptop. */
const BUILD_SLICE = 100;
/** Terms of a prebuilt index restored per idle slice: a few milliseconds' worth on a laptop. */
const RESTORE_SLICE = 200;

export interface Index {
  /**
   * Every record, as ranking, facets and distinct read them. From a chunked index these
   * hold no text: hits are shaped from `shown`.
   */
  records: SearchRecord[];
  /** Full records, by position, for shaping hits: `records` itself, or the chunked index's loaded text. */
  shown: (SearchRecord | undefined)[];
  engine: MiniSearch<number>;
  /** The chunked index's files, loaded by the terms and hits a query needs; null when every record came at once. */
  chunks: ChunkedStore | null;
  /** Per-term matches, reused across the prefixes a user types; dropped with the index. */
  terms: LruCache<TermHits>;
  /** A one-term query's matching records in ranked order, by term and rule: what `a` or `re` answer with before filters. */
  ranked: LruCache<Int32Array>;
  /** Which records pass a facetFilters value, by its JSON. */
  filters: LruCache<RecordFilter>;
  /** Words of the fields of records shown as hits, by position and field: the same pages show at every keystroke. */
  spans: LruCache<WordSpan[]>;
  /** Per distinct attribute, a small number per record standing for its value; made on first use. */
  distinctKeys: Partial<Record<DistinctKey, {keys: Int32Array; count: number}>>;
}

export type DistinctKey = 'url' | 'url_without_anchor';

/** Records with one value of `key` share a number; a record without one gets its own, as `String(value ?? position)` did. */
export function distinctKeys(index: Index, key: DistinctKey): {keys: Int32Array; count: number} {
  const cached = index.distinctKeys[key];
  if (cached) return cached;
  if (index.chunks) return (index.distinctKeys[key] = index.chunks.distinctKeys(key));
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
export async function buildIndex(source: IndexedRecords | ChunkedSource, inSlices: boolean): Promise<Index> {
  if (isChunkedSource(source)) {
    const chunks = new ChunkedStore(source.meta, source.fetchFile);
    return withCaches({records: chunks.records, shown: chunks.full, engine: chunks.engine, chunks});
  }
  const {records, index: prebuilt} = source;
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
  return withCaches({records, shown: records, engine, chunks: null});
}

function withCaches(parts: Pick<Index, 'records' | 'shown' | 'engine' | 'chunks'>): Index {
  return {
    ...parts,
    terms: new LruCache<TermHits>(TERM_CACHE_ENTRIES, TERM_CACHE_HITS, (hits) => hits.size),
    ranked: new LruCache<Int32Array>(TERM_CACHE_ENTRIES, RANKED_CACHE_IDS, (ids) => ids.length),
    filters: new LruCache<RecordFilter>(FILTER_CACHE_ENTRIES),
    distinctKeys: {},
    spans: new LruCache<WordSpan[]>(SPAN_CACHE_FIELDS, SPAN_CACHE_WORDS, (spans) => spans.length),
  };
}

