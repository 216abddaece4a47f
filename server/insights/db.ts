/**
 * The insights database, one interface over two engines that speak the same SQL:
 * - PGlite (PostgreSQL compiled to WASM, in this process) keeping its files in a folder:
 *   the default, so a server needs no database to run;
 * - a PostgreSQL server through `pg` (`DATABASE_URL`), which several server instances
 *   behind a load balancer share.
 * Every statement is written once for both; `$1`-style parameters.
 */
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

/** The file in a PGlite folder that names the process holding it open. */
export const PGLITE_LOCK = 'insights.pid';

/** The live process that holds the PGlite folder `dir` open, if any (a stale lock names a process gone). */
export function pgliteHolder(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, PGLITE_LOCK), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Takes the folder for this process; refuses when another live process has it (two would corrupt it). */
function lockPglite(dir: string): () => void {
  const holder = pgliteHolder(dir);
  if (holder !== undefined && holder !== process.pid) {
    throw new Error(`The insights folder ${dir} is open in another process (pid ${holder}): an embedded database has one user at a time. Stop that process, or give this one its own INSIGHTS_DIR or a DATABASE_URL.`);
  }
  const file = path.join(dir, PGLITE_LOCK);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (pgliteHolder(dir) === process.pid) rmSync(file, {force: true});
  };
}

export interface Sql {
  /** One statement with parameters; the rows it returns. */
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Statements without parameters, several at once (migrations). */
  exec(text: string): Promise<void>;
}

export interface InsightsDb extends Sql {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An embedded PostgreSQL whose files are in `dir` (made when missing). One process at a time may open it. */
export async function openPglite(dir: string): Promise<InsightsDb> {
  mkdirSync(dir, {recursive: true});
  const unlock = lockPglite(dir);
  const {PGlite} = await import('@electric-sql/pglite');
  let db: InstanceType<typeof PGlite>;
  try {
    db = await PGlite.create({dataDir: dir});
  } catch (error) {
    unlock();
    throw error;
  }
  const wrap = (target: {query: typeof db.query; exec: typeof db.exec}): Sql => ({
    query: async <Row extends object>(text: string, params: readonly unknown[] = []) => (await target.query<Row>(text, [...params])).rows,
    exec: async (text: string) => {
      await target.exec(text);
    },
  });
  return {
    engine: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: async () => {
      await db.close();
      unlock();
    },
  };
}

/** A PostgreSQL server at `url` (postgres://user:password@host:port/database), through a small pool. */
export async function openPostgres(url: string, options: {max?: number} = {}): Promise<InsightsDb> {
  const {default: pg} = await import('pg');
  // Dates and counts come back as the same JavaScript types PGlite gives: bigint counts as
  // numbers (they stay far below 2^53 here), timestamps as Date.
  const types = {getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format))};
  const pool = new pg.Pool({connectionString: url, max: options.max ?? 10, types, connectionTimeoutMillis: 5_000});
  // An idle client losing its server (a restart) must not crash the process: the next query reconnects.
  pool.on('error', () => undefined);
  // Fail at start-up, with the server's reason, rather than on the first post.
  const probe = await pool.connect();
  probe.release();
  const wrap = (target: {query: (text: string, params?: unknown[]) => Promise<{rows: unknown[]}>}): Sql => ({
    query: async <Row extends object>(text: string, params: readonly unknown[] = []) => (await target.query(text, [...params])).rows as Row[],
    exec: async (text: string) => {
      await target.query(text);
    },
  });
  return {
    engine: 'postgres',
    ...wrap(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
