/**
 * Reads a built page the way the DocSearch crawler does: lvl0 the section, lvl1 the
 * page title, lvl2-6 the headings, content the text of paragraphs, list items and
 * table cells, each under its nearest heading.
 */
import * as cheerio from 'cheerio';
import type {Element} from 'domhandler';

export interface ExtractedPage {
  lvl0: string;
  lvl1: string;
  language: string;
  docusaurusTag: string;
  /** An API operation's page (it shows an endpoint), as opposed to a guide or an overview. */
  operation: boolean;
  /** In page order; level 1-6 headings, 0 content. */
  entries: {level: number; text: string; anchor: string | null}[];
}

/** Longest content text kept per record; the snippet shows a few words of it anyway. */
const MAX_CONTENT = 400;
const clean = (value: string) => value.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();

/**
 * htmlparser2 (in HTML mode), not parse5: half the time over the built pages (2.3 s of the
 * build instead of 4.5 s on two cores), with the same records. It closes the elements a
 * minifier leaves open (`<p>`, `<li>`, `<td>`) as a browser does; a test holds it to that.
 */
const PARSE = {xml: {xmlMode: false, decodeEntities: true}} as const;

export function extractPage(html: string): ExtractedPage | null {
  const $ = cheerio.load(html, PARSE);
  const meta = (name: string) => $(`meta[name="${name}"]`).attr('content');
  const root = $('article').first().length ? $('article').first() : $('main').first();
  const title = clean(root.find('h1').first().text()) || clean($('h1').first().text());
  if (!title) return null;
  const crumbs = $('nav[aria-label="Breadcrumbs"] .breadcrumbs__item')
    .map((_, el) => clean($(el).text()))
    .get()
    .filter(Boolean);
  const lvl0 = crumbs.length > 1 ? crumbs[0] : 'Documentation';
  const entries: ExtractedPage['entries'] = [{level: 1, text: title, anchor: null}];
  const operation = root.find('.api-endpoint').length > 0;
  // Code, collapsed schema details, the copy of the TOC and what a page marks as reference
  // boilerplate (`.search-skip`: error-code tables, shared header lists) are not content.
  root.find('pre, details, .table-of-contents, nav, button, .theme-doc-toc-mobile, svg, .search-skip').remove();
  root.find('h2, h3, h4, h5, h6, p, li, td').each((_, node) => {
    const el = node as Element;
    const name = el.tagName.toLowerCase();
    if (/^h[2-6]$/.test(name)) {
      const text = clean($(el).text());
      if (text) entries.push({level: Number(name[1]), text, anchor: $(el).attr('id') ?? null});
      return;
    }
    // A list item's text without its nested lists (they are records of their own).
    const copy = $(el).clone();
    copy.find('ul, ol, p').remove();
    const text = clean(copy.text());
    if (text.length < 3) return;
    let anchor: string | null = null;
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      if (entries[i].level > 0) {
        anchor = entries[i].anchor;
        break;
      }
    }
    entries.push({level: 0, text: text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT)}…` : text, anchor});
  });
  return {
    lvl0,
    lvl1: title,
    language: meta('docsearch:language') ?? 'en',
    docusaurusTag: meta('docsearch:docusaurus_tag') ?? meta('docusaurus_tag') ?? 'default',
    operation,
    entries,
  };
}
