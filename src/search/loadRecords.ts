import {withIndex, type IndexedRecords} from './engine';
import {expandRecordsWhenIdle, type CompactRecords} from './records';

/**
 * The records file this build named in every page's <head> (content-hashed). Pages
 * of the dev server carry no such tag: they find the last build's records through
 * its manifest.
 */
export async function recordsUrl(): Promise<string> {
  const url = document.querySelector('meta[name="docsearch:records"]')?.getAttribute('content');
  if (url) return url;
  const manifest = await fetch('/search/manifest.json', {credentials: 'same-origin'});
  if (!manifest.ok) throw new Error('No search records: this page names none, and no production build is there to borrow them from (run `npm run build`).');
  const {records} = (await manifest.json()) as {records: string};
  return `/search/${records}`;
}

/**
 * The records file's bytes, fetched by the page the way its preload link asked for them
 * (the /search page's <head> starts that request before the app does), so the browser
 * answers from that request instead of making a second one.
 */
export async function fetchRecordsBytes(): Promise<ArrayBuffer> {
  const response = await fetch(await recordsUrl(), {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`The search records could not be loaded (HTTP ${response.status}).`);
  return response.arrayBuffer();
}

/** The records file from its bytes; a clear error when they are not JSON. */
export function parseRecords(bytes: ArrayBuffer): CompactRecords {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as CompactRecords;
  } catch (error) {
    throw new Error('The search records file is not valid JSON.', {cause: error});
  }
}

/** Fetches and expands the site's search records on the page's own thread, in idle slices. */
export async function loadRecordsFromPage(): Promise<IndexedRecords> {
  const file = parseRecords(await fetchRecordsBytes());
  return withIndex(file, await expandRecordsWhenIdle(file));
}
