/**
 * `search_docs` over the site's own search: the local client the browser runs
 * (src/search/localClient.ts), restored from the records file and prebuilt index the
 * build ships, so an assistant gets the ranking a reader gets. One client per server,
 * loaded on the first search; it holds record paths only (no origin, no brand), and
 * each answer is made absolute and branded for the host that asked.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {withIndex} from '../../src/search/engine';
import type {LocalSearchInput, LocalSearchResponse} from '../../src/search/clientTypes';
import {createLocalSearchClient, type LocalSearchClient, type LocalSearchHit} from '../../src/search/localClient';
import {expandRecords, type CompactRecords} from '../../src/search/records';
import {InputError} from './library';

/** The longest query the tool takes; the engine itself matches on the first 64 characters, as the site's search box does. */
export const MAX_SEARCH_QUERY = 256;
export const DEFAULT_RESULTS = 5;
export const MAX_RESULTS = 20;
/** Words in a result's snippet: more than the modal's 10, an assistant reads them. */
const SNIPPET_WORDS = 30;

export interface SearchResult {
  title: string;
  /** Path and anchor on the docs host (`/docs/x#y`). */
  path: string;
  section: string;
  snippet: string;
}

/** The records file the build named in its manifest (the same one every page's <head> names). */
async function recordsFile(root: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(root, 'search', 'manifest.json'), 'utf8')) as {records?: unknown};
  if (typeof manifest.records !== 'string' || !/^records\.[0-9a-f]+\.json$/.test(manifest.records)) {
    throw new Error('The build has no search records (search/manifest.json names none).');
  }
  return path.join(root, 'search', manifest.records);
}

export class DocsSearch {
  readonly #client: LocalSearchClient;
  #sections?: Promise<string[]>;
  #loaded = false;

  constructor(root: string) {
    this.#client = createLocalSearchClient(
      async () => {
        const file = JSON.parse(await readFile(await recordsFile(root), 'utf8')) as CompactRecords;
        const indexed = withIndex(file, expandRecords(file));
        this.#sections = Promise.resolve([...new Set(indexed.records.map((r) => r.hierarchy.lvl0))].sort());
        this.#loaded = true;
        return indexed;
      },
      // No origin: hits keep their paths, made absolute per request for the host asked.
      {origin: '', buildInSlices: false},
    );
  }

  /** True once the records and index are in memory. */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Loads the records and index now (the first search otherwise does). */
  async preload(): Promise<void> {
    await this.#client.search({requests: [{indexName: 'docs', query: 'a', hitsPerPage: 1}]});
  }

  /**
   * A search as the site's local client answers it, hits' URLs being paths: the /search
   * page's first results (server/search-page.ts) share this client's index.
   */
  query(input: LocalSearchInput): Promise<{results: LocalSearchResponse[]}> {
    return this.#client.search(input);
  }

  /** The section names results carry (`hierarchy.lvl0`), for the section filter. */
  async sectionNames(): Promise<string[]> {
    if (!this.#sections) await this.preload();
    return this.#sections ?? [];
  }

  async search(query: string, options: {section?: string; limit?: number} = {}): Promise<{results: SearchResult[]; total: number}> {
    const text = query.trim();
    if (text === '') throw new InputError('The query is empty: give a few words, such as "hibernate a VM".');
    if (text.length > MAX_SEARCH_QUERY) throw new InputError(`The query is ${text.length} characters long; the limit is ${MAX_SEARCH_QUERY}.`);
    let facetFilters: string[] | undefined;
    if (options.section !== undefined && options.section.trim() !== '') {
      const names = await this.sectionNames();
      const wanted = options.section.trim().toLowerCase();
      const section = names.find((name) => name.toLowerCase() === wanted);
      if (!section) throw new InputError(`No section "${options.section.trim()}". Sections: ${names.join(', ')}.`);
      facetFilters = [`hierarchy.lvl0:${section}`];
    }
    const hitsPerPage = Math.min(MAX_RESULTS, Math.max(1, Math.floor(options.limit ?? DEFAULT_RESULTS)));
    const {results} = await this.#client.search({
      requests: [
        {
          indexName: 'docs',
          query: text,
          hitsPerPage,
          // One hit per page, its best-matching part: an assistant then reads the page.
          distinct: true,
          facetFilters,
          attributesToRetrieve: ['hierarchy', 'content', 'url', 'type'],
          attributesToHighlight: [],
          attributesToSnippet: [`content:${SNIPPET_WORDS}`],
          highlightPreTag: '',
          highlightPostTag: '',
        },
      ],
    });
    const [answer] = results;
    return {results: answer.hits.map(toResult), total: answer.nbHits};
  }
}

const ENTITIES: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'"};
/** Snippets come HTML-escaped, as Algolia sends them; tool output is text. */
const unescapeHtml = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

const HEADING_LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

function toResult(hit: LocalSearchHit): SearchResult {
  const headings = HEADING_LEVELS.map((level) => hit.hierarchy?.[level]).filter((h): h is string => typeof h === 'string' && h !== '');
  const snippet = hit._snippetResult.content ? unescapeHtml(hit._snippetResult.content.value) : headings[headings.length - 1] ?? '';
  return {
    title: headings.join(' › '),
    path: typeof hit.url === 'string' ? hit.url : '/',
    section: hit.hierarchy?.lvl0 ?? '',
    snippet,
  };
}
