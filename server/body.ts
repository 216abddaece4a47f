/**
 * The body of a built HTML page in a partner's brand, as the pre-paint script would leave
 * it with that brand in its cache (src/branding/boot.ts): the elements the build marks get
 * the partner's values, and nothing else changes.
 * - `data-brand-name`: the partner's name as text;
 * - `data-brand-text="key"`: the brand value `key` as text (API base, console, docs site,
 *   addresses; src/branding/contentValues.ts);
 * - `data-brand-link="key"`: `href` becomes `mailto:` the address `key`;
 * - `data-console-path="/path"`: `href` becomes the partner's console URL and the path;
 * - `img[data-brand-logo="light|dark"]`: the partner's logo as `src`, its name as `alt`;
 * - `data-brand-values`: its text with the partner's values for the default's (withBrandValues);
 * - `a[data-feature-requests]`: `href` becomes the partner's feature-request site, or goes
 *   where the partner has none (the app then renders the text without a link);
 * - `data-brand-region`: emptied. It is a part that is wholly the brand's (the navbar's
 *   brand links, the footer): React adopts it empty and renders the partner's items into
 *   it (src/components/BrandRegion).
 * Each of these elements tells React to keep what it finds (suppressHydrationWarning), and
 * the app writes the values of whatever brand it settles on into them (runtime.ts), the
 * default brand's included, so a page hydrates and ends in the right brand either way.
 * Values are checked as the browser-side code checks them, then escaped for where they land.
 */
import {isLogoSource} from '../src/branding/brand';
import {withBrandValues, type BrandValues} from '../src/branding/contentValues';
import {escapeAttribute} from './head';

export interface BodyBrand {
  name: string;
  values: BrandValues;
  logos: {light: string; dark: string; favicon: string};
  /** The partner's feature-request site (a header link so labelled), if it has one. */
  featureRequestUrl?: string | null;
}

/** The default brand's logo files, as the build's image preloads and icon link name them. */
export interface DefaultLogos {
  light: string;
  dark: string;
}

