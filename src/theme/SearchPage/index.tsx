// Replaces the theme's SearchPage (which Docusaurus does not mark safe to eject) rather
// than wrapping it, because what had to change is inside it:
// - it waits 300 ms before every search, and in local mode the records only began to
//   load with that first query: a reader following a link to /search?q=… saw an empty
//   page for seconds. Here the local index starts loading as the page mounts (the build
//   also preloads the index's entry file from this page's <head>) and a query from the URL is
//   sent at once; only typing is debounced;
// - it sends the configured facet filters (language, docs version) only with
//   contextualSearch, which the spec turns off; here every request carries the same
//   filters as the modal's (`themeConfig.algolia.searchParameters`);
// - it shows a snippet only when a page's best hit is a paragraph; here each page
//   shows the best-ranked snippet of its text that matched (see src/search/resultsPage.ts);
// - it credits Algolia in every mode; here only when Algolia answers;
// - it renders highlighted values as HTML; here they are split into text and <mark>.
import {useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {liteClient} from 'algoliasearch/lite';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {HtmlClassNameProvider, PageMetadata, usePluralForm, useSearchQueryString} from '@docusaurus/theme-common';
import {useAlgoliaThemeConfig, useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {MAX_QUERY_LENGTH} from '@site/src/search/settings';
import {EARLY_RESULTS_ATTRIBUTE, EARLY_TAKEN_ATTRIBUTE, QUERY_TITLE_ATTRIBUTE, RESULT_TEMPLATE_ATTRIBUTE} from '@site/src/search/earlyHandover';
import {escapeHtml} from '@site/src/search/highlight';
import {whileReaderWaits} from '@site/src/search/idle';
import {FIRST_SCREEN_HITS, groupHits, pageSearchParams, RESULTS_PER_PAGE, snippetWords, type PageHit, type PageResult, type TextPart} from '@site/src/search/resultsPage';
import styles from './styles.module.css';

/** Search insights (local mode only): loaded once results are shown or one is opened. */
const insights = () => import('@site/src/search/insights');

/** Pause after the last keystroke before searching; a query from the URL is sent at once. */
const TYPING_DEBOUNCE_MS = 150;

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface ResultsState {
  status: Status;
  query: string;
  /** On screen; while loading, possibly a previous query's, until this one's arrive. */
  results: PageResult[];
}

interface SearchCapable {
  search(input: {requests: {indexName: string; params: Record<string, unknown>}[]}): Promise<{results: unknown[]}>;
  preload?: () => Promise<void>;
}

function Highlighted({parts}: {parts: TextPart[]}): ReactNode {
  return parts.map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text));
}

function useDocumentsFound(): (count: number) => string {
  const {selectMessage} = usePluralForm();
  return (count) =>
    selectMessage(
      count,
      translate({id: 'theme.SearchPage.documentsFound.plurals', message: 'One document found|{count} documents found'}, {count}),
    );
}

/** The place of the early script's results: React renders it empty and never sets its content again. */
const EARLY_PLACE = {__html: ''};

/**
 * One result's markup as this component renders it, empty, for the early script to fill
 * (src/search/early.entry.ts): its results look like these until these replace them. The
 * snippet's <p> comes last: the early script takes it as the template having been parsed.
 */
function resultTemplate(breadcrumbsLabel: string): {__html: string} {
  return {
    __html:
      `<article class="${styles.result}"><h2 class="${styles.resultTitle}"><a></a></h2>` +
      `<nav aria-label="${escapeHtml(breadcrumbsLabel)}"><ul class="breadcrumbs ${styles.path}"><li class="breadcrumbs__item"></li></ul></nav>` +
      `<p class="${styles.snippet}"></p></article>`,
  };
}

function pageTitle(query: string): string {
  return query
    ? translate({id: 'theme.SearchPage.existingResultsTitle', message: 'Search results for "{query}"'}, {query})
    : translate({id: 'theme.SearchPage.emptyResultsTitle', message: 'Search the documentation'});
}

function AlgoliaCredit(): ReactNode {
  return (
    <a className={styles.credit} href="https://www.algolia.com/" target="_blank" rel="noopener noreferrer">
      <Translate id="theme.SearchPage.algoliaLabel">Powered by Algolia</Translate>
    </a>
  );
}

