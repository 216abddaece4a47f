import {expect, test, type Page, type Route} from '@playwright/test';
import {brandCssVariables} from '../src/branding/colors';
import {BRAND_RETRY_LIMIT, retryDelayMs} from '../src/branding/staleIfError';
import {PARTNER_CONFIG_TIMEOUT_MS} from '../plugins/branding';
import {holdRequests, PAGE_ADDRESS, patientBrandLookup, waitForHydration} from './helpers';

const API = '**/v1/auth/partner-config/docs?domain=*';
const partnerUrl = (baseURL: string | undefined, host: string, path = '/docs/getting-started') => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

// The partner's own assets, so that a swap to them cannot pass by accident.
const ACME_LOGOS = {light: '/img/partners/acme-logo.svg', dark: '/img/partners/acme-logo-dark.svg', favicon: '/img/partners/acme-favicon.svg'};

const acme = {
  name: 'Acme Compute',
  theme: 'slate',
  colors: {primary: {light: 'teal', dark: 'teal'}, secondary: {light: 'cyan'}},
  logos: ACME_LOGOS,
  uris: {console: 'https://console.acme.example'},
  user_docs_header: {items: [{label: 'Acme status', url: 'https://status.acme.example'}]},
  user_docs_footer: {links: [{label: 'Acme terms', url: 'https://acme.example/terms'}]},
  copyright: '© 2025 Acme Compute Ltd.',
};

/** The favicon browsers show: the last icon link. */
const effectiveFavicon = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('link[rel~="icon"]')).at(-1)?.getAttribute('href'));

/** Colour mode choices stored by Docusaurus (its `theme` key carries a per-site suffix). */
const storedColorModes = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => /^theme(-|$)/.test(key)).map((key) => localStorage.getItem(key)));

/** What the browser reports for a #rrggbb colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** Matches a computed value (e.g. a box-shadow) that uses this #rrggbb colour. */
const withColor = (hex: string) => new RegExp(rgb(hex).replace(/[()]/g, '\\$&'));

const colorModeToggle = (page: Page) => page.getByRole('button', {name: /Switch between dark and light mode/});

/** The custom properties of <html> as computed now. */
function computedVariables(page: Page, names: string[]): Promise<Record<string, string>> {
  return page.evaluate(
    (list) => Object.fromEntries(list.map((name) => [name, getComputedStyle(document.documentElement).getPropertyValue(name).trim()])),
    names,
  );
}

/** Holds the app's scripts back until the returned function is called, to look at the page before the app starts. */
const holdApp = (page: Page) => holdRequests(page, '**/assets/js/**');

/** Lets two frames pass and checks the app has not started: what shows now is the pre-paint script's work. */
async function expectAppNotStarted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-has-hydrated'))).toBe('false');
}

/**
 * Records the colour mode of every animation frame from the very start, once the page has
 * anything to show: the site's content root, or a colour mode. (Before Docusaurus' colour
 * mode script at the top of <body> has run, a frame of an empty body may pass with no mode.)
 */
async function recordFrameColorModes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const modes: (string | null)[] = [];
    (window as unknown as {__frameModes: (string | null)[]}).__frameModes = modes;
    const record = () => {
      const mode = document.documentElement.getAttribute('data-theme');
      if (mode !== null || document.getElementById('__docusaurus')) modes.push(mode);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
}

const frameColorModes = (page: Page) => page.evaluate(() => [...new Set((window as unknown as {__frameModes: (string | null)[]}).__frameModes)]);

