import {expect, test, type Page} from '@playwright/test';
import {waitForHydration} from './helpers';

const PARTNER_API = '**/v1/auth/partner-config/docs?domain=*';
const acme = {name: 'Acme Compute', theme: 'slate', colors: {primary: {light: 'teal'}}};

/** The same page under a partner host name (`*.localhost` resolves to this machine). */
const onHost = (baseURL: string | undefined, host: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

/** Presses every search shortcut, then waits as long as the modal would take to appear. */
async function pressShortcuts(page: Page): Promise<void> {
  await page.locator('article h1').click();
  for (const key of ['Control+k', 'Meta+k', '/']) await page.keyboard.press(key);
  await page.waitForTimeout(400);
}

test.describe('search', () => {
  test('opens with Ctrl+K, shows grouped, highlighted results, and Enter navigates', async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    const input = page.locator('.DocSearch-Input');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'Search docs');
    await input.fill('hibernate');
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('API reference');
    await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText(/hibernate/i);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api-reference\/core-resources\/virtual-machines\/manage\/hibernate/);
    await expect(page.locator('.DocSearch-Modal')).toBeHidden();
  });

  test('opens with "/" when not typing in a field, and Escape closes it', async ({page}) => {
    await page.goto('/docs/getting-started');
    await waitForHydration(page);
    await page.keyboard.press('/');
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('.DocSearch-Modal')).toBeHidden();
  });

  test('caps the query at 64 characters and tolerates typos', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    const input = page.locator('.DocSearch-Input');
    await expect(input).toHaveAttribute('maxlength', '64');
    await input.fill('snapshto');
    await expect(page.locator('.DocSearch-Hit').first()).toContainText(/snapshot/i);
  });

  test('shows the no-results screen', async ({page}) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('zzqxjvw');
    await expect(page.locator('.DocSearch-NoResults')).toContainText('No results for "zzqxjvw"');
  });

  test('shows the error screen when the records cannot be loaded', async ({page}) => {
    await page.route('**/search/records.*.json', (route) => route.fulfill({status: 500, body: 'down'}));
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('volume');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText('Unable to fetch results');
    await expect(screen).toContainText('You might want to check your network connection.');
    // It stays (nothing resets it a moment later) and gives way to results once the records load.
    await page.waitForTimeout(500);
    await expect(screen).toBeVisible();
    await expect(page.locator('.DocSearch-NoResults')).toHaveCount(0);
    await page.unroute('**/search/records.*.json');
    await page.locator('.DocSearch-Input').fill('volumes');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(screen).toHaveCount(0);
  });

  test('remembers recent searches after a reload', async ({page}) => {
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('pricebook');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/pricebook/);
    await page.reload();
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Hit-source').first()).toHaveText('Recent');
  });

  test('the /search page reads the query from q and lists results', async ({page}) => {
    await page.goto('/search?q=volume');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "volume"');
    await expect(page.locator('article h2 a').first()).toContainText(/volume/i);
    await expect(page.locator('main .search-result-match, main mark').first()).toBeVisible();
  });

  test('works on a phone-sized screen', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.locator('.DocSearch-Button').click();
    await page.locator('.DocSearch-Input').fill('create volume');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('no shortcut opens search on a partner site, before or after the bar has loaded', async ({page, baseURL}) => {
    await page.route(PARTNER_API, (route) => route.fulfill({json: acme}));
    await page.goto(onHost(baseURL, 'acme.localhost', '/docs/intro'));
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'partner');
    await expect(page.locator('.navbar .DocSearch-Button')).toBeHidden();
    await pressShortcuts(page);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    // Past the moment the real bar would have loaded on an idle page.
    await page.waitForTimeout(4500);
    await pressShortcuts(page);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    await expect(page.locator('.DocSearch-Input')).toHaveCount(0);
  });

  test("no shortcut opens search while a partner host's brand is unknown; they work once it is the default brand", async ({page, baseURL}) => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(PARTNER_API, async (route) => {
      await answered;
      await route.fulfill({status: 404, json: {error: 'unknown host'}});
    });
    await page.goto(onHost(baseURL, 'acme.localhost', '/docs/intro'));
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-brand-pending', 'first-visit');
    await pressShortcuts(page);
    await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
    answer();
    await expect(page.locator('html')).not.toHaveAttribute('data-brand-pending', /.*/);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
  });
});