function SearchPageContent(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {algolia} = useAlgoliaThemeConfig();
  // A new function each render: read through a ref so it does not re-run the search.
  const urlProcessor = useSearchResultUrlProcessor();
  const processUrl = useRef(urlProcessor);
  processUrl.current = urlProcessor;
  const documentsFound = useDocumentsFound();
  const [query, setQuery] = useSearchQueryString();
  const local = (siteConfig.customFields?.search as {mode?: string} | undefined)?.mode !== 'algolia';
  const facetFilters = (algolia.searchParameters as {facetFilters?: unknown} | undefined)?.facetFilters;
  // In local mode `algoliasearch/lite` is the local client (aliased by plugins/search-index).
  const client = useMemo(() => liteClient(algolia.appId, algolia.apiKey) as unknown as SearchCapable, [algolia.appId, algolia.apiKey]);
  const [state, setState] = useState<ResultsState>({status: 'idle', query: '', results: []});
  const [shown, setShown] = useState(RESULTS_PER_PAGE);
  // The page's first query, once searched: the URL's, which the server or the early script
  // answered. It is sent without the typing pause, and its early results stay if the app's
  // own search for it fails (the error shows above them).
  const firstQuery = useRef<string | undefined>(undefined);
  const breadcrumbsLabel = translate({id: 'theme.docs.breadcrumbs.navAriaLabel', message: 'Breadcrumbs'});
  const template = useMemo(() => resultTemplate(breadcrumbsLabel), [breadcrumbsLabel]);

  // The early script's results (shown before the app started) stay until this component
  // has results of its own, then give way to them in the same frame. From now on it
  // renders results itself: the early script, should its answer come later, shows none.
  const earlyPlace = useRef<HTMLDivElement>(null);
  const [earlyShown, setEarlyShown] = useState(false);
  useLayoutEffect(() => {
    const place = earlyPlace.current;
    place?.setAttribute(EARLY_TAKEN_ATTRIBUTE, '');
    if (place?.firstElementChild) setEarlyShown(true);
  }, []);
  const earlyDone = state.results.length > 0 || state.status === 'ready' || (state.status === 'error' && state.query !== firstQuery.current);
  useLayoutEffect(() => {
    if (!earlyShown || !earlyDone) return;
    earlyPlace.current?.replaceChildren();
    earlyPlace.current?.setAttribute(EARLY_RESULTS_ATTRIBUTE, '');
    setEarlyShown(false);
  }, [earlyShown, earlyDone]);

  // The reader came here to search: load the index now, not on the first query. Where it is
  // built on the page's own thread (no worker), build it without waiting for idle time.
  useEffect(() => {
    const end = whileReaderWaits();
    if (client.preload) void client.preload().finally(end);
    else end();
    return end;
  }, [client]);

  useEffect(() => {
    const trimmed = query.trim();
    setShown(RESULTS_PER_PAGE);
    if (!trimmed) {
      setState({status: 'idle', query: '', results: []});
      return undefined;
    }
    let current = true;
    // This query's first screen of results, once shown: kept if the rest fails to load.
    let firstScreenShown: PageResult[] = [];
    setState((previous) => ({...previous, status: 'loading', query: trimmed}));
    const ask = (hitsPerPage?: number) =>
      client
        .search({requests: [{indexName: algolia.indexName, params: pageSearchParams(trimmed.slice(0, MAX_QUERY_LENGTH), facetFilters, snippetWords(), hitsPerPage)}]})
        .then(({results}) => {
          const hits = ((results[0] as {hits?: PageHit[]} | undefined)?.hits ?? []) as PageHit[];
          return groupHits(hits).map((r) => ({...r, url: processUrl.current(r.url)}));
        });
    // From a local index, the first screen of results shows as soon as its hits' text is
    // there; the rest follows (the page stays busy until then). One request after the
    // other: the local client answers the newest request first. Algolia answers all hits
    // at once, so the page asks it once.
    const run = () => {
      const firstScreen = local
        ? ask(FIRST_SCREEN_HITS).then((results) => {
            if (!current) return;
            firstScreenShown = results;
            setState({status: 'loading', query: trimmed, results});
          })
        : Promise.resolve();
      firstScreen
        // Not for a query already typed over: its answer would not be shown.
        .then(() => (current ? ask() : null))
        .then((results) => {
          if (current && results) setState({status: 'ready', query: trimmed, results});
        })
        .catch((error: unknown) => {
          if (!current) return;
          console.error('Search failed', error);
          // What this query already shows stays, under the error; a previous query's goes.
          setState({status: 'error', query: trimmed, results: firstScreenShown});
        });
    };
    const immediate = firstQuery.current === undefined;
    if (immediate) firstQuery.current = trimmed;
    const timer = immediate ? undefined : window.setTimeout(run, TYPING_DEBOUNCE_MS);
    if (immediate) run();
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, client, algolia.indexName, facetFilters, local]);

  // The settled query and its result count go to the site's search insights (local mode).
  useEffect(() => {
    if (local && state.status === 'ready' && state.query) void insights().then((m) => m.searchInsights().searched(state.query, state.results.length));
  }, [local, state]);

  const title = pageTitle(query);
  const {status, results} = state;
  const visible = results.slice(0, shown);

  return (
    <Layout>
      <PageMetadata title={title} />
      <Head>
        <meta property="robots" content="noindex, follow" />
      </Head>
      {/* The page's one main landmark holds the form too, so it is there before any result. */}
      <main className={clsx('container', 'margin-vert--lg', styles.page)} data-results-state={status} aria-busy={status === 'loading'}>
        {/* The early script may have titled the page with the query before hydration. */}
        <Heading as="h1" {...{[QUERY_TITLE_ATTRIBUTE]: pageTitle('{query}')}} suppressHydrationWarning>
          {title}
        </Heading>
        <form role="search" onSubmit={(e) => e.preventDefault()}>
          <input
            type="search"
            name="q"
            className={styles.input}
            placeholder={translate({id: 'theme.SearchPage.inputPlaceholder', message: 'Type your search here'})}
            aria-label={translate({id: 'theme.SearchPage.inputLabel', message: 'Search'})}
            onChange={(e) => setQuery(e.target.value)}
            value={query}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        </form>
        <div className={styles.summary} role="status">
          <span>{status === 'ready' && results.length > 0 && documentsFound(results.length)}</span>
          {!local && <AlgoliaCredit />}
        </div>
        {status === 'error' && (
          <div className={styles.message}>
            <p className={styles.messageTitle}>
              <Translate id="theme.SearchModal.errorScreen.titleText">Unable to fetch results</Translate>
            </p>
            <p>
              <Translate id="theme.SearchModal.errorScreen.helpText">You might want to check your network connection.</Translate>
            </p>
          </div>
        )}
        {status === 'ready' && results.length === 0 && (
          <p className={styles.message}>
            <Translate id="theme.SearchModal.noResults.noResultsText" values={{query: state.query}}>
              {'No results for "{query}"'}
            </Translate>
          </p>
        )}
        {status === 'loading' && results.length === 0 && !earlyShown && <div className={styles.spinner} />}
        <div ref={earlyPlace} {...{[EARLY_RESULTS_ATTRIBUTE]: ''}} dangerouslySetInnerHTML={EARLY_PLACE} />
        <template {...{[RESULT_TEMPLATE_ATTRIBUTE]: ''}} dangerouslySetInnerHTML={template} />
        {visible.length > 0 && (
          <div>
            {visible.map((result, index) => (
              <article key={result.url} className={styles.result}>
                <Heading as="h2" className={styles.resultTitle}>
                  <Link
                    to={result.url}
                    onClick={() => {
                      if (local) void insights().then((m) => m.searchInsights().clicked(state.query, index + 1, m.resultPath(result.url)));
                    }}>
                    <Highlighted parts={result.title} />
                  </Link>
                </Heading>
                {result.breadcrumbs.length > 0 && (
                  <nav aria-label={breadcrumbsLabel}>
                    <ul className={clsx('breadcrumbs', styles.path)}>
                      {result.breadcrumbs.map((crumb, i) => (
                        <li key={i} className="breadcrumbs__item">
                          <Highlighted parts={crumb} />
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
                {result.snippet && (
                  <p className={styles.snippet}>
                    <Highlighted parts={result.snippet} />
                  </p>
                )}
              </article>
            ))}
          </div>
        )}
        {results.length > shown && (
          <button type="button" className={clsx('button button--secondary', styles.more)} onClick={() => setShown((n) => n + RESULTS_PER_PAGE)}>
            <Translate id="theme.SearchPage.showMore">Show more results</Translate>
          </button>
        )}
      </main>
    </Layout>
  );
}

export default function SearchPage(): ReactNode {
  return (
    <HtmlClassNameProvider className="search-page-wrapper">
      <SearchPageContent />
    </HtmlClassNameProvider>
  );
}
