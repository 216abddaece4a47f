import {expect, test, type Page, type Route} from '@playwright/test';
import {waitForHydration} from './helpers';

const API = '**/v1/auth/partner-config/docs?domain=*';
const partnerUrl = (baseURL: string | undefined, host: string, path = '/docs/getting-started') => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

const acme = {
  name: 'Acme Compute',
  theme: 'slate',
  colors: {primary: {light: 'teal', dark: 'teal'}, secondary: {light: 'cyan'}},
  logos: {light: '/img/logo.svg', dark: '/img/logo-dark.svg', favicon: '/img/logo.svg'},
  uris: {console: 'https://console.acme.example'},
  user_docs_header: {items: [{label: 'Acme status', url: 'https://status.acme.example'}]},
  user_docs_footer: {links: [{label: 'Acme terms', url: 'https://acme.example/terms'}]},
  copyright: '© 2025 Acme Compute Ltd.',
};

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
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

async function expectBranded(page: Page): Promise<void> {
  await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Acme Compute');
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

test.describe('partner branding', () => {
  test('the default host shows the default brand and logs the failed lookup', async ({page}) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    await expect(page.locator('.navbar__brand img').first()).toHaveAttribute('alt', 'Violet Cloud');
    await expect(page.locator('.navbar').getByRole('link', {name: 'Console'})).toHaveAttribute('href', 'https://console.example.com');
    await expect(page.locator('.footer__copyright')).toContainText('Violet Cloud');
    await expect.poll(() => errors.some((e) => e.includes('Org config fetch failed'))).toBe(true);
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
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/img/logo.svg');
    expect(await page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen)).toEqual([]);
  });

  test('a slow API hides the brand parts, never shows the default brand, and keeps the page readable', async ({page, baseURL}) => {
    await watchForDefaultBrand(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(API, async (route) => {
      await released;
      await route.fulfill({json: acme});
    });
    await page.goto(partnerUrl(baseURL, 'acme.localhost'));
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-brand-pending', 'first-visit');
    await page.waitForTimeout(800);
    release();
    await expectBranded(page);
    expect(await page.evaluate(() => (window as unknown as {__defaultBrandSeen: string[]}).__defaultBrandSeen)).toEqual([]);
  });

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
      expect(errors.some((e) => e.includes('Org config fetch failed'))).toBe(true);
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
});
