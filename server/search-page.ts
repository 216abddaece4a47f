/**
 * The /search page sent with its first screen of results in its HTML, for `/search?q=…`
 * on a host that shows the local search: the reader sees results with the page's first
 * paint, scripts or not, instead of after the search worker has started, loaded the index
 * and answered (about a second on a slow phone). A static deployment (a CDN) sends the page
 * as built, and the page's early script shows the same results a moment later.
 *
 * The results are those the early script would show (src/search/early.entry.ts): the same
 * request (`pageSearchParams`, FIRST_SCREEN_HITS hits, the page's facet filters), grouped the
 * same way (`groupHits`), in the markup of the page's own result template, text escaped and
 * links only to this site. The snippet's length depends on the screen's width (SPEC: 10
 * words, 5 up to 768 px), which the server does not know: each result carries both
 * snippets and the page's CSS shows one. The early script then leaves these results in place,
 * and the app replaces them with its own, alike, as it does the early script's.
 *
 * Anything unexpected (a page built without the template, an index that cannot load, a
 * search that throws) sends the page as built: the early script and the app search as before.
 */
import type {LocalSearchInput, LocalSearchResponse} from '../src/search/clientTypes';
import {escapeHtml} from '../src/search/highlight';
import {MAX_QUERY_LENGTH} from '../src/search/limits';
import {decodeEntities, FIRST_SCREEN_HITS, groupHits, pageSearchParams, SNIPPET_WORDS, type PageHit, type PageResult, type TextPart} from '../src/search/resultsPage';
import {EARLY_RESULTS_ATTRIBUTE, EARLY_RESULTS_SHOWN, QUERY_TITLE_ATTRIBUTE, RESULT_TEMPLATE_ATTRIBUTE, workerStarterSource} from '../src/search/earlyHandover';

/** The attribute on each of a result's two snippets: which screens show it (see the page's CSS). */
export const SNIPPET_WIDTH_ATTRIBUTE = 'data-snippet';

/** A search as the site's local client answers it (the MCP server's, shared). */
export type PageSearch = (input: LocalSearchInput) => Promise<{results: LocalSearchResponse[]}>;

/** What the server reads once from the built /search page. */
export interface SearchPageParts {
  /** The index name and facet filters of the page's requests, from its early script's settings. */
  indexName: string;
  facetFilters?: unknown;
  /**
   * The page's first script, which starts the search worker as the <head> is parsed
   * (`workerStarterSource`), as the page has it; null when it has none. A page sent with
   * its results goes without it: the worker would take a core from the page's first paint
   * (on a 2-core machine at 5x CPU slowdown, the results showed 0.73x as late without it),
   * and the early script starts it once the page has painted, for the app's whole list.
   */
  starter: string | null;
  /** Class names and the breadcrumbs' label of the result template's elements. */
  template: {article: string; title: string; crumbsLabel: string; crumbs: string; crumb: string; snippet: string};
}

/** An attribute's value in a start tag's text (quoted either way, or bare, as the minifier writes it), decoded; undefined when absent. */
export function attributeOf(tag: string, name: string): string | undefined {
  const found = new RegExp(`\\s${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+)))?(?=[\\s/>])`, 'i').exec(tag);
  if (!found) return undefined;
  return decodeEntities(found[1] ?? found[2] ?? found[3] ?? '');
}

/** The first start tag of an element in `html`, or undefined. */
const startTag = (html: string, element: string) => new RegExp(`<${element}\\b[^>]*>`, 'i').exec(html)?.[0];

/**
 * The parts of the built /search page the server fills in, or null when the page is not
 * the one expected (no early script's settings, as in Algolia mode, or no result template).
 */
export function readSearchPage(html: string): SearchPageParts | null {
  const script = /<script\b[^>]*\sdata-config=[^>]*>/i.exec(html)?.[0];
  const templateHtml = new RegExp(`<template\\b[^>]*\\s${RESULT_TEMPLATE_ATTRIBUTE}\\b[^>]*>([\\s\\S]*?)</template>`, 'i').exec(html)?.[1];
  if (!script || !templateHtml) return null;
  let config: {worker?: unknown; entry?: unknown; indexName?: unknown; facetFilters?: unknown};
  try {
    config = JSON.parse(attributeOf(script, 'data-config') ?? 'null') ?? {};
  } catch {
    return null;
  }
  if (typeof config.indexName !== 'string') return null;
  const classOf = (element: string) => {
    const tag = startTag(templateHtml, element);
    return tag === undefined ? undefined : (attributeOf(tag, 'class') ?? '');
  };
  const navTag = startTag(templateHtml, 'nav');
  const template = {
    article: classOf('article'),
    title: classOf('h2'),
    crumbsLabel: navTag === undefined ? undefined : attributeOf(navTag, 'aria-label'),
    crumbs: classOf('ul'),
    crumb: classOf('li'),
    snippet: classOf('p'),
  };
  const missing = Object.values(template).some((value) => value === undefined) || startTag(templateHtml, 'a') === undefined;
  if (missing) return null;
  if (!new RegExp(`<div\\b[^>]*\\s${EARLY_RESULTS_ATTRIBUTE}\\b`, 'i').test(html)) return null;
  const {worker, entry, indexName, facetFilters} = config;
  const starter = typeof worker === 'string' && typeof entry === 'string' ? `<script>${workerStarterSource({worker, entry, indexName, facetFilters})}</script>` : null;
  return {indexName, facetFilters, starter: starter !== null && html.includes(starter) ? starter : null, template: template as SearchPageParts['template']};
}

/** The query the page searches for a URL's `q`: trimmed and cut as the page cuts it ('' for none). */
export function pageQuery(q: unknown): string {
  return typeof q === 'string' ? q.trim().slice(0, MAX_QUERY_LENGTH) : '';
}

