/**
 * Browser side of branding: load the config (reusing the request the pre-paint
 * script started), apply a brand to the document, remember it per host.
 */
import {pageValues} from '../theme/SiteMetadata/headValues';
import {featureRequestUrl} from '../components/FeatureRequestLink/featureRequestUrl';
import {applyBrandValue, brandCacheKey, writeBrandText, brandStyleSheet, BRAND_VALUE_SELECTOR, requestPartnerConfig, type CachedBrandEntry} from './boot';
import {partnerConfigUrl} from './apiBase';
import {brandFromConfig, isLogoSource, type Brand} from './brand';
import {DEFAULT_BRAND} from './defaults';
import type {PartnerConfig} from './schema';
import {isCacheFresh} from './staleIfError';

// The lookup loop lives with the rest of the runtime, off the main bundle.
export {lookUpBrand, type LookupFailure} from './staleIfError';

// The schema (zod) is loaded only when there is a config to check: a host that is not a
// partner, the common case, never downloads or runs it.
const loadSchema = () => import('./schema');

declare global {
  interface Window {
    __brandRequest?: Promise<unknown>;
  }
}

/** The API base forced at build time, if any (baked into the pre-paint script too). */
export interface LoadOptions {
  apiBase: string | null;
  timeoutMs: number;
}

/** Fetches and sanitises this host's partner config; rejects on any failure. */
export async function loadPartnerConfig(options: LoadOptions): Promise<PartnerConfig> {
  const pending = window.__brandRequest;
  window.__brandRequest = undefined;
  const raw = await (pending ?? requestPartnerConfig(partnerConfigUrl(location.hostname, options.apiBase), options.timeoutMs));
  const {sanitizePartnerConfig} = await loadSchema();
  const config = sanitizePartnerConfig(raw);
  if (!config) throw new Error('Invalid partner config: it must be an object with a non-empty name');
  return config;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A cached partner brand and whether it may still stand in for a failed lookup (see staleIfError.ts). */
export interface CachedBrand {
  brand: Brand;
  fresh: boolean;
}

/**
 * The last brand this host showed, if it was a partner's and still validates: the cached
 * config goes through the same sanitising as a fresh one.
 */
export async function readCache(now = Date.now()): Promise<CachedBrand | null> {
  let cached: CachedBrandEntry | null;
  try {
    cached = JSON.parse(storage()?.getItem(brandCacheKey(location.hostname)) ?? 'null') as CachedBrandEntry | null;
  } catch {
    return null;
  }
  if (typeof cached !== 'object' || !cached?.partner) return null;
  const {sanitizePartnerConfig} = await loadSchema();
  try {
    const config = sanitizePartnerConfig(cached.config);
    return config ? {brand: brandFromConfig(config), fresh: isCacheFresh(cached.savedAt, now)} : null;
  } catch {
    return null;
  }
}

/** True when the cache says this host is not a partner's: its last lookup answered 404. */
export function cachedAsDefault(): boolean {
  try {
    const cached = JSON.parse(storage()?.getItem(brandCacheKey(location.hostname)) ?? 'null') as CachedBrandEntry | null;
    return typeof cached === 'object' && cached !== null && cached.partner === false;
  } catch {
    return false;
  }
}

/** The last brand this host showed, if it was a partner's and still validates. */
export async function readCachedBrand(): Promise<Brand | null> {
  return (await readCache())?.brand ?? null;
}

/** Remembers this host's brand: a partner's config (with the time, for its expiry), or null for "not a partner". */
export function writeCachedBrand(config: PartnerConfig | null, now = Date.now()): void {
  let entry: CachedBrandEntry = {partner: false};
  if (config) {
    const brand = brandFromConfig(config);
    entry = {
      partner: true,
      config,
      css: brand.css,
      theme: brand.theme,
      name: brand.name,
      logos: {light: brand.logos.light, dark: brand.logos.dark},
      values: {...pageValues(brand, location.origin)},
      savedAt: now,
    };
    if (brand.colorMode) entry.colorMode = brand.colorMode;
  }
  try {
    storage()?.setItem(brandCacheKey(location.hostname), JSON.stringify(entry));
  } catch (error) {
    console.warn('Brand cache not saved:', error);
  }
}

/** Applies what of a brand lives outside React: colour variables, grey theme, favicon, flags. */
export function applyBrandToDocument(brand: Brand): void {
  const root = document.documentElement;
  // The colour sheet and the grey theme are written only where they differ: a style sheet
  // added or an attribute set on <html>, even to the value it had, has the browser compute
  // the whole page's style again, and on the default host the page already shows them.
  const css = brand.is_partner ? brandStyleSheet(brand.css) : '';
  let style = document.getElementById('brand-colors') as HTMLStyleElement | null;
  if (!style && css) {
    style = document.createElement('style');
    style.id = 'brand-colors';
    document.head.appendChild(style);
  }
  if (style && style.textContent !== css) style.textContent = css;
  // No attribute stands for the default grey theme in the style sheet (custom.css).
  const theme = root.getAttribute('data-brand-theme');
  if (theme !== brand.theme && !(theme === null && brand.theme === DEFAULT_BRAND.theme)) root.setAttribute('data-brand-theme', brand.theme);
  if (brand.is_partner) root.setAttribute('data-brand', 'partner');
  else root.removeAttribute('data-brand');
  // Brand values and names in server HTML that React leaves as it is after hydration: code
  // blocks, the body of the page first loaded (src/theme/DocItem/Content/Island.tsx), and
  // what our server wrote in a partner's brand on its host (server/body.ts), should this
  // page end in another brand.
  const values: Record<string, unknown> = {...pageValues(brand, location.origin)};
  document.querySelectorAll(BRAND_VALUE_SELECTOR).forEach((el) => applyBrandValue(el, values));
  document.querySelectorAll('[data-brand-name]').forEach((el) => writeBrandText(el, brand.name));
  // The logos the server or the pre-paint script put in for a partner, back to this brand's
  // where React, having hydrated them as they were, would not (server/body.ts).
  document.querySelectorAll('img[data-brand-logo]').forEach((img) => {
    const src = img.getAttribute('data-brand-logo') === 'dark' ? brand.logos.dark : brand.logos.light;
    if (src && isLogoSource(src) && img.getAttribute('src') !== src) img.setAttribute('src', src);
    if (img.getAttribute('alt') !== brand.name) img.setAttribute('alt', brand.name);
  });
  const featureRequests = featureRequestUrl(brand.headerItems);
  document.querySelectorAll('a[data-feature-requests]').forEach((a) => {
    if (featureRequests && /^https?:\/\//i.test(featureRequests) && a.getAttribute('href') !== featureRequests) a.setAttribute('href', featureRequests);
  });
  // A partner without a logo: the navbar shows its name (see custom.css).
  if (brand.is_partner && !brand.logos.light) root.setAttribute('data-brand-logoless', '');
  else root.removeAttribute('data-brand-logoless');
  // The site's own icon link belongs to Docusaurus' head manager, which puts back any
  // change to it; a partner's favicon is a link of our own, last, so browsers use it.
  let icon = document.getElementById('brand-favicon') as HTMLLinkElement | null;
  if (brand.is_partner && brand.logos.favicon) {
    if (!icon) {
      icon = document.createElement('link');
      icon.id = 'brand-favicon';
      icon.rel = 'icon';
    }
    icon.setAttribute('href', brand.logos.favicon);
    document.head.appendChild(icon);
  } else {
    icon?.remove();
  }
}

/** Shows what was hidden while the brand was unknown. */
export function revealBrand(): void {
  document.documentElement.removeAttribute('data-brand-pending');
}
