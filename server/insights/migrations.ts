/**
 * The insights schema, as numbered migrations run in order at start-up. A migration once
 * released is never edited: a change is a new one. Each runs in a transaction under an
 * advisory lock, so two instances starting together on one PostgreSQL apply it once.
 */
import type {InsightsDb} from './db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The key of the advisory lock migrations hold (any fixed number; this one spells "insights"). */
const MIGRATION_LOCK = 0x696e7369;

/** The daily counts made from the events (migration 3 fills them so; the bench's generated events too). */
export const FILL_DAILY_COUNTS = `
  INSERT INTO feedback_days
    SELECT (at AT TIME ZONE 'UTC')::date, host, path, count(*) FILTER (WHERE helpful), count(*) FILTER (WHERE NOT helpful)
      FROM feedback GROUP BY 1, 2, 3;
  INSERT INTO search_days
    SELECT (at AT TIME ZONE 'UTC')::date, host, query, count(*) FILTER (WHERE kind = 'search'), count(*) FILTER (WHERE kind = 'search' AND hits = 0),
           count(*) FILTER (WHERE kind = 'click'), coalesce(sum(position) FILTER (WHERE kind = 'click'), 0)
      FROM search_events GROUP BY 1, 2, 3;
`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'page feedback and search events',
    sql: `
      CREATE TABLE feedback (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        host text NOT NULL,
        path text NOT NULL,
        helpful boolean NOT NULL,
        reasons text[] NOT NULL DEFAULT '{}',
        comment text
      );
      CREATE INDEX feedback_host_at ON feedback (host, at);
      CREATE INDEX feedback_at ON feedback (at);
      CREATE TABLE search_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL,
        host text NOT NULL,
        path text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('search', 'click')),
        query text NOT NULL,
        hits integer,
        position integer,
        target text
      );
      CREATE INDEX search_events_host_at ON search_events (host, at);
      CREATE INDEX search_events_at ON search_events (at);
    `,
  },
  {
    version: 2,
    name: 'reasons and a comment added to an answer after it was given',
    // The SHA-256 of a random key handed to the browser that gave the answer: that browser,
    // and no one else, may add its reasons and comment for a short while.
    sql: `
      ALTER TABLE feedback ADD COLUMN detail_key_sha256 bytea;
      CREATE UNIQUE INDEX feedback_detail_key ON feedback (detail_key_sha256) WHERE detail_key_sha256 IS NOT NULL;
    `,
  },
  {
    version: 3,
    name: 'daily counts the reports read, kept with every write',
    // A report sums days instead of counting events: over a million events a 30-day view
    // reads tens of thousands of rows, not hundreds of thousands. Each write updates them in
    // its own transaction, so they always agree with the events. Days are UTC days.
    sql: `
      CREATE TABLE feedback_days (
        day date NOT NULL,
        host text NOT NULL,
        path text NOT NULL,
        yes integer NOT NULL,
        no integer NOT NULL,
        PRIMARY KEY (day, host, path)
      );
      CREATE TABLE search_days (
        day date NOT NULL,
        host text NOT NULL,
        query text NOT NULL,
        searches integer NOT NULL,
        no_results integer NOT NULL,
        clicks integer NOT NULL,
        position_sum bigint NOT NULL,
        PRIMARY KEY (day, host, query)
      );
      ${FILL_DAILY_COUNTS}
      CREATE INDEX feedback_comments_at ON feedback (at) WHERE comment IS NOT NULL;
    `,
  },
];

/** Brings the schema to the newest version; refuses a database a newer release has migrated. */
export async function migrate(db: InsightsDb, migrations: readonly Migration[] = MIGRATIONS): Promise<{applied: number[]}> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec('CREATE TABLE IF NOT EXISTS insights_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{version: number}>('SELECT version FROM insights_migrations')).map((row) => row.version));
    const known = new Set(migrations.map((m) => m.version));
    const unknown = [...done].filter((version) => !known.has(version));
    if (unknown.length) {
      throw new Error(`The insights database has migration ${unknown.join(', ')}, which this version does not know: it was migrated by a newer release. Run that release, or point INSIGHTS_DIR or DATABASE_URL at another database.`);
    }
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO insights_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    return {applied};
  });
}
