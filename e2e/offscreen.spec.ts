import {expect, test, type Page} from '@playwright/test';
import {nextFrames, waitForHydration} from './helpers';

// plugins/offscreen-blocks: far blocks of a long page are laid out only near the screen,
// and wherever the reader is put at a place in the page, the place is found over the real
// layout. A heading the reader is sent to rests at its scroll margin below the top.
const GUIDE = '/docs/libraries/javascript';
const body = '.theme-doc-markdown';

/** The id of a heading about two thirds down the page, far below the first screen. */
async function farHeading(page: Page): Promise<string> {
  const ids = await page.locator(`${body} h2[id]`).evaluateAll((headings) => headings.map((heading) => heading.id));
  expect(ids.length).toBeGreaterThan(4);
  return ids[Math.floor(ids.length * 0.66)];
}

/** How far the heading's top is from where scrolling to it should leave it. */
async function offsetFromItsPlace(page: Page, id: string): Promise<number> {
  await nextFrames(page, 3);
  return page.evaluate((target) => {
    const heading = document.getElementById(target)!;
    return heading.getBoundingClientRect().top - parseFloat(getComputedStyle(heading).scrollMarginTop);
  }, id);
}

const fullLayout = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-full-layout'));

test.describe('a long page', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('opened at its top lays out only the blocks near the screen', async ({page}) => {
    await page.goto(GUIDE);
    await waitForHydration(page);
    expect(await fullLayout(page)).toBe(false);
    const skipped = await page.locator(`${body} > *`).evaluateAll((blocks) =>
      blocks.map((block) => (block.firstElementChild ? !block.firstElementChild.checkVisibility({contentVisibilityAuto: true}) : null)),
    );
    // The first blocks are on screen and drawn; most of a long page is not.
    expect(skipped.slice(0, 3)).not.toContain(true);
    expect(skipped.filter((s) => s === true).length).toBeGreaterThan(skipped.length / 2);
    // Find in page and assistive technology still reach a far block's text.
    const last = page.locator(`${body} > p`).last();
    await expect(last).toHaveText(/\w+/);
  });

  test('opened at a heading far down lands on it', async ({page}) => {
    await page.goto(GUIDE);
    const id = await farHeading(page);
    await page.goto('about:blank');
    await page.goto(`${GUIDE}#${id}`);
    await waitForHydration(page);
    expect(await fullLayout(page)).toBe(true);
    expect(Math.abs(await offsetFromItsPlace(page, id))).toBeLessThan(2);
  });

  test('lands a link to a far heading on it', async ({page}) => {
    await page.goto(GUIDE);
    await waitForHydration(page);
    const id = await farHeading(page);
    // The table of contents of a phone-sized page folds at the top: open it, then follow the link.
    await page.locator('.theme-doc-toc-mobile button').click();
    const link = page.locator(`.theme-doc-toc-mobile a[href="#${id}"]`);
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    expect(await fullLayout(page)).toBe(true);
    expect(Math.abs(await offsetFromItsPlace(page, id))).toBeLessThan(2);
  });

  test('reloaded, keeps the reader at the place they had scrolled to', async ({page}) => {
    await page.goto(GUIDE);
    await waitForHydration(page);
    const id = await farHeading(page);
    // Scroll down as a reader does, a wheel turn at a time, until the heading is on screen.
    const heading = page.locator(`[id="${id}"]`);
    while ((await heading.evaluate((element) => element.getBoundingClientRect().top)) > 300) {
      await page.mouse.wheel(0, 700);
      await nextFrames(page);
    }
    const before = await heading.evaluate((element) => element.getBoundingClientRect().top);
    await page.reload();
    await waitForHydration(page);
    expect(await fullLayout(page)).toBe(true);
    // The browser restores the scroll position once the page is long enough to hold it.
    await page.waitForFunction(() => window.scrollY > 0);
    await nextFrames(page, 3);
    const after = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(after - before)).toBeLessThan(2);
  });
});

test.describe('the first screen of a page', () => {
  // The pages whose first screen reaches furthest into the body, at each size.
  for (const {width, height, route} of [
    {width: 412, height: 823, route: '/docs/ai-studio'},
    {width: 1920, height: 1200, route: '/docs/api-reference/auth-resources/api-key/delete'},
  ]) {
    test(`is laid out in full and never shifts (${route} at ${width} x ${height})`, async ({browser}) => {
      const page = await browser.newPage({viewport: {width, height}});
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as {shifts: number[]}).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as unknown as {value: number}).value);
        }).observe({type: 'layout-shift', buffered: true});
      });
      await page.goto(route);
      await waitForHydration(page);
      await nextFrames(page, 3);
      const onScreenSkipped = await page.locator(`${body} > *`).evaluateAll((blocks) =>
        blocks.filter((block) => block.getBoundingClientRect().top < innerHeight && block.firstElementChild && !block.firstElementChild.checkVisibility({contentVisibilityAuto: true})).length,
      );
      expect(onScreenSkipped).toBe(0);
      expect(await page.evaluate(() => (window as unknown as {shifts: number[]}).shifts)).toEqual([]);
      await page.close();
    });
  }
});
