/**
 * The brand values content shows: the API base customers call, the console, the docs
 * site, the support and sales addresses. Pages and code samples are written with the
 * default brand's values (so the MDX source stays copy-pasteable); every place they
 * render, they show the reader's brand instead:
 * - code blocks: the default values in their tokens are wrapped in
 *   `<span data-brand-text="key">` at build time (src/theme/CodeBlock/Line/Token), and the
 *   code that is copied or rendered in the browser has the brand's values
 *   (src/theme/CodeBlock);
 * - prose: components (`<SupportEmail />`, `<SalesEmail />`, `<ApiBase />`, `<ConsoleLink>`)
 *   render the brand's values with the same data attributes.
 * The pre-paint script swaps those spans and links to a cached partner's values before
 * the first frame (boot.ts); the app does on every brand change (runtime.ts).
 */
import {DEFAULT_BRAND} from './defaults';

export interface BrandValues {
  /** API base URL with its version path, e.g. `https://api.example.com/v1`. */
  apiBase: string;
  /** The API base's host, e.g. `api.example.com`. */
  apiHost: string;
  consoleUrl: string;
  consoleHost: string;
  docsUrl: string;
  docsHost: string;
  supportEmail: string;
  salesEmail: string;
}

export type BrandValueKey = keyof BrandValues;

const hostOf = (url: string) => new URL(url).host;

/** The values of a brand's content fields, hosts derived from its URLs. */
export function brandValues(brand: {apiBase: string; consoleUrl: string; docsUrl: string; supportEmail: string; salesEmail: string}): BrandValues {
  return {
    apiBase: brand.apiBase,
    apiHost: hostOf(brand.apiBase),
    consoleUrl: brand.consoleUrl,
    consoleHost: hostOf(brand.consoleUrl),
    docsUrl: brand.docsUrl,
    docsHost: hostOf(brand.docsUrl),
    supportEmail: brand.supportEmail,
    salesEmail: brand.salesEmail,
  };
}

export const DEFAULT_VALUES: BrandValues = brandValues({
  apiBase: DEFAULT_BRAND.apiBaseUrl,
  consoleUrl: DEFAULT_BRAND.consoleUrl,
  docsUrl: DEFAULT_BRAND.docsUrl,
  supportEmail: DEFAULT_BRAND.supportEmail,
  salesEmail: DEFAULT_BRAND.salesEmail,
});

/** Default values to look for in text, longest first, so a URL wins over the host inside it. */
const SEARCHED = (Object.entries(DEFAULT_VALUES) as [BrandValueKey, string][]).sort((a, b) => b[1].length - a[1].length);
// Whole values only: not inside a longer host name or address (`api.example.community`).
const SEARCH = new RegExp(`(?<![\\w.@-])(?:${SEARCHED.map(([, value]) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(?![\\w-])`, 'g');
const KEY_OF = new Map(SEARCHED.map(([key, value]) => [value, key]));

export type TextPart = string | {key: BrandValueKey; value: string};

/** Splits text into plain parts and the default brand values in it. */
export function splitBrandValues(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(SEARCH)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({key: KEY_OF.get(match[0])!, value: match[0]});
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The text with every default brand value replaced by the brand's. */
export function withBrandValues(text: string, values: BrandValues): string {
  return text.replace(SEARCH, (found) => values[KEY_OF.get(found)!]);
}

/**
 * The API base a partner's `uris.api_uri` names. Partners may give it with or without
 * the version path: `https://api.acme.example` and `https://api.acme.example/v1` both
 * mean `https://api.acme.example/v1`. A path without a version (`https://acme.example/api`)
 * gets `/v1` added. Trailing slashes, query and fragment are dropped.
 */
export function normalizeApiBase(apiUri: string): string {
  const url = new URL(apiUri);
  const path = url.pathname.replace(/\/+$/, '');
  const versioned = /\/v\d+$/.test(path) ? path : `${path}/v1`;
  return `${url.protocol}//${url.host}${versioned}`;
}
