// Axe (WCAG 2.x A and AA, and best practices) over every built page in both colour modes on
// the default host (where the same load also checks that no partner's brand shows), and over
// one page of each kind on a partner host whose colours are light, where the site has to pick
// darker shades itself. Serious and critical violations fail, each named by page, mode, rule
// and element. The route list comes from the build, so a page added later is checked too.
//
// What keeps 500 scans cheap, without a check less:
// - Each route is loaded once, in light mode, and scanned with every rule; the reader's
//   colour-mode toggle then switches it to dark, where only the rules a colour mode can change
//   run again (MODE_RULES). Everything else axe checks (names, roles, structure, focus order)
//   is the same markup in both modes.
// - The parts every page shares (navbar, docs sidebar, footer: on an API page most of its
//   elements) are scanned in full on one route of each folder of the site, where each sidebar
//   category is open and each navbar item current once; on the other routes the scan leaves
//   them out and checks the page's own content (body, table of contents, breadcrumbs).
// - Pages do not prefetch the pages they link to (the data-saver setting they honour), and
//   get axe-core from the browser as they load instead of from the test after each load.
// Tests at the end show the scans still find a contrast failure that only dark mode has, in
// the content of any route and in the shared parts of the routes that check them.
import {expect, test, type Page} from '@playwright/test';
import {axeViolations, builtRoutes, nextFrames, noPrefetch, SEARCH_INDEX_PATIENCE, waitForHydration, waitForTablesChecked, withAxe, type AxeScope} from './helpers';
import {forbiddenSeen, PARTNER_VALUES} from './reader-view';

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];

/**
 * The routes are dealt into this many tests, so the runner's workers share them: one
 * browser page each, one route after the other. Small shards keep both workers busy to the end.
 */
const SHARDS = 12;

/** The rules whose outcome a colour mode can change: colours of text, and of links among text. */
const MODE_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** What every page shares; scanned in full only on the routes `sharedPartsRoutes` picks. */
const SHARED_PARTS = ['nav.navbar', '.theme-doc-sidebar-container', 'footer.footer'] as const;

/**
 * One route of each folder of the site (the first by name), and the routes outside /docs: in
 * them every sidebar category is open once, and every navbar item is current once.
 */
function sharedPartsRoutes(routes: readonly string[]): Set<string> {
  const byFolder = new Map<string, string>();
  for (const route of routes) {
    const folder = route.startsWith('/docs/') ? route.slice(0, route.lastIndexOf('/')) : route;
    if (!byFolder.has(folder)) byFolder.set(folder, route);
  }
  return new Set(byFolder.values());
}

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
  await waitForHydration(page, SETTLE_MS);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await waitForTablesChecked(page, SETTLE_MS);
  const asked = new URL(page.url()).searchParams.get('q')?.trim();
  const results = page.locator('[data-results-state]');
  if (asked && (await results.count())) {
    await expect(results).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
  }
}

/**
 * Switches a settled light page to dark with the navbar's toggle, as a reader does, and waits
 * until its colours are final: the theme attribute set, and no transition still running (the
 * pages run with reduced motion, so the theme's own transitions take no time).
 */
async function toggleToDark(page: Page): Promise<void> {
  await page.getByRole('button', {name: /switch between dark and light mode/i}).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  await nextFrames(page);
}

