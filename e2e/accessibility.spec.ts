// Axe (WCAG 2.x A and AA, and best practices) over every built page in both colour modes on
// the default host, and over one page of each kind on a partner host whose colours are light,
// where the site has to pick darker shades itself. Serious and critical violations fail,
// each named by page, mode, rule and element. The route list comes from the build, so a page
// added later is checked too.
import {expect, test, type Page} from '@playwright/test';
import {axeViolations, builtRoutes, SEARCH_INDEX_PATIENCE, waitForTablesChecked} from './helpers';

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/**
 * The routes are dealt into this many tests, so the runner's workers share them: one
 * browser page each, one route after the other.
 */
const SHARDS = 6;

/** How long one route may take, both modes, on a busy 2-core machine: a limit to end a hang. */
const PER_ROUTE_MS = 15_000;

/** How long a page may take to say it is ready before it counts as broken. */
const SETTLE_MS = 30_000;

const PARTNER_API = '**/v1/auth/partner-config/docs?domain=*';

/**
 * A partner with light colours: yellow text on white reaches 1.5:1, so every shade the site
 * shows must be one it derived, in both modes.
 */
const sunny = {
  name: 'Sunny Compute',
  theme: 'stone',
  colors: {primary: {light: 'yellow', dark: 'yellow'}, secondary: {light: 'lime', dark: 'lime'}},
};

const withMode = (route: string, mode: Mode) => {
  const url = new URL(route, 'http://site');
  url.searchParams.set('docusaurus-theme', mode);
  return url.pathname + url.search;
};

/**
 * Waits until the page is what a reader sees: hydrated, in `mode`, its wide tables made
 * reachable (the page body says so), a results page that was asked a query with its results.
 */
async function settled(page: Page, mode: Mode): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', undefined, {timeout: SETTLE_MS});
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await waitForTablesChecked(page, SETTLE_MS);
  const asked = new URL(page.url()).searchParams.get('q')?.trim();
  const results = page.locator('[data-results-state]');
  if (asked && (await results.count())) {
    await expect(results).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
  }
}

/** The serious and critical violations of the page as it stands, one line each. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('accessibility, every page', () => {
  const routes = builtRoutes();
  for (let shard = 0; shard < SHARDS; shard += 1) {
    const mine = routes.filter((_, i) => i % SHARDS === shard);
    test(`pages ${shard + 1} of ${SHARDS} (${mine.length} routes, light and dark) have no serious or critical violations`, async ({page}) => {
      test.setTimeout(Math.max(5 * 60_000, mine.length * PER_ROUTE_MS));
      expect(routes.length).toBeGreaterThan(100);
      const found: string[] = [];
      for (const route of mine) {
        for (const mode of MODES) {
          await page.goto(withMode(route, mode));
          // A page that never settles is named and the run goes on to the next.
          const ready = await settled(page, mode).then(
            () => true,
            (error: Error) => found.push(`${route} (${mode}): never settled: ${error.message.split('\n')[0]}`) < 0,
          );
          if (ready) found.push(...(await seriousViolations(page, `${route} (${mode})`)));
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});

test.describe('accessibility on a partner host with light colours', () => {
  for (const [kind, route] of [
    ['home', '/'],
    ['guide', '/docs/virtual-machines/manage-vm-state'],
    ['API', '/docs/api-reference/auth-resources/api-key/generate'],
    ['search', '/search?q=volume'],
    ['not found', '/docs/no-such-page'],
  ] as const) {
    test(`the ${kind} page has no serious or critical violations, light and dark`, async ({page, baseURL}) => {
      test.setTimeout(2 * SEARCH_INDEX_PATIENCE + 60_000);
      await page.route(PARTNER_API, (route) => route.fulfill({json: sunny}));
      const origin = new URL(baseURL ?? 'http://localhost');
      origin.hostname = 'sunny.localhost';
      const found: string[] = [];
      for (const mode of MODES) {
        await page.goto(new URL(withMode(route, mode), origin).toString());
        await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
        await settled(page, mode);
        found.push(...(await seriousViolations(page, `${route} (${mode})`)));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
