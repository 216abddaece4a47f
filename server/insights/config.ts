/**
 * The insights settings, from the environment:
 * - `INSIGHTS=off` turns page feedback and search insights off (the form is not shown:
 *   the endpoints answer 404);
 * - `DATABASE_URL` (postgres://…) keeps them in that PostgreSQL server; several instances
 *   may share it;
 * - otherwise an embedded PostgreSQL (PGlite) keeps them in `INSIGHTS_DIR` (default
 *   `.insights/` in the project, which git ignores);
 * - `INSIGHTS_COMMENT_DAYS`: days a comment's text is kept (default 90);
 * - `INSIGHTS_TOKEN`: the docs team's token for `/insights` (every host); partners' tokens
 *   are in their partner files (`insights_token_sha256`).
 */
import path from 'node:path';
import {openPglite, openPostgres, type InsightsDb} from './db';
import {DEFAULT_COMMENT_DAYS} from './service';
import {parseAdminToken} from './access';

export interface InsightsConfig {
  open: () => Promise<InsightsDb>;
  commentDays: number;
  adminToken?: string;
  /** The embedded database's folder; undefined on a PostgreSQL server. */
  pgliteDir?: string;
  /** Where the events go, for the start-up line (a URL without its password). */
  where: string;
}

export function insightsFromEnv(env: NodeJS.ProcessEnv, projectDir: string): InsightsConfig | undefined {
  const switch_ = (env.INSIGHTS ?? '').trim().toLowerCase();
  if (switch_ === 'off') return undefined;
  if (switch_ !== '' && switch_ !== 'on') throw new Error(`INSIGHTS must be on or off, got ${JSON.stringify(env.INSIGHTS)}.`);
  const daysText = (env.INSIGHTS_COMMENT_DAYS ?? '').trim();
  const commentDays = daysText === '' ? DEFAULT_COMMENT_DAYS : Number(daysText);
  if (!Number.isInteger(commentDays) || commentDays < 1) throw new Error(`INSIGHTS_COMMENT_DAYS must be a whole number of days, at least 1; got ${JSON.stringify(env.INSIGHTS_COMMENT_DAYS)}.`);
  const adminToken = parseAdminToken(env.INSIGHTS_TOKEN);
  const url = (env.DATABASE_URL ?? '').trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error('DATABASE_URL is not a URL: give postgres://user:password@host:port/database.');
    }
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new Error(`DATABASE_URL must be a postgres:// URL, not ${parsed.protocol}//…`);
    if (parsed.password) parsed.password = '***';
    return {open: () => openPostgres(url), commentDays, adminToken, where: `PostgreSQL at ${parsed.toString()}`};
  }
  const dir = path.resolve(projectDir, (env.INSIGHTS_DIR ?? '').trim() || '.insights');
  return {open: () => openPglite(dir), commentDays, adminToken, pgliteDir: dir, where: `an embedded PostgreSQL in ${dir}`};
}
