/**
 * The Algolia-shaped interface of the local search client: what the DocSearch modal, the
 * `/search` page (algoliasearch-helper) and the MCP server send and read.
 */
import type {Level} from './engine';
import type {HighlightResult, SnippetResult} from './highlight';
import type {SearchRecord} from './records';

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
  /**
   * For a client that serves one reader's typing (the modal, the /search page): a search
   * waiting to be answered lets every newer one go first, since only the newest answer is
   * shown. A word of one letter waits briefly for the next keystroke (`ONE_LETTER_WAIT_MS`),
   * and after the newest answer a chunked index loads the text the finished last word will
   * show. Off by default: a client shared by many callers (the MCP server) answers each in
   * turn, so that a steady stream of new searches never holds an older one back.
   */
  newestFirst?: boolean;
}

export type IndexStatus = 'loading' | 'ready' | 'error';