const ATTRIBUTES = `(?:[^>"']|"[^"]*"|'[^']*')*`;
// Start tags that carry one of the markers; the markers are the build's, never content's.
const MARKED = new RegExp(`<([a-z][a-z0-9]*)(\\s${ATTRIBUTES}?\\bdata-(?:brand-(?:name|text|link|logo|values|region)|console-path|feature-requests)\\b${ATTRIBUTES})>`, 'gi');
const ATTRIBUTE = /\s([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

const MAILTO = /^[^\s@<>"'()]+@[^\s@<>"'()]+$/;
const HTTP_URL = /^https?:\/\/[^/]/i;

const escapeText = (value: string) => value.replace(/[&<>]/g, (c) => `&#${c.codePointAt(0)};`);

const decode = (value: string) =>
  value.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi, (entity, dec: string, hex: string, name: string) => {
    const point = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
    // A reference past Unicode's last code point stays as written.
    if (point !== undefined) return point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    return ({amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"} as Record<string, string>)[name.toLowerCase()] ?? entity;
  });

/** A start tag's attributes, values decoded. */
function attributesOf(attributes: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, name, raw] of attributes.matchAll(ATTRIBUTE)) {
    const value = raw === undefined ? '' : /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    out.set(name.toLowerCase(), decode(value));
  }
  return out;
}

/** The start tag with `changes` set (existing attributes replaced in place, new ones appended; null removes one). */
function withAttributes(tag: string, element: string, attributes: string, changes: Map<string, string | null>): string {
  if (changes.size === 0) return tag;
  const left = new Map(changes);
  let out = attributes.replace(ATTRIBUTE, (whole, name: string) => {
    const key = name.toLowerCase();
    if (!left.has(key)) return whole;
    const value = left.get(key)!;
    left.delete(key);
    return value === null ? '' : ` ${name}="${escapeAttribute(value)}"`;
  });
  // A self-closing slash stays last.
  const slash = /\s*\/\s*$/.exec(out)?.[0] ?? '';
  out = out.slice(0, out.length - slash.length);
  for (const [name, value] of left) if (value !== null) out += ` ${name}="${escapeAttribute(value)}"`;
  return `<${element}${out}${slash}>`;
}

/** What a marked element's attributes and text become in `brand`; `text` maps the element's text. */
function changesFor(attributes: Map<string, string>, brand: BodyBrand): {attributes: Map<string, string | null>; text?: (text: string) => string} {
  const values = brand.values as unknown as Record<string, string>;
  const changes = new Map<string, string | null>();
  let text: ((text: string) => string) | undefined;
  if (attributes.has('data-brand-values')) text = (old) => withBrandValues(old, brand.values);
  if (attributes.has('data-brand-name')) text = () => brand.name;
  const textKey = attributes.get('data-brand-text');
  if (textKey && Object.hasOwn(values, textKey)) text = () => values[textKey];
  const linkKey = attributes.get('data-brand-link');
  const address = linkKey && Object.hasOwn(values, linkKey) ? values[linkKey] : undefined;
  if (address && MAILTO.test(address)) changes.set('href', `mailto:${address}`);
  const consolePath = attributes.get('data-console-path');
  if (consolePath !== undefined && /^\/(?!\/)/.test(consolePath) && HTTP_URL.test(brand.values.consoleUrl)) {
    changes.set('href', brand.values.consoleUrl.replace(/\/+$/, '') + consolePath);
  }
  if (attributes.has('data-feature-requests')) {
    const site = brand.featureRequestUrl;
    changes.set('href', site && HTTP_URL.test(site) ? site : null);
  }
  const logo = attributes.get('data-brand-logo');
  if (logo === 'light' || logo === 'dark') {
    const src = brand.logos[logo];
    if (isLogoSource(src)) changes.set('src', src);
    changes.set('alt', brand.name);
  }
  for (const [name, value] of changes) if ((value === null && !attributes.has(name)) || attributes.get(name) === value) changes.delete(name);
  return {attributes: changes, text};
}

/** Where the element whose content starts at `from` ends: the index of its end tag, counting nested ones. */
function endTagIndex(html: string, element: string, from: number): number | undefined {
  const tags = new RegExp(`<(/?)${element}(?=[\\s/>])${ATTRIBUTES}>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[1]) depth -= 1;
    else if (!tag[0].endsWith('/>')) depth += 1;
    if (depth === 0) return tag.index;
  }
  return undefined;
}

const PRELOAD_OR_ICON = new RegExp(`<link\\b${ATTRIBUTES}>`, 'gi');

/**
 * The image preloads React writes for the logos (`<link rel=preload as=image>`) and the
 * head's icon link, pointed at the brand's files: they load the default brand's logos
 * otherwise, and name them in the HTML.
 */
export function brandLogoLinks(html: string, brand: BodyBrand, defaults: DefaultLogos): string {
  return html.replace(PRELOAD_OR_ICON, (tag) => {
    const attributes = attributesOf(tag.slice(5, -1));
    const rel = attributes.get('rel')?.toLowerCase();
    const href = attributes.get('href');
    let src: string | undefined;
    if (rel === 'preload' && attributes.get('as') === 'image') src = href === defaults.light ? brand.logos.light : href === defaults.dark ? brand.logos.dark : undefined;
    else if (rel === 'icon' && (href === defaults.light || href === defaults.dark)) src = brand.logos.favicon;
    if (src === undefined || !isLogoSource(src) || src === href) return tag;
    return withAttributes(tag, 'link', tag.slice(5, -1), new Map([['href', src]]));
  });
}

/** The body's HTML (from `</head>` on) with `brand`'s values in its marked elements. */
export function brandBody(body: string, brand: BodyBrand): string {
  let out = '';
  let last = 0;
  for (const match of body.matchAll(MARKED)) {
    const [tag, element, rawAttributes] = match;
    const start = match.index;
    // Inside a region already emptied.
    if (start < last) continue;
    const attributes = attributesOf(rawAttributes);
    const changes = changesFor(attributes, brand);
    out += body.slice(last, start) + withAttributes(tag, element, rawAttributes, changes.attributes);
    last = start + tag.length;
    if (attributes.has('data-brand-region')) {
      const end = endTagIndex(body, element, last);
      if (end !== undefined) last = end;
      continue;
    }
    if (changes.text === undefined) continue;
    // The element's one text node, as writeBrandText changes it; an element whose content
    // holds markup is left to the app.
    const close = new RegExp(`^([^<]*)</${element}\\s*>`, 'i').exec(body.slice(last));
    if (!close) continue;
    out += escapeText(changes.text(decode(close[1])));
    last += close[1].length;
  }
  return last === 0 ? body : out + body.slice(last);
}
