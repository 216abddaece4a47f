/**
 * Where the search index's files are and how the page fetches them: no more than that, so
 * the page's side of the worker client (`localSearch.ts`) does not bring in the search
 * engine (MiniSearch), which runs in the worker.
 */
import type {FetchIndexFile} from './chunked';

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
