import {expect, test, type Page} from '@playwright/test';
import {EARLY_HOLD_MS, EARLY_WORKER_GLOBAL} from '../src/search/earlyHandover';
import {FIRST_SCREEN_HITS} from '../src/search/resultsPage';
import {holdRequests, nextFrames, patientBrandLookup, searchIndexReady, waitForHydration, SEARCH_INDEX_PATIENCE} from './helpers';

const PARTNER_API = '**/v1/auth/partner-config/docs?domain=*';
/** Every file of the search index (its entry file, term and text files, the whole records file). */
const SEARCH_FILES = '**/search/*.*.json';
const INDEX_ENTRY = '**/search/meta.*.json';
/** The /search page's results as the app renders them (the early script's are in `[data-early-results]`). */
const APP_RESULTS = 'main > [data-early-results] ~ div > article';
const acme = {name: 'Acme Compute', theme: 'slate', colors: {primary: {light: 'teal'}}};

/**
 * Has the next load of /search?q=… get the page as built, as a static host (a CDN) sends it,
 * instead of the server's copy with its first results in it (server/search-page.ts).
 */
async function servedAsBuilt(page: Page, baseURL: string | undefined): Promise<void> {
  await page.route(
    (url) => url.pathname === '/search' && url.searchParams.has('q'),
    async (route) => route.fulfill({response: await route.fetch({url: new URL('/search', baseURL).toString()})}),
  );
}

/**
 * What a test of the results' handover to the app watches: hydration and page errors, and
 * the requests for the index's entry file (the page's and its worker's).
 */
function watchHandover(page: Page): {errors: string[]; entryRequests: string[]} {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|recoverable|react/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const entryRequests: string[] = [];
  page.context().on('request', (request) => {
    if (/\/search\/meta\.[0-9a-f]+\.json$/.test(new URL(request.url()).pathname)) entryRequests.push(request.url());
  });
  return {errors, entryRequests};
}

/** The same page under a partner host name (`*.localhost` resolves to this machine). */
const onHost = (baseURL: string | undefined, host: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

/**
 * Presses every search shortcut and returns, for each, whether anything on the page took
 * it: the search bar and DocSearch both call preventDefault() on a shortcut they act on.
 * Read in a task after the key event, so every listener has run.
 */
async function pressShortcuts(page: Page): Promise<boolean[]> {
  await page.locator('article h1').click();
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as {__shortcutsTaken: boolean[]}).__shortcutsTaken = seen;
    window.addEventListener('keydown', (event) => {
      // The modifier keys' own events are not shortcuts.
      if (event.key.toLowerCase() === 'k' || event.key === '/') setTimeout(() => seen.push(event.defaultPrevented));
    });
  });
  const keys = ['Control+k', 'Meta+k', '/'];
  for (const key of keys) await page.keyboard.press(key);
  await expect.poll(() => page.evaluate(() => (window as unknown as {__shortcutsTaken: boolean[]}).__shortcutsTaken.length)).toBe(keys.length);
  return page.evaluate(() => (window as unknown as {__shortcutsTaken: boolean[]}).__shortcutsTaken);
}

/**
 * Opens the search modal with Ctrl+K and returns its input once DocSearch has focused it,
 * which it does after setting the modal up: text typed before that can land in the input
 * without reaching the search.
 */
async function openSearch(page: Page) {
  await page.keyboard.press('Control+k');
  const input = page.locator('.DocSearch-Input');
  await expect(input).toBeFocused();
  return input;
}