/** A result's link on this site (path and anchor), or null for anything that would leave it. */
export function sitePath(url: string): string | null {
  try {
    const base = new URL('http://site.invalid/');
    const target = new URL(url, base);
    return target.origin === base.origin ? target.pathname + target.hash : null;
  } catch {
    return null;
  }
}

const textHtml = (parts: TextPart[]) => parts.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join('');

/**
 * The results' markup, as the early script builds it from the template: one `<article>` per
 * page, its snippet in both lengths (`wide` and `narrow`, matched by URL).
 */
export function resultsMarkup(template: SearchPageParts['template'], wide: readonly PageResult[], narrow: readonly PageResult[]): string {
  const narrowByUrl = new Map(narrow.map((result) => [result.url, result]));
  const articles: string[] = [];
  for (const result of wide) {
    const href = sitePath(result.url);
    if (href === null) continue;
    const crumbs = result.breadcrumbs.length
      ? `<nav aria-label="${escapeHtml(template.crumbsLabel)}"><ul class="${escapeHtml(template.crumbs)}">${result.breadcrumbs.map((crumb) => `<li class="${escapeHtml(template.crumb)}">${textHtml(crumb)}</li>`).join('')}</ul></nav>`
      : '';
    const short = narrowByUrl.get(result.url)?.snippet ?? result.snippet;
    const snippet = result.snippet
      ? `<p class="${escapeHtml(template.snippet)}"><span ${SNIPPET_WIDTH_ATTRIBUTE}="wide">${textHtml(result.snippet)}</span><span ${SNIPPET_WIDTH_ATTRIBUTE}="narrow">${textHtml(short ?? [])}</span></p>`
      : '';
    articles.push(`<article class="${escapeHtml(template.article)}"><h2 class="${escapeHtml(template.title)}"><a href="${escapeHtml(href)}">${textHtml(result.title)}</a></h2>${crumbs}${snippet}</article>`);
  }
  return articles.length ? `<div>${articles.join('')}</div>` : '';
}

/**
 * The built page with `markup` in its results' place (marked as shown), and the query in its
 * heading, its title and its search box, as the early script writes them. Undefined when the
 * page lacks one of these.
 */
export function pageWithResults(html: string, query: string, markup: string): string | undefined {
  let out = html;
  const place = new RegExp(`(<div\\b[^>]*?\\s${EARLY_RESULTS_ATTRIBUTE})(?:\\s*=\\s*(?:""|''))?([^>]*>)\\s*</div>`, 'i');
  if (!place.test(out)) return undefined;
  out = out.replace(place, (_, open: string, rest: string) => `${open}=${EARLY_RESULTS_SHOWN}${rest}${markup}</div>`);

  const heading = new RegExp(`(<h1\\b[^>]*\\s${QUERY_TITLE_ATTRIBUTE}\\b[^>]*>)([^<]*)(</h1>)`, 'i').exec(out);
  const wording = heading && attributeOf(heading[1], QUERY_TITLE_ATTRIBUTE);
  if (!heading || !wording) return undefined;
  const empty = decodeEntities(heading[2]);
  const titled = wording.replace('{query}', query);
  out = out.slice(0, heading.index) + heading[1] + escapeHtml(titled) + heading[3] + out.slice(heading.index + heading[0].length);
  // The document's title starts with the heading's empty-search wording; the site's name follows.
  out = out.replace(/(<title\b[^>]*>)([^<]*)(<\/title>)/i, (whole, open: string, text: string, close: string) => {
    const current = decodeEntities(text);
    return empty && current.startsWith(empty) ? open + escapeHtml(titled + current.slice(empty.length)) + close : whole;
  });

  const input = /<input\b[^>]*>/gi;
  let found = false;
  out = out.replace(input, (tag) => {
    if (found || attributeOf(tag, 'name') !== 'q') return tag;
    found = true;
    const value = ` value="${escapeHtml(query)}"`;
    const withValue = tag.replace(/\svalue(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?(?=[\s/>])/i, value);
    return withValue !== tag ? withValue : tag.replace(/\s*\/?>$/, (end) => `${value}${end}`);
  });
  return found ? out : undefined;
}

/**
 * Renders the /search page for a query: `read` gives the built page (read once), `search`
 * answers as the site's local client. Resolves to undefined where the page is to be sent as
 * built: no query, a page not as expected, a failed search, no results.
 */
export function searchPageRenderer(read: () => Promise<string>, search: PageSearch): (q: unknown) => Promise<string | undefined> {
  /** The page as built, read once, without its first script (see `SearchPageParts.starter`), and its parts. */
  let page: Promise<{html: string; parts: SearchPageParts | null}> | undefined;
  const readPage = () => {
    page = read().then((html) => {
      const parts = readSearchPage(html);
      return {html: parts?.starter ? html.replace(parts.starter, '') : html, parts};
    });
    // A page that could not be read is read again on the next request.
    page.catch(() => (page = undefined));
    return page;
  };
  return async (q) => {
    const query = pageQuery(q);
    if (query === '') return undefined;
    try {
      const {html, parts} = await (page ?? readPage());
      if (!parts) return undefined;
      const ask = async (words: number) => {
        const {results} = await search({requests: [{indexName: parts.indexName, params: pageSearchParams(query, parts.facetFilters, words, FIRST_SCREEN_HITS)}]});
        return groupHits((results[0]?.hits ?? []) as PageHit[]);
      };
      const wide = await ask(SNIPPET_WORDS.wide);
      if (wide.length === 0) return undefined;
      const markup = resultsMarkup(parts.template, wide, await ask(SNIPPET_WORDS.narrow));
      return markup ? pageWithResults(html, query, markup) : undefined;
    } catch {
      return undefined;
    }
  };
}
