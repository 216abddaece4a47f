import {expect, test, type Page, type Request} from '@playwright/test';
import {flavors} from '../src/data/platform';
import {formatRate} from '../src/data/prices';
import {axeViolations, waitForHydration} from './helpers';

const VOLUME_CREATE = '/docs/api-reference/core-resources/volumes/create';
const VM_CREATE = '/docs/api-reference/core-resources/virtual-machines/vm-core/create';
const VOLUME_LIST = '/docs/api-reference/core-resources/volumes/list';
const LIVE_API = 'https://api.example.com/v1';
const SECRET = 'vc_test_k3y_never_stored_8f2a';

/** What the console loads only when opened: its chunk (script and style) and the spec. */
const isConsoleAsset = (url: string) => /api-console|\/openapi\.json$/.test(url);

/** Every request the page makes, from its first byte. */
function requestLog(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

/** Loads an operation page (its body kept as server HTML) and opens its console, ready to send. */
async function openConsole(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await waitForHydration(page);
  // The body's script (Island.tsx) is in place: the button works.
  await expect(page.locator('.theme-doc-markdown[data-body="server"]')).toHaveCount(1);
  const button = page.getByRole('button', {name: 'Try it'});
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('[data-console-state="ready"]')).toBeVisible();
}

const consoleBox = (page: Page) => page.locator('[data-console-state]');
const bodyField = (page: Page) => consoleBox(page).getByLabel(/^Body/);

async function sendAndWait(page: Page): Promise<void> {
  await consoleBox(page).getByRole('button', {name: /^Send to the/}).click();
  await expect(consoleBox(page)).toHaveAttribute('data-console-state', 'done');
}

