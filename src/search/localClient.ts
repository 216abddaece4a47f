/**
 * An in-browser stand-in for Algolia's search API, for the DocSearch modal and the
 * `/search` page when no Algolia account is configured (and for the MCP server's
 * `search_docs`). It answers the multi-query call in Algolia's shape from a MiniSearch
 * index over DocSearch-style records, and ranks the way the DocSearch crawler's index
 * settings do: words, typos, attribute, exactness, then the record weight; with the
 * site's synonyms applied to every query.
 *
 * Its parts: loading (`searchIndex.ts`), request parameters (`params.ts`), facets
 * (`facets.ts`), querying (`query.ts`, `synonyms.ts`), ranking (`ranking.ts`) and shaping
 * hits (`hits.ts`); this file answers requests with them.
 */
import type {LocalSearchClient, LocalSearchOptions, LocalSearchResponse} from './clientTypes';
import {isChunkedSource, withTermsPrefetched, type ChunkedSource} from './chunked';
import type {IndexedRecords} from './engine';
import {facetCounts, recordFilter} from './facets';
import {buildHit, DEFAULT_ELLIPSIS, highlightFields, pageOrigin, randomQueryId, snippetFields, type HitOptions} from './hits';
import {whileReaderWaits} from './idle';
import {boolParam, distinctParam, intParam, normalizeRequests, serializeParams, stringListParam, type Params} from './params';
import {prepareQuery, searchedTerms, type PreparedQuery} from './query';
import {rankedMatches, spreadPages} from './ranking';
import type {SearchRecord} from './records';
import {RetryError} from './retryError';
import {buildIndex, distinctKeys, type Index} from './searchIndex';
import {MAX_QUERY_LENGTH} from './settings';

export {RetryError};
export type {SearchRecord};
export type {HighlightResult, SnippetResult} from './highlight';
export type {TermHit, TermHits} from './searchIndex';
export type * from './clientTypes';
/** The spec's cap on the search input (kept in the settings, which the page can load without the engine). */
export {MAX_QUERY_LENGTH};

/**
 * How long a search whose last word is one letter waits for the next keystroke before it
 * loads and ranks (with `newestFirst`). One letter matches most of the index: its term files
 * and its ranking are the costliest of any query (70 ms of a laptop's CPU here, several
 * times that on a phone), for an answer a reader typing on never sees; and on a device with
 * two cores the worker's work slows the page's keystrokes too. A reader who stops at one
 * letter gets its answer this much later.
 */
export const ONE_LETTER_WAIT_MS = 150;

const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;

interface AnswerContext {
  index: Index | null;
  origin: string | undefined;
  preTag: string;
  postTag: string;
}

/** A request ranked: its matches in order, facets, and the page of them to show. */
interface Ranked {
  indexName: string;
  params: Params;
  prepared: PreparedQuery;
  started: number;
  query: string;
  hitsPerPage: number;
  page: number;
  ids: number[];
  facets: LocalSearchResponse['facets'];
  /** The records shown as hits: whose text a chunked index must have loaded. */
  pageIds: number[];
}

/** A query whose last word is a single letter, searched as a prefix. */
const endsWithOneLetter = (prepared: PreparedQuery): boolean => searchedTerms(prepared).some((spec) => spec.prefix && spec.processed.length === 1);

/** A request's query as text ('' for none). */
const queryText = (params: Params): string => (typeof params.query === 'string' ? params.query : params.query == null ? '' : String(params.query));

function rank(index: Index | null, indexName: string, params: Params, prepared: PreparedQuery): Ranked {
  const started = performance.now();
  const query = queryText(params);
  const hitsPerPage = intParam(params.hitsPerPage, DEFAULT_HITS_PER_PAGE, 0, MAX_HITS_PER_PAGE);
  const page = intParam(params.page, 0, 0, Number.MAX_SAFE_INTEGER);

  let ids: number[] = [];
  let facets: LocalSearchResponse['facets'] = {};
  if (index && prepared.terms.length > 0) {
    const {records} = index;
    const filter = recordFilter(index, params.facetFilters);
    let found = rankedMatches(index, prepared, 'AND');
    // Algolia's removeWordsIfNoResults: 'allOptional'.
    if (prepared.terms.length > 1 && !(filter ? found.some((id) => filter.keeps(id)) : found.length > 0)) found = rankedMatches(index, prepared, 'OR');
    // One pass over the ranked matches for the filter and distinct: the first hits per key are its best.
    const distinct = distinctParam(params.distinct);
    const {keys, count} = distinct ? distinctKeys(index, distinct.key) : {keys: null, count: 0};
    const seen = new Uint8Array(count);
    const limit = distinct?.limit ?? 0;
    ids = [];
    for (const id of found) {
      if (filter && !filter.keeps(id)) continue;
      if (keys) {
        const key = keys[id];
        if (seen[key] >= limit) continue;
        seen[key] += 1;
      }
      ids.push(id);
    }
    // A page, then its sections: one page's sections do not fill the first results.
    ids = spreadPages(ids, distinctKeys(index, 'url_without_anchor').keys);
    facets = facetCounts(records, ids, params.facets);
  } else {
    facets = Object.fromEntries((stringListParam(params.facets) ?? []).map((name) => [name, {}]));
  }
  const pageIds = hitsPerPage === 0 || !index ? [] : ids.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  return {indexName, params, prepared, started, query, hitsPerPage, page, ids, facets, pageIds};
}

