import {CHUNKED_VERSION, type ChunkedMeta} from './chunkFormat';
import type {ChunkedSource, FetchIndexFile} from './chunked';
import {fetchIndexFile} from './indexFiles';
import {withIndex, type IndexedRecords} from './engine';
import {expandRecordsWhenIdle, type CompactRecords} from './records';

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
  // The store checks the entry file as it is built from it (`ChunkedStore`), once.
  if (isMeta(file)) return {meta: file, fetchFile};
  return withIndex(file, await expand(file));
}

/** Fetches the site's search index on the page's own thread; a whole records file is expanded in idle slices. */
export async function loadRecordsFromPage(): Promise<IndexedRecords | ChunkedSource> {
  return fromEntryFile(await fetchIndexFile(null), fetchIndexFile, expandRecordsWhenIdle);
}
