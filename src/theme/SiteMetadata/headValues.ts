/**
 * The brand values a page's head names. The build writes the default docs URL into the
 * canonical link, `og:url`, the hreflang alternates and the JSON-LD breadcrumbs; on a
 * partner's host they name the partner's docs site instead. The server rewrites the HTML
 * it sends (server/head.ts) and the app renders the same values after hydration
 * (./index.tsx), both with these functions, so crawlers and the live page agree.
 */
import {DEFAULT_BRAND} from '../../branding/defaults';
import {brandValues, DEFAULT_VALUES, type BrandValues} from '../../branding/contentValues';

const parses = (url: string) => {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * The docs URL a brand's pages call their own: the partner's `uris.doc`, or the origin
 * of the host the page is read on when the partner names none (as the Markdown twins
 * do); the default docs URL for the default brand. No trailing slash (paths follow it).
 */
export function headDocsUrl(brand: {is_partner: boolean; docsUrl: string}, origin: string): string {
  if (!brand.is_partner) return DEFAULT_BRAND.docsUrl;
  const own = brand.docsUrl !== DEFAULT_BRAND.docsUrl && parses(brand.docsUrl) ? brand.docsUrl : origin;
  return own.replace(/\/+$/, '');
}

/** The default values with the docs site's URL and host swapped: only those; the head's other values are the site's own. */
export function headValues(docsUrl: string): BrandValues {
  if (docsUrl === DEFAULT_VALUES.docsUrl) return DEFAULT_VALUES;
  return {...DEFAULT_VALUES, docsUrl, docsHost: new URL(docsUrl).host};
}

/**
 * The content values a brand's pages show when read on `origin`: the docs URL is the one
 * the head names (headDocsUrl), so a partner without its own docs site sees the host it
 * reads, in prose and code as in the head. The server writes the same into the HTML it
 * sends (server/body.ts) and the app into the page (src/branding/runtime.ts).
 */
export function pageValues(brand: {is_partner: boolean; apiBase: string; consoleUrl: string; docsUrl: string; supportEmail: string; salesEmail: string}, origin: string): BrandValues {
  return brandValues({...brand, docsUrl: headDocsUrl(brand, origin)});
}
