/**
 * Time from navigation to a branded navbar (the logo visible with the brand's name
 * as its alt text; on a repeat visit the partner's header links follow at hydration),
 * with the partner-config API delayed by 300 ms: the default host, a partner host's
 * first visit and its repeat visit (cache warm).
 */
import {chromium, type BrowserContext} from 'playwright-core';
import {DEFAULT_BRAND} from '../../src/branding/defaults';
import {chromeFlags, chromePath} from './common';

const API_DELAY_MS = 300;

export interface BrandingTimes {
  defaultHost: number;
  partnerFirst: number;
  partnerRepeat: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Milliseconds after navigation start at which the navbar first showed `name`. */
async function timeToBrandedNavbar(context: BrowserContext, url: string, name: string): Promise<number> {
  const page = await context.newPage();
  // A string, not a function: the TypeScript runner would wrap a function's inner
  // closures in helpers that do not exist in the page.
  await page.addInitScript(`(() => {
    const expected = ${JSON.stringify(name)};
    const check = () => {
      const img = document.querySelector('.navbar__brand img');
      const shown = img && img.alt === expected && img.complete && getComputedStyle(img).visibility !== 'hidden' && img.getBoundingClientRect().width > 0;
      if (shown) window.__brandedAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as {__brandedAt?: number}).__brandedAt !== undefined, null, {timeout: 15_000});
  const at = await page.evaluate(() => (window as unknown as {__brandedAt: number}).__brandedAt);
  await page.close();
  return at;
}

/** `origin` serves the site and the partner API; `partnerHost` is a host with a partner file. */
export async function benchBrandingTimes(origin: string, partnerHost: string, partnerName: string, runs = 5): Promise<BrandingTimes> {
  const browser = await chromium.launch({executablePath: chromePath, args: chromeFlags});
  const partnerUrl = new URL('/docs/intro', origin);
  partnerUrl.hostname = partnerHost;
  const times: Record<keyof BrandingTimes, number[]> = {defaultHost: [], partnerFirst: [], partnerRepeat: []};
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({viewport: {width: 412, height: 823}});
      await context.route('**/v1/auth/partner-config/docs?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
        await route.continue();
      });
      times.defaultHost.push(await timeToBrandedNavbar(context, new URL('/docs/intro', origin).toString(), DEFAULT_BRAND.name));
      times.partnerFirst.push(await timeToBrandedNavbar(context, partnerUrl.toString(), partnerName));
      times.partnerRepeat.push(await timeToBrandedNavbar(context, partnerUrl.toString(), partnerName));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {defaultHost: median(times.defaultHost), partnerFirst: median(times.partnerFirst), partnerRepeat: median(times.partnerRepeat)};
}
