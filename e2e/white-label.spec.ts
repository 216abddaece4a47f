// Every built page, read as a reader sees it once the brand is applied: on a partner host
// nothing of the default brand may show (visible text, code, link targets, images), and on
// the default host nothing of the partner's (checked by the accessibility crawl). The route list comes from the build, so
// every page added later is crawled too. The HTML a partner's host sends holds none of the
// default brand either (head and body: what crawlers, link unfurlers and a reader of the
// page source get), and after hydration the head still names the partner's docs site.
import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {DEFAULT_VALUES} from '../src/branding/contentValues';
import {builtRoutes, nextFrames, noPrefetch, patientBrandLookup, waitForHydration} from './helpers';
import {forbiddenSeen, forbiddenVisible, headUrls, initech} from './reader-view';

const API = '**/v1/auth/partner-config/docs?domain=*';

/** What of the default brand a partner's page may not hold: name, content values, feedback site, logos. */
const DEFAULT_BRAND_VALUES = [
  DEFAULT_BRAND.name,
  ...Object.values(DEFAULT_VALUES),
  new URL(DEFAULT_BRAND.feedbackUrl).host,
  DEFAULT_BRAND.logo.light,
  DEFAULT_BRAND.logo.dark,
];
/** The `<head>` of an HTML page as sent. */
const headOf = (html: string) => html.slice(0, html.search(/<\/head>/i));

/**
 * The crawl's routes are dealt into this many tests, so the runner's workers share them, one
 * page each, one route after the other: a page at a time per worker keeps a busy 2-core
 * machine from running more pages than it has cores.
 */
const SHARDS = 6;

/** What the tests of the crawl itself do to a page: after the check made as it becomes interactive, before the one made when it is ready. */
interface CrawlHooks {
  afterInteractive?: (page: Page) => Promise<void>;
  beforeReady?: (page: Page) => Promise<void>;
}

/** The tabs of the theme's tab sets, which React renders again when the page hydrates. */
const THEME_TABS = '.theme-tabs-container [role="tab"]';

/**
 * Loads each route in `page` and returns, per route, the values of `forbidden` the reader
 * could see: on screen as the page becomes interactive (while its brand may still be
 * looked up, and parts of it, such as the theme's tabs, render again), once the app has
 * applied the partner's config (the whole reader's view), and after each tab is clicked.
 */
async function crawl(page: Page, origin: string, routes: readonly string[], forbidden: readonly string[], hooks: CrawlHooks = {}): Promise<string[]> {
  const found: string[] = [];
  const report = (route: string, when: string, seen: string[]) => seen.length && found.push(`${route}${when}: ${seen.join(', ')}`);
  for (const route of routes) {
    await page.goto(origin + route, {waitUntil: 'domcontentloaded'});
    await waitForHydration(page, 30_000);
    report(route, ' (as it became interactive)', await forbiddenVisible(page, forbidden));
    await hooks.afterInteractive?.(page);
    // Partner pages are checked once the (hydrated) app has applied the config it received:
    // not only the pre-paint script's cached brand, nor a lookup that ended in the default
    // brand. The server answers the lookup in milliseconds; a page that gave up on it (after
    // the site's 3 s) shows the default brand by design, and the crawl cannot check it.
    const settledOn = await page.waitForFunction(
      () => !document.documentElement.hasAttribute('data-brand-pending') && document.documentElement.getAttribute('data-brand-settled'),
      undefined,
      {timeout: 30_000},
    );
    if ((await settledOn.jsonValue()) !== 'partner') throw new Error(`${route}: the page settled on the default brand: its partner-config lookup failed or took over 3 s`);
    // The head manager commits the brand's head tags on the next animation frame.
    await nextFrames(page);
    await hooks.beforeReady?.(page);
    report(route, '', await forbiddenSeen(page, forbidden));
    for (const [i, tab] of (await page.locator(THEME_TABS).all()).entries()) {
      if (!(await tab.isVisible())) continue;
      await tab.click();
      await nextFrames(page);
      report(route, ` (tab ${i + 1} clicked)`, await forbiddenVisible(page, forbidden));
    }
  }
  return found;
}

