// Wraps the DocSearch search bar.
// - The bar itself (DocSearch's button bundles the whole DocSearch library, 30 KB gzip)
//   loads when a reader reaches for search, not with the page: until then a look-alike
//   button holds its place. A pointer, focus or touch on it loads the bar; a click or the
//   Ctrl/Cmd+K and '/' shortcuts load it at once and are replayed. A page load that never
//   searches runs none of DocSearch.
// - Without an Algolia account (the default) the DocSearch modal gets our local client
//   instead of Algolia's; the client and the index load only when search is reached for,
//   and the index only in the parts each query needs (src/search/chunkFormat.ts).
// - A hit on a heading shows the first words of its section under it (`SectionHit`).
// - Local mode is credited to nobody: the modal's footer keeps its keyboard hints but not
//   the 'Search by Algolia' mark, which shows only when Algolia answers.
// - Partner sites have no search: the box is hidden (CSS), the bar is never mounted (so
//   DocSearch's own shortcuts are not listening) and the shortcuts do nothing, also while
//   a host's brand is still unknown.
import {lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentProps, type ReactNode} from 'react';
import type SearchBarType from '@theme-original/SearchBar';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {translate} from '@docusaurus/Translate';
import {DEFAULT_BRAND} from '@site/src/branding/defaults';
import {createDocSearchClient, withErrorScreen} from '@site/src/search/docsearchClient';
import SectionHit from './SectionHit';
import {holdPrefetchesWhileSearching} from './holdPrefetches';
import './styles.css';

type Props = ComponentProps<typeof SearchBarType>;
type LocalModule = typeof import('@site/src/search/localSearch');

const OriginalSearchBar = lazy(() => import('@theme-original/SearchBar'));

let localModule: Promise<LocalModule> | undefined;
const loadLocal = () => (localModule ??= import('@site/src/search/localSearch'));

/** The query in the open modal's input, or undefined when the modal is closed. */
const modalQuery = () => document.querySelector<HTMLInputElement>('.DocSearch-Modal .DocSearch-Input')?.value;

/** Search insights (local mode): loaded with the first answered search. */
const loadInsights = () => import('@site/src/search/insights');

/** A client with the interface DocSearch expects, forwarding to the local one once loaded; its answers feed search insights. */
const deferredClient = () =>
  createDocSearchClient(() => loadLocal().then((m) => m.localSearchClient()), {
    currentQuery: modalQuery,
    onResults: (query, hits) => void loadInsights().then((m) => m.searchInsights().searched(query, hits)),
  });

/** 'Believe this query should return results? Let us know.' leads to the feature-request site. */
const missingResultsUrl = ({query}: {query: string}) => `${DEFAULT_BRAND.feedbackUrl}/?search=${encodeURIComponent(query)}`;

/** No search on a partner's site, nor before the brand of a partner host is known. */
const searchBlocked = () => {
  const root = document.documentElement;
  return root.dataset.brand === 'partner' || root.hasAttribute('data-brand-pending');
};

function subscribeToBrand(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {attributes: true, attributeFilter: ['data-brand', 'data-brand-pending']});
  return () => observer.disconnect();
}

const useSearchAllowed = () =>
  useSyncExternalStore(
    subscribeToBrand,
    () => !searchBlocked(),
    () => true,
  );

const isShortcut = (event: KeyboardEvent) => {
  const target = event.target as HTMLElement | null;
  const typing = !!target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
  return (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) || (event.key === '/' && !typing);
};

/** Same markup as DocSearch's button, so nothing moves when the real one replaces it. */
function PlaceholderButton({onActivate}: {onActivate: (kind: 'click' | 'warm') => void}): ReactNode {
  const label = translate({id: 'theme.SearchBar.label', message: 'Search'});
  return (
    <button
      type="button"
      className="DocSearch DocSearch-Button"
      aria-label={`${label} (Ctrl+K)`}
      // A press counts from pointerdown: when the real bar replaces this button between the
      // press and the release, the browser sends no click to either button, and the search
      // the reader asked for would be lost. Keyboard activation still arrives as a click.
      onPointerDown={(event) => {
        if (event.button === 0) onActivate('click');
      }}
      onClick={() => onActivate('click')}
      onPointerEnter={() => onActivate('warm')}
      onFocus={() => onActivate('warm')}
      onTouchStart={() => onActivate('warm')}>
      <span className="DocSearch-Button-Container">
        <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z"
            stroke="currentColor"
            fill="none"
            fillRule="evenodd"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="DocSearch-Button-Placeholder">{label}</span>
      </span>
    </button>
  );
}

