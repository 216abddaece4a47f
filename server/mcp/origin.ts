/**
 * Where a request to `/mcp` comes from and is addressed to: the origin its answers link to
 * (the host asked, so each partner's readers get their own host), and whether a browser
 * page's `Origin` may call it.
 *
 * Origin policy (the MCP transport asks servers to validate `Origin` against DNS
 * rebinding): no `Origin` is fine (desktop assistants and IDEs send none); a browser page
 * may call when it is on the docs' own origin (the host it asks, port included) or on a
 * loopback host (local tools such as an MCP inspector); any other `Origin` gets 403, and
 * so does the preflight. A rebound page is "on the host it asks" by construction, so this
 * check alone would not stop one; what makes rebinding harmless here is that the server
 * holds only public documentation and reads no cookies or credentials: a rebound page
 * learns nothing it could not fetch itself. The check keeps pages elsewhere from spending
 * their visitors' rate-limit budget here.
 */
import {isHostName} from '../partners';

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;

/** The host name of a request (lower case, no port) when it is one we can put in a URL. */
export function safeHostName(hostname: string | undefined): string | undefined {
  const host = (hostname ?? '').toLowerCase();
  return isHostName(host) || IPV6_LITERAL.test(host) ? host : undefined;
}

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/**
 * The origin a request was addressed to: http on loopback hosts (no certificate there),
 * else the scheme a proxy in front says (`X-Forwarded-Proto`), https by default. The port
 * is kept when it is a number.
 */
export function requestOrigin(hostname: string, port: unknown, forwardedProto: string | string[] | undefined): string {
  const forwarded = (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)?.split(',')[0]?.trim().toLowerCase();
  const scheme = isLoopback(hostname) ? 'http' : forwarded === 'http' || forwarded === 'https' ? forwarded : 'https';
  const portText = port === undefined || port === null ? '' : String(port);
  const defaultPort = (scheme === 'http' && portText === '80') || (scheme === 'https' && portText === '443');
  return `${scheme}://${hostname}${/^\d{1,5}$/.test(portText) && !defaultPort ? `:${portText}` : ''}`;
}

/**
 * Whether a browser page on `origin` may call the server asked as `host` (the Host
 * header, port included). See the policy at the top of this file.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, extra: readonly string[] = []): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (extra.includes(url.origin)) return true;
  if (host && url.host === host.toLowerCase()) return true;
  return isLoopback(url.hostname);
}
