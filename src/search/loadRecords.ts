import {expandRecordsWhenIdle, type CompactRecords, type SearchRecord} from './records';

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

/** Fetches and expands the site's search records. */
export async function loadRecordsFromPage(): Promise<SearchRecord[]> {
  const response = await fetch(await recordsUrl(), {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`The search records could not be loaded (HTTP ${response.status}).`);
  return expandRecordsWhenIdle((await response.json()) as CompactRecords);
}
