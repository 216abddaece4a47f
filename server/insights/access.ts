/**
 * Who may read the insights: a bearer token. `INSIGHTS_TOKEN` (the docs team's) reads every
 * host; a partner file's `insights_token_sha256` is the SHA-256 of a token that partner keeps,
 * and that token reads the partner's own hosts and nothing else. Tokens are compared by
 * their hashes in constant time; no token is stored, and none is logged.
 */
import {createHash, timingSafeEqual} from 'node:crypto';
import type {PartnerEntry} from '../partners';

/** The shortest `INSIGHTS_TOKEN` the server accepts: long enough not to be guessed. */
export const MIN_TOKEN_LENGTH = 24;

export type Access = {all: true; label: 'docs team'} | {all: false; label: string; hosts: readonly string[]};

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** `INSIGHTS_TOKEN` as the server takes it; a short one stops start-up. */
export function parseAdminToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < MIN_TOKEN_LENGTH) throw new Error(`INSIGHTS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters (e.g. openssl rand -hex 24).`);
  return token;
}

/** What the `Authorization` header's token may read, or undefined when it reads nothing. */
export function accessFor(authorization: string | undefined, options: {adminToken?: string; partners: readonly PartnerEntry[]}): Access | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const presented = sha256(match[1]);
  if (options.adminToken && timingSafeEqual(presented, sha256(options.adminToken))) return {all: true, label: 'docs team'};
  for (const entry of options.partners) {
    if (entry.insightsTokenSha256 && timingSafeEqual(presented, Buffer.from(entry.insightsTokenSha256, 'hex'))) {
      return {all: false, label: entry.served.config.name, hosts: entry.domains};
    }
  }
  return undefined;
}

/** The hosts a report may cover: those asked for that the access allows (null: every host). */
export function hostsFor(access: Access, asked: string | undefined): readonly string[] | null | 'forbidden' {
  if (access.all) return asked ? [asked] : null;
  if (!asked) return access.hosts;
  return access.hosts.includes(asked) ? [asked] : 'forbidden';
}
