/**
 * For tests: the two engines the insights store runs on, each a fresh, empty database.
 * PGlite in a temporary folder; PostgreSQL as a new database on the server
 * `TEST_DATABASE_URL` names (`npm test` starts one with scripts/test-postgres.sh and sets
 * `INSIGHTS_TEST_POSTGRES=required`, so a run that lost it fails instead of skipping).
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {randomBytes} from 'node:crypto';
import {openPglite, openPostgres, type InsightsDb} from './db';
import {writeBuildManifest} from '../build-manifest';
import type {FastifyInstance} from 'fastify';

export interface TestDatabase {
  /** DATABASE_URL of the database (PostgreSQL), or the folder (PGlite). */
  where: string;
  open(): Promise<InsightsDb>;
  /** Removes the database; call after every handle on it is closed. */
  remove(): Promise<void>;
}

export interface TestEngine {
  name: 'PGlite' | 'PostgreSQL';
  create(): Promise<TestDatabase>;
}

export const testPostgresUrl = process.env.TEST_DATABASE_URL;
export const postgresRequired = process.env.INSIGHTS_TEST_POSTGRES === 'required';

const pglite: TestEngine = {
  name: 'PGlite',
  async create() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'insights-test-'));
    return {where: dir, open: () => openPglite(dir), remove: async () => rmSync(dir, {recursive: true, force: true})};
  },
};

function postgres(serverUrl: string): TestEngine {
  return {
    name: 'PostgreSQL',
    async create() {
      const name = `insights_test_${randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(serverUrl, {max: 1});
      await admin.exec(`CREATE DATABASE ${name}`);
      await admin.close();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        where: url.toString(),
        open: () => openPostgres(url.toString()),
        async remove() {
          const again = await openPostgres(serverUrl, {max: 1});
          await again.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await again.close();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL when a test server is set. */
export const testEngines: TestEngine[] = [pglite, ...(testPostgresUrl ? [postgres(testPostgresUrl)] : [])];

/** A build of three pages (home, /docs/intro, /docs/storage/volumes) with its manifest, for servers under test. */
export async function tinyBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'insights-build-'));
  await mkdir(path.join(dir, 'docs/intro'), {recursive: true});
  await mkdir(path.join(dir, 'docs/storage/volumes'), {recursive: true});
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(path.join(dir, 'docs/intro/index.html'), '<!doctype html><title>Intro</title>');
  await writeFile(path.join(dir, 'docs/storage/volumes/index.html'), '<!doctype html><title>Volumes</title>');
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
  await writeBuildManifest(dir);
  return dir;
}


/**
 * Waits until `app`'s insights store has opened or failed to (its `/readyz` no longer says
 * `opening`: the store opens in the background) and returns what `/readyz` then says.
 */
export async function insightsSettled(app: FastifyInstance): Promise<string> {
  for (;;) {
    const state = (await app.inject({url: '/readyz'})).json().insights as string;
    if (state !== 'opening') return state;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until `app`'s insights store is open; throws with what `/readyz` says when it failed. */
export async function insightsReady(app: FastifyInstance): Promise<void> {
  const state = await insightsSettled(app);
  if (state !== 'ready') throw new Error(`insights: ${state}`);
}
