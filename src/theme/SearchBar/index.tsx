// Wraps the DocSearch search bar. Without an Algolia account (the default) it gives
// the real DocSearch modal our local client instead of Algolia's, loading the client
// and the records only when the reader reaches for search.
import {useCallback, useMemo, type ComponentProps, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {DEFAULT_BRAND} from '@site/src/branding/defaults';

type Props = ComponentProps<typeof SearchBar>;
type LocalModule = typeof import('@site/src/search/localSearch');

let localModule: Promise<LocalModule> | undefined;
const loadLocal = () => (localModule ??= import('@site/src/search/localSearch'));

/**
 * DocSearch's autocomplete marks a search 'stalled' 300 ms after it starts, and that
 * timer is not cleared when the search fails: a failure reported sooner is overwritten
 * and the reader sees 'No results' instead of 'Unable to fetch results'. Algolia's own
 * client fails only after its host timeouts; a local failure is held until past it.
 */
const MIN_FAILURE_MS = 400;

async function searchLocally(input: unknown) {
  const started = Date.now();
  try {
    const {localSearchClient} = await loadLocal();
    return await localSearchClient().search(input as never);
  } catch (error) {
    const wait = MIN_FAILURE_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    throw error;
  }
}

/** A client with the interface DocSearch expects, forwarding to the local one once loaded. */
function deferredClient() {
  return {
    search: searchLocally,
    searchForHits: searchLocally,
    addAlgoliaAgent: () => undefined,
    clearCache: () => Promise.resolve(),
  };
}

/** 'Believe this query should return results? Let us know.' leads to the feature-request site. */
const missingResultsUrl = ({query}: {query: string}) => `${DEFAULT_BRAND.feedbackUrl}/?search=${encodeURIComponent(query)}`;

export default function SearchBarWrapper(props: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const local = (siteConfig.customFields?.search as {mode?: string} | undefined)?.mode !== 'algolia';
  const transformSearchClient = useMemo(() => (local ? () => deferredClient() : undefined), [local]);
  const preload = useCallback(() => {
    if (local) void loadLocal().then((m) => m.localSearchClient().preload());
  }, [local]);
  if (!local) return <SearchBar getMissingResultsUrl={missingResultsUrl} {...props} />;
  return (
    <div className="local-search" onPointerEnter={preload} onFocusCapture={preload} onTouchStart={preload}>
      <SearchBar getMissingResultsUrl={missingResultsUrl} {...props} transformSearchClient={transformSearchClient as never} />
    </div>
  );
}
