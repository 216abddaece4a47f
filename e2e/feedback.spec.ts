/**
 * "Was this page helpful?": answered with JavaScript (the follow-up on the same page) and
 * without (a plain form post and a redirect to the thanks note), read back from the
 * insights report of the host; accessible in both colour modes.
 */
import {expect, test, type Page} from '@playwright/test';
import {axeViolations, nextFrames, waitForHydration} from './helpers';
import {E2E_INSIGHTS_TOKEN} from '../playwright.config';

async function report(page: Page, query: string): Promise<{report: {pages: {path: string; yes: number; no: number}[]; comments: {path: string; comment: string; reasons: string[]}[]}}> {
  const res = await page.request.get(`/insights/report.json?since=1d&${query}`, {headers: {authorization: `Bearer ${E2E_INSIGHTS_TOKEN}`}});
  expect(res.status()).toBe(200);
  return res.json();
}

/** Scrolls the form into view and waits for what it announces: enhanced (data-feedback-ready). */
async function reachForm(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.locator('#page-feedback').scrollIntoViewIfNeeded();
  await expect(page.locator('#page-feedback')).toHaveAttribute('data-feedback-ready', 'true');
}

test.describe('page feedback', () => {
  test('a reader answers No, says why, and the team reads it for that host', async ({page}) => {
    const route = '/docs/storage/ephemeral';
    await page.goto(route);
    await reachForm(page);
    const form = page.locator('#page-feedback');
    await form.getByRole('button', {name: 'No'}).click();
    await expect(form).toHaveAttribute('data-feedback', 'detail');
    await expect(form.getByRole('status')).toHaveText('Thank you. What was wrong? (optional)');
    await expect(page.locator('#feedback-thanks')).toBeHidden();
    await expect(form.getByRole('button', {name: 'Yes'})).toBeHidden();
    // The follow-up has the focus, on its first reason.
    await expect(form.getByRole('checkbox', {name: 'Something is wrong or out of date'})).toBeFocused();
    await form.getByRole('checkbox', {name: 'A code sample does not work'}).check();
    const comment = `The mount sample fails on a fresh VM <b>${Date.now()}</b>`;
    await form.getByLabel('Comment').fill(comment);
    await form.getByRole('button', {name: 'Send'}).click();
    await expect(form).toHaveAttribute('data-feedback', 'sent');
    await expect(form.getByRole('status')).toHaveText('Thank you for your feedback.');

    const {report: r} = await report(page, 'host=localhost');
    expect(r.comments.find((c) => c.comment === comment)).toMatchObject({path: route, reasons: ['sample-broken']});

    // One answer a day: the same page, loaded again, says so instead of asking.
    await page.reload();
    await reachForm(page);
    await expect(form).toHaveAttribute('data-feedback', 'answered');
    await expect(form.getByRole('button', {name: 'Yes'})).toBeHidden();
  });

  test('without JavaScript the form posts itself and the reader lands on the thanks note', async ({browser, baseURL}) => {
    const context = await browser.newContext({baseURL, javaScriptEnabled: false});
    const page = await context.newPage();
    try {
      const route = '/docs/intro';
      await page.goto(route);
      const form = page.locator('#page-feedback');
      await expect(form).toBeVisible();
      // The thanks note waits for the answer; the Send button belongs to the follow-up of the enhanced form.
      await expect(page.locator('#feedback-thanks')).toBeHidden();
      await form.getByText('Tell us more (optional)').click();
      await expect(form.getByRole('button', {name: 'Send'})).toBeHidden();
      const comment = `No script here ${Date.now()}`;
      await form.getByLabel('Comment').fill(comment);
      await form.getByRole('button', {name: 'Yes'}).click();
      await expect(page).toHaveURL(new RegExp(`${route}#feedback-thanks$`));
      await expect(page.locator('#feedback-thanks')).toBeVisible();
      const {report: r} = await report(page, 'host=localhost');
      expect(r.comments.find((c) => c.comment === comment)).toMatchObject({path: route, reasons: []});
    } finally {
      await context.close();
    }
  });

  test('an API operation page asks too, and the form passes axe in both colour modes', async ({page}) => {
    await page.goto('/docs/api-reference/core-resources/virtual-machines/manage/hibernate');
    await reachForm(page);
    const form = page.locator('#page-feedback');
    await form.getByText('Tell us more (optional)').click();
    for (const mode of ['light', 'dark']) {
      await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
      await nextFrames(page);
      const violations = (await axeViolations(page)).filter((v) => v.nodes.some((n) => n.target.some((t) => String(t).includes('page-feedback'))));
      expect(violations, `${mode} mode`).toEqual([]);
    }
  });
});

test.describe('the insights dashboard', () => {
  test('signs in with the team token, shows a comment as typed, and passes axe in both colour modes', async ({page, baseURL}) => {
    // An answer whose comment holds markup: the dashboard must show it as text.
    const typed = `<img src=x onerror=alert(1)> dashboard ${Date.now()}`;
    const post = await page.request.post('/insights/feedback', {
      headers: {origin: new URL(baseURL!).origin, 'content-type': 'application/json'},
      data: {path: '/docs/intro', helpful: false, reasons: ['inaccurate'], comment: typed},
    });
    expect(post.status()).toBe(202);
    await page.goto('/insights');
    await expect(page.locator('html')).toHaveAttribute('data-insights', 'signed-out');
    await page.getByLabel('Insights token').fill('not-the-token-0123456789abcdef');
    await page.getByRole('button', {name: 'Sign in'}).click();
    await expect(page.getByRole('status')).toHaveText('That token reads no insights. Check it and sign in again.');
    await page.getByLabel('Insights token').fill(E2E_INSIGHTS_TOKEN);
    await page.getByRole('button', {name: 'Sign in'}).click();
    await expect(page.locator('html')).toHaveAttribute('data-insights', 'ready');
    const comments = page.locator('#comments-table');
    await expect(comments.getByRole('cell', {name: typed, exact: true})).toBeVisible();
    expect(await comments.locator('img').count()).toBe(0);
    await expect(page.locator('#days-plot canvas')).toHaveCount(1);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({colorScheme: scheme});
      await nextFrames(page);
      expect(await axeViolations(page), `${scheme} mode`).toEqual([]);
    }
    const download = page.waitForEvent('download');
    await page.locator('button.csv[data-table="comments"]').click();
    expect((await download).suggestedFilename()).toMatch(/^insights-comments-.*\.csv$/);
  });
});

test.describe('search insights', () => {
  test('a search with no results on /search reaches the report once the reader leaves the page', async ({page}) => {
    const query = `zebra quasar ${Date.now() % 100000}`;
    // The server's word on insights is held back until the page is gone, as on a slow
    // network: the batch must not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/insights/status', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.locator('main[data-results-state]')).toHaveAttribute('data-results-state', 'ready', {timeout: 90_000});
    await expect(page.getByText(`No results for "${query}"`)).toBeVisible();
    // The page holds the query for its next batch; leaving the page sends it (pagehide).
    await expect(page.locator('html')).toHaveAttribute('data-search-insights', 'pending');
    await page.goto('/docs/intro');
    release();
    await expect
      .poll(async () => (await report(page, 'host=localhost')).report as unknown as {noResults: {query: string; searches: number}[]}, {timeout: 30_000})
      .toMatchObject({noResults: expect.arrayContaining([{query, searches: 1}])});
  });
});
