// The docs' MCP server as readers meet it: the page menu's items (copy the server's URL,
// install it in Cursor or VS Code) and the page about assistants, on the default host and
// on a partner's, each with that host's /mcp URL and brand; and, where /mcp is not served
// (a static deployment of the build), no items and a note on the page.
import http from 'node:http';
import {expect, test, type BrowserContext, type Page, type Route} from '@playwright/test';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {DEFAULT_VALUES} from '../src/branding/contentValues';
import {serverName} from '../src/components/McpServer/mcp';
import {axeViolations} from './helpers';

const PAGE = '/docs/support/ai-assistants';
const hosts = [
  {label: 'the default host', host: 'localhost', brand: DEFAULT_BRAND.name},
  {label: "a partner's host", host: 'acme.localhost', brand: 'Acme Compute'},
];
/** The default brand's values a partner's readers must not see. */
const forbidden = [DEFAULT_BRAND.name, ...Object.values(DEFAULT_VALUES), serverName(`${DEFAULT_BRAND.name} docs`)];
/** Hydrated, and showing the brand the app settled on for the host. */
const settled = 'html[data-has-hydrated="true"][data-brand-settled]:not([data-brand-pending])';

const originOf = (baseURL: string | undefined, host: string) => {
  const url = new URL(baseURL ?? 'http://localhost');
  url.hostname = host;
  return url.origin;
};

/** GET with the Host header set, as a client on that host sends it (the test runner does not resolve *.localhost). */
function get(origin: string, pathname: string, headers: Record<string, string>): Promise<{status: number; type: string; body: string}> {
  const url = new URL(pathname, origin);
  return new Promise((resolve, reject) => {
    const req = http.get({host: '127.0.0.1', port: url.port, path: url.pathname, headers: {host: url.host, ...headers}}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8')}));
    });
    req.on('error', reject);
  });
}

/** The page at `pathname` on `origin`, hydrated and branded; the clipboard open to it. */
async function open(page: Page, context: BrowserContext, origin: string, pathname: string): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin});
  await page.goto(origin + pathname);
  await page.locator(settled).waitFor({state: 'attached'});
}

/** Opens the page menu from the keyboard and waits until it knows whether the host has an MCP server. */
async function openMenu(page: Page, state: 'available' | 'unavailable'): Promise<void> {
  await page.getByRole('button', {name: 'Page options'}).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[role="menu"][data-mcp-state="${state}"]`)).toBeVisible();
}

/** What a reader on the page can see or follow: its text, its code, its links. */
async function readerView(page: Page): Promise<string> {
  return page.evaluate(() =>
    [document.body.innerText, ...Array.from(document.querySelectorAll('pre'), (pre) => pre.textContent ?? ''), ...Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href'))].join('\n'),
  );
}

/** Answers /mcp as a static deployment does: a 404, or the site's HTML not-found page. */
const staticAnswers: Record<string, (route: Route) => Promise<void>> = {
  '404': (route) => route.fulfill({status: 404, contentType: 'text/plain', body: 'Not found'}),
  'an HTML page': (route) => route.fulfill({status: 200, contentType: 'text/html', body: '<!doctype html><title>Page not found</title><h1>Page not found</h1>'}),
};

// These need the server's /mcp endpoint (its discovery answer).
for (const {label, host, brand} of hosts) {
  test.describe(`MCP on ${label}`, () => {
    const name = serverName(`${brand} docs`);

    test("the server describes itself in the host's brand", async ({baseURL}) => {
      const origin = originOf(baseURL, host);
      const res = await get(origin, '/mcp', {accept: 'application/json'});
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^application\/json/);
      const body = JSON.parse(res.body) as {name: string; url: string; transport: string};
      expect(body).toMatchObject({name: `${brand} docs`, url: `${origin}/mcp`, transport: 'streamable-http'});
    });

    test("the page menu copies the host's MCP URL and installs it in Cursor and VS Code, from the keyboard", async ({page, context, baseURL}) => {
      const origin = originOf(baseURL, host);
      const url = `${origin}/mcp`;
      await open(page, context, origin, '/docs/network/ssh');
      await openMenu(page, 'available');
      const items = page.getByRole('menuitem');
      await expect(items).toHaveCount(7);
      await expect(items.nth(0)).toBeFocused();
      await page.keyboard.press('End');
      await expect(page.getByRole('menuitem', {name: 'Connect to VS Code'})).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('menuitem', {name: 'Connect to Cursor'})).toBeFocused();
      await page.keyboard.press('ArrowUp');
      const copy = page.getByRole('menuitem', {name: 'Copy MCP server URL'});
      await expect(copy).toBeFocused();
      await expect(page.getByRole('separator')).toHaveCount(1);

      const cursor = new URL((await page.getByRole('menuitem', {name: 'Connect to Cursor'}).getAttribute('href'))!);
      expect(`${cursor.protocol}//${cursor.host}${cursor.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
      expect(cursor.searchParams.get('name')).toBe(name);
      expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString('utf8'))).toEqual({url});

      const vscode = (await page.getByRole('menuitem', {name: 'Connect to VS Code'}).getAttribute('href'))!;
      expect(vscode.startsWith('vscode:mcp/install?')).toBe(true);
      expect(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length)))).toEqual({name, type: 'http', url});

      const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations).toEqual([]);

      await page.keyboard.press('Enter');
      await page.locator('[data-mcp-copy-state="copied"]').waitFor({state: 'attached'});
      await expect(page.getByRole('menuitem', {name: 'MCP server URL copied'})).toBeFocused();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await page.keyboard.press('Escape');
      await expect(page.locator('[data-page-menu="closed"]')).toBeAttached();
      await expect(page.getByRole('button', {name: 'Page options'})).toBeFocused();
    });

    test("the assistants page shows the host's URL, configurations and install links", async ({page, context, baseURL}) => {
      const origin = originOf(baseURL, host);
      const url = `${origin}/mcp`;
      await open(page, context, origin, PAGE);
      await expect(page.locator('[data-mcp-server="available"]')).toBeAttached();
      await expect(page.getByText('MCP needs the docs server')).toHaveCount(0);
      const urls = page.locator('code[data-mcp-url]');
      expect(await urls.count()).toBeGreaterThanOrEqual(3);
      for (const text of await urls.allTextContents()) expect(text).toBe(url);
      await expect(page.locator('[data-mcp-config="claude-code"] pre')).toContainText(`claude mcp add --transport http ${name} ${url}`);
      const cursorConfig = JSON.parse((await page.locator('[data-mcp-config="cursor"] pre').textContent())!);
      expect(cursorConfig).toEqual({mcpServers: {[name]: {url}}});
      const vscodeConfig = JSON.parse((await page.locator('[data-mcp-config="vscode"] pre').textContent())!);
      expect(vscodeConfig).toEqual({servers: {[name]: {type: 'http', url}}});
      const cursor = new URL((await page.getByRole('link', {name: 'Add to Cursor'}).getAttribute('href'))!);
      expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString('utf8'))).toEqual({url});
      await expect(page.getByRole('link', {name: 'Add to VS Code'})).toHaveAttribute('href', /^vscode:mcp\/install\?/);

      if (host !== 'localhost') {
        const view = (await readerView(page)).toLowerCase();
        expect(forbidden.filter((value) => view.includes(value.toLowerCase()))).toEqual([]);
      }
      const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations).toEqual([]);
    });
  });
}

