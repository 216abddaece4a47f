/**
 * The head of a built HTML page in a brand: the tags the page's React renders there
 * (react-helmet's `data-rh` ones: canonical link, `og:url`, hreflang alternates, JSON-LD)
 * get the brand's values by the mechanism the Markdown twins use (`withBrandValues`),
 * each value escaped for where it lands. In the body only the elements the build marks for
 * brand values change (server/body.ts), as the pre-paint script changes them. Other head
 * content (the pre-paint script's settings, which list the default hosts and API bases on
 * purpose) stays as built.
 */
import {withBrandValues, type BrandValues} from '../src/branding/contentValues';
import {brandBody, brandLogoLinks, type BodyBrand} from './body';
import {DEFAULT_BRAND} from '../src/branding/defaults';

/** An HTML attribute value, safe quoted or not (the build's minified HTML leaves most unquoted). */
export const escapeAttribute = (value: string) => value.replace(/[&"'<>=`\s]/g, (c) => `&#${c.codePointAt(0)};`);

/** The inside of a JSON string, safe inside `<script>`: no `</script>` or `<!--` can form. */
export const escapeJsonString = (value: string) => JSON.stringify(value).slice(1, -1).replace(/</g, '\\u003c');

const escapedValues = (values: BrandValues, escape: (value: string) => string) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escape(value)])) as unknown as BrandValues;

// A start tag whose quoted attribute values may hold `>`; a script or title with its text.
const ATTRIBUTES = `(?:[^>"']|"[^"]*"|'[^']*')*`;
const MANAGED = new RegExp(`<(?:meta|link)\\b${ATTRIBUTES}>|<(script|title)\\b(${ATTRIBUTES})>([\\s\\S]*?)</\\1\\s*>`, 'gi');
const IS_MANAGED = /\sdata-rh(?:[\s=/>]|$)/i;
const IS_JSON_LD = /\stype=(?:"application\/ld\+json"|'application\/ld\+json'|application\/ld\+json(?=[\s/>]|$))/i;

/** The head's HTML (everything before `</head>`) with a brand's values in its managed tags. */
export function brandHead(head: string, values: BrandValues): string {
  const inAttribute = escapedValues(values, escapeAttribute);
  const inJson = escapedValues(values, escapeJsonString);
  return head.replace(MANAGED, (tag: string, element: string | undefined, attributes: string | undefined, text: string | undefined) => {
    if (!IS_MANAGED.test(element ? ` ${attributes}` : tag.replace(/^<\w+/, ' '))) return tag;
    if (!element) return withBrandValues(tag, inAttribute);
    const open = tag.slice(0, element.length + attributes!.length + 2);
    const close = tag.slice(open.length + text!.length);
    if (element.toLowerCase() === 'title') return open + withBrandValues(text!, inAttribute) + close;
    // Scripts other than JSON-LD are code: never rewritten.
    return IS_JSON_LD.test(` ${attributes}`) ? open + withBrandValues(text!, inJson) + close : tag;
  });
}

const HEAD_END = Buffer.from('</head>');

/**
 * A built page in a brand: its head's managed tags with `values`, and, given `body`, the
 * body's marked elements in that brand. Returns the page itself when nothing changes.
 */
export function brandPage(html: Buffer, values: BrandValues, body?: BodyBrand): Buffer {
  const end = html.indexOf(HEAD_END);
  if (end < 0) return html;
  const head = html.subarray(0, end).toString('utf8');
  let brandedHead = brandHead(head, values);
  if (body) brandedHead = brandLogoLinks(brandedHead, body, DEFAULT_BRAND.logo);
  const rest = html.subarray(end);
  const brandedRest = body ? brandLogoLinks(brandBody(rest.toString('utf8'), body), body, DEFAULT_BRAND.logo) : undefined;
  if (brandedHead === head && (brandedRest === undefined || brandedRest === rest.toString('utf8'))) return html;
  return Buffer.concat([Buffer.from(brandedHead, 'utf8'), brandedRest === undefined ? rest : Buffer.from(brandedRest, 'utf8')]);
}