/**
 * For the crawl: pages prefetch nothing, and nothing is routed. The server answers the
 * partner-config lookup of initech.localhost from its own partner file, so the browser keeps
 * its HTTP and code caches as a reader's does (routing any request turns them off, and a
 * page then took 60 % longer to load and hydrate).
 */
async function crawlContext(context: BrowserContext): Promise<void> {
  await noPrefetch(context);
}

/** A partner host whose config the test answers, its pages waiting for the answer however long it takes, and prefetching nothing. */
async function partnerContext(context: BrowserContext): Promise<void> {
  // On a busy machine the answer can take longer than the page's 3 s lookup timeout, and
  // the page would then rightly fall back to the default brand: that is not what these
  // tests are about, so their pages wait as long as the answer takes.
  await patientBrandLookup(context);
  await context.route(API, (route) => route.fulfill({json: initech}));
  await noPrefetch(context);
}

/**
 * Holds the partner's config back until the crawl has checked the page as it became
 * interactive (call the function returned then): the page is checked in the state where
 * the brand is still unknown, whatever the machine's pace.
 */
async function answerAfterInteractiveCheck(context: BrowserContext): Promise<() => Promise<void>> {
  let answer!: () => void;
  const checked = new Promise<void>((resolve) => (answer = resolve));
  await context.route(API, async (route) => {
    await checked;
    await route.fulfill({json: initech});
  });
  return async () => answer();
}

const originOf = (baseURL: string | undefined, host: string) => {
  const url = new URL(baseURL ?? 'http://localhost');
  url.hostname = host;
  return url.origin;
};

