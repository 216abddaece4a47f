/**
 * The spec's cap on the search input; longer queries are cut before matching. Its own
 * module, so the /search page's inlined early script takes this number and not the index
 * settings beside it in `settings.ts`.
 */
export const MAX_QUERY_LENGTH = 64;