/** Records, on every animation frame from the very start, whether the default brand is visible. */
async function watchForDefaultBrand(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen = seen;
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
    };
    const check = () => {
      for (const el of Array.from(document.querySelectorAll('[data-brand-name], .navbar__brand img, .footer__copyright'))) {
        const text = el instanceof HTMLImageElement ? el.alt : el.textContent ?? '';
        if (text.includes('Violet Cloud') && visible(el)) seen.push(`${el.tagName}:${text.slice(0, 40)}`);
      }
      const primary = getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim();
      if (primary === '#7c3aed' && document.body) seen.push('violet primary colour');
      // Partners have no search: the box must not show while their brand loads either.
      for (const el of Array.from(document.querySelectorAll('.navbar .DocSearch-Button, .brand-search'))) {
        if (visible(el)) seen.push(`search box ${el.className}`);
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

async function expectBranded(page: Page): Promise<void> {
  await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Acme Compute');
  await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', ACME_LOGOS.light);
  await expect.poll(() => effectiveFavicon(page)).toBe(ACME_LOGOS.favicon);
  await expect(page.locator('.navbar .DocSearch-Button')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
  await expect(page.locator('html')).toHaveAttribute('data-brand-theme', 'slate');
  await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
  await expect(page.locator('.navbar').getByRole('link', {name: 'Acme status'})).toHaveAttribute('href', 'https://status.acme.example');
  await expect(page.locator('.footer').getByRole('link', {name: 'Acme terms'})).toBeVisible();
  await expect(page.locator('.footer__copyright')).toHaveText('© 2025 Acme Compute Ltd.');
  await expect(page.locator('article [data-brand-name]').first()).toHaveText('Acme Compute');
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim());
  expect(primary).toBe('#0f766e');
}

/** The brand cache entry the site keeps for a host (the same storage and key the site uses). */
const cachedEntry = (page: Page, host: string) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `brand:v1:${host}`);

/** Ages the cached brand of a host by rewriting the time it was stored. */
const ageCachedEntry = (page: Page, host: string, ageMs: number) =>
  page.evaluate(
    ({key, ageMs}) => {
      const entry = JSON.parse(localStorage.getItem(key) ?? 'null');
      localStorage.setItem(key, JSON.stringify({...entry, savedAt: Date.now() - ageMs}));
    },
    {key: `brand:v1:${host}`, ageMs},
  );

const defaultBrandSeen = (page: Page) => page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every background lookup's wait and its own timeout: how long a fresh config may take to arrive by retry. */
const WHOLE_RETRY_SCHEDULE_MS = Array.from({length: BRAND_RETRY_LIMIT}, (_, i) => retryDelayMs(i)! + PARTNER_CONFIG_TIMEOUT_MS).reduce((a, b) => a + b, 0) + 15_000;

// The page gives the partner-config API 3 s; on a busy machine a test's answer can take
// longer, and the page would then rightly fall back to the default brand. These tests are
// about what happens when an answer arrives (or fails), so their pages wait as long as it
// takes; the timeout itself has a test of its own below.
test.describe('partner branding', () => {
  test.beforeEach(async ({page}) => patientBrandLookup(page));

  test('the default host shows the default brand and logs the failed lookup', async ({page}) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Violet Cloud');
    await expect(page.locator('.navbar').getByRole('link', {name: 'Console'})).toHaveAttribute('href', 'https://console.example.com');
    await expect(page.locator('.footer__copyright')).toContainText('Violet Cloud');
    await expect(page.locator('.navbar .DocSearch-Button')).toBeVisible();
    await expect.poll(() => errors.some((e) => e.includes('Org config fetch failed'))).toBe(true);
  });

  test("the default host keeps the server's brand links and copyright: hydrated, not made again", async ({page}) => {
    const startApp = await holdRequests(page, '**/assets/js/**');
    await page.goto('/docs/getting-started', {waitUntil: 'domcontentloaded'});
    const regionParts = '[data-brand-region] a, [data-brand-region] .footer__copyright';
    // The server's elements, marked before the app starts, to tell them from any it would put in their place.
    const marked = await page.evaluate((selector) => {
      const parts = Array.from(document.querySelectorAll(selector));
      for (const part of parts) (part as unknown as {fromServer: boolean}).fromServer = true;
      return parts.length;
    }, regionParts);
    expect(marked).toBeGreaterThan(5);
    startApp();
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
    const kept = await page.evaluate(
      (selector) => Array.from(document.querySelectorAll(selector)).map((part) => (part as unknown as {fromServer?: boolean}).fromServer === true),
      regionParts,
    );
    expect(kept).toEqual(Array(marked).fill(true));
  });

  test('the logo of the colour mode not shown is not fetched until the reader switches to it', async ({page}) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') fetched.push(new URL(request.url()).pathname);
    });
    const logo = (variant: 'light' | 'dark') => page.locator(`.navbar__brand img[data-brand-logo="${variant}"]`);
    const loaded = (variant: 'light' | 'dark') => logo(variant).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await expect(logo('light')).toBeVisible();
    await expect.poll(() => loaded('light')).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(fetched).not.toContain('/img/logo-dark.svg');
    expect(await loaded('dark')).toBe(false);
    // Switched, the dark one loads and shows.
    await colorModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(logo('dark')).toBeVisible();
    await expect.poll(() => loaded('dark')).toBe(true);
    expect(fetched).toContain('/img/logo-dark.svg');
  });

  test('the config schema (zod) is downloaded only where there is a config to check', async ({page, baseURL}) => {
    /** Whether any script the page loaded carries zod, read from the responses themselves. */
    const loadsZod = async (url: string) => {
      const bodies: Promise<string>[] = [];
      const onResponse = (response: import('@playwright/test').Response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
      };
      page.on('response', onResponse);
      await page.goto(url);
      await waitForHydration(page);
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.+/);
      await page.waitForLoadState('networkidle');
      page.off('response', onResponse);
      return (await Promise.all(bodies)).some((body) => body.includes('ZodError'));
    };
    expect(await loadsZod('/docs/intro')).toBe(false);
    await page.route(API, (route) => route.fulfill({json: acme}));
    expect(await loadsZod(partnerUrl(baseURL, 'acme.localhost'))).toBe(true);
  });

  test('the frame watcher sees the default brand where it is shown (control)', async ({page}) => {
    await watchForDefaultBrand(page);
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen.length)).toBeGreaterThan(0);
  });

  test('a partner host is fully branded, with no frame of the default brand', async ({page, baseURL}) => {
    await watchForDefaultBrand(page);
    await page.route(API, (route) => route.fulfill({json: acme}));
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expectBranded(page);
    await expect(page.locator('article a[data-console-path]').first()).toHaveAttribute('href', /^https:\/\/console\.acme\.example\//);
    expect(await page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen)).toEqual([]);

    // Dark mode: the dark logo and every dark colour variable of the partner.
    await colorModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', ACME_LOGOS.dark);
    const dark = brandCssVariables(acme.colors).dark;
    expect(Object.keys(dark)).toEqual(expect.arrayContaining(['--ifm-color-primary', '--ifm-color-primary-darkest', '--ifm-color-primary-lightest', '--ifm-link-color']));
    expect(await computedVariables(page, Object.keys(dark))).toEqual(dark);
  });

  test("the partner's secondary colour marks the current page and accents the home page, in both modes", async ({page, baseURL}) => {
    await page.route(API, (route) => route.fulfill({json: acme}));
    const {light, dark} = brandCssVariables(acme.colors);
    const activeLink = page.locator('.menu__link--active:not(.menu__link--sublist):visible').first();
    const tocLink = page.locator('.table-of-contents__link--active').first();
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expectBranded(page);
    await expect(activeLink).toHaveCSS('box-shadow', withColor(light['--brand-secondary']));
    // The table of contents marks the heading scrolled to.
    await page.mouse.wheel(0, 600);
    await expect(tocLink).toHaveCSS('box-shadow', withColor(light['--brand-secondary']));
    await colorModeToggle(page).click();
    await expect(activeLink).toHaveCSS('box-shadow', withColor(dark['--brand-secondary']));

    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/'));
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
    const card = page.locator('main ul li a').first();
    await expect(card).toHaveCSS('border-top-color', rgb(dark['--brand-secondary']));
    await colorModeToggle(page).click();
    await expect(card).toHaveCSS('border-top-color', rgb(light['--brand-secondary']));
    // The light-mode accent differs from the default brand's purple: the partner's colour is what shows.
    expect(light['--brand-secondary']).not.toBe('#9333ea');
  });

  for (const path of ['/docs/getting-started', '/']) {
    test(`a slow API hides the brand parts and search, never shows the default brand, and keeps ${path} readable`, async ({page, baseURL}) => {
      await watchForDefaultBrand(page);
      // What the page shows while the brand is unknown, read when the document is parsed: the
      // app starts after the first frame, so nothing has revealed the brand parts by then.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const visible = (el: Element | null) => {
            if (!el) return false;
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            return style.visibility !== 'hidden' && style.display !== 'none' && box.width > 0 && box.height > 0;
          };
          (window as unknown as {__whilePending: object}).__whilePending = {
            pending: document.documentElement.getAttribute('data-brand-pending'),
            headingVisible: visible(document.querySelector('h1')),
            searchVisible: Array.from(document.querySelectorAll('.navbar .DocSearch-Button, .brand-search')).some(visible),
          };
        });
      });
      // A slow API: it answers 300 ms after the request reaches it, well within the 3 s the page waits.
      await page.route(API, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.fulfill({json: acme});
      });
      await page.goto(partnerUrl(baseURL, 'acme.localhost', path), {waitUntil: 'domcontentloaded'});
      await expect.poll(() => page.evaluate(() => (window as unknown as {__whilePending?: object}).__whilePending)).toEqual({
        pending: 'first-visit',
        headingVisible: true,
        searchVisible: false,
      });
      if (path === '/') await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Acme Compute');
      else await expectBranded(page);
      await expect(page.locator('.brand-search, .navbar .DocSearch-Button')).toHaveCount(path === '/' ? 2 : 1);
      await expect(page.locator('.brand-search:visible, .navbar .DocSearch-Button:visible')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen)).toEqual([]);
    });
  }

  for (const [failure, handler] of [
    ['unreachable', (route: Route) => route.abort('connectionrefused')],
    ['500', (route: Route) => route.fulfill({status: 500, body: 'oops'})],
    ['invalid JSON', (route: Route) => route.fulfill({status: 200, contentType: 'application/json', body: '{"name": "Acme",'})],
    ['not a config', (route: Route) => route.fulfill({json: {theme: 'slate'}})],
  ] as const) {
    test(`an API failure (${failure}) shows the default brand`, async ({page, baseURL}) => {
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.route(API, handler);
      await page.goto(partnerUrl(baseURL, 'acme.localhost'));
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
      await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Violet Cloud');
      await expect(page.locator('.navbar__brand')).toBeVisible();
      await expect(page.locator('article [data-brand-name]').first()).toHaveText('Violet Cloud');
      // A first visit: nothing cached to keep, so no stale brand, and the default host's search.
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-stale', /.*/);
      await expect(page.locator('.navbar .DocSearch-Button')).toBeVisible();
      // Console messages reach the test asynchronously, after the page has moved on.
      await expect.poll(() => errors.some((e) => e.includes('Org config fetch failed'))).toBe(true);
    });
  }

  test('a hostile config runs nothing and injects nothing', async ({page, baseURL}) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.route(API, (route) =>
      route.fulfill({
        json: {
          name: '<img src=x onerror=alert(1)>Evil',
          theme: 'slate"><script>alert(2)</script>',
          colors: {primary: {light: 'red;}body{display:none}', dark: 'url(javascript:alert(3))'}},
          logos: {light: 'javascript:alert(4)', dark: 'data:image/svg+xml,<svg onload=alert(5)>', favicon: 'javascript:alert(6)'},
          uris: {console: 'javascript:alert(7)'},
          user_docs_header: {items: [{label: '<b>bold</b>', url: 'javascript:alert(8)'}, {label: 'Fine', url: 'https://fine.example'}]},
          user_docs_footer: {links: [{label: 'x', url: ' javascript:alert(9)'}]},
          copyright: '<script>alert(10)</script>',
        },
      }),
    );
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
    await expect(page.locator('article [data-brand-name]').first()).toHaveText('<img src=x onerror=alert(1)>Evil');
    await expect(page.locator('.footer__copyright')).toHaveText('<script>alert(10)</script>');
    await expect(page.locator('.navbar').getByRole('link', {name: 'Fine'})).toBeVisible();
    expect(await page.locator('a[href^="javascript:" i], a[href*="javascript:" i], img[src^="javascript:" i], img[src^="data:" i]').count()).toBe(0);
    expect(await page.locator('article img[src="x"]').count()).toBe(0);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    expect(await page.evaluate(() => document.getElementById('brand-colors')?.textContent ?? '')).not.toMatch(/display|url|javascript/);
    expect(dialogs).toEqual([]);
  });

  test('a repeat visit is branded from the cache before the API answers', async ({page, baseURL}) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route(API, (route) => route.fulfill({json: acme}));
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expectBranded(page);

    await page.unroute(API);
    await page.route(API, () => {
      /* never answers during this visit */
    });
    await watchForDefaultBrand(page);
    // Hold the app's scripts back, to look at the page before the app starts.
    let startApp!: () => void;
    const appReleased = new Promise<void>((resolve) => (startApp = resolve));
    await page.route('**/assets/js/**', async (route) => {
      await appReleased;
      await route.continue();
    });
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'), {waitUntil: 'domcontentloaded'});
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-has-hydrated'))).toBe('false');
    // Colours, theme, name and logo come from the cache before the app starts.
    const early = await page.evaluate(() => ({
      alt: document.querySelector<HTMLImageElement>('.navbar__brand img')?.alt,
      theme: document.documentElement.getAttribute('data-brand-theme'),
      primary: getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim(),
    }));
    expect(early).toEqual({alt: 'Acme Compute', theme: 'slate', primary: '#0f766e'});
    startApp();
    await waitForHydration(page);
    await expect(page.locator('.navbar').getByRole('link', {name: 'Acme status'})).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen)).toEqual([]);
    // The names swapped before hydration do not upset React.
    expect(errors.filter((e) => /hydrat|recoverable|minified react error/i.test(e))).toEqual([]);
  });

  test("code samples, addresses and console links carry the partner's values, from the first frame of a repeat visit", async ({page, baseURL}) => {
    const partner = {
      ...acme,
      uris: {console: 'https://console.acme.example', api_uri: 'https://api.acme.example'},
      support_email: 'help@acme.example',
    };
    await page.route(API, (route) => route.fulfill({json: partner}));
    const apiPage = '/docs/api-reference/core-resources/virtual-machines/manage/hibernate';
    await page.goto(partnerUrl(baseURL, 'acme.localhost', apiPage));
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
    // All four languages' samples, shown or not, call the partner's API.
    const samples = await page.locator('pre').evaluateAll((pres) => pres.map((pre) => pre.textContent ?? '').filter((t) => t.includes('/core/virtual-machines/')));
    expect(samples.length).toBeGreaterThanOrEqual(4);
    for (const sample of samples) {
      expect(sample).toContain('https://api.acme.example/v1/core/virtual-machines/');
      expect(sample).not.toContain('api.example.com');
    }

    // A repeat visit, looked at before the app starts: the pre-paint script has put the cached values in.
    const startApp = await holdApp(page);
    // The API overview has code that calls the API, a support address and console links.
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/api-reference'), {waitUntil: 'domcontentloaded'});
    await expectAppNotStarted(page);
    const early = await page.evaluate(() => ({
      code: Array.from(document.querySelectorAll('pre'), (pre) => pre.textContent ?? '').join('\n'),
      mail: Array.from(document.querySelectorAll('a[data-brand-link="supportEmail"]'), (a) => `${a.getAttribute('href')} ${a.textContent}`),
      console: Array.from(document.querySelectorAll('a[data-console-path]'), (a) => a.getAttribute('href')),
    }));
    expect(early.code).toContain('https://api.acme.example/v1');
    expect(early.code).not.toContain('example.com');
    expect(early.mail.length).toBeGreaterThan(0);
    expect(new Set(early.mail)).toEqual(new Set(['mailto:help@acme.example help@acme.example']));
    expect(early.console.length).toBeGreaterThan(0);
    for (const href of early.console) expect(href).toMatch(/^https:\/\/console\.acme\.example\//);
    startApp();
    await waitForHydration(page);
    await expect(page.locator('a[data-brand-link="supportEmail"]').first()).toHaveAttribute('href', 'mailto:help@acme.example');
  });

  test("the copy button of a page's first load copies the partner's API base", async ({page, context, baseURL}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.route(API, (route) => route.fulfill({json: {...acme, uris: {console: 'https://console.acme.example', api_uri: 'https://api.acme.example'}}}));
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/api-reference/core-resources/virtual-machines/manage/hibernate'));
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'partner');
    // The body is the server's HTML, its code buttons rendered into it by the app.
    await expect(page.locator('.theme-doc-markdown')).toHaveAttribute('data-body', 'server');
    const block = page.locator('.api-code-samples [role="tabpanel"]:visible .theme-code-block').first();
    await block.hover();
    await block.getByRole('button', {name: /copy/i}).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('https://api.acme.example/v1/core/virtual-machines/');
    expect(copied).not.toContain('example.com/');
  });

  test('the demo partner files brand acme.localhost and globex.localhost through our API', async ({page, baseURL}) => {
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/'));
    await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Acme Compute');
    await expect(page.locator('html')).toHaveAttribute('data-brand-theme', 'slate');
    await expect(page.getByRole('heading', {level: 1})).toContainText('Acme Compute');
    await expect(page.getByRole('search')).toBeHidden();
    await page.goto(partnerUrl(baseURL, 'globex.localhost', '/'));
    await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Globex GPU');
    await expect(page.locator('html')).toHaveAttribute('data-brand-theme', 'zinc');
    const response = await page.request.get(new URL('/v1/auth/partner-config/docs?domain=globex.localhost', baseURL).toString());
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    expect((await response.json()).name).toBe('Globex GPU');
  });

  test('an outage keeps the cached brand for the next visit; a 404 forgets it', async ({page, baseURL}) => {
    const answer = {current: (route: Route) => route.fulfill({json: acme})};
    await page.route(API, (route) => answer.current(route));
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expectBranded(page);

    // The API is down for one visit: that visit keeps the cached brand (stale-if-error)...
    answer.current = (route) => route.fulfill({status: 503, body: 'maintenance'});
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', /.+/);
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Acme Compute');
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'partner');
    await expect(page.locator('html')).toHaveAttribute('data-brand-stale', 'retrying');

    // ...and the next one is still branded before the app starts.
    answer.current = () => Promise.resolve();
    const startApp = await holdApp(page);
    await page.goto(partnerUrl(baseURL, 'acme.localhost'), {waitUntil: 'domcontentloaded'});
    await expectAppNotStarted(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Acme Compute');
    startApp();
    await waitForHydration(page);

    // "Not a partner" is definitive, even with the brand cached: the partner left. The
    // default brand, and the cache forgets the partner, so the next visit shows the default at once.
    answer.current = (route) => route.fulfill({status: 404, json: {message: 'No partner for this domain'}});
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
    await expect(page.locator('html')).not.toHaveAttribute('data-brand', 'partner');
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-stale', /.*/);
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
    expect(await cachedEntry(page, 'acme.localhost')).toEqual({partner: false});
    answer.current = () => Promise.resolve();
    await page.goto(partnerUrl(baseURL, 'acme.localhost'), {waitUntil: 'domcontentloaded'});
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
  });

  test('a cached partner without logos shows its name, never the default logo, before and after the app starts', async ({page, baseURL}) => {
    const plain = {name: 'Plain Partner', theme: 'stone', colors: {primary: {light: 'stone'}}};
    const title = page.locator('.navbar__brand .brand-title:visible');
    await page.route(API, (route) => route.fulfill({json: plain}));
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expect(title).toHaveText('Plain Partner');
    await expect(page.locator('.navbar__brand img')).toHaveCount(0);

    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.unroute(API);
    await page.route(API, async (route) => {
      await answered;
      await route.fulfill({json: plain});
    });
    await watchForDefaultBrand(page);
    const startApp = await holdApp(page);
    await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'), {waitUntil: 'domcontentloaded'});
    await expectAppNotStarted(page);
    await expect(page.locator('.navbar__brand img:visible')).toHaveCount(0);
    await expect(title).toHaveText('Plain Partner');
    startApp();
    await waitForHydration(page);
    answer();
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
    await expect(page.locator('.navbar__brand img')).toHaveCount(0);
    await expect(title).toHaveText('Plain Partner');
    expect(await page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen)).toEqual([]);
  });
});