/** Runs once the real bar is mounted: replays what the reader did while it loaded. */
function Replay({pending, onMountedChange}: {pending: {current: KeyboardEvent | 'click' | null}; onMountedChange: (mounted: boolean) => void}): null {
  useEffect(() => {
    // Nothing is replayed on a partner site.
    const action = searchBlocked() ? null : pending.current;
    pending.current = null;
    if (action === 'click') document.querySelector<HTMLButtonElement>('.navbar .DocSearch-Button')?.click();
    else if (action) {
      window.dispatchEvent(new KeyboardEvent('keydown', {key: action.key, ctrlKey: action.ctrlKey, metaKey: action.metaKey, bubbles: true}));
    }
    onMountedChange(true);
    return () => onMountedChange(false);
  }, [pending, onMountedChange]);
  return null;
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const {siteConfig, siteMetadata} = useDocusaurusContext();
  const isBrowser = useIsBrowser();
  const allowed = useSearchAllowed();
  const local = (siteConfig.customFields?.search as {mode?: string} | undefined)?.mode !== 'algolia';
  const [load, setLoad] = useState(false);
  const loadBar = useCallback(() => startTransition(() => setLoad(true)), []);
  // The real bar listens for its shortcuts once mounted; until then this wrapper does.
  const [mounted, setMounted] = useState(false);
  const pending = useRef<KeyboardEvent | 'click' | null>(null);
  const {docusaurusVersion} = siteMetadata;
  // Replaces the theme's own transform, which only adds its agent; both modes get the error screen.
  const transformSearchClient = useMemo(
    () =>
      local
        ? () => deferredClient()
        : (client: Parameters<typeof withErrorScreen>[0] & {addAlgoliaAgent(segment: string, version?: string): void}) => {
            client.addAlgoliaAgent('docusaurus', docusaurusVersion);
            return withErrorScreen(client, {currentQuery: modalQuery});
          },
    [local, docusaurusVersion],
  );
  const preload = useCallback(() => {
    if (local && !searchBlocked()) void loadLocal().then((m) => m.localSearchClient().preload());
  }, [local]);

  useEffect(() => {
    if (!isBrowser || mounted) return undefined;
    // Until the real bar is mounted, a shortcut loads it and is replayed.
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event) || searchBlocked()) return;
      event.preventDefault();
      pending.current = event;
      preload();
      loadBar();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isBrowser, mounted, preload, loadBar]);

  // Results opened from the modal (local mode), for search insights; Algolia mode sends its own.
  useEffect(() => {
    if (!local || !mounted) return undefined;
    let stop: (() => void) | undefined;
    let gone = false;
    void loadInsights().then((m) => {
      if (!gone) stop = m.watchModalSelections();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [local, mounted]);

  // While the modal is open, route prefetches wait: the search's files go first.
  useEffect(() => (isBrowser && allowed ? holdPrefetchesWhileSearching() : undefined), [isBrowser, allowed]);

  // Which engine answers: in local mode the modal's footer credits no Algolia (see styles.css).
  useEffect(() => {
    if (isBrowser) document.documentElement.setAttribute('data-search-mode', local ? 'local' : 'algolia');
  }, [isBrowser, local]);

  // What stands in the navbar, for tools and tests to wait on: nothing where search is not
  // allowed, else the look-alike until a reader reaches for search, then the real bar.
  useEffect(() => {
    if (!isBrowser) return;
    document.documentElement.setAttribute('data-search-bar', !allowed ? 'blocked' : !load ? 'placeholder' : mounted ? 'ready' : 'loading');
  }, [isBrowser, load, allowed, mounted]);

  const activate = (kind: 'click' | 'warm') => {
    if (searchBlocked()) return;
    if (kind === 'click') pending.current = 'click';
    preload();
    loadBar();
  };
  const placeholder = <PlaceholderButton onActivate={activate} />;
  // In the browser the look-alike stays mounted while the real bar loads (the load is a
  // transition), so a click that follows the hover which started the load lands on it and is
  // replayed. Not on the server: React would stream the boundary out of line.
  const bar = !isBrowser || !allowed ? (
    placeholder
  ) : (
    <Suspense fallback={placeholder}>
      {load ? (
        <>
          <OriginalSearchBar
            getMissingResultsUrl={missingResultsUrl}
            hitComponent={SectionHit}
            {...props}
            transformSearchClient={transformSearchClient as never}
          />
          <Replay pending={pending} onMountedChange={setMounted} />
        </>
      ) : (
        placeholder
      )}
    </Suspense>
  );
  if (!local) return bar;
  return (
    <div className="local-search" onPointerEnter={preload} onFocusCapture={preload} onTouchStart={preload}>
      {bar}
    </div>
  );
}
