// Every built page, read as a reader sees it once the brand is applied: on a partner host
// nothing of the default brand may show (visible text, code, link targets, images), and on
// the default host nothing of the partner's. The route list comes from the build, so
// every page added later is crawled too. The HTML a partner's host sends holds none of the
// default brand either (head and body: what crawlers, link unfurlers and a reader of the
// page source get), and after hydration the head still names the partner's docs site.
import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {DEFAULT_VALUES} from '../src/branding/contentValues';
import {builtRoutes, nextFrames, patientBrandLookup} from './helpers';

const API = '**/v1/auth/partner-config/docs?domain=*';

/** What of the default brand a partner's page may not hold: name, content values, feedback site, logos. */
const DEFAULT_BRAND_VALUES = [
  DEFAULT_BRAND.name,
  ...Object.values(DEFAULT_VALUES),
  new URL(DEFAULT_BRAND.feedbackUrl).host,
  DEFAULT_BRAND.logo.light,
  DEFAULT_BRAND.logo.dark,
];
const PARALLEL_PAGES = 3;

/** A partner that sets every field content can show. */
const initech = {
  name: 'Initech GPU',
  theme: 'zinc',
  colors: {primary: {light: 'emerald'}},
  logos: {light: '/img/partners/acme-logo.svg', dark: '/img/partners/acme-logo-dark.svg', favicon: '/img/partners/acme-favicon.svg'},
  uris: {
    auth: 'https://login.initech.example',
    doc: 'https://docs.initech.example',
    api_doc: 'https://docs.initech.example/api',
    console: 'https://cloud.initech.example',
    api_uri: 'https://gpu-api.initech.example',
  },
  support_email: 'help@initech.example',
  sales_email: 'deals@initech.example',
  user_docs_header: {items: [{label: 'Initech status', url: 'https://status.initech.example'}]},
  user_docs_footer: {links: [{label: 'Initech terms', url: 'https://initech.example/terms'}]},
  copyright: '© 2025 Initech GPU',
};

/** What the reader can see or follow (visible text, every code block's text (hidden tabs too), link targets, visible images), and the head's URLs. */
async function readerView(page: Page): Promise<string[]> {
  const body = await page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    return [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('pre'), (pre) => pre.textContent ?? ''),
      ...Array.from(document.querySelectorAll('a[href]'), (a) => `href ${a.getAttribute('href')}`),
      ...Array.from(document.querySelectorAll('img'))
        .filter(visible)
        .map((img) => `img ${img.getAttribute('alt')} ${img.getAttribute('src')}`),
      `title ${document.title}`,
    ];
  });
  return [...body, ...(await page.evaluate(headUrls))];
}

/** The head's URLs React manages: canonical link, og:url, hreflang alternates, JSON-LD (run in the page). */
function headUrls(): string[] {
  return [
    ...Array.from(document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]'), (link) => `head ${link.getAttribute('href')}`),
    ...Array.from(document.head.querySelectorAll('meta[property="og:url"], meta[property="og:site_name"]'), (meta) => `head ${meta.getAttribute('content')}`),
    ...Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'), (script) => `head ${script.textContent}`),
  ];
}

/** The `<head>` of an HTML page as sent. */
const headOf = (html: string) => html.slice(0, html.search(/<\/head>/i));

/** Loads every route, a few at a time, and returns each route's values from `forbidden` that the reader could see. */
async function crawl(context: BrowserContext, origin: string, ready: string, forbidden: string[]): Promise<string[]> {
  const routes = builtRoutes();
  expect(routes.length).toBeGreaterThan(100);
  const found: string[] = [];
  const queue = [...routes];
  const worker = async () => {
    const page = await context.newPage();
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      await page.goto(origin + route, {waitUntil: 'domcontentloaded'});
      await page.waitForFunction((selector) => document.querySelector(selector) !== null, ready, {timeout: 30_000});
      // The head manager commits the brand's head tags on the next animation frame.
      await nextFrames(page);
      const view = (await readerView(page)).join('\n').toLowerCase();
      const seen = forbidden.filter((value) => view.includes(value.toLowerCase()));
      if (seen.length) found.push(`${route}: ${seen.join(', ')}`);
    }
    await page.close();
  };
  await Promise.all(Array.from({length: PARALLEL_PAGES}, worker));
  return found;
}

const originOf = (baseURL: string | undefined, host: string) => {
  const url = new URL(baseURL ?? 'http://localhost');
  url.hostname = host;
  return url.origin;
};

test.describe('white label, every page', () => {
  // Each crawl loads every page (3 at a time) and waits for the app: its time grows with the
  // site, about 3 s a page on a busy 2-core machine; the limit leaves twice that.
  test.setTimeout(Math.max(15 * 60_000, builtRoutes().length * 6_000));

  test("a partner's readers see none of the default brand", async ({context, baseURL}) => {
    // On a busy machine the answer can take longer than the page's 3 s lookup timeout, and
    // the page would then rightly fall back to the default brand: that is not what this test
    // is about, so its pages wait as long as the answer takes.
    await patientBrandLookup(context);
    await context.route(API, (route) => route.fulfill({json: initech}));
    const forbidden = DEFAULT_BRAND_VALUES;
    // Branded by the app with the config it received (not only the cached brand of the
    // pre-paint script, and not a lookup that ended in the default brand).
    const ready = 'html[data-has-hydrated="true"][data-brand-settled="partner"]:not([data-brand-pending])';
    const found = await crawl(context, originOf(baseURL, 'initech.localhost'), ready, forbidden);
    expect(found, `default-brand values on a partner host:\n${found.join('\n')}`).toEqual([]);
  });

  test("the default host's readers see none of a partner's brand", async ({context, baseURL}) => {
    const forbidden = [initech.name, 'initech.example'];
    const ready = 'html[data-has-hydrated="true"][data-brand-settled="default"]:not([data-brand-pending])';
    const found = await crawl(context, originOf(baseURL, 'localhost'), ready, forbidden);
    expect(found, `partner values on the default host:\n${found.join('\n')}`).toEqual([]);
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