// Stale-if-error: a reader whose browser holds a partner's brand from the last 7 days keeps it
// when the lookup fails, while the page retries in the background.
test.describe('a known partner when the partner-config API fails', () => {
  const FAULTS = [
    ['a timeout', () => undefined],
    ['a network error', (route: Route) => route.abort('connectionrefused')],
    ['HTTP 500', (route: Route) => route.fulfill({status: 500, body: 'oops'})],
    ['invalid JSON', (route: Route) => route.fulfill({status: 200, contentType: 'application/json', body: '{"name": "Acme",'})],
  ] as const;
  const renamed = {...acme, name: 'Acme Cloud', copyright: '© 2025 Acme Cloud Ltd.'};

  for (const [fault, handler] of FAULTS) {
    test(`a repeat visit keeps the cached brand through ${fault}, and a retry's fresh config replaces it in place`, async ({page, baseURL}) => {
      test.setTimeout(WHOLE_RETRY_SCHEDULE_MS + 60_000);
      const answer: {current: (route: Route) => unknown} = {current: (route) => route.fulfill({json: acme})};
      await page.route(API, (route) => answer.current(route));
      // The first visit must not race the page's 3 s timer; the repeat visit of the timeout case must.
      await patientBrandLookup(page);
      await page.goto(partnerUrl(baseURL, 'acme.localhost'));
      await expectBranded(page);
      if (fault === 'a timeout') await page.unroute(PAGE_ADDRESS);

      await watchForDefaultBrand(page);
      answer.current = handler;
      await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
      // The lookup has ended (in the timeout case, after the page's 3 s), with the partner's brand.
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', /.+/, {timeout: 30_000});
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'partner');
      await expectBranded(page);
      await expect(page.locator('html')).toHaveAttribute('data-brand-stale', 'retrying');
      expect(await defaultBrandSeen(page)).toEqual([]);

      // The API is back with a changed config: a background retry applies it, with no default
      // brand in between. Retries that ran before this point failed; the next one may come only
      // at the end of the schedule, so the wait may last all of it (a limit, not a delay).
      answer.current = (route) => route.fulfill({json: renamed});
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-stale', /.*/, {timeout: WHOLE_RETRY_SCHEDULE_MS});
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Acme Cloud');
      await expect(page.locator('.footer__copyright')).toHaveText('© 2025 Acme Cloud Ltd.');
      await expect(page.locator('article [data-brand-name]').first()).toHaveText('Acme Cloud');
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'partner');
      await expect(page.locator('.navbar .DocSearch-Button')).toBeHidden();
      expect((await cachedEntry(page, 'acme.localhost')).name).toBe('Acme Cloud');
      expect(await defaultBrandSeen(page)).toEqual([]);
    });
  }

  test.describe('with the lookup held back', () => {
    test.beforeEach(async ({page}) => patientBrandLookup(page));

    test('the cached brand stands in for 7 days; after that a failure shows the default brand', async ({page, baseURL}) => {
      const answer: {current: (route: Route) => unknown} = {current: (route) => route.fulfill({json: acme})};
      await page.route(API, (route) => answer.current(route));
      await page.goto(partnerUrl(baseURL, 'acme.localhost'));
      await expectBranded(page);
      const savedAt = (await cachedEntry(page, 'acme.localhost')).savedAt;
      expect(Date.now() - savedAt).toBeLessThan(DAY_MS);

      // Six days old: still kept through an outage.
      answer.current = (route) => route.fulfill({status: 500, body: 'oops'});
      await ageCachedEntry(page, 'acme.localhost', 6 * DAY_MS);
      await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', /.+/);
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Acme Compute');
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'partner');
      await expect(page.locator('html')).toHaveAttribute('data-brand-stale', 'retrying');

      // Eight days old: the seed's rule again, the default brand (with its search) and no retries.
      await ageCachedEntry(page, 'acme.localhost', 8 * DAY_MS);
      await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-stale', /.*/);
      await expect(page.locator('html')).not.toHaveAttribute('data-brand', 'partner');
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
      await expect(page.locator('.navbar .DocSearch-Button')).toBeVisible();
      // An outage is no news about the partner: the entry stays, and the next answer renews it.
      expect((await cachedEntry(page, 'acme.localhost')).name).toBe('Acme Compute');
      answer.current = (route) => route.fulfill({json: acme});
      await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'partner');
      await expect.poll(async () => Date.now() - (await cachedEntry(page, 'acme.localhost')).savedAt).toBeLessThan(DAY_MS);
    });

    test('a first visit under an outage shows the default brand, as before', async ({page, baseURL}) => {
      await page.route(API, (route) => route.fulfill({status: 500, body: 'oops'}));
      await page.goto(partnerUrl(baseURL, 'acme.localhost'));
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-stale', /.*/);
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
      expect(await cachedEntry(page, 'acme.localhost')).toBeNull();
    });

    test('a 404 on a background retry means the partner left: the default brand, and the cache forgets it', async ({page, baseURL}) => {
      const answer: {current: (route: Route) => unknown} = {current: (route) => route.fulfill({json: acme})};
      await page.route(API, (route) => answer.current(route));
      await page.goto(partnerUrl(baseURL, 'acme.localhost'));
      await expectBranded(page);

      answer.current = (route) => route.abort('connectionrefused');
      await page.goto(partnerUrl(baseURL, 'acme.localhost', '/docs/intro'));
      await expect(page.locator('html')).toHaveAttribute('data-brand-stale', 'retrying');
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Acme Compute');
      answer.current = (route) => route.fulfill({status: 404, json: {message: 'No partner for this domain'}});
      await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default', {timeout: 30_000});
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-stale', /.*/);
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
      expect(await cachedEntry(page, 'acme.localhost')).toEqual({partner: false});
    });
  });
});

