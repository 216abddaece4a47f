/**
 * The site's Content-Security-Policy, made from what the build needs. The build writes the
 * origins its settings add (POLICY_FILE); the server adds the hashes of the pages' inline
 * scripts (the pre-paint branding script and the theme's own), which it reads from the
 * built HTML, and per host the origins of that partner's logos. Nothing else may run, load
 * or connect: no inline script but those, no eval, no plugins, no framing by other sites.
 */
import {createHash} from 'node:crypto';

/** Written to the build's root by the plugin: the origins this build's settings call on. */
export const POLICY_FILE = 'security-policy.json';

export interface PolicySources {
  /** Origins scripts load from, besides the site's own (a tag manager). */
  scriptSrc: string[];
  /** Origins the page fetches from, besides the site's own (a partner-config API elsewhere, Algolia, analytics). */
  connectSrc: string[];
  /** Origins images load from, besides the site's own and data: URLs. */
  imgSrc: string[];
}

export const NO_SOURCES: PolicySources = {scriptSrc: [], connectSrc: [], imgSrc: []};

/** What the build's settings add: the partner-config API's origin, Algolia, a tag manager. */
export function buildSources(settings: {apiBase: string | null; algolia: boolean; tagManager: boolean}): PolicySources {
  const sources: PolicySources = {scriptSrc: [], connectSrc: [], imgSrc: []};
  if (settings.apiBase) sources.connectSrc.push(new URL(settings.apiBase).origin);
  if (settings.algolia) sources.connectSrc.push('https://*.algolia.net', 'https://*.algolianet.com', 'https://insights.algolia.io');
  if (settings.tagManager) {
    const google = ['https://www.googletagmanager.com', 'https://*.google-analytics.com'];
    sources.scriptSrc.push(...google);
    sources.connectSrc.push(...google);
    sources.imgSrc.push(...google);
  }
  return sources;
}

/** Reads a sources file, keeping only http(s) origins and the `https://*.host` form. */
export function parseSources(text: string): PolicySources {
  return sourcesOf(JSON.parse(text));
}

/** The sources of an already parsed value (a sources file's, or the build manifest's copy), kept as `parseSources` keeps them. */
export function sourcesOf(value: unknown): PolicySources {
  const data = value as Partial<Record<keyof PolicySources, unknown>>;
  const origins = (list: unknown) =>
    (Array.isArray(list) ? list : []).filter((v): v is string => typeof v === 'string' && /^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(v));
  return {scriptSrc: origins(data.scriptSrc), connectSrc: origins(data.connectSrc), imgSrc: origins(data.imgSrc)};
}

/** The bodies of a page's inline scripts that run (not JSON data blocks, not scripts with a src). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^\s"'>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !/^(text|application)\/(javascript|ecmascript)$|^module$/.test(type)) continue;
    if (body.length) scripts.push(body);
  }
  return scripts;
}

/** A CSP source for a script body. */
export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** The http(s) origins among `urls` (absolute ones; root-relative ones are the site's own). */
export function originsOf(urls: readonly (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url || !/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL: nothing to allow.
    }
  }
  return [...origins];
}

export interface PolicyInput {
  scriptHashes: readonly string[];
  sources: PolicySources;
  /** Origins that may frame the docs, besides their own. */
  frameAncestors: readonly string[];
  /** Origins of the host's partner logos. */
  logoOrigins?: readonly string[];
  /** The origin of the host's brand's API, which the API pages' request console calls. */
  apiOrigins?: readonly string[];
}

const unique = (items: readonly string[]) => [...new Set(items)];

export function contentSecurityPolicy(input: PolicyInput): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...unique(input.scriptHashes), ...input.sources.scriptSrc]],
    // React and the theme set style attributes; the brand's colours are CSS variables set from script.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...input.sources.imgSrc, ...(input.logoOrigins ?? [])]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...input.sources.connectSrc, ...(input.apiOrigins ?? [])]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'", ...input.frameAncestors]],
  ];
  return directives.map(([name, values]) => `${name} ${unique(values).join(' ')}`).join('; ');
}
