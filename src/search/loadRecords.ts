import {CHUNKED_VERSION, type ChunkedMeta} from './chunkFormat';
import {checkMeta, type ChunkedSource, type FetchIndexFile} from './chunked';
import {withIndex, type IndexedRecords} from './engine';
import {expandRecordsWhenIdle, type CompactRecords} from './records';

/**
 * The search index's entry file this build named in every page's <head> (content-hashed):
 * the chunked index's `meta.<hash>.json`, or a whole records file. Pages of the dev server
 * carry no such tag: they find the last build's through its manifest.
 */
export async function recordsUrl(): Promise<string> {
  const url = document.querySelector('meta[name="docsearch:records"]')?.getAttribute('content');
  if (url) return url;
  const manifest = await fetch('/search/manifest.json', {credentials: 'same-origin'});
  if (!manifest.ok) throw new Error('No search records: this page names none, and no production build is there to borrow them from (run `npm run build`).');
  const {index, records} = (await manifest.json()) as {index?: string; records: string};
  return `/search/${index ?? records}`;
}

/**
 * A file of the search index by name (relative to the entry file), or the entry file for
 * null, fetched by the page the way its preload link asked for it (the /search page's
 * <head> starts that request before the app does), so the browser answers from that
 * request instead of making a second one.
 */
export const fetchIndexFile: FetchIndexFile = async (name) => {
  const entry = await recordsUrl();
  const url = name === null ? entry : entry.replace(/[^/]*$/, name);
  const response = await fetch(url, {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`The search index file ${name ?? entry} could not be loaded (HTTP ${response.status}).`);
  return response.arrayBuffer();
};

/** The records file from its bytes; a clear error when they are not JSON. */
export function parseRecords(bytes: ArrayBuffer): CompactRecords | ChunkedMeta {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as CompactRecords | ChunkedMeta;
  } catch (error) {
    throw new Error('The search records file is not valid JSON.', {cause: error});
  }
}

const isMeta = (file: CompactRecords | ChunkedMeta): file is ChunkedMeta => (file as {v?: unknown})?.v === CHUNKED_VERSION;

/**
 * What the client indexes from the entry file: a chunked index (the rest loads by the query)
 * or every record of a whole records file. `expand` turns a records file into records.
 */
export async function fromEntryFile(
  bytes: ArrayBuffer,
  fetchFile: FetchIndexFile,
  expand: (file: CompactRecords) => Promise<IndexedRecords['records']> | IndexedRecords['records'],
): Promise<IndexedRecords | ChunkedSource> {
  const file = parseRecords(bytes);
  if (isMeta(file)) return {meta: checkMeta(file), fetchFile};
  return withIndex(file, await expand(file));
}

/** Fetches the site's search index on the page's own thread; a whole records file is expanded in idle slices. */
export async function loadRecordsFromPage(): Promise<IndexedRecords | ChunkedSource> {
  return fromEntryFile(await fetchIndexFile(null), fetchIndexFile, expandRecordsWhenIdle);
}
