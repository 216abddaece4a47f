import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {expect, type BrowserContext, type Page} from '@playwright/test';
import {PARTNER_CONFIG_TIMEOUT_MS} from '../plugins/branding';
import {TABLES_CHECKED_ATTRIBUTE} from '../src/theme/DocItem/Content/scrollableTables';

const require = createRequire(__filename);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Every route of the build: one per HTML file, the not-found page left out. */
export function builtRoutes(): string[] {
  const buildDir = path.resolve(__dirname, '..', 'build');
  const routes: string[] = [];
  for (const file of readdirSync(buildDir, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.html') || file === '404.html') continue;
    const route = `/${file.split(path.sep).join('/')}`.replace(/(\/index)?\.html$/, '');
    routes.push(route === '' ? '/' : route);
  }
  return routes.sort();
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {target: string[]}[];
}

/**
 * Waits until the page body has measured its tables and given the wide ones keyboard access
 * (it says so with TABLES_CHECKED_ATTRIBUTE); a page with no doc body has nothing to wait for.
 */
export async function waitForTablesChecked(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    (attribute) => {
      const body = document.querySelector('.theme-doc-markdown');
      return !body || body.hasAttribute(attribute);
    },
    TABLES_CHECKED_ATTRIBUTE,
    timeout === undefined ? undefined : {timeout},
  );
}

/** What an axe scan looks at: some rules only, and parts of the page left out (CSS selectors). */
export interface AxeScope {
  /** Rule ids to run instead of every WCAG 2.x A and AA and best-practice rule. */
  rules?: readonly string[];
  /** Elements left out of the scan, with everything inside them. */
  exclude?: readonly string[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules and best practices, or `scope.rules`)
 * and returns the violations. It first waits for the tables to be checked: a wide table is a
 * scrollable region, and axe would otherwise race the script that makes it focusable. Only
 * violations are asked for: axe then skips the details of what passed, a third of its time
 * on a long page.
 */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<AxeViolation[]> {
  await waitForTablesChecked(page);
  // Evaluated through the protocol, not as an inline <script>, which the site's CSP refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({rules, exclude}) => {
    const axe = (window as unknown as {axe: {run: (ctx: object, opts: object) => Promise<{violations: AxeViolation[]}>}}).axe;
    const context = exclude.length ? {include: [['html']], exclude: exclude.map((selector) => [selector])} : document;
    const runOnly = rules ? {type: 'rule', values: rules} : {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']};
    const result = await axe.run(context, {runOnly, resultTypes: ['violations']});
    return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({target: n.target}))}));
  }, {rules: scope.rules ? [...scope.rules] : undefined, exclude: [...(scope.exclude ?? [])]});
}

/**
 * Pages of `context` get axe-core before their own scripts run, so `axeViolations` need not
 * send it over the protocol and evaluate it after every navigation: for a test that scans
 * page after page (about 200 ms a route with one browser page alone; within the noise of a
 * whole run). Injected by the browser, it is not subject to the site's CSP.
 */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({content: axeSource});
}

/**
 * Pages of `target` prefetch none of the pages they link to, as on a data-saver connection
 * (plugins/route-prefetch honours it). For tests that load many pages one after the other:
 * a page's prefetching competes with the next page's load and checks nothing they look at.
 */
export async function noPrefetch(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => Object.defineProperty(navigator, 'connection', {configurable: true, value: {saveData: true, effectiveType: '4g'}}));
}

/** Holds back every request matching `pattern` until the returned function is called (then they go on as routed). */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

/** Lets `count` animation frames pass: whatever the page does in reaction to the last event has rendered. */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    count,
  );
}

/** The paths of the scripts the page has loaded as scripts (not prefetched): its own, and the chunks it ran. */
export function scriptsStarted(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => new URL(entry.name).pathname),
  );
}

/** Waits until React has hydrated the page, so clicks reach their handlers; `timeout` bounds the wait where a test goes on to other pages. */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', undefined, timeout === undefined ? undefined : {timeout});
}

/** An http(s) address whose last path segment has no file extension: a route of the site, or an API call. `page.unroute(PAGE_ADDRESS)` ends `patientBrandLookup`. */
export const PAGE_ADDRESS = /^https?:\/\/[^/?#]+(?:\/(?:[^?#]*\/)?[^/?#.]*)?(?:[?#].*)?$/;

/**
 * For tests that hold the partner-config API back on purpose: the pages of this test get
 * a one-minute lookup timeout instead of the site's 3 s (set in the pre-paint script of
 * each HTML page), so the "brand not known yet" state they look at lasts until the test
 * answers, however slow the machine. Without it such a test races the page's timer.
 */
export async function patientBrandLookup(page: Page | BrowserContext): Promise<void> {
  const setting = new RegExp(`(timeoutMs"?:)(${PARTNER_CONFIG_TIMEOUT_MS}|${PARTNER_CONFIG_TIMEOUT_MS.toExponential().replace('+', '')})\\b`);
  // Only addresses that can be a page (no file extension in the last segment): the browser
  // then sends the site's scripts, styles and images on without asking the test.
  await page.route(PAGE_ADDRESS, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    // Fetched by the test runner, which does not resolve *.localhost as the browser does.
    const url = new URL(route.request().url());
    const host = url.host;
    if (url.hostname.endsWith('.localhost')) url.hostname = '127.0.0.1';
    const response = await route.fetch({url: url.toString(), headers: {...route.request().headers(), host}});
    const html = await response.text();
    if (!setting.test(html)) throw new Error(`No partner-config timeout found in the HTML of ${route.request().url()}`);
    const headers = {...response.headers()};
    delete headers['content-encoding'];
    delete headers['content-length'];
    // The page's inline script is changed, so its hash no longer matches the site's CSP.
    delete headers['content-security-policy'];
    await route.fulfill({response, headers, body: html.replace(setting, '$160000')});
  });
}

/**
 * How long the local search index may take to load and build before a test counts it as
 * broken: a limit to end a hang, not a wait. On an idle machine it is ready about a second
 * after the search asks for it (the bench measures it). With twice as many test workers as
 * cores, while the white-label crawls fill both cores, a /search page test has taken 50 s
 * from navigation to its results, and the index alone, when it was still built on the
 * page's own thread, over 40 s.
 */
export const SEARCH_INDEX_PATIENCE = 90_000;

/** Waits until the page says its local search index is built (`<html data-search-index="ready">`). */
export async function searchIndexReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-search-index', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
}
