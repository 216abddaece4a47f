/**
 * Stands in for `algoliasearch/lite` in local mode (aliased by the search plugin), so
 * the /search page's algoliasearch-helper queries the local client.
 */
import {localSearchClient} from './localSearch';

export function liteClient(_appId: string, _apiKey: string) {
  return localSearchClient();
}

export default liteClient;
