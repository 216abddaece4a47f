// What a reader of a page can see or follow, as the white-label checks read it: the crawl of
// every page on a partner host (white-label.spec.ts) and on the default host (done by the
// accessibility crawl, which loads every page there anyway).
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

/** A partner that sets every field content can show; its API answer is mocked by the tests. */
export const initech = {
  name: 'Initech GPU',
  theme: 'zinc',
  colors: {primary: {light: 'emerald'}},
  logos: {light: '/img/partners/acme-logo.svg', dark: '/img/partners/acme-logo-dark.svg', favicon: '/img/partners/acme-favicon.svg'},
  uris: {
    auth: 'https://login.initech.example',
    doc: 'https://docs.initech.example',
    api_doc: 'https://docs.initech.example/api',
    console: 'https://cloud.initech.example',
    api_uri: 'https://gpu-api.initech.example',
  },
  support_email: 'help@initech.example',
  sales_email: 'deals@initech.example',
  user_docs_header: {items: [{label: 'Initech status', url: 'https://status.initech.example'}]},
  user_docs_footer: {links: [{label: 'Initech terms', url: 'https://initech.example/terms'}]},
  copyright: '© 2025 Initech GPU',
};

/** What of a partner's brand the default host's readers may not see. */
export const PARTNER_VALUES = [initech.name, 'initech.example'];
