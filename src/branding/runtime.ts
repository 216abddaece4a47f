/**
 * Browser side of branding: load the config (reusing the request the pre-paint
 * script started), apply a brand to the document, remember it per host.
 */
import {brandCacheKey, brandStyleSheet, requestPartnerConfig} from './boot';
import {partnerConfigUrl} from './apiBase';
import {brandFromConfig, type Brand} from './brand';
import {sanitizePartnerConfig, type PartnerConfig} from './schema';

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
  const config = sanitizePartnerConfig(raw);
  if (!config) throw new Error('Invalid partner config: it must be an object with a non-empty name');
  return config;
}

interface CachedBrand {
  partner: boolean;
  config?: PartnerConfig;
  /** Precomputed for the pre-paint script, which cannot run the schema. */
  css?: Brand['css'];
  theme?: string;
  name?: string;
  logos?: {light: string; dark: string};
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The last brand this host showed, if it was a partner's and still validates. */
export function readCachedBrand(): Brand | null {
  try {
    const cached = JSON.parse(storage()?.getItem(brandCacheKey(location.hostname)) ?? 'null') as CachedBrand | null;
    const config = cached?.partner ? sanitizePartnerConfig(cached.config) : null;
    return config ? brandFromConfig(config) : null;
  } catch {
    return null;
  }
}

export function writeCachedBrand(config: PartnerConfig | null): void {
  let entry: CachedBrand = {partner: false};
  if (config) {
    const brand = brandFromConfig(config);
    entry = {partner: true, config, css: brand.css, theme: brand.theme, name: brand.name, logos: {light: brand.logos.light, dark: brand.logos.dark}};
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
  let style = document.getElementById('brand-colors') as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = 'brand-colors';
    document.head.appendChild(style);
  }
  style.textContent = brand.is_partner ? brandStyleSheet(brand.css) : '';
  root.setAttribute('data-brand-theme', brand.theme);
  if (brand.is_partner) root.setAttribute('data-brand', 'partner');
  else root.removeAttribute('data-brand');
  if (brand.logos.favicon) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.appendChild(icon);
    }
    icon.setAttribute('href', brand.logos.favicon);
  }
}

/** Shows what was hidden while the brand was unknown. */
export function revealBrand(): void {
  document.documentElement.removeAttribute('data-brand-pending');
}
