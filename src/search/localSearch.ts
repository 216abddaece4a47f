/**
 * The one local search client of the page, created on first use. This module and the
 * engine behind it are loaded only when someone reaches for search (hover, focus, a
 * keyboard shortcut or the /search page), never on a plain page load.
 */
import {createLocalSearchClient} from './localClient';
import {loadRecordsFromPage} from './loadRecords';

type LocalClient = ReturnType<typeof createLocalSearchClient>;
let client: LocalClient | undefined;

export function localSearchClient(): LocalClient {
  // The modal sends its own highlight tags; these are for the /search page, whose
  // styles expect the crawler's classic highlight class.
  client ??= createLocalSearchClient(loadRecordsFromPage, {
    highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
    highlightPostTag: '</span>',
  });
  return client;
}