/** The serious and critical violations of the page as it stands, one line each. */
async function seriousViolations(page: Page, label: string, scope?: AxeScope): Promise<string[]> {
  return (await axeViolations(page, scope))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Both modes of one route, as the every-page tests scan it: every rule in light, the mode
 * rules in dark, the shared parts only where `wholePage`; and the white-label check of the
 * default host. Returns the violations and partner values seen, or why the page never settled.
 */
async function scanRoute(page: Page, route: string, wholePage: boolean, before?: (page: Page) => Promise<void>): Promise<string[]> {
  const exclude = wholePage ? [] : SHARED_PARTS;
  await page.goto(withMode(route, 'light'));
  // A page that never settles is named and the run goes on to the next.
  const problem = await settled(page, 'light').then(
    () => undefined,
    (error: Error) => `${route}: never settled: ${error.message.split('\n')[0]}`,
  );
  if (problem) return [problem];
  await before?.(page);
  // The white-label check of the default host, on the page loaded here anyway: once the
  // lookup has settled on the default brand, nothing of a partner's brand shows.
  await page.waitForFunction(() => document.documentElement.getAttribute('data-brand-settled') === 'default' && !document.documentElement.hasAttribute('data-brand-pending'), undefined, {timeout: SETTLE_MS});
  await nextFrames(page);
  const seen = await forbiddenSeen(page, PARTNER_VALUES);
  const found = seen.length ? [`${route}: partner values on the default host: ${seen.join(', ')}`] : [];
  found.push(...(await seriousViolations(page, `${route} (light)`, {exclude})));
  await toggleToDark(page);
  found.push(...(await seriousViolations(page, `${route} (dark)`, {rules: MODE_RULES, exclude})));
  return found;
}

test.describe('accessibility, every page', () => {
  const routes = builtRoutes();
  const whole = sharedPartsRoutes(routes);
  test.use({reducedMotion: 'reduce'});
  test.beforeEach(async ({context}) => {
    await noPrefetch(context);
    await withAxe(context);
  });

  for (let shard = 0; shard < SHARDS; shard += 1) {
    const mine = routes.filter((_, i) => i % SHARDS === shard);
    test(`pages ${shard + 1} of ${SHARDS} (${mine.length} routes, light and dark) have no serious or critical violations`, async ({page}) => {
      test.setTimeout(Math.max(5 * 60_000, mine.length * PER_ROUTE_MS));
      expect(routes.length).toBeGreaterThan(100);
      const found: string[] = [];
      for (const route of mine) found.push(...(await scanRoute(page, route, whole.has(route))));
      expect(found, found.join('\n')).toEqual([]);
    });
  }

  test('the shared parts are scanned in full on a route of every folder', () => {
    expect(whole.size).toBeGreaterThan(20);
    expect(whole.size).toBeLessThan(routes.length / 2);
    const folders = new Set(routes.filter((r) => r.startsWith('/docs/')).map((r) => r.slice(0, r.lastIndexOf('/'))));
    for (const folder of folders) expect([...whole].some((r) => r.startsWith(`${folder}/`) && r.lastIndexOf('/') === folder.length), folder).toBe(true);
    for (const route of ['/', '/search']) if (routes.includes(route)) expect(whole.has(route), route).toBe(true);
  });

  /** Text that passes in light mode (10:1 on white) and fails in dark (1.6:1 on the dark background). */
  const plantDarkOnlyFailure = (selector: string) => async (page: Page) => {
    await page.evaluate((where) => {
      const p = document.createElement('p');
      p.textContent = 'Planted text that only dark mode makes unreadable.';
      p.className = 'planted-contrast';
      p.style.color = 'rgb(60, 60, 60)';
      document.querySelector(where)!.append(p);
    }, selector);
  };

  test('still find a contrast failure only dark mode has, in the content of any route and in the shared parts where scanned', async ({page}) => {
    const partial = routes.find((r) => r.startsWith('/docs/') && !whole.has(r))!;
    const content = await scanRoute(page, partial, false, plantDarkOnlyFailure('.theme-doc-markdown'));
    expect(content.filter((line) => line.includes('planted-contrast'))).toEqual([expect.stringMatching(/\(dark\): color-contrast \(serious\)/)]);
    const sidebarRoute = [...whole].find((r) => r.startsWith('/docs/'))!;
    const shared = await scanRoute(page, sidebarRoute, true, plantDarkOnlyFailure('.theme-doc-sidebar-container'));
    expect(shared.filter((line) => line.includes('planted-contrast'))).toEqual([expect.stringMatching(/\(dark\): color-contrast \(serious\)/)]);
  });

  test("still find a partner's value that a page of the default host shows", async ({page}) => {
    const plant = async (target: Page) =>
      target.evaluate((name) => {
        const p = document.createElement('p');
        p.textContent = `Also sold by ${name}.`;
        document.querySelector('.theme-doc-markdown')!.append(p);
      }, PARTNER_VALUES[0]);
    expect(await scanRoute(page, '/docs/intro', false, plant)).toEqual([`/docs/intro: partner values on the default host: ${PARTNER_VALUES[0]}`]);
  });
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