test.describe('search', () => {
  // Tests that search wait for the index, for as long as SEARCH_INDEX_PATIENCE allows.
  test.describe.configure({timeout: SEARCH_INDEX_PATIENCE + 60_000});

  test('opens with Ctrl+K, shows grouped, highlighted results, and Enter navigates', async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    const input = page.locator('.DocSearch-Input');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'Search docs');
    // The operation's own name: it ranks first (for 'hibernate' alone the hibernation guide does).
    await input.fill('hibernate a virtual machine');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('API reference');
    await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText(/hibernate/i);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api-reference\/core-resources\/virtual-machines\/manage\/hibernate/);
    await expect(page.locator('.DocSearch-Modal')).toBeHidden();
  });

  test('a click on a hit opens its page in the app, without loading a new document; a Ctrl+click is left to the browser', async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    // Gone if the click loads a new document instead of navigating in the app.
    await page.evaluate(() => ((window as unknown as {__samePage: boolean}).__samePage = true));
    const input = await openSearch(page);
    await input.fill('hibernate a virtual machine');
    await searchIndexReady(page);
    const first = page.locator('.DocSearch-Hit a').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/docs\//);
    // A Ctrl+click opens the page elsewhere (a new tab): this page stays, with the modal open.
    const opened = page.context().waitForEvent('page');
    await first.click({modifiers: ['Control']});
    await (await opened).close();
    expect(new URL(page.url()).pathname).toBe('/docs/intro');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href!.split('#')[0]}`));
    await expect(page.locator('.DocSearch-Modal')).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as {__samePage?: boolean}).__samePage)).toBe(true);
  });

  test("credits no Algolia in the modal's footer in local mode, keeps the keyboard hints, and snippets heading hits", async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    const input = await openSearch(page);
    await expect(page.locator('html')).toHaveAttribute('data-search-mode', 'local');
    await input.fill('hibernate');
    await searchIndexReady(page);
    await page.locator('.DocSearch-Hit').first().waitFor();
    const footer = page.locator('.DocSearch-Footer');
    await expect(footer.locator('.DocSearch-Commands')).toBeVisible();
    await expect(footer.locator('.DocSearch-Logo')).toBeHidden();
    await expect(footer.getByText(/Algolia|Search by/)).toBeHidden();
    await expect(page.locator('.DocSearch-Modal a[href*="algolia.com"]')).toBeHidden();
    // A hit on a heading shows the first words of its section under it.
    await expect(page.locator('.DocSearch-Hit-section').first()).toHaveText(/\w+/);
  });

  test('opens with "/" when not typing in a field, and Escape closes it', async ({page}) => {
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    await page.keyboard.press('/');
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('.DocSearch-Modal')).toBeHidden();
  });

  test('route prefetches wait while the modal is open, and load once it closes', async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await openSearch(page);
    // A page that nothing on the intro's first screen links to. Docusaurus adds its scripts'
    // prefetch links in the call itself, so none added by it means none asked for.
    const added = await page.evaluate(() => {
      const before = document.querySelectorAll('link[rel="prefetch"]').length;
      window.docusaurus.prefetch('/docs/billing/contracts');
      return document.querySelectorAll('link[rel="prefetch"]').length - before;
    });
    expect(added).toBe(0);
    const countNow = () => page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length);
    const whileOpen = await countNow();
    await page.keyboard.press('Escape');
    await expect(page.locator('.DocSearch-Modal')).toBeHidden();
    await expect.poll(countNow).toBeGreaterThan(whileOpen);
  });

  test('caps the query at 64 characters and tolerates typos', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    const input = await openSearch(page);
    await expect(input).toHaveAttribute('maxlength', '64');
    await input.fill('snapshto');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit').first()).toContainText(/snapshot/i);
  });

  test('builds the index in a worker, and on the page itself where no worker can run', async ({page}) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await (await openSearch(page)).fill('volume');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(workers).toEqual([expect.stringMatching(/^\/assets\/js\/search\.[0-9a-f]+\.js$/)]);

    // A browser or policy without workers: the same search, answered on the page.
    workers.length = 0;
    await page.addInitScript(() => {
      delete (window as {Worker?: unknown}).Worker;
    });
    await page.reload();
    await waitForHydration(page);
    await (await openSearch(page)).fill('volume');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(workers).toEqual([]);
  });

  test('shows the no-results screen', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await (await openSearch(page)).fill('zzqxjvw');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for "zzqxjvw"');
  });

  test('shows the error screen when the records cannot be loaded', async ({page}) => {
    await page.route(SEARCH_FILES, (route) => route.fulfill({status: 500, body: 'down'}));
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await (await openSearch(page)).fill('volume');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText('Unable to fetch results');
    await expect(screen).toContainText('You might want to check your network connection.');
    await expect(page.locator('html')).toHaveAttribute('data-search-index', 'error');
    // It stays (the modal's own status update, a moment later, does not reset it)...
    await nextFrames(page, 3);
    await expect(screen).toBeVisible();
    await expect(page.locator('.DocSearch-NoResults')).toHaveCount(0);
    // ...and gives way to results once the records load.
    await page.unroute(SEARCH_FILES);
    await page.locator('.DocSearch-Input').fill('volumes');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(screen).toHaveCount(0);
  });

  test('a first search loads only the parts of the index its words and hits need', async ({page}) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const name = new URL(request.url()).pathname.match(/\/search\/([^/]+\.json)$/)?.[1];
      if (name) asked.push(name);
    });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await (await openSearch(page)).fill('hibernate');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // The entry file, the term file of the word's first letters ("hi"), and some of the text files.
    const {index} = (await (await page.request.get('/search/manifest.json')).json()) as {index: string};
    const meta = (await (await page.request.get(`/search/${index}`)).json()) as {terms: Record<string, string>; text: {first: number[]}};
    expect(asked.filter((name) => name.startsWith('meta.'))).toEqual([index]);
    expect(asked.filter((name) => name.startsWith('terms.'))).toEqual([meta.terms.hi]);
    const text = asked.filter((name) => name.startsWith('text.'));
    // At most one per hit shown (the modal asks for 20), and far from all of them.
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(20);
    expect(text.length).toBeLessThan(meta.text.first.length / 5);
    expect(asked.filter((name) => !/^(meta|terms|text)\./.test(name))).toEqual([]);
  });

  test('shows the error screen when a term file cannot be loaded, and a retry finds results', async ({page}) => {
    await page.route('**/search/terms.*.json', (route) => route.fulfill({status: 500, body: 'down'}));
    await page.goto('/docs/intro');
    await waitForHydration(page);
    const input = await openSearch(page);
    // The entry file loads; the part the word needs does not.
    await input.fill('volume');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText('Unable to fetch results');
    await expect(page.locator('html')).toHaveAttribute('data-search-index', 'error');
    await page.unroute('**/search/terms.*.json');
    await input.fill('volumes');
    await expect(page.locator('html')).toHaveAttribute('data-search-index', 'ready');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(screen).toHaveCount(0);
  });

  test('remembers recent searches after a reload', async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await (await openSearch(page)).fill('pricebook');
    await searchIndexReady(page);
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/pricebook/);
    await page.reload();
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Recent');
  });

  test('the /search page reads the query from q and lists results with highlighted snippets', async ({page}) => {
    await page.goto('/search?q=volume');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "volume"');
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    await expect(page.locator('article h2 a').first()).toContainText(/volume/i);
    // Each page once, and a snippet of its text with the match marked.
    const links = await page.locator('article h2 a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links.length).toBeGreaterThan(3);
    expect(new Set(links).size).toBe(links.length);
    await expect(page.locator('article p mark').first()).toHaveText(/volume/i);
    // No Algolia is involved in local mode, so nothing credits it.
    await expect(page.getByText(/Algolia/)).toHaveCount(0);
    await expect(page.locator('a[href*="algolia.com"]')).toHaveCount(0);
  });

  test("the /search page filters by the modal's language and docs-version facets", async ({page}) => {
    // The real records plus two pages outside the facets the modal asks for: another
    // language, another docs version. Only the page inside them may be listed.
    // The page is given the whole records file (which the client also reads) in place of the chunked index's entry file.
    await page.route(INDEX_ENTRY, async (route) => {
      const {records} = (await (await page.request.get('/search/manifest.json')).json()) as {records: string};
      const file = (await (await page.request.get(`/search/${records}`)).json()) as {pages: unknown[][]; records: unknown[][]};
      const add = (route: string, tag: string, language: string) => {
        file.pages.push([route, 'Guides', `Zzfacet page ${language} ${tag}`, tag, language, 1]);
        file.records.push([file.pages.length - 1, 1, `Zzfacet page ${language} ${tag}`, '', -1]);
      };
      add('/docs/zzfacet-current', 'docs-default-current', 'en');
      add('/fr/docs/zzfacet', 'docs-default-current', 'fr');
      add('/docs/1.0/zzfacet', 'docs-default-1.0', 'en');
      // The build's index does not know these pages: a file without one is indexed in the browser.
      delete (file as {index?: unknown}).index;
      await route.fulfill({json: file});
    });
    await page.goto('/search?q=zzfacet');
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    const links = await page.locator('article h2 a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
    expect(links).toEqual(['/docs/zzfacet-current']);
  });

  test('the /search page without a query asks for the index entry file from its <head>, before the app starts', async ({page}) => {
    await page.goto('/search');
    // The page's first script adds the file's preload link where it has no query to search for.
    expect(await page.locator('head > link[rel="preload"][as="fetch"][href*="/search/meta."]').count()).toBe(1);
    await waitForHydration(page);
    await page.getByRole('searchbox', {name: 'Search'}).fill('snapshot');
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    await expect(page.locator('article h2 a').first()).toBeVisible();
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/search\/meta\.[0-9a-f]+\.json$/.test(new URL(e.name).pathname))
        .map((e) => (e as PerformanceResourceTiming).initiatorType),
    );
    // One request, made by the preload link and reused by the client.
    expect(initiators).toEqual(['link']);
  });

  test('the /search page shows its first screen of results before the text of every hit has loaded', async ({page}) => {
    // The page notes whether a result was on screen while it still said it was loading.
    await page.addInitScript(() => {
      const w = window as unknown as {shownWhileLoading?: number};
      new MutationObserver(() => {
        if (document.querySelector('main[data-results-state="loading"][aria-busy="true"] > [data-early-results] ~ div > article')) w.shownWhileLoading = document.querySelectorAll('main article').length;
      }).observe(document, {subtree: true, childList: true, attributes: true});
    });
    // The first screen's hits need at most one text file each: the files asked for beyond
    // that wait until the test has seen a result, so the whole list cannot overtake it.
    const firstScreenHits = FIRST_SCREEN_HITS;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let texts = 0;
    await page.route('**/search/text.*.json', async (route) => {
      texts += 1;
      if (texts > firstScreenHits) await released;
      await route.fallback();
    });
    await page.goto('/search?q=volume');
    await expect(page.locator(APP_RESULTS).first()).toBeVisible({timeout: SEARCH_INDEX_PATIENCE});
    expect(await page.locator('main').getAttribute('data-results-state')).toBe('loading');
    release();
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    expect(await page.evaluate(() => (window as unknown as {shownWhileLoading?: number}).shownWhileLoading)).toBeGreaterThan(0);
    // The whole list needed the text of many more hits, and shows a page of results.
    expect(texts).toBeGreaterThan(2 * firstScreenHits);
    expect(await page.locator('main article').count()).toBe(20);
  });

  test("the /search page keeps the server's results when the app's search fails, and says so above them", async ({page}) => {
    await page.route(SEARCH_FILES, (route) => route.fulfill({status: 500, body: 'down'}));
    await page.goto('/search?q=volume');
    await waitForHydration(page);
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'error', {timeout: SEARCH_INDEX_PATIENCE});
    await expect(page.locator('main')).toContainText('Unable to fetch results');
    expect(await page.locator('[data-early-results="shown"] article').count()).toBeGreaterThan(3);
    // A new query's failure shows no results of the old one.
    await page.getByRole('searchbox', {name: 'Search'}).fill('snapshot');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "snapshot"');
    await expect(page.locator('main article')).toHaveCount(0);
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'error');
  });

  test('the /search page keeps its first screen of results when the rest fails to load', async ({page}) => {
    // The first screen's hits need at most one text file each; every text file after them fails.
    let texts = 0;
    await page.route('**/search/text.*.json', async (route) => {
      texts += 1;
      if (texts > FIRST_SCREEN_HITS) await route.fulfill({status: 500, body: 'down'});
      else await route.fallback();
    });
    await page.goto('/search?q=volume');
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'error', {timeout: SEARCH_INDEX_PATIENCE});
    await expect(page.locator('main')).toContainText('Unable to fetch results');
    const shown = await page.locator(APP_RESULTS).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(FIRST_SCREEN_HITS);
    expect(await page.locator('main article').count()).toBe(shown);
  });

  test('served as built (as a CDN serves it), the /search page shows its first results before the app has loaded, then the same results from the app', async ({page, baseURL}) => {
    const {errors, entryRequests} = watchHandover(page);
    // The app's bundle waits until the test has seen the early results.
    const release = await holdRequests(page, '**/assets/js/main.*.js');
    await servedAsBuilt(page, baseURL);
    await page.goto('/search?q=volume', {waitUntil: 'commit'});
    const early = page.locator('[data-early-results="shown"] article');
    await expect(early.first()).toBeVisible({timeout: SEARCH_INDEX_PATIENCE});
    expect(await page.locator('html').getAttribute('data-has-hydrated')).not.toBe('true');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "volume"');
    await expect(page).toHaveTitle('Search results for "volume" | Docs');
    await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue('volume');
    await expect(early.locator('p mark').first()).toHaveText(/volume/i);
    const earlyLinks = await early.locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(earlyLinks.length).toBeGreaterThan(3);
    for (const href of earlyLinks) expect(href).toMatch(/^\/docs\//);

    release();
    await waitForHydration(page);
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    // The app's results took the early ones' place: the same pages first, and one list only.
    await expect(page.locator('[data-early-results] *')).toHaveCount(0);
    const appLinks = await page.locator(APP_RESULTS).locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(appLinks.slice(0, earlyLinks.length)).toEqual(earlyLinks);
    expect(await page.locator('main article').count()).toBe(appLinks.length);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "volume"');
    await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue('volume');
    // The app searched on the early script's worker: the index's entry file was loaded once, by the worker.
    expect(entryRequests).toHaveLength(1);
    expect(await page.locator('link[rel="preload"][href*="/search/meta."]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('the server sends /search?q= with its first results in the page: read without scripts, then the same results from the app', async ({browser, page}) => {
    // Without scripts: the results, the query in the heading, the title and the search box.
    const bare = await browser.newContext({javaScriptEnabled: false});
    try {
      const noScript = await bare.newPage();
      await noScript.goto('/search?q=volume');
      const results = noScript.locator('[data-early-results="shown"] article');
      expect(await results.count()).toBeGreaterThan(3);
      await expect(noScript.getByRole('heading', {level: 1})).toHaveText('Search results for "volume"');
      await expect(noScript).toHaveTitle('Search results for "volume" | Docs');
      await expect(noScript.getByRole('searchbox', {name: 'Search'})).toHaveValue('volume');
      for (const href of await results.locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/docs\//);
      // Each snippet in its screen's length: 10 words on a wide screen, 5 on a phone.
      const snippet = results.first().locator('p');
      const words = async () => (await snippet.innerText()).replace(/…/g, ' ').trim().split(/\s+/).length;
      await expect(snippet.locator('[data-snippet="wide"]')).toBeVisible();
      await expect(snippet.locator('[data-snippet="narrow"]')).toBeHidden();
      expect(await words()).toBeLessThanOrEqual(10);
      expect(await words()).toBeGreaterThan(5);
      await noScript.setViewportSize({width: 390, height: 844});
      await expect(snippet.locator('[data-snippet="narrow"]')).toBeVisible();
      await expect(snippet.locator('[data-snippet="wide"]')).toBeHidden();
      expect(await words()).toBeLessThanOrEqual(5);
    } finally {
      await bare.close();
    }

    const {errors, entryRequests} = watchHandover(page);
    const release = await holdRequests(page, '**/assets/js/main.*.js');
    await page.goto('/search?q=volume', {waitUntil: 'commit'});
    const served = page.locator('[data-early-results="shown"] article');
    await expect(served.first()).toBeVisible();
    const servedLinks = await served.locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    release();
    await waitForHydration(page);
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    // The app's results took the server's place: the same pages first, and one list only.
    await expect(page.locator('[data-early-results] *')).toHaveCount(0);
    const appLinks = await page.locator(APP_RESULTS).locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(appLinks.slice(0, servedLinks.length)).toEqual(servedLinks);
    expect(await page.locator('main article').count()).toBe(appLinks.length);
    await expect(page.getByRole('searchbox', {name: 'Search'})).toHaveValue('volume');
    // One worker, started by the early script once the page had painted, and taken over by the app: the entry file once.
    expect(entryRequests).toHaveLength(1);
    const workerScripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/assets\/js\/search\.[0-9a-f]+\.js$/.test(new URL(e.name).pathname)).length);
    expect(workerScripts).toBe(1);
    expect(errors).toEqual([]);
  });

  test("on /search?q= served as built, the app's scripts start once the early results are shown, not before", async ({page, baseURL}) => {
    await servedAsBuilt(page, baseURL);
    // Notes, as the first of the app's scripts is added, whether the early results were on screen.
    await page.addInitScript(() => {
      const w = window as unknown as {resultsShownAtStart?: boolean};
      new MutationObserver((changes, observer) => {
        if (!changes.some((change) => Array.from(change.addedNodes).some((node) => node instanceof HTMLScriptElement && /\/assets\/js\/main\./.test(node.src)))) return;
        w.resultsShownAtStart = document.querySelector('[data-early-results="shown"] article') !== null;
        observer.disconnect();
      }).observe(document, {subtree: true, childList: true});
    });
    await page.goto('/search?q=volume');
    await waitForHydration(page);
    const seen = await page.evaluate(() => ({
      shown: (window as unknown as {resultsShownAtStart?: boolean}).resultsShownAtStart,
      marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('app-scripts-')).map((m) => ({name: m.name, at: m.startTime})),
    }));
    expect(seen.marks.map((m) => m.name)).toEqual(['app-scripts-held', 'app-scripts-started']);
    // The loader holds them at most EARLY_HOLD_MS: on a machine too busy to show the results
    // by then, the app starts without them, and only then (timers may fire a little early).
    const heldFor = seen.marks[1].at - seen.marks[0].at;
    if (!seen.shown) expect(heldFor).toBeGreaterThanOrEqual(EARLY_HOLD_MS - 1);
    // One worker: the early script searched on the one the page's first script started.
    const workerScripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/assets\/js\/search\.[0-9a-f]+\.js$/.test(new URL(e.name).pathname)).length);
    expect(workerScripts).toBe(1);
    expect(await page.evaluate((slot) => slot in window, EARLY_WORKER_GLOBAL)).toBe(false);

    // Without a query there is nothing to wait for.
    await page.goto('/search');
    await waitForHydration(page);
    expect(await page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('app-scripts-')).map((m) => m.name))).toEqual(['app-scripts-started']);
  });

  test("the early script shows nothing once the app renders results itself", async ({page, baseURL}) => {
    await servedAsBuilt(page, baseURL);
    // The worker's script waits until the app has hydrated: the early answer comes after.
    const release = await holdRequests(page, '**/assets/js/search.*.js');
    await page.goto('/search?q=snapshot', {waitUntil: 'commit'});
    await waitForHydration(page);
    release();
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
    await expect(page.locator(APP_RESULTS).first()).toBeVisible();
    expect(await page.locator('[data-early-results]').getAttribute('data-early-results')).toBe('');
    expect(await page.locator('main article').count()).toBe(await page.locator(APP_RESULTS).count());
  });

  test('the /search page shows the error screen when the records cannot be loaded', async ({page}) => {
    await page.route(SEARCH_FILES, (route) => route.fulfill({status: 500, body: 'down'}));
    await page.goto('/search?q=volume');
    await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'error');
    await expect(page.getByText('Unable to fetch results')).toBeVisible();
    await expect(page.getByText('You might want to check your network connection.')).toBeVisible();
  });

  test('works on a phone-sized screen', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.locator('.DocSearch-Button').click();
    await page.locator('.DocSearch-Input').fill('create volume');
    await searchIndexReady(page);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('a press that begins on the look-alike and ends on the real bar opens search', async ({page}) => {
    // Holds the scripts that carry DocSearch's own button until the reader has pressed, so
    // the real bar replaces the look-alike between the press and the release, as it can on a
    // busy machine: the browser then sends no click to either button.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    await page.route('**/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('DocSearch-Button-Keys')) {
        holding += 1;
        await held;
      }
      await route.fulfill({response, body});
    });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-search-bar', 'placeholder');
    const box = (await page.locator('.navbar .DocSearch-Button').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => holding).toBeGreaterThan(0);
    await page.mouse.down();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-search-bar', 'ready');
    await page.mouse.up();
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
    // The page goes on prefetching linked pages' scripts after the last step; a handler still
    // fetching one when the page closes reads a disposed response. Those requests end here.
    await page.unrouteAll({behavior: 'ignoreErrors'});
  });

  test('loads the DocSearch bar only when a reader reaches for it', async ({page}) => {
    // Scripts that carry DocSearch's own button (the library the real bar bundles).
    const docsearch: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      if ((await response.text().catch(() => '')).includes('DocSearch-Button-Keys')) docsearch.push(response.url());
    });
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
    // Idle periods pass, each followed by frames that would show what it started.
    for (let i = 0; i < 3; i += 1) {
      await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
      await nextFrames(page);
    }
    expect(await page.locator('html').getAttribute('data-search-bar')).toBe('placeholder');
    expect(docsearch).toEqual([]);
    await page.locator('.navbar .DocSearch-Button').hover();
    await expect(page.locator('html')).toHaveAttribute('data-search-bar', 'ready');
    await expect.poll(() => docsearch.length).toBeGreaterThan(0);
    await page.locator('.navbar .DocSearch-Button').click();
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
  });

  test('no shortcut opens search on a partner site, and the bar never loads there', async ({page, baseURL}) => {
    await page.route(PARTNER_API, (route) => route.fulfill({json: acme}));
    await page.goto(onHost(baseURL, 'acme.localhost', '/docs/intro'));
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
    await expect(page.locator('.navbar .DocSearch-Button')).toBeHidden();
    // The wrapper says search is blocked here.
    await expect(page.locator('html')).toHaveAttribute('data-search-bar', 'blocked');
    expect(await pressShortcuts(page)).toEqual([false, false, false]);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    await expect(page.locator('.DocSearch-Input')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-search-bar', 'blocked');
  });

  test("no shortcut opens search while a partner host's brand is unknown; they work once it is the default brand", async ({page, baseURL}) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(PARTNER_API, async (route) => {
      await answered;
      await route.fulfill({status: 404, json: {error: 'unknown host'}});
    });
    await patientBrandLookup(page);
    await page.goto(onHost(baseURL, 'acme.localhost', '/docs/intro'));
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand-pending', 'first-visit');
    expect(await pressShortcuts(page)).toEqual([false, false, false]);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    answer();
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
  });
});
