import {expect, test, type Page} from '@playwright/test';
import {axeViolations, waitForHydration} from './helpers';

const OPERATION_PAGE = '/docs/api-reference/core-resources/virtual-machines/vm-core/create';
const OTHER_OPERATION_PAGE = '/docs/api-reference/core-resources/virtual-machines/vm-core/list';

/** Collects the hydration errors React reports (Docusaurus logs them through onRecoverableError). */
function hydrationErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /onRecoverableError|hydrat|Minified React error #(418|419|422|423|425)/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * Counts, from the first byte of every document, the code sample panels removed from the
 * page. Hydration must adopt the server's panels: a remount (what the theme's Tabs do right
 * after hydration) removes them and renders every sample again.
 */
async function countRemovedPanels(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as unknown as {removedPanels: number};
    state.removedPanels = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        record.removedNodes.forEach((node) => {
          if (node instanceof Element && (node.matches('[role="tabpanel"]') || node.querySelector('[role="tabpanel"]'))) state.removedPanels += 1;
        });
      }
    }).observe(document, {childList: true, subtree: true});
  });
}
const removedPanels = (page: Page) => page.evaluate(() => (window as unknown as {removedPanels: number}).removedPanels);

/** The language whose tab is selected, checked against its panel: the only one shown. */
async function expectLanguage(page: Page, label: string): Promise<void> {
  const samples = page.locator('.api-code-samples');
  const tab = samples.getByRole('tab', {name: label, exact: true});
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(samples.locator('[role="tab"][aria-selected="true"]')).toHaveCount(1);
  // Roving tabindex: only the selected tab is in the Tab order.
  await expect(samples.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await expect(tab).toHaveAttribute('tabindex', '0');
  const panelId = await tab.getAttribute('aria-controls');
  const panel = samples.locator(`[role="tabpanel"][id="${panelId}"]`);
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id'))!);
  await expect(samples.locator('[role="tabpanel"]:not([hidden])')).toHaveCount(1);
}

test.describe('API reference', () => {
  test('an operation page shows method, path, sections and code samples with copy buttons', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({width: 1280, height: 900});
    // Every language's panel is in the server HTML; React must adopt it without a mismatch.
    const hydrationErrors = hydrationErrorsOf(page);
    await countRemovedPanels(page);
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    const endpoint = page.locator('.api-endpoint');
    await expect(endpoint).toContainText('POST');
    await expect(endpoint).toContainText('/core/virtual-machines');
    for (const section of ['Authentication', 'Request body', 'Responses', 'Code samples']) {
      await expect(page.locator('.table-of-contents')).toContainText(section);
    }
    await expect(page.locator('details.api-schema-details, details').first()).toBeAttached();

    const tabs = page.locator('.api-code-samples [role="tab"]');
    await expect(tabs).toHaveText(['curl', 'Python', 'Go', 'JavaScript']);
    await tabs.nth(1).click();
    const python = page.locator('[role="tabpanel"]:visible pre').filter({hasText: 'import requests'});
    await expect(python).toBeVisible();
    const block = python.locator('xpath=ancestor::div[contains(@class, "theme-code-block")]');
    await block.hover();
    await block.getByRole('button', {name: /copy/i}).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('os.environ["API_KEY"]');
    expect(hydrationErrors).toEqual([]);
    expect(await removedPanels(page)).toBe(0);
  });

  test('from 1280 px the samples and response examples stand beside the reference, sticky; below, one column', async ({page}) => {
    await page.setViewportSize({width: 1440, height: 900});
    // Layout shifts from the first byte: the columns must be there before the first paint.
    await page.addInitScript(() => {
      const state = window as unknown as {shifts: string[]; shift: number};
      state.shift = 0;
      state.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {value: number; hadRecentInput: boolean; sources?: {node?: Node}[]})[]) {
          if (entry.hadRecentInput) continue;
          state.shift += entry.value;
          state.shifts.push(`${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${(entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.className : source.node?.nodeName)).join(', ')}`);
        }
      }).observe({type: 'layout-shift', buffered: true});
    });
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    // Loaded and hydrated: nothing of the page has moved since its first paint.
    const {shift, shifts} = await page.evaluate(() => {
      const state = window as unknown as {shift: number; shifts: string[]};
      return {shift: state.shift, shifts: state.shifts};
    });
    expect(shift, shifts.join('\n')).toBeLessThan(0.01);
    const aside = page.locator('.theme-doc-markdown > .api-aside');
    const title = page.locator('.theme-doc-markdown h1');
    const [asideBox, titleBox] = [await aside.boundingBox(), await title.boundingBox()];
    expect(asideBox!.x).toBeGreaterThan(titleBox!.x + 300);
    expect(asideBox!.y).toBeLessThan(titleBox!.y + titleBox!.height + 40);
    await expect(page.locator('.theme-doc-toc-desktop')).toBeHidden();
    // One tab per documented status with an example, the first shown.
    const statuses = aside.locator('.api-response-examples [role="tab"]');
    await expect(statuses.first()).toHaveText('202');
    expect(await statuses.count()).toBeGreaterThan(3);
    await expect(aside.locator('.api-response-examples [role="tabpanel"]:visible')).toContainText('"CREATING"');
    await statuses.nth(1).click();
    await expect(statuses.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(aside.locator('.api-response-examples [role="tabpanel"]:visible')).toContainText('"error"');
    // The language tabs are untouched by a status pick.
    await expectLanguage(page, 'curl');
    // Sticky: deep in the reference, the samples are still in view.
    await page.getByRole('heading', {name: 'Error codes'}).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await aside.boundingBox())!.y).toBeLessThan(200);
    await expect(aside.locator('.api-code-samples [role="tabpanel"]:visible')).toBeInViewport();

    await page.setViewportSize({width: 390, height: 844});
    await page.reload();
    await waitForHydration(page);
    const [phoneAside, responses] = [await aside.boundingBox(), await page.getByRole('heading', {name: 'Responses'}).boundingBox()];
    expect(phoneAside!.y).toBeGreaterThan(responses!.y);
    expect(Math.abs(phoneAside!.x - responses!.x)).toBeLessThan(2);
    // On a phone the examples follow the reference, in the same tabs: the page has one copy.
    await expect(aside.locator('.api-response-examples [role="tabpanel"]:visible')).toContainText('"CREATING"');
    await expect(page.locator('.theme-doc-markdown pre', {hasText: '"CREATING"'})).toHaveCount(1);
  });

  test('from 1280 px the reference takes its column before the aside has arrived', async ({page}) => {
    // A browser may paint a long page before it has parsed the end of it, where the aside is.
    // Served the page cut just before the aside, the reference must already stand in its
    // column, as wide as on the whole page: nothing moves when the rest arrives.
    await page.setViewportSize({width: 1440, height: 900});
    const width = async () => (await page.locator('.theme-doc-markdown > .api-endpoint').boundingBox())!.width;
    await page.goto(OPERATION_PAGE);
    const whole = await width();
    await page.route(`**${OPERATION_PAGE}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const cut = html.search(/<div class="?api-aside\b/);
      expect(cut, 'the page has an aside').toBeGreaterThan(0);
      const headers = {...response.headers()};
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({response, headers, body: html.slice(0, cut)});
    });
    // No script: the app would render the missing part itself.
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('.api-aside')).toHaveCount(0);
    expect(await width()).toBeCloseTo(whole, 0);
    expect(whole).toBeLessThan(700);
  });

  test('the code sample tabs follow the arrow, Home and End keys', async ({page}) => {
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    await expectLanguage(page, 'curl');
    const tabs = page.locator('.api-code-samples [role="tab"]');
    await tabs.first().focus();
    const steps: [string, string][] = [
      ['ArrowRight', 'Python'],
      ['ArrowRight', 'Go'],
      ['ArrowLeft', 'Python'],
      ['End', 'JavaScript'],
      ['ArrowRight', 'curl'],
      ['ArrowLeft', 'JavaScript'],
      ['Home', 'curl'],
    ];
    for (const [key, label] of steps) {
      await page.keyboard.press(key);
      await expectLanguage(page, label);
      await expect(page.getByRole('tab', {name: label, exact: true})).toBeFocused();
    }
    // Tab leaves the tab list for the panel's content rather than visiting the other tabs.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).not.toHaveAttribute('role', 'tab');
  });

  test('the picked language is remembered on the next pages, without remounting the samples', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    const hydrationErrors = hydrationErrorsOf(page);
    await countRemovedPanels(page);
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    await page.locator('.api-code-samples').getByRole('tab', {name: 'Go'}).click();
    await expectLanguage(page, 'Go');
    expect(await page.evaluate(() => localStorage.getItem('api-sample-language'))).toBe('go');

    // A client-side navigation shows the remembered language right away.
    await page.locator('aside').getByRole('link', {name: 'List', exact: true}).click();
    await expect(page).toHaveURL(new RegExp(`${OTHER_OPERATION_PAGE}$`));
    // The address changes before the new page replaces the old one (its chunks load first):
    // its samples are checked once its heading is on screen, not the old page's on the way out.
    await expect(page.getByRole('heading', {level: 1})).toHaveText('List virtual machines');
    await expectLanguage(page, 'Go');

    // So does a full page load: the server HTML shows curl, hydration switches to Go.
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    await expectLanguage(page, 'Go');
    await expect(page.locator('.api-code-samples [role="tabpanel"]:visible pre')).toContainText('package main');
    expect(await removedPanels(page)).toBe(0);
    expect(hydrationErrors).toEqual([]);
  });

  test('a page load with no remembered language leaves the server-rendered tabs and panels as they are', async ({page}) => {
    // Every attribute written on a tab set's elements, same value or not, from the first byte on.
    await page.addInitScript(() => {
      const state = window as unknown as {tabWrites: string[]};
      state.tabWrites = [];
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (target.closest('.api-code-samples, .api-response-examples')) state.tabWrites.push(`${target.getAttribute('role')} ${record.attributeName}`);
        }
      }).observe(document, {subtree: true, attributes: true});
    });
    const tabWrites = () => page.evaluate(() => (window as unknown as {tabWrites: string[]}).tabWrites);
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    // The body's tabs are wired (the island marks it) and show the first language.
    await expect(page.locator('[data-body="server"]')).toHaveCount(1);
    await expectLanguage(page, 'curl');
    expect(await tabWrites()).toEqual([]);
    // The observer does see a switch.
    await page.locator('.api-code-samples').getByRole('tab', {name: 'Go'}).click();
    await expectLanguage(page, 'Go');
    expect(await tabWrites()).toEqual(expect.arrayContaining(['tab aria-selected', 'tabpanel hidden']));
  });

  test('the code sample tabs still switch when storage throws', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    await expectLanguage(page, 'curl');
    await page.locator('.api-code-samples').getByRole('tab', {name: 'JavaScript'}).click();
    await expectLanguage(page, 'JavaScript');
    expect(pageErrors).toEqual([]);
  });

  test('a shared schema links to the one page that writes it out, which opens it', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await page.goto(OPERATION_PAGE);
    await waitForHydration(page);
    // The create page's response holds the VM object, which another page writes out.
    await page.locator('details.api-schema-details > summary', {hasText: /^202 response fields$/}).click();
    const shared = page.locator('details.api-schema-details:not([id])', {has: page.locator(':scope > summary', {hasText: /^VirtualMachine object$/})}).first();
    await expect(shared).not.toHaveAttribute('open', '');
    await shared.locator(':scope > summary').click();
    const link = shared.getByRole('link', {name: 'the VirtualMachine object'});
    await expect(link).toHaveAttribute('href', /^\/docs\/api-reference\/.+#schema-virtualmachine$/);
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const target = page.locator('details#schema-virtualmachine');
    await expect(target).toHaveAttribute('open', '');
    await expect(target.locator(':scope > summary')).toHaveText('VirtualMachine object');
    await expect(target).toBeInViewport();

    // A full load of the link opens it too.
    await page.goto(href);
    await waitForHydration(page);
    await expect(page.locator('details#schema-virtualmachine')).toHaveAttribute('open', '');
  });

  test.describe('without JavaScript', () => {
    test.use({javaScriptEnabled: false});

    test('an operation page holds the code samples of all four languages', async ({page}) => {
      await page.goto(OPERATION_PAGE);
      const samples = page.locator('.api-code-samples');
      await expect(samples.locator('[role="tab"]')).toHaveText(['curl', 'Python', 'Go', 'JavaScript']);
      // Hidden panels still count: the server HTML is what search crawlers index.
      const panels = samples.locator('[role="tabpanel"]');
      await expect(panels).toHaveCount(4);
      // curl is shown; the others are in the HTML, hidden.
      await expect(panels.nth(0)).toBeVisible();
      for (const i of [1, 2, 3]) await expect(panels.nth(i)).toHaveAttribute('hidden', '');
      const code = await panels.locator('pre').allTextContents();
      expect(code[0]).toContain('curl');
      expect(code[1]).toContain('import requests');
      expect(code[2]).toContain('package main');
      expect(code[3]).toContain('fetch(');
    });
  });

  test('the spec is published as YAML and JSON', async ({request}) => {
    const yaml = await request.get('/openapi.yaml');
    expect(yaml.status()).toBe(200);
    expect(await yaml.text()).toContain('openapi: 3.1.0');
    const json = await request.get('/openapi.json');
    const spec = await json.json();
    expect(Object.keys(spec.paths).length).toBeGreaterThan(50);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`an operation page (${theme}) has no serious or critical accessibility violations`, async ({page}) => {
      await page.goto(`${OPERATION_PAGE}?docusaurus-theme=${theme}`);
      await waitForHydration(page);
      const violations = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    });
  }
});