async function expectNoKeyStored(page: Page): Promise<void> {
  const stored = await page.evaluate(() => {
    const all = (storage: Storage) => Array.from({length: storage.length}, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`).join('\n');
    return {local: all(window.localStorage), session: all(window.sessionStorage), url: window.location.href};
  });
  expect(stored.local).not.toContain(SECRET);
  expect(stored.session).not.toContain(SECRET);
  expect(stored.url).not.toContain(SECRET);
}

test.describe('API request console', () => {
  test('loads nothing before it is opened, then opens prefilled with the example', async ({page}) => {
    const requested = requestLog(page);
    await page.goto(VOLUME_CREATE);
    await waitForHydration(page);
    await expect(page.locator('.theme-doc-markdown[data-body="server"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(requested.filter(isConsoleAsset)).toEqual([]);
    // Its styles come with it, not in the stylesheet every page loads.
    expect(await page.evaluate(() => Array.from(document.styleSheets).some((sheet) => Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('api-console-'))))).toBe(false);
    // The opener is in the server HTML, kept out of search, and its container is empty.
    const opener = page.locator('.api-aside > .api-console-opener.search-skip');
    await expect(opener.getByRole('button', {name: 'Try it'})).toHaveAttribute('aria-expanded', 'false');

    await opener.getByRole('button', {name: 'Try it'}).click();
    await expect(page.locator('[data-console-state="ready"]')).toBeVisible();
    expect(requested.filter(isConsoleAsset).some((url) => /api-console.*\.js$/.test(url))).toBe(true);
    expect(requested.some((url) => url.endsWith('/openapi.json'))).toBe(true);
    await expect(page.locator('style[data-api-console]')).toHaveCount(1);
    const body = JSON.parse(await bodyField(page).inputValue()) as Record<string, unknown>;
    expect(body).toMatchObject({name: 'datasets', size_gb: 500, volume_type: 'Cloud-SSD'});
    await expect(consoleBox(page).getByRole('radio', {name: /Sandbox/})).toBeChecked();
  });

  test('sends to the sandbox, shows a violation as the reader edits and as the sandbox answers, and recovers', async ({page}) => {
    await openConsole(page, VOLUME_CREATE);
    await sendAndWait(page);
    const response = consoleBox(page).getByRole('region', {name: 'Response', exact: true});
    await expect(response).toHaveAttribute('data-console-status', '202');
    await expect(response).toContainText('Accepted');
    await expect(response.locator('dt', {hasText: 'x-sandbox'})).toHaveCount(1);
    await expect(response.getByLabel('Response body')).toContainText('"status": "CREATING"');

    // Edited into a violation: the field says so at once, in words.
    const original = await bodyField(page).inputValue();
    const broken = JSON.parse(original) as Record<string, unknown>;
    delete broken.name;
    await bodyField(page).fill(JSON.stringify(broken, null, 2));
    await expect(bodyField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(consoleBox(page)).toContainText('Required field "name" is missing.');
    await expect(consoleBox(page).locator('[data-console-problems="1"]')).toContainText('1 problem with this request');

    // Sent anyway: the sandbox refuses it, and says where.
    await sendAndWait(page);
    await expect(response).toHaveAttribute('data-console-status', '422');
    await expect(response).toContainText('The sandbox refused the request:');
    await expect(response.locator('li code', {hasText: /^body/}).first()).toBeVisible();

    // Back as it was: no problem, and the sandbox accepts it again.
    await bodyField(page).fill(original);
    await expect(bodyField(page)).toHaveAttribute('aria-invalid', 'false');
    await expect(consoleBox(page).locator('[data-console-problems="0"]')).toHaveCount(1);
    await sendAndWait(page);
    await expect(response).toHaveAttribute('data-console-status', '202');
  });

  test('keeps the API key out of storage, the address and the copied command, unless asked to remember it for the tab', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConsole(page, VOLUME_CREATE);
    await consoleBox(page).getByRole('radio', {name: /Live API/}).check();
    const key = consoleBox(page).getByLabel(/Your key/);
    await expect(key).toHaveAttribute('type', 'password');
    await key.fill(SECRET);
    await expectNoKeyStored(page);

    await consoleBox(page).getByRole('button', {name: 'Copy as curl'}).click();
    await expect(consoleBox(page)).toContainText('Copied as curl');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('-H "X-API-Key: $API_KEY"');
    expect(copied).toContain(`'${LIVE_API}/core/volumes'`);
    expect(copied).not.toContain(SECRET);

    // Asked to: this tab's session storage only, and "Clear" forgets it everywhere.
    await consoleBox(page).getByRole('checkbox', {name: 'Remember for this tab'}).check();
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).toContain(SECRET);
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(SECRET);
    await consoleBox(page).getByRole('button', {name: 'Clear'}).click();
    await expect(key).toHaveValue('');
    await expectNoKeyStored(page);
  });

  test('asks before a live POST, saying what it costs, and sends the key only to the API', async ({page}) => {
    const sent: {key: string | undefined; referer: string | undefined}[] = [];
    // Nothing leaves the machine: the live API is answered here.
    await page.route(`${LIVE_API}/**`, async (route) => {
      const headers = route.request().headers();
      if (route.request().method() === 'OPTIONS') {
        await route.fulfill({status: 204, headers: {'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*'}});
        return;
      }
      sent.push({key: headers['x-api-key'], referer: headers.referer});
      await route.fulfill({
        status: 202,
        headers: {'access-control-allow-origin': '*', 'access-control-expose-headers': 'X-Request-Id', 'x-request-id': 'req_test_1', 'content-type': 'application/json'},
        body: JSON.stringify({instances: [{id: 1, status: 'CREATING'}]}),
      });
    });
    await openConsole(page, VM_CREATE);
    const example = JSON.parse(await bodyField(page).inputValue()) as {flavor_name: string; count: number};
    const flavor = flavors.find((f) => f.name === example.flavor_name)!;
    await consoleBox(page).getByRole('radio', {name: /Live API/}).check();
    await consoleBox(page).getByLabel(/Your key/).fill(SECRET);
    await consoleBox(page).getByRole('button', {name: 'Send to the live API'}).click();

    const dialog = page.getByRole('dialog', {name: 'Send this to your live account?'});
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Creates ${example.count} VM of ${flavor.name}, billed ${formatRate(flavor.pricePerHour * example.count)} until you delete it`);
    await dialog.getByRole('button', {name: 'Cancel'}).click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual([]);

    await consoleBox(page).getByRole('button', {name: 'Send to the live API'}).click();
    await dialog.getByRole('button', {name: 'Send it'}).click();
    await expect(consoleBox(page)).toHaveAttribute('data-console-state', 'done');
    const response = consoleBox(page).getByRole('region', {name: 'Response', exact: true});
    await expect(response).toHaveAttribute('data-console-status', '202');
    await expect(response).toContainText('req_test_1');
    expect(sent).toEqual([{key: SECRET, referer: undefined}]);
  });

  test("on a partner's host, sends live calls to the partner's API, which the page's policy allows", async ({page, baseURL}) => {
    const partnerApi = 'https://api.acme.example/v1';
    const sent: string[] = [];
    await page.route(`${partnerApi}/**`, async (route) => {
      if (route.request().method() === 'OPTIONS') {
        await route.fulfill({status: 204, headers: {'access-control-allow-origin': '*', 'access-control-allow-headers': '*'}});
        return;
      }
      sent.push(route.request().url());
      await route.fulfill({status: 200, headers: {'access-control-allow-origin': '*', 'content-type': 'application/json'}, body: JSON.stringify({volumes: []})});
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const url = new URL(VOLUME_LIST, baseURL);
    url.hostname = 'acme.localhost';
    await openConsole(page, url.toString());
    await consoleBox(page).getByRole('radio', {name: /Live API/}).check();
    await expect(consoleBox(page)).toContainText(partnerApi);
    await expect(consoleBox(page)).not.toContainText(LIVE_API);
    await consoleBox(page).getByLabel(/Your key/).fill(SECRET);
    await consoleBox(page).getByRole('button', {name: 'Send to the live API'}).click();
    await expect(consoleBox(page)).toHaveAttribute('data-console-state', 'done');
    await expect(consoleBox(page).getByRole('region', {name: 'Response', exact: true})).toHaveAttribute('data-console-status', '200');
    expect(sent).toHaveLength(1);
    expect(sent[0].startsWith(`${partnerApi}/core/volumes`)).toBe(true);
    expect(violations).toEqual([]);
  });

  test('explains a live call the browser could not make', async ({page}) => {
    await page.route(`${LIVE_API}/**`, (route) => route.abort('failed'));
    await openConsole(page, VOLUME_LIST);
    await consoleBox(page).getByRole('radio', {name: /Live API/}).check();
    await consoleBox(page).getByLabel(/Your key/).fill(SECRET);
    await consoleBox(page).getByRole('button', {name: 'Send to the live API'}).click();
    await expect(consoleBox(page)).toHaveAttribute('data-console-state', 'done');
    await expect(consoleBox(page).locator('[data-console-failure]')).toContainText('does not accept calls from this page');
  });

  test('says so when the docs are served without the sandbox, as a static copy is', async ({page}) => {
    // A static host answers the sandbox's path with its not-found page, unmarked.
    await page.route('**/sandbox/v1/**', (route) => route.fulfill({status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>'}));
    await openConsole(page, VOLUME_CREATE);
    await sendAndWait(page);
    await expect(consoleBox(page).locator('[data-console-failure]')).toContainText('this copy of the docs is static');
    await expect(consoleBox(page).getByRole('region', {name: 'Response', exact: true})).toHaveCount(0);
  });

  test('a click on "Try it" or a sample tab before the page\'s script has run takes effect once it has', async ({page}) => {
    // The page's script is held back until the reader has clicked: the buttons are in the
    // HTML, their handlers are not.
    let release!: () => void;
    const clicked = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
      await clicked;
      await route.continue();
    });
    await page.goto(VOLUME_CREATE, {waitUntil: 'commit'});
    const button = page.getByRole('button', {name: 'Try it'});
    const python = page.locator('.api-code-samples').getByRole('tab', {name: 'Python'});
    await python.click();
    await button.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-has-hydrated', 'true');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    release();
    await waitForHydration(page);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('[data-console-state="ready"]')).toBeVisible();
    await expect(python).toHaveAttribute('aria-selected', 'true');
  });

  test('works after a client-side navigation, where React renders the page body', async ({page}) => {
    await page.goto(VOLUME_LIST);
    await waitForHydration(page);
    await page.locator(`.theme-doc-sidebar-container a[href="${VOLUME_CREATE}"]`).first().click();
    await expect(page).toHaveURL(VOLUME_CREATE);
    await expect(page.locator('.theme-doc-markdown[data-body="server"]')).toHaveCount(0);
    await page.getByRole('button', {name: 'Try it'}).click();
    await expect(page.locator('[data-console-state="ready"]')).toBeVisible();
    await sendAndWait(page);
    await expect(consoleBox(page).getByRole('region', {name: 'Response', exact: true})).toHaveAttribute('data-console-status', '202');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`has no serious or critical accessibility violation when open, ${mode} mode`, async ({page}) => {
      await openConsole(page, `${VOLUME_CREATE}?docusaurus-theme=${mode}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const broken = JSON.parse(await bodyField(page).inputValue()) as Record<string, unknown>;
      delete broken.name;
      await bodyField(page).fill(JSON.stringify(broken));
      await sendAndWait(page);
      const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('fits a 390 px phone and works from the keyboard', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(VOLUME_CREATE);
    await waitForHydration(page);
    await expect(page.locator('.theme-doc-markdown[data-body="server"]')).toHaveCount(1);
    const button = page.getByRole('button', {name: 'Try it'});
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-console-state="ready"]')).toBeVisible();
    // The first field has the focus; the send button is reached and pressed from the keyboard.
    await expect(consoleBox(page).locator(':focus')).toHaveCount(1);
    await consoleBox(page).getByRole('button', {name: 'Send to the sandbox'}).focus();
    await page.keyboard.press('Enter');
    await expect(consoleBox(page)).toHaveAttribute('data-console-state', 'done');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await consoleBox(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
