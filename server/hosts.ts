/**
 * The hosts this server serves: the default brand's docs hosts (production, development and
 * pre-production), `DOCS_URL`'s host, every partner's domains (as the partner files say now),
 * loopback names (`localhost`, `*.localhost`, 127.x, [::1]) and the operator's `ALLOWED_HOSTS`.
 * A request naming any other host (a DNS-rebound page, a misrouted or forged `Host`) gets
 * `421 Misdirected Request` where an answer would name the host back: on `/mcp`, whose
 * answers link to the host asked, and on `/sandbox`.
 */
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {isLoopback} from './mcp/origin';
import {normalizeHostName} from './partners';

export type HostServed = (hostname: string) => boolean;

/** `ALLOWED_HOSTS` as the server takes it: host names, comma- or space-separated; anything else stops start-up. */
export function parseAllowedHosts(value: string | undefined): string[] {
  const hosts: string[] = [];
  for (const entry of (value ?? '').split(/[\s,]+/).filter(Boolean)) {
    const host = normalizeHostName(entry);
    if (!host) throw new Error(`ALLOWED_HOSTS: "${entry}" is not a host name (docs.example.org, no scheme, port or path).`);
    hosts.push(host);
  }
  return hosts;
}

/** The default brand's docs hosts and `docsUrl`'s (DOCS_URL's) host. */
export function defaultHosts(docsUrl: string = process.env.DOCS_URL ?? DEFAULT_BRAND.docsUrl): string[] {
  return [...new Set([new URL(DEFAULT_BRAND.docsUrl).hostname, new URL(docsUrl).hostname, ...Object.keys(DEFAULT_BRAND.environmentApiBases)])];
}

/** Whether a host name (lower case, no port) is one this server serves; partners are asked at each call, so a reload counts at once. */
export function hostsServed(options: {isPartnerHost: (hostname: string) => boolean; allowed?: readonly string[]; docsUrl?: string}): HostServed {
  const fixed = new Set([...defaultHosts(options.docsUrl), ...(options.allowed ?? [])]);
  return (hostname) => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    return fixed.has(host) || isLoopback(host) || options.isPartnerHost(host);
  };
}
