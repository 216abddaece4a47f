import {expandRecords, type CompactRecords, type SearchRecord} from './records';

/** The records file this build named in every page's <head> (content-hashed). */
export function recordsUrl(): string {
  const url = document.querySelector('meta[name="docsearch:records"]')?.getAttribute('content');
  if (!url) throw new Error('This page names no search records file (meta docsearch:records).');
  return url;
}

/** Fetches and expands the site's search records. */
export async function loadRecordsFromPage(): Promise<SearchRecord[]> {
  const response = await fetch(recordsUrl(), {credentials: 'same-origin'});
  if (!response.ok) throw new Error(`The search records could not be loaded (HTTP ${response.status}).`);
  return expandRecords((await response.json()) as CompactRecords);
}
