/**
 * The brand a page shows: the default one, or one derived from a partner config.
 * Everything here is plain data, already sanitised; components render it as text
 * and `href`s, never as HTML.
 */
import {DEFAULT_BRAND, copyrightLine} from './defaults';
import {normalizeApiBase} from './contentValues';
import {brandCssVariables, type CssVariables, type GreyTheme} from './colors';
import type {ColorModeName, PartnerConfig, PartnerLink} from './schema';

export interface Brand {
  /** True when a partner config was loaded for this host. */
  is_partner: boolean;
  name: string;
  /** Equal to the name (kept for parity with the partner config API). */
  company_name: string;
  theme: GreyTheme;
  user_type: string;
  logos: {light: string; dark: string; favicon: string};
  consoleUrl: string;
  /** The API base customers call, with its version path (`uris.api_uri`, normalised). */
  apiBase: string;
  /** The docs site's own URL (`uris.doc`). */
  docsUrl: string;
  /** Where customers sign in (`uris.auth`; the console otherwise). */
  authUrl: string;
  supportEmail: string;
  salesEmail: string;
  /** Navbar links after the API reference link. */
  headerItems: PartnerLink[];
  /** Footer links; null keeps the default footer columns. */
  footerLinks: PartnerLink[] | null;
  copyright: string;
  /** Colour variables per mode; empty for the default brand (its colours are in custom.css). */
  css: CssVariables;
  /** The brand's default colour mode, for readers who have not chosen one; null: the site's. */
  colorMode: ColorModeName | null;
}

export const DEFAULT_HEADER_ITEMS: PartnerLink[] = [
  {label: 'Console', url: DEFAULT_BRAND.consoleUrl},
  {label: 'Feature requests', url: DEFAULT_BRAND.feedbackUrl},
];

/** The default brand; `logoAlt` is the navbar logo's alt text from the site config, when set. */
export function defaultBrand(logoAlt?: string): Brand {
  const name = logoAlt?.trim() || DEFAULT_BRAND.name;
  return {
    is_partner: false,
    name,
    company_name: name,
    theme: DEFAULT_BRAND.theme,
    user_type: 'user',
    logos: {light: DEFAULT_BRAND.logo.light, dark: DEFAULT_BRAND.logo.dark, favicon: DEFAULT_BRAND.logo.light},
    consoleUrl: DEFAULT_BRAND.consoleUrl,
    apiBase: DEFAULT_BRAND.apiBaseUrl,
    docsUrl: DEFAULT_BRAND.docsUrl,
    authUrl: DEFAULT_BRAND.consoleUrl,
    supportEmail: DEFAULT_BRAND.supportEmail,
    salesEmail: DEFAULT_BRAND.salesEmail,
    headerItems: DEFAULT_HEADER_ITEMS,
    footerLinks: null,
    copyright: copyrightLine(name),
    css: {light: {}, dark: {}},
    colorMode: null,
  };
}

/**
 * Whether a logo address may go into an `<img src>`: absolute http(s), or root-relative on
 * this site (not `//host`, a scheme-relative address). Used wherever a brand's logo is
 * written into a page: by the server on a partner's host and by the runtime in the browser.
 */
export const isLogoSource = (src: string): boolean => /^(https?:\/\/|\/(?!\/))/.test(src);

/** Addresses that content quotes and code samples call must be absolute (the schema also allows root-relative URLs, for logos). */
const absolute = (url: string | undefined): string | undefined => (url && /^https?:\/\/[^/]/i.test(url) ? url : undefined);

/** The brand of a (sanitised) partner config; missing fields fall back to the default's. */
export function brandFromConfig(config: PartnerConfig): Brand {
  const base = defaultBrand();
  const light = config.logos?.light ?? config.logos?.dark;
  const dark = config.logos?.dark ?? config.logos?.light;
  return {
    is_partner: true,
    name: config.name,
    company_name: config.name,
    theme: config.theme ?? base.theme,
    user_type: config.user_type ?? base.user_type,
    // A partner without a logo shows its name alone rather than the default logo.
    logos: {light: light ?? '', dark: dark ?? '', favicon: config.logos?.favicon ?? light ?? ''},
    consoleUrl: absolute(config.uris?.console) ?? base.consoleUrl,
    apiBase: absolute(config.uris?.api_uri) ? normalizeApiBase(config.uris!.api_uri!) : base.apiBase,
    docsUrl: absolute(config.uris?.doc) ?? base.docsUrl,
    authUrl: absolute(config.uris?.auth) ?? absolute(config.uris?.console) ?? base.authUrl,
    supportEmail: config.support_email ?? base.supportEmail,
    salesEmail: config.sales_email ?? base.salesEmail,
    headerItems: config.user_docs_header?.items ?? [],
    footerLinks: config.user_docs_footer?.links ?? [],
    copyright: config.copyright ?? copyrightLine(config.name),
    css: brandCssVariables(config.colors),
    colorMode: config.color_mode ?? null,
  };
}
