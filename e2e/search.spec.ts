import {expect, test} from '@playwright/test';
import {waitForHydration} from './helpers';

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

  // Known gap: our client rejects with a RetryError as Algolia's does, and DocSearch sets
  // its 'error' status, but the autocomplete core it bundles (1.19) resets the status to
  // 'idle' in a finally handler right after, so the modal shows 'No results for' instead
  // of 'Unable to fetch results'. Kept as fixme until the modal can show its error screen.
  test.fixme('shows the error screen when the records cannot be loaded', async ({page}) => {
    await page.route('**/search/records.*.json', (route) => route.fulfill({status: 500, body: 'down'}));
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('volume');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('You might want to check your network connection.');
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
});
