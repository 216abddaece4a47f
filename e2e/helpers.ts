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

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and returns the violations. It first
 * waits for the tables to be checked: a wide table is a scrollable region, and axe would
 * otherwise race the script that makes it focusable.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await waitForTablesChecked(page);
  // Evaluated through the protocol, not as an inline <script>, which the site's CSP refuses.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as {axe: {run: (ctx: Document, opts: object) => Promise<{violations: AxeViolation[]}>}}).axe;
    const result = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
    return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({target: n.target}))}));
  });
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

/** Waits until React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}

/**
 * For tests that hold the partner-config API back on purpose: the pages of this test get
 * a one-minute lookup timeout instead of the site's 3 s (set in the pre-paint script of
 * each HTML page), so the "brand not known yet" state they look at lasts until the test
 * answers, however slow the machine. Without it such a test races the page's timer.
 */
export async function patientBrandLookup(page: Page | BrowserContext): Promise<void> {
  const setting = new RegExp(`(timeoutMs"?:)(${PARTNER_CONFIG_TIMEOUT_MS}|${PARTNER_CONFIG_TIMEOUT_MS.toExponential().replace('+', '')})\\b`);
  await page.route('**/*', async (route) => {
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
