import {expect, test} from '@playwright/test';
import {axeViolations, waitForHydration} from './helpers';

const OPERATION_PAGE = '/docs/api-reference/core-resources/virtual-machines/vm-core/create';

test.describe('API reference', () => {
  test('an operation page shows method, path, sections and code samples with copy buttons', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({width: 1280, height: 900});
    // Every language's panel is in the server HTML; React must adopt it without a mismatch
    // (Docusaurus logs hydration mismatches through onRecoverableError).
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /onRecoverableError|hydrat|Minified React error #(418|419|422|423|425)/i.test(message.text())) hydrationErrors.push(message.text());
    });
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
  });

  test.describe('without JavaScript', () => {
    test.use({javaScriptEnabled: false});

    test('an operation page holds the code samples of all four languages', async ({page}) => {
      await page.goto(OPERATION_PAGE);
      const samples = page.locator('.api-code-samples');
      await expect(samples.locator('[role="tab"]')).toHaveText(['curl', 'Python', 'Go', 'JavaScript']);
      // Hidden panels still count: the server HTML is what search crawlers index.
      const panels = samples.locator('xpath=following-sibling::div').locator('[role="tabpanel"]');
      await expect(panels).toHaveCount(4);
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
