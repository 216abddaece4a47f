/**
 * The logic of the /search page, kept apart from its React component so it can be
 * tested without a browser: the request it sends, and how hits become results.
 */

/** Highlight tags of the page's requests; values are split on them, never parsed as HTML. */
export const MARK_PRE = '<mark>';
export const MARK_POST = '</mark>';

/** Results shown at a time (the spec's hits per page); more appear on request. */
export const RESULTS_PER_PAGE = 20;
/** Hits asked for per query: enough to group into pages and pick a matching snippet for each. */
export const HITS_PER_QUERY = 200;
/**
 * Hits of the first answer the page shows from a local index, before it asks for all
 * HITS_PER_QUERY: a chunked index loads the text of every hit it returns, about a file for
 * every page in the results. Ten hits make four to seven results, a screen's worth on a
 * phone or a laptop, from as many files: one round of a browser's six connections to a
 * host, where twenty hits (seven to ten files) took two.
 */
export const FIRST_SCREEN_HITS = 10;
/**
 * Hits kept per page before grouping. The local client keys `distinct` by page
 * (`url_without_anchor`), so an API page with dozens of matching fields cannot use up the
 * hits; Algolia keys it by `url` (the crawler's setting), where it only drops duplicates.
 */
export const HITS_PER_DOCUMENT = 3;

/** Screens the snippets are shorter on. */
export const NARROW_SCREEN = '(max-width: 768px)';
/** Snippet lengths in words, as in the modal. */
export const SNIPPET_WORDS = {wide: 10, narrow: 5};
/** Snippet length, as in the modal: 10 words, 5 on narrow screens. */
export const snippetWords = () => (typeof window !== 'undefined' && window.matchMedia(NARROW_SCREEN).matches ? SNIPPET_WORDS.narrow : SNIPPET_WORDS.wide);

const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

interface HighlightValue {
  value: string;
}

/** The parts of a hit the page reads (Algolia's shape, from either client). */
export interface PageHit {
  url: string;
  url_without_anchor?: string;
  type?: string;
  content?: string | null;
  hierarchy?: Partial<Record<(typeof LEVELS)[number], string | null>>;
  _highlightResult?: {hierarchy?: Partial<Record<(typeof LEVELS)[number], HighlightValue>>};
  _snippetResult?: {content?: HighlightValue};
}

/** A piece of highlighted text: plain, or a part that matched the query. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** One page of the docs in the results: where to go, its title path, and a snippet of matching text. */
export interface PageResult {
  url: string;
  title: TextPart[];
  breadcrumbs: TextPart[][];
  snippet: TextPart[] | null;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", '#x2F': '/'};

/** Text with its HTML character references (named ones of markup, numeric ones) decoded. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#?[a-z0-9]+);/gi, (whole: string, name: string) => {
    if (name in ENTITIES) return ENTITIES[name];
    const code = /^#x[0-9a-f]+$/i.test(name) ? parseInt(name.slice(2), 16) : /^#\d+$/.test(name) ? Number(name.slice(1)) : NaN;
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Splits a highlighted value (escaped text with `<mark>` tags around matches) into
 * text parts. Rendering those as text, not HTML, means nothing in a record or a query
 * can ever become markup on the page.
 */
export function highlightParts(value: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = value;
  let match = false;
  while (rest.length > 0) {
    const tag = match ? MARK_POST : MARK_PRE;
    const at = rest.indexOf(tag);
    const chunk = at < 0 ? rest : rest.slice(0, at);
    if (chunk) parts.push({text: decodeEntities(chunk), match});
    if (at < 0) break;
    rest = rest.slice(at + tag.length);
    match = !match;
  }
  return parts;
}

const hasMatch = (parts: TextPart[]) => parts.some((p) => p.match);

/** The request the page sends: the same facet filters as the modal, a few hits per page (the page groups them itself). */
export function pageSearchParams(query: string, facetFilters: unknown, snippetWords: number, hitsPerPage = HITS_PER_QUERY): Record<string, unknown> {
  return {
    query,
    hitsPerPage,
    page: 0,
    distinct: HITS_PER_DOCUMENT,
    ...(facetFilters === undefined ? {} : {facetFilters}),
    attributesToRetrieve: ['hierarchy', 'content', 'url', 'url_without_anchor', 'type'],
    attributesToHighlight: ['hierarchy', 'content'],
    attributesToSnippet: [`content:${snippetWords}`],
    snippetEllipsisText: '…',
    highlightPreTag: MARK_PRE,
    highlightPostTag: MARK_POST,
  };
}

function pageKey(hit: PageHit): string {
  return hit.url_without_anchor ?? hit.url.replace(/#.*$/, '');
}

/** The highlighted title path of a hit: its hierarchy from lvl0 down to its deepest level. */
function titlePath(hit: PageHit): TextPart[][] {
  const highlighted = hit._highlightResult?.hierarchy ?? {};
  const path: TextPart[][] = [];
  for (const level of LEVELS) {
    const plain = hit.hierarchy?.[level];
    const marked = highlighted[level]?.value;
    if (marked) path.push(highlightParts(marked));
    else if (plain) path.push([{text: plain, match: false}]);
  }
  return path;
}

/**
 * Groups ranked hits by page, in rank order: each page is shown once, titled and linked
 * by its best hit, with the best-ranked snippet of its content that matched the query
 * (or, failing a match, its first content).
 */
export function groupHits(hits: readonly PageHit[]): PageResult[] {
  const groups = new Map<string, {best: PageHit; snippet: TextPart[] | null; snippetMatches: boolean}>();
  for (const hit of hits) {
    const key = pageKey(hit);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = {best: hit, snippet: null, snippetMatches: false}));
    const value = hit._snippetResult?.content?.value;
    if (!value || group.snippetMatches) continue;
    const parts = highlightParts(value);
    if (hasMatch(parts)) group.snippet = parts;
    else group.snippet ??= parts;
    group.snippetMatches = hasMatch(parts);
  }
  return [...groups.values()].map(({best, snippet}) => {
    const path = titlePath(best);
    const title = path.pop() ?? [{text: best.url, match: false}];
    return {url: best.url, title, breadcrumbs: path, snippet};
  });
}
