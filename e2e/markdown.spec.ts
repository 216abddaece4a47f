import http from 'node:http';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {DEFAULT_VALUES} from '../src/branding/contentValues';
import {axeViolations} from './helpers';

const buildDir = path.resolve(__dirname, '..', 'build');
/** Every twin and llms file of the build, as URL paths. */
const markdownFiles = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.md') || /^llms(-full)?\.txt$|^llms-full\/[\w-]+\.txt$/.test(f))
  .map((f) => `/${f}`);

/** The default brand's values a partner's files must not show. */
const forbidden = [DEFAULT_BRAND.name, ...Object.values(DEFAULT_VALUES), new URL(DEFAULT_BRAND.feedbackUrl).host];
const acme = {name: 'Acme Compute', api: 'https://api.acme.example/v1', console: 'https://console.acme.example', support: 'support@acme.example'};

/** A plain HTTP GET with the Host header set, as `curl -H 'Host: …'` sends it. */
function get(baseURL: string, pathname: string, headers: Record<string, string>): Promise<{status: number; type: string; vary: string; body: string}> {
  const url = new URL(pathname, baseURL);
  return new Promise((resolve, reject) => {
    const req = http.get({host: '127.0.0.1', port: url.port, path: url.pathname, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, type: String(res.headers['content-type']), vary: String(res.headers.vary ?? ''), body: Buffer.concat(chunks).toString('utf8')}));
    });
    req.on('error', reject);
  });
}

const originOf = (baseURL: string | undefined, host: string) => {
  const url = new URL(baseURL ?? 'http://localhost');
  url.hostname = host;
  return url.origin;
};

test.describe('Markdown twins and llms files', () => {
  test('a page names its twin, and answers Accept: text/markdown with it', async ({page, baseURL}) => {
    await page.goto('/docs/network/ssh');
    await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', '/docs/network/ssh.md');
    const md = await get(baseURL!, '/docs/network/ssh', {host: 'localhost', accept: 'text/markdown'});
    expect(md.status).toBe(200);
    expect(md.type).toMatch(/^text\/markdown/);
    expect(md.vary).toMatch(/\bAccept\b/);
    expect(md.body).toMatch(/^# Connect with SSH\n/);
    const html = await get(baseURL!, '/docs/network/ssh', {host: 'localhost', accept: 'text/html'});
    expect(html.type).toMatch(/^text\/html/);
  });

  test("on a partner's host every twin and llms file carries the partner's values and none of the default brand's", async ({baseURL}) => {
    test.setTimeout(180_000);
    expect(markdownFiles.length).toBeGreaterThan(200);
    const leaks: string[] = [];
    for (const file of markdownFiles) {
      const res = await get(baseURL!, file, {host: 'acme.localhost'});
      expect(res.status, file).toBe(200);
      for (const value of forbidden) if (res.body.includes(value)) leaks.push(`${file}: ${value}`);
    }
    expect(leaks).toEqual([]);
    const llms = await get(baseURL!, '/llms.txt', {host: 'acme.localhost'});
    expect(llms.body).toMatch(new RegExp(`^# ${acme.name}\\n`));
    const intro = await get(baseURL!, '/docs/api-reference.md', {host: 'acme.localhost'});
    expect(intro.body).toContain(acme.api);
    expect(intro.body).toContain(acme.name);
  });

  test("a browser on a partner's host reads the twin in the partner's brand", async ({page, baseURL}) => {
    await page.goto(`${originOf(baseURL, 'acme.localhost')}/docs/api-reference/core-resources/volumes/create.md`);
    const text = (await page.locator('body').innerText()) ?? '';
    expect(text).toContain(`--url ${acme.api}/core/volumes`);
    for (const value of forbidden) expect(text).not.toContain(value);
  });
});

test.describe('page menu', () => {
  const hydrated = 'html[data-has-hydrated="true"]';

  test('works from the keyboard, carries the Markdown URL to the assistants and passes axe', async ({page}) => {
    // Without the MCP server's items, which e2e/mcp.spec.ts tests.
    await page.route('**/mcp', (route) => route.fulfill({status: 404, body: 'Not found'}));
    await page.goto('/docs/network/ssh');
    await page.locator(hydrated).waitFor({state: 'attached'});
    const button = page.getByRole('button', {name: 'Page options'});
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-page-menu="open"]')).toBeVisible();
    const items = page.getByRole('menuitem');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', {name: 'View as Markdown'})).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', {name: 'Open in Claude'})).toBeFocused();
    const origin = new URL(page.url()).origin;
    const markdownUrl = encodeURIComponent(`${origin}/docs/network/ssh.md`);
    await expect(page.getByRole('menuitem', {name: 'View as Markdown'})).toHaveAttribute('href', `${origin}/docs/network/ssh.md`);
    await expect(page.getByRole('menuitem', {name: 'Open in ChatGPT'})).toHaveAttribute('href', new RegExp(`^https://chatgpt\\.com/.*q=[^&]*${markdownUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(page.getByRole('menuitem', {name: 'Open in Claude'})).toHaveAttribute('href', new RegExp(`^https://claude\\.ai/new\\?q=[^&]*${markdownUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-page-menu="closed"]')).toBeAttached();
    await expect(button).toBeFocused();
  });

  test("copies the page's Markdown in the partner's brand on a partner's host", async ({page, context, baseURL}) => {
    const origin = originOf(baseURL, 'acme.localhost');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin});
    await page.goto(`${origin}/docs/intro`);
    await page.locator('html[data-has-hydrated="true"][data-brand-settled]:not([data-brand-pending])').waitFor({state: 'attached'});
    await page.getByRole('button', {name: 'Page options'}).click();
    await page.getByRole('menuitem', {name: 'Copy page as Markdown'}).click();
    await page.locator('[data-copy-state="copied"]').waitFor({state: 'attached'});
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# Introduction/);
    expect(copied).toContain(acme.name);
    for (const value of forbidden) expect(copied).not.toContain(value);
  });
});
