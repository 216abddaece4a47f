// The Content-Security-Policy the server sends lets the site do all it does: no violation on
// the pages of each kind, on the default host and on a partner's, with search, the page menu
// and the brand at work.
import {expect, test, type Page} from '@playwright/test';
import {searchIndexReady, SEARCH_INDEX_PATIENCE, waitForHydration} from './helpers';

/** Starts collecting CSP violations: the document's events, and what workers and the browser report on the console. */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as {__cspViolations: string[]}).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  return async () => [...(await page.evaluate(() => (window as unknown as {__cspViolations: string[]}).__cspViolations)), ...fromConsole];
}

const onHost = (baseURL: string | undefined, host: string, route: string) => {
  const url = new URL(route, baseURL);
  url.hostname = host;
  return url.toString();
};

test.describe('content security policy', () => {
  test.describe.configure({timeout: SEARCH_INDEX_PATIENCE + 60_000});

  for (const host of ['localhost', 'acme.localhost']) {
    test(`pages of every kind break no rule of the policy on ${host}`, async ({page, baseURL}) => {
      const violations = await collectViolations(page);
      const response = await page.goto(onHost(baseURL, host, '/'));
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      for (const route of ['/', '/docs/virtual-machines/manage-vm-state', '/docs/api-reference/auth-resources/api-key/generate', '/search?q=volume']) {
        await page.goto(onHost(baseURL, host, route));
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-brand-settled', host === 'localhost' ? 'default' : 'partner');
        if (route.startsWith('/search')) {
          await expect(page.locator('[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: SEARCH_INDEX_PATIENCE});
        }
        if (route.startsWith('/docs/virtual-machines')) {
          // The page menu fetches the twin and asks whether this host serves MCP.
          await page.getByRole('button', {name: 'Page options'}).click();
          await expect(page.locator('[data-mcp-state]')).not.toHaveAttribute('data-mcp-state', 'pending');
          await page.keyboard.press('Escape');
        }
        expect(await violations(), route).toEqual([]);
      }
      if (host === 'localhost') {
        // The search modal, its chunks and the index worker.
        await page.keyboard.press('Control+k');
        await page.locator('.DocSearch-Input').fill('hibernate');
        await searchIndexReady(page);
        await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
        expect(await violations(), 'search modal').toEqual([]);
      }
    });
  }

  test('an inline script the build did not write is refused', async ({page}) => {
    const violations = await collectViolations(page);
    await page.goto('/docs/intro');
    await waitForHydration(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    });
    await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src/));
    expect(await page.evaluate(() => (window as unknown as {__injected?: boolean}).__injected)).toBeUndefined();
  });
});