// globex.localhost is dark-first in partners/globex.json (color_mode: dark); served by our API.
test.describe("the page's own lookup timeout", () => {
  test('a hanging API is given up after the timeout, ending in the default brand', async ({page, baseURL}) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    // Every value data-brand-pending takes, from the start: the 3 s timer may have ended
    // the first-visit state before the load event on a busy machine.
    await page.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as {__pendingHistory: (string | null)[]}).__pendingHistory = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.target !== document.documentElement) continue;
          const value = document.documentElement.getAttribute('data-brand-pending');
          if (seen[seen.length - 1] !== value) seen.push(value);
        }
      }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-brand-pending']});
    });
    await page.route(API, () => {
      /* never answers */
    });
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expect(page.locator('html')).toHaveAttribute('data-brand-settled', 'default');
    expect(await page.evaluate(() => (window as unknown as {__pendingHistory: (string | null)[]}).__pendingHistory)).toEqual(['first-visit', null]);
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
    await expect(page.locator('article [data-brand-name]').first()).toHaveText('Violet Cloud');
    await expect(page.locator('.navbar .DocSearch-Button')).toBeVisible();
    // The request was aborted by the timeout, not left to the safety net that reveals the page.
    await expect.poll(() => errors.find((e) => e.includes('Org config fetch failed')) ?? '').toMatch(/abort/i);
  });
});

