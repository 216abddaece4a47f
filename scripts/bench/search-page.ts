/**
 * How long a reader waits for search results in the browser, against the site served by
 * our server: on the /search page, from navigation to the first result shown (a fresh
 * browser context each load, so nothing is cached); in the modal, from the first
 * keystroke to the first hit (also cold: the records load when the reader reaches for
 * search). Medians of several loads per term, measured in the same run.
 */
import {chromium, type Browser, type CDPSession, type Page} from 'playwright-core';
import {chromeFlags, chromePath as defaultChromePath} from './common';
import {cpuSlowdownFromEnv} from './lighthouse';

const LOADS = 5;

/** The page's DevTools session, its CPU slowed down `rate` times (1: not at all). */
async function slowDown(page: Page, rate: number): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  if (rate !== 1) await session.send('Emulation.setCPUThrottlingRate', {rate});
  return session;
}
/** Terms of different reach: many pages, a few, one section's. */
export const SEARCH_PAGE_TERMS = ['volume', 'snapshot', 'hibernate', 'firewall rule'];

export interface SearchPageTimes {
  term: string;
  /** Navigation start to the first result on /search?q=term. */
  pageFirstResultMs: number;
  /** The index starting to load (the /search page's early script's worker, or the app's client) to the first result. */
  pageAfterClientMs: number;
  /** First keystroke to the first hit in the modal (typing the whole term). */
  modalFirstHitMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface PageLoad {
  first: number;
  afterClient: number;
}

/**
 * The page's figures, read over the DevTools protocol once the page has them. Playwright's
 * own waits (`waitForFunction`, locators) first inject its script into the page: on the
 * /search page that landed before the first result and took 70-130 ms of the page's thread
 * at 8x, a cost no reader's browser has. A bare `Runtime.evaluate` of a promise does not.
 */
async function whenPageSays<T>(session: CDPSession, expression: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        session.send('Runtime.evaluate', {expression, awaitPromise: true, returnByValue: true}),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`The page did not answer within ${timeoutMs} ms: ${expression}`)), Math.max(0, deadline - Date.now())))),
      ]);
      if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
      return answer.result.value as T;
    } catch (error) {
      // Asked in the document the navigation replaced: ask the new one.
      if (!/context was destroyed|Cannot find context/i.test(String(error)) || Date.now() > deadline) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

async function pageLoad(browser: Browser, baseUrl: string, term: string, rate: number): Promise<PageLoad> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await slowDown(page, rate);
  // A string, not a function, so the TypeScript runner adds no helpers the page lacks.
  await page.addInitScript(`(() => {
    let shown;
    window.__firstResult = new Promise((resolve) => (shown = resolve));
    const check = () => {
      if (window.__clientAt === undefined && document.documentElement.getAttribute('data-search-index')) window.__clientAt = performance.now();
      if (document.querySelector('article h2 a')) shown({first: performance.now(), client: window.__clientAt ?? null});
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
  await page.goto(`${baseUrl}/search?q=${encodeURIComponent(term)}`, {waitUntil: 'commit'});
  // Polled by the page itself, in case it is asked before the new document has run the script above.
  const expression = 'new Promise((resolve) => { const ask = () => (window.__firstResult ? window.__firstResult.then(resolve) : setTimeout(ask, 20)); ask(); })';
  const {first, client} = await whenPageSays<{first: number; client: number | null}>(session, expression, 30_000);
  await context.close();
  return {first, afterClient: client === null ? NaN : first - client};
}

/**
 * Opens the modal on a page that has hydrated, types `query` and waits for the first hit:
 * the page's clock at the first keystroke and when the first hit showed.
 */
export async function typeUntilFirstHit(page: Page, query: string, timeout = 30_000): Promise<{typedAt: number; hitAt: number}> {
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').waitFor({timeout: 30_000});
  await page.evaluate(`(() => {
    window.__typedAt = undefined;
    const input = document.querySelector('.DocSearch-Input');
    input.addEventListener('keydown', () => { if (window.__typedAt === undefined) window.__typedAt = performance.now(); }, {capture: true});
    const check = () => {
      if (document.querySelector('.DocSearch-Hit')) window.__hitAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
  await page.keyboard.type(query);
  await page.waitForFunction(() => (window as unknown as {__hitAt?: number}).__hitAt !== undefined, null, {timeout});
  return page.evaluate(() => {
    const w = window as unknown as {__hitAt: number; __typedAt: number};
    return {typedAt: w.__typedAt, hitAt: w.__hitAt};
  });
}

async function modalLoad(browser: Browser, baseUrl: string, term: string, rate: number): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await slowDown(page, rate);
  await page.goto(`${baseUrl}/docs/intro`);
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', null, {timeout: 30_000});
  const {typedAt, hitAt} = await typeUntilFirstHit(page, term);
  await context.close();
  return hitAt - typedAt;
}

/** `BENCH_CPU_SLOWDOWN=N` runs the browser N times slower (DevTools' CPU throttling), to stand in for a slower machine; unset, no slowdown. */
export async function benchSearchPage(baseUrl: string, terms: string[], chromePath: string, rate = cpuSlowdownFromEnv() ?? 1): Promise<SearchPageTimes[]> {
  const browser = await chromium.launch({executablePath: chromePath, args: chromeFlags});
  try {
    const out: SearchPageTimes[] = [];
    for (const term of terms) {
      const page: PageLoad[] = [];
      const modal: number[] = [];
      // Interleaved, so a busy moment of the machine falls on both.
      for (let i = 0; i < LOADS; i += 1) {
        page.push(await pageLoad(browser, baseUrl, term, rate));
        modal.push(await modalLoad(browser, baseUrl, term, rate));
      }
      out.push({
        term,
        pageFirstResultMs: median(page.map((p) => p.first)),
        pageAfterClientMs: median(page.map((p) => p.afterClient)),
        modalFirstHitMs: median(modal),
      });
    }
    return out;
  } finally {
    await browser.close();
  }
}

/** What `compareSearchPages` times: the /search page's first result, or the modal's first hit. */
export type SearchMeasure = 'page' | 'modal';

/**
 * The /search page's first result (or, with `measure` 'modal', the modal's first hit from
 * the first keystroke) on two sites (a change and its baseline, each served on its own
 * port), one load of each per term and round, alternating which goes first: on a noisy
 * machine a busy moment then falls on both. Medians per term and of all loads.
 */
export async function compareSearchPages(urls: [string, string], terms: string[], chromePath: string, rounds: number, rate = cpuSlowdownFromEnv() ?? 1, measure: SearchMeasure = 'page') {
  const browser = await chromium.launch({executablePath: chromePath, args: chromeFlags});
  try {
    const loads = terms.map(() => [[] as number[], [] as number[]]);
    for (let round = 0; round < rounds; round += 1) {
      for (const [t, term] of terms.entries()) {
        for (const site of round % 2 ? [1, 0] : [0, 1]) {
          loads[t][site].push(measure === 'modal' ? await modalLoad(browser, urls[site], term, rate) : (await pageLoad(browser, urls[site], term, rate)).first);
        }
      }
    }
    const all = [0, 1].map((site) => median(loads.flatMap((byTerm) => byTerm[site])));
    return {
      terms: terms.map((term, t) => ({term, [urls[0]]: median(loads[t][0]), [urls[1]]: median(loads[t][1])})),
      all: {[urls[0]]: all[0], [urls[1]]: all[1], ratio: all[1] / all[0]},
    };
  } finally {
    await browser.close();
  }
}

// `npx tsx scripts/bench/search-page.ts http://localhost:3000` measures a running site alone;
// with a second address, the first result on both, alternating (`BENCH_ROUNDS`, default 8);
// `BENCH_SEARCH_MEASURE=modal` compares the modal's first hit instead.
if (process.argv[1]?.endsWith('search-page.ts')) {
  const [baseUrl = 'http://localhost:3000', otherUrl] = process.argv.slice(2);
  const measure = process.env.BENCH_SEARCH_MEASURE ?? 'page';
  if (measure !== 'page' && measure !== 'modal') throw new Error(`BENCH_SEARCH_MEASURE is "page" or "modal", not "${measure}".`);
  const done = otherUrl
    ? compareSearchPages([baseUrl, otherUrl], SEARCH_PAGE_TERMS, defaultChromePath, Number(process.env.BENCH_ROUNDS ?? 8), cpuSlowdownFromEnv() ?? 1, measure).then(({terms, all}) => {
        console.table(terms);
        console.log(`all loads, median: ${Math.round(all[baseUrl])} ms and ${Math.round(all[otherUrl])} ms (${all.ratio.toFixed(2)}x)`);
      })
    : benchSearchPage(baseUrl, SEARCH_PAGE_TERMS, defaultChromePath).then((times) => console.table(times));
  done.catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
