/**
 * Security headers on every response of the server: the browser must not guess content
 * types, pages send only their origin as a referrer to other sites, and only the allowed
 * origins may frame the docs (`frame-ancestors`, which CSP alone can say; the old
 * `X-Frame-Options` cannot list origins). HSTS only when the operator says the site is
 * served over HTTPS: sent over plain HTTP it would do nothing, and on a host that is not
 * HTTPS it would lock readers out.
 */
import type {FastifyInstance} from 'fastify';

export interface SecurityOptions {
  /** Origins that may show the docs in a frame, besides the docs' own; none by default. */
  frameAncestors?: readonly string[];
  /** The site is served over HTTPS: send `Strict-Transport-Security`. */
  https?: boolean;
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

/** The headers every response carries, computed once. */
export function securityHeaders(options: SecurityOptions = {}): Record<string, string> {
  const ancestors = ["'self'", ...(options.frameAncestors ?? []).map(frameAncestorSource)];
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': `frame-ancestors ${ancestors.join(' ')}`,
    ...(options.https ? {'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}`} : {}),
  };
}

/** Adds the headers to every response of `app`, its plugins' included. */
export function addSecurityHeaders(app: FastifyInstance, options: SecurityOptions = {}): void {
  const headers = securityHeaders(options);
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
}
