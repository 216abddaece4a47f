/**
 * Security headers on every response of the server: the browser must not guess content
 * types, pages send only their origin as a referrer to other sites, and a
 * Content-Security-Policy (plugins/security-policy/policy.ts) lets run only the site's own
 * scripts and the inline ones the build wrote (by hash, from the build's manifest,
 * server/build-manifest.ts), lets load images from the host's partner's logo origins, lets pages call the
 * host's brand's API (the API pages' request console), and lets only the allowed origins
 * frame the docs. HSTS only when the operator says the site is served over
 * HTTPS: sent over plain HTTP it does nothing, and on a host without HTTPS it would lock
 * readers out.
 */
import type {FastifyInstance} from 'fastify';
import type {Brand} from '../src/branding/brand';
import {contentSecurityPolicy, NO_SOURCES, originsOf, type PolicySources} from '../plugins/security-policy/policy';
import {DEFAULT_BRAND} from '../src/branding/defaults';

export interface SecurityOptions {
  /** Origins that may show the docs in a frame, besides the docs' own; none by default. */
  frameAncestors?: readonly string[];
  /** The site is served over HTTPS: send `Strict-Transport-Security`. */
  https?: boolean;
}

/** What the policy is made from: the build's inline-script hashes and its settings' origins. */
export interface BuildPolicy {
  scriptHashes: string[];
  sources: PolicySources;
}

/** One year: what browsers' preload lists ask for. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** A frame-ancestors source, checked: an http(s) origin, nothing else reaches the header. */
export function frameAncestorSource(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`FRAME_ANCESTORS: "${origin}" is not an origin (https://app.example).`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== origin.replace(/\/$/, '')) {
    throw new Error(`FRAME_ANCESTORS: "${origin}" is not an origin (https://app.example): no path, query or other scheme.`);
  }
  return url.origin;
}

/**
 * The policy of a JSON response (the partner API, health, MCP, data files): a browser
 * that opens one as a document gets nothing loaded and no framing. A page's policy lists
 * the build's script hashes and runs to kilobytes; an API answer has no use for it.
 */
export const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of a JSON response. */
export function jsonSecurityHeaders(options: SecurityOptions = {}): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': JSON_POLICY,
    ...(options.https ? {'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}`} : {}),
  };
}

/** The headers a page (or any response but JSON) carries on a host whose partner's logos come from `logoOrigins`. */
export function securityHeaders(
  options: SecurityOptions = {},
  policy: BuildPolicy = {scriptHashes: [], sources: NO_SOURCES},
  logoOrigins: readonly string[] = [],
  apiOrigins: readonly string[] = [],
): Record<string, string> {
  const frameAncestors = (options.frameAncestors ?? []).map(frameAncestorSource);
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': contentSecurityPolicy({...policy, frameAncestors, logoOrigins, apiOrigins}),
    ...(options.https ? {'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}`} : {}),
  };
}

/**
 * Adds the headers to every response of `app`, its plugins' included: JSON answers get
 * JSON_POLICY, everything else the page policy of its host. The policy of a host
 * depends only on its partner's logo origins: it is made once per brand (brandFor hands out
 * one object per partner config) and once per set of logo origins, so a request costs a map
 * look-up. The hook is synchronous: it runs on every response, the API's included.
 */
export async function addSecurityHeaders(
  app: FastifyInstance,
  options: SecurityOptions & {policy: BuildPolicy; brandFor?: (hostname: string) => Brand | undefined},
): Promise<void> {
  const {policy} = options;
  // Checked at start-up: a bad FRAME_ANCESTORS stops the server before it listens.
  // A page may call its brand's API: the API pages' request console sends live requests there.
  const defaultApi = originsOf([DEFAULT_BRAND.apiBaseUrl]);
  const defaults = securityHeaders(options, policy, [], defaultApi);
  const json = jsonSecurityHeaders(options);
  const byLogos = new Map<string, Record<string, string>>([[` ${defaultApi.join(' ')}`, defaults]]);
  const byBrand = new WeakMap<Brand, Record<string, string>>();
  const headersOf = (brand: Brand | undefined): Record<string, string> => {
    if (!brand?.is_partner) return defaults;
    let headers = byBrand.get(brand);
    if (headers) return headers;
    const logos = originsOf([brand.logos.light, brand.logos.dark, brand.logos.favicon]);
    const api = originsOf([brand.apiBase]);
    const key = `${logos.join(' ')} ${api.join(' ')}`;
    headers = byLogos.get(key);
    if (!headers) {
      headers = securityHeaders(options, policy, logos, api);
      byLogos.set(key, headers);
    }
    byBrand.set(brand, headers);
    return headers;
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const headers = typeof type === 'string' && type.startsWith('application/json') ? json : headersOf(options.brandFor?.(request.hostname.toLowerCase()));
    for (const name in headers) if (!reply.hasHeader(name)) reply.header(name, headers[name]);
    done(null, payload);
  });
}