test.describe('a dark-first partner', () => {
  test.beforeEach(async ({page}) => patientBrandLookup(page));

  test("is dark without storing that as the reader's choice, from the first frame on a repeat visit", async ({page, baseURL}) => {
    await page.goto(partnerUrl(baseURL, 'globex.localhost'));
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Globex GPU');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The toggle knows: React's colour mode state follows, not just the attribute.
    await expect(colorModeToggle(page)).toHaveAccessibleName(/currently dark mode/);
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', '/img/partners/globex-logo-dark.svg');
    expect(await storedColorModes(page)).toEqual([]);

    await recordFrameColorModes(page);
    const startApp = await holdApp(page);
    await page.goto(partnerUrl(baseURL, 'globex.localhost', '/docs/intro'), {waitUntil: 'domcontentloaded'});
    await expectAppNotStarted(page);
    expect(await frameColorModes(page)).toEqual(['dark']);
    startApp();
    await waitForHydration(page);
    await expect(page.locator('.navbar .brand-header-link').first()).toBeVisible();
    await expect(colorModeToggle(page)).toHaveAccessibleName(/currently dark mode/);
    expect(await frameColorModes(page)).toEqual(['dark']);
    expect(await storedColorModes(page)).toEqual([]);
  });

  test("gives way to the reader's own choice, with the brand cached or not", async ({page, baseURL}) => {
    await page.goto(partnerUrl(baseURL, 'globex.localhost'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await colorModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await storedColorModes(page)).toEqual(['light']);

    await recordFrameColorModes(page);
    const visitAgain = async () => {
      await page.reload();
      await waitForHydration(page);
      await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', '/img/partners/globex-logo.svg');
      await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await expect(colorModeToggle(page)).toHaveAccessibleName(/currently light mode/);
      expect(await frameColorModes(page)).toEqual(['light']);
    };
    // Repeat visit: the cached dark default does not apply...
    await visitAgain();
    // ...nor does the config's when it arrives with nothing cached.
    await page.evaluate(() => localStorage.removeItem('brand:v1:globex.localhost'));
    await visitAgain();
  });
});

test.describe('with JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test("a partner host is readable, in the partner's brand our server wrote into the page", async ({page, baseURL}) => {
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await expect(page.locator('article p').first()).toBeVisible();
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Acme Compute');
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('src', '/img/partners/acme-logo.svg');
    await expect(page.locator('article [data-brand-name]').first()).toHaveText('Acme Compute');
    await expect(page.locator('article [data-brand-name]').first()).toBeVisible();
    // The links and copyright that are wholly the brand's come with the app: none of the default's.
    await expect(page.locator('.footer')).not.toContainText('Violet Cloud');
    await expect(page.locator('.navbar [data-brand-region] a')).toHaveCount(0);
  });

  test('the default host shows the default brand', async ({page}) => {
    await page.goto('/docs/intro');
    await expect(page.locator('.navbar__brand img:visible')).toHaveAttribute('alt', 'Violet Cloud');
    await expect(page.locator('.footer__copyright')).toContainText('Violet Cloud');
    await expect(page.locator('.navbar [data-brand-region] a').first()).toHaveText('Console');
  });
});