function respond(context: AnswerContext, ranked: Ranked): LocalSearchResponse {
  const {index, origin} = context;
  const {params, prepared, ids, hitsPerPage, page} = ranked;
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
  const hits = index ? ranked.pageIds.map((id) => buildHit(index, id, hitOptions)) : [];

  const response: LocalSearchResponse = {
    hits,
    nbHits: ids.length,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(ids.length / hitsPerPage),
    hitsPerPage,
    query: ranked.query,
    params: serializeParams(params),
    index: ranked.indexName,
    processingTimeMS: Math.round(performance.now() - ranked.started),
    exhaustiveNbHits: true,
    exhaustiveFacetsCount: true,
    exhaustive: {nbHits: true, facetsCount: true},
    facets: ranked.facets,
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
export function createLocalSearchClient(
  loadRecords: () => Promise<SearchRecord[] | IndexedRecords | ChunkedSource>,
  options: LocalSearchOptions = {},
): LocalSearchClient {
  let loading: Promise<Index> | null = null;
  /** The index once built, for clearCache(). */
  let built: Index | null = null;
  let chunkFailed = false;

  /** The terms of the queries waiting for the index: a chunked index fetches their files while it is built. */
  const waitingTerms = new Set<string>();

  function load(): Promise<Index> {
    if (loading) return loading;
    options.onStatus?.('loading');
    const attempt = (async () => {
      const loaded = await loadRecords();
      let indexed = Array.isArray(loaded) ? {records: loaded} : loaded;
      if (isChunkedSource(indexed) && waitingTerms.size > 0) {
        indexed = withTermsPrefetched(indexed, waitingTerms);
        // The requests leave when this thread is next free: before the store is built, not after.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      waitingTerms.clear();
      if (!isChunkedSource(indexed) && !Array.isArray(indexed?.records)) throw new TypeError('The search records are not a list.');
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

  /** A part of the chunked index failed to load: the error screen, and a retry at the next search. */
  async function loadingChunks(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      chunkFailed = true;
      options.onStatus?.('error');
      // The cause's message goes with it: from the worker only the name and message cross.
      throw new RetryError(`Unable to load the search index: ${error instanceof Error ? error.message : String(error)}`, {cause: error});
    }
    if (chunkFailed) options.onStatus?.('ready');
    chunkFailed = false;
  }

  /**
   * The latest search call and its answer. Typing sends a search per keystroke; the modal and
   * the /search page show only the latest one's answer (an older answer arriving later is
   * dropped), so with `newestFirst` an older call still to be ranked lets the newest go first:
   * the reader's last keystroke is not kept waiting behind the ranking (and, from a chunked
   * index, the loading) of prefixes already typed over.
   */
  let newest = 0;
  let newestAnswer: Promise<unknown> = Promise.resolve();
  /** The newest call's queries, as `answer` writes them. */
  let newestQueries = '';

  /**
   * Waits while a newer call is being answered. True when this call is then superseded: a
   * newer one has been answered before it, so its own answer will never be shown.
   */
  async function behindNewer(call: number): Promise<boolean> {
    while (options.newestFirst && call < newest) {
      const waitingFor = newestAnswer;
      await waitingFor.catch(() => undefined);
      if (waitingFor === newestAnswer) return true;
    }
    return false;
  }

  return {
    search(input) {
      const call = (newest += 1);
      // `answer` writes this call's queries here as it starts; they stay empty if it cannot read them.
      newestQueries = '';
      const answered = answer(input, call);
      newestAnswer = answered;
      return answered;
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

  async function answer(input: Parameters<LocalSearchClient['search']>[0], call: number): Promise<{results: LocalSearchResponse[]}> {
    const requests = normalizeRequests(input);
    const texts = requests.map(({params}) => queryText(params));
    // The call's queries, to tell a query typed over from the same query asked again (set
    // before the first await, so the newest call's are in place when any older call looks).
    const key = JSON.stringify(texts);
    if (call === newest) newestQueries = key;
    const prepared = new Map<string, PreparedQuery>();
    const queries = texts.map((query) => {
      let p = prepared.get(query);
      if (!p) prepared.set(query, (p = prepareQuery(query)));
      return p;
    });
    let index: Index | null = null;
    if (queries.some((q) => q.terms.length > 0)) {
      if (!built) for (const spec of queries.flatMap(searchedTerms)) waitingTerms.add(spec.processed);
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
    const chunks = index?.chunks;
    // A superseded call answers as an empty query does, and so loads nothing more: the
    // newer answer is already shown, and the reader who typed over this query never sees it.
    const superseded = () => ({results: requests.map(({indexName, params}, i) => respond({index: null, origin: undefined, preTag: '', postTag: ''}, rank(null, indexName, params, queries[i])))});
    if (await behindNewer(call)) return superseded();
    if (options.newestFirst && queries.some(endsWithOneLetter)) {
      await new Promise((resolve) => setTimeout(resolve, ONE_LETTER_WAIT_MS));
      if (await behindNewer(call)) return superseded();
    }
    // A chunked index: the term files of the query's words first, then the text of the hits shown.
    if (chunks) {
      await loadingChunks(() => chunks.loadTerms(queries.flatMap(searchedTerms)));
      if (await behindNewer(call)) return superseded();
    }
    const ranked = requests.map(({indexName, params}, i) => rank(index, indexName, params, queries[i]));
    if (chunks) {
      // Keystrokes that came while this call was ranked (a one-letter prefix takes the longest)
      // are heard first: a query typed over loads no text. It answers once the newest has, as
      // superseded, so the reader never sees its empty answer. A newer call for the same query
      // (the /search page's app asking what its early script asked) shares the files instead.
      if (options.newestFirst && call === newest) await new Promise((resolve) => setTimeout(resolve, 0));
      if (newestQueries !== key && (await behindNewer(call))) return superseded();
      await loadingChunks(() => chunks.loadText(ranked.flatMap((r) => r.pageIds)));
    }
    const context: AnswerContext = {
      index,
      origin: options.origin ?? pageOrigin(),
      preTag: options.highlightPreTag ?? '<mark>',
      postTag: options.highlightPostTag ?? '</mark>',
    };
    if (chunks && index && options.newestFirst && call === newest) void lookAhead(index, chunks, requests, texts, call);
    return {results: ranked.map((r) => respond(context, r))};
  }

  /**
   * After the newest answer, while no keystroke has come: the text of the hits the query
   * would show with its last word finished (`ChunkedStore.completion`, "hibernat" becoming
   * "hibernate"). Finishing a word changes which hits rank first (a whole word beats a
   * prefix), and their text files were the one request the last keystroke still waited for.
   * Nothing is shown from here; a failure is the next search's to meet.
   */
  async function lookAhead(index: Index, chunks: NonNullable<Index['chunks']>, requests: ReturnType<typeof normalizeRequests>, texts: string[], call: number): Promise<void> {
    // Only the requests whose last word finishes: the others' text is loaded already.
    const ahead = requests.flatMap(({indexName, params}, i) => {
      const text = finishLastWord(texts[i], chunks);
      return text === null ? [] : [{indexName, params, query: prepareQuery(text)}];
    });
    if (ahead.length === 0) return;
    // The answer goes first, and a keystroke that has come meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (call !== newest) return;
    try {
      await chunks.loadTerms(ahead.flatMap(({query}) => searchedTerms(query)));
      if (call !== newest) return;
      const ranked = ahead.map(({indexName, params, query}) => rank(index, indexName, params, query));
      await chunks.loadText(ranked.flatMap((r) => r.pageIds));
    } catch {
      // Loaded again, and reported, when a search needs it.
    }
  }
}

/** Words shorter than this are not finished ahead: too many words start with them. */
const LOOK_AHEAD_MIN_PREFIX = 3;

/** The query with its last word finished (`ChunkedStore.completion`), or null where it is a whole word, too short or not one the index has. */
function finishLastWord(text: string, chunks: NonNullable<Index['chunks']>): string | null {
  const match = /(\S+)\s*$/.exec(text);
  if (!match) return null;
  const specs = searchedTerms(prepareQuery(match[1]));
  const last = specs.at(-1);
  if (!last || !last.prefix || last.processed.length < LOOK_AHEAD_MIN_PREFIX || specs.length !== 1 || last.processed !== match[1].toLowerCase()) return null;
  const word = chunks.completion(last.processed);
  return word === null ? null : text.slice(0, match.index) + word;
}
