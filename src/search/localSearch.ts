/**
 * The one local search client of the page, created on first use. This module and the
 * engine behind it are loaded only when someone reaches for search (hover, focus, a
 * keyboard shortcut or the /search page), never on a plain page load.
 */
import {createLocalSearchClient, type IndexStatus} from './localClient';
import {loadRecordsFromPage} from './loadRecords';

type LocalClient = ReturnType<typeof createLocalSearchClient>;
let client: LocalClient | undefined;

/** `<html data-search-index="loading|ready|error">`: where the local index stands, for tools and tests to wait on. */
export const INDEX_STATUS_ATTRIBUTE = 'data-search-index';

const markStatus = (status: IndexStatus) => document.documentElement.setAttribute(INDEX_STATUS_ATTRIBUTE, status);

export function localSearchClient(): LocalClient {
  // The modal sends its own highlight tags; these are for requests that name none.
  client ??= createLocalSearchClient(loadRecordsFromPage, {
    highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
    highlightPostTag: '</span>',
    onStatus: markStatus,
  });
  return client;
}