// These hold with or without the server's endpoint.
test.describe('MCP where the docs are served without their server', () => {
  for (const [answer, fulfill] of Object.entries(staticAnswers)) {
    test(`/mcp answering ${answer}: no MCP items in the page menu`, async ({page, context, baseURL}) => {
      await page.route('**/mcp', fulfill);
      await open(page, context, originOf(baseURL, 'localhost'), '/docs/network/ssh');
      await openMenu(page, 'unavailable');
      await expect(page.getByRole('menuitem')).toHaveCount(4);
      await expect(page.getByRole('menuitem', {name: 'Copy MCP server URL'})).toHaveCount(0);
      await expect(page.getByRole('separator')).toHaveCount(0);
      await page.keyboard.press('End');
      await expect(page.getByRole('menuitem', {name: 'Open in Claude'})).toBeFocused();
    });
  }

  for (const {label, host} of hosts) {
    test(`the assistants page says MCP needs the server, on ${label}, and passes axe`, async ({page, context, baseURL}) => {
      const origin = originOf(baseURL, host);
      await page.route('**/mcp', staticAnswers['404']);
      await open(page, context, origin, PAGE);
      await expect(page.locator('[data-mcp-server="unavailable"]')).toBeAttached();
      await expect(page.getByText('MCP needs the docs server')).toBeVisible();
      await expect(page.getByRole('link', {name: 'Add to Cursor'})).toHaveCount(0);
      // The URL and configurations are still the host's own, and visible.
      await expect(page.locator('code[data-mcp-url]').first()).toHaveText(`${origin}/mcp`);
      await expect(page.locator('code[data-mcp-url]').first()).toBeVisible();
      await expect(page.locator('[data-mcp-config="cursor"] pre')).toContainText(`"url": "${origin}/mcp"`);
      if (host !== 'localhost') {
        const view = (await readerView(page)).toLowerCase();
        expect(forbidden.filter((value) => view.includes(value.toLowerCase()))).toEqual([]);
      }
      const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations).toEqual([]);
    });
  }

  test("the assistants page's Markdown twin on a partner's host has the host's URL and none of the default brand", async ({baseURL}) => {
    const origin = originOf(baseURL, 'acme.localhost');
    const twin = await get(origin, `${PAGE}.md`, {});
    expect(twin.status).toBe(200);
    expect(twin.body).toMatch(/^# Use these docs in your AI assistant\n/);
    expect(twin.body).toContain(`\`${origin}/mcp\``);
    expect(twin.body).toContain(`"url": "${origin}/mcp"`);
    expect(twin.body).toContain('Acme Compute');
    expect(forbidden.filter((value) => twin.body.includes(value))).toEqual([]);
  });
});