test.describe('white label, every page', () => {
  // The default host's pages are read for the partner's values by the accessibility crawl,
  // which loads each of them there anyway (accessibility.spec.ts).
  const routes = builtRoutes();
  for (let shard = 0; shard < SHARDS; shard += 1) {
    const mine = routes.filter((_, i) => i % SHARDS === shard);
    test(`a partner's readers see none of the default brand, pages ${shard + 1} of ${SHARDS} (${mine.length} routes)`, async ({context, page, baseURL}) => {
      // A limit to end a hang: about 1 s a page on a busy 2-core machine, 10 s allowed.
      test.setTimeout(Math.max(3 * 60_000, mine.length * 10_000));
      expect(routes.length).toBeGreaterThan(100);
      await crawlContext(context);
      const found = await crawl(page, originOf(baseURL, 'initech.localhost'), mine, DEFAULT_BRAND_VALUES);
      expect(found, `default-brand values on a partner host:\n${found.join('\n')}`).toEqual([]);
    });
  }

  test('the crawl finds a default-brand value that a partner page shows', async ({context, page, baseURL}) => {
    await crawlContext(context);
    const plant = async (target: Page) =>
      target.evaluate((name) => {
        const p = document.createElement('p');
        p.textContent = `Runs on ${name}.`;
        document.querySelector('.theme-doc-markdown')!.append(p);
      }, DEFAULT_BRAND.name);
    const found = await crawl(page, originOf(baseURL, 'initech.localhost'), ['/docs/intro'], DEFAULT_BRAND_VALUES, {beforeReady: plant});
    expect(found).toEqual([`/docs/intro: ${DEFAULT_BRAND.name}`]);
  });

  test('the crawl finds a default-brand value a partner page shows only while it becomes interactive', async ({context, page, baseURL}) => {
    await partnerContext(context);
    const answer = await answerAfterInteractiveCheck(context);
    // Shown from the first paint until the app has applied the partner's brand, then gone:
    // the check made once the page is ready would not see it.
    await context.addInitScript((name) => {
      document.addEventListener('DOMContentLoaded', () => {
        const p = document.createElement('p');
        p.textContent = `Runs on ${name}.`;
        document.body.prepend(p);
        new MutationObserver((_, observer) => {
          if (document.documentElement.getAttribute('data-brand-settled') !== 'partner') return;
          p.remove();
          observer.disconnect();
        }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-brand-settled']});
      });
    }, DEFAULT_BRAND.name);
    const found = await crawl(page, originOf(baseURL, 'initech.localhost'), ['/docs/intro'], DEFAULT_BRAND_VALUES, {afterInteractive: answer});
    expect(found).toEqual([`/docs/intro (as it became interactive): ${DEFAULT_BRAND.name}`]);
  });

  test("a page whose theme tabs render again as it hydrates shows none of the default brand while the partner's config is on its way", async ({context, page, baseURL}) => {
    await partnerContext(context);
    const answer = await answerAfterInteractiveCheck(context);
    const route = '/docs/ai-studio/inference';
    const found = await crawl(page, originOf(baseURL, 'initech.localhost'), [route], DEFAULT_BRAND_VALUES, {afterInteractive: answer});
    expect(found).toEqual([]);
    // The page is one such: its code samples are in the theme's tabs.
    expect(await page.locator(THEME_TABS).count()).toBeGreaterThan(1);
  });
});

test.describe('white label, the page head', () => {
  // acme.localhost is a partner file of the server's (partners/acme.yaml) with no uris.doc:
  // its pages name the host they are read on.
  const defaultDocs = DEFAULT_BRAND.docsUrl;

  test("the HTML a partner's host sends holds none of the default brand, and its head names the partner's docs site", async ({request, baseURL}) => {
    const acme = originOf(baseURL, 'acme.localhost');
    const host = new URL(acme).host;
    // acme sets every value but its docs URL, which is the host read on (checked below).
    const forbidden = DEFAULT_BRAND_VALUES;
    const routes = builtRoutes();
    const found: string[] = [];
    const queue = [...routes, '/no-such-page'];
    // Raw HTML, as a crawler, a link unfurler or a reader of the page source gets it: no
    // browser, no script run. Scripts are code, not content: the pre-paint script's settings
    // list the default hosts and API bases on purpose. JSON-LD is content and is read.
    const worker = async () => {
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
        const response = await request.get(route, {headers: {host}});
        expect(response.status(), route).toBe(route === '/no-such-page' ? 404 : 200);
        const html = (await response.text()).replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '<script></script>');
        const seen = forbidden.filter((value) => html.includes(value));
        if (seen.length) found.push(`${route}: ${seen.join(', ')}`);
        if (route === '/no-such-page') continue;
        const canonical = /<link[^>]*\brel="?canonical"?[^>]*\bhref="?([^"\s>]+)/.exec(headOf(html))?.[1];
        if (!canonical?.startsWith(`${acme}/`)) found.push(`${route}: canonical ${canonical}`);
      }
    };
    await Promise.all(Array.from({length: 8}, worker));
    expect(found, `default-brand values in the HTML of a partner's page:\n${found.join('\n')}`).toEqual([]);

    // The default host keeps the build's pages, pre-compressed, under another ETag.
    const plain = await request.get('/docs/intro', {headers: {'accept-encoding': 'br'}});
    expect(plain.headers()['content-encoding']).toBe('br');
    expect(headOf(await plain.text())).toContain(`${defaultDocs}/docs/intro`);
    const branded = await request.get('/docs/intro', {headers: {host, 'accept-encoding': 'br'}});
    expect(branded.headers().etag).toBeTruthy();
    expect(branded.headers().etag).not.toBe(plain.headers().etag);
  });

  test("after hydration, the head of a partner's page names what the server sent", async ({page, baseURL}) => {
    const acme = originOf(baseURL, 'acme.localhost');
    for (const route of ['/', '/docs/intro', '/docs/network/ssh', '/docs/api-reference/core-resources/dashboard']) {
      await page.goto(acme + route, {waitUntil: 'domcontentloaded'});
      await page.waitForFunction(() => document.querySelector('html[data-has-hydrated="true"][data-brand-settled="partner"]:not([data-brand-pending])') !== null);
      await nextFrames(page);
      const urls = await page.evaluate(headUrls);
      expect(urls.length, route).toBeGreaterThanOrEqual(4);
      expect(urls.filter((url) => url.includes(defaultDocs) || url.includes(new URL(defaultDocs).host)), route).toEqual([]);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), route).toBe(acme + route);
    }
  });
});
