// What a reader of a page can see or follow, as the white-label checks read it: the crawl of
// every page on a partner host (white-label.spec.ts) and on the default host (done by the
// accessibility crawl, which loads every page there anyway).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';

/** What the reader can see or follow (visible text, every code block's text (hidden tabs too), link targets, visible images), and the head's URLs. */
export async function readerView(page: Page): Promise<string[]> {
  const body = await page.evaluate(() => {
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    return [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('pre'), (pre) => pre.textContent ?? ''),
      ...Array.from(document.querySelectorAll('a[href]'), (a) => `href ${a.getAttribute('href')}`),
      ...Array.from(document.querySelectorAll('img'))
        .filter(visible)
        .map((img) => `img ${img.getAttribute('alt')} ${img.getAttribute('src')}`),
      `title ${document.title}`,
    ];
  });
  return [...body, ...(await page.evaluate(headUrls))];
}

/** The head's URLs React manages: canonical link, og:url, hreflang alternates, JSON-LD (run in the page). */
export function headUrls(): string[] {
  return [
    ...Array.from(document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]'), (link) => `head ${link.getAttribute('href')}`),
    ...Array.from(document.head.querySelectorAll('meta[property="og:url"], meta[property="og:site_name"]'), (meta) => `head ${meta.getAttribute('content')}`),
    ...Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'), (script) => `head ${script.textContent}`),
  ];
}

/**
 * The values of `forbidden` on screen at this moment (case-insensitive): the visible text,
 * code included, and nothing hidden (while a partner's brand is being looked up, the
 * default brand's values are in the page but hidden).
 */
export async function forbiddenVisible(page: Page, forbidden: readonly string[]): Promise<string[]> {
  const view = await page.evaluate(() =>
    [document.body.innerText, ...Array.from(document.querySelectorAll('pre'), (pre) => (pre.checkVisibility({visibilityProperty: true}) ? pre.innerText : ''))].join('\n').toLowerCase(),
  );
  return forbidden.filter((value) => view.includes(value.toLowerCase()));
}

/** The values of `forbidden` the reader of the page as it stands could see (case-insensitive). */
export async function forbiddenSeen(page: Page, forbidden: readonly string[]): Promise<string[]> {
  const view = (await readerView(page)).join('\n').toLowerCase();
  return forbidden.filter((value) => view.includes(value.toLowerCase()));
}

/**
 * A partner that sets every field content can show: the server's demo partner file for
 * initech.localhost (without its `domains`), which is also what tests that hold the
 * partner-config API back answer with.
 */
export const initech = (({domains: _domains, ...config}) => config)(
  JSON.parse(readFileSync(path.resolve(__dirname, '..', 'partners', 'initech.json'), 'utf8')) as {domains: string[]; name: string} & Record<string, unknown>,
);

/** What of a partner's brand the default host's readers may not see. */
export const PARTNER_VALUES = [initech.name, 'initech.example'];
