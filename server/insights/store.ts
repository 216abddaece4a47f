/**
 * What the insights keep, and the reports read from it. Writes are grouped: the posts that
 * arrive while one transaction commits go together in the next, and each post is answered
 * only once the transaction holding it has committed, so an acknowledged event is on disk
 * (acknowledged means committed) while a burst of posts costs a few commits, not one each.
 */
import type {InsightsDb, Sql} from './db';
import {migrate} from './migrations';

export const FEEDBACK_REASONS = ['inaccurate', 'hard-to-follow', 'missing-information', 'sample-broken', 'other'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

export interface FeedbackEvent {
  at: Date;
  /** The SHA-256 of the key that lets the reader add reasons and a comment later (AnswerDetail). */
  detailKeySha256?: Buffer;
  host: string;
  path: string;
  helpful: boolean;
  reasons: readonly FeedbackReason[];
  comment?: string;
}

export interface SearchEvent {
  at: Date;
  host: string;
  /** The page the reader searched from. */
  path: string;
  kind: 'search' | 'click';
  query: string;
  /** For a search: how many results it had. */
  hits?: number;
  /** For a click: the result's position (1 is the first) and where it led. */
  position?: number;
  target?: string;
}

export interface ReportQuery {
  /** The counts cover whole UTC days: from this instant's day to the day of the instant before `to`; comments, the instants between. */
  from: Date;
  to: Date;
  /** The hosts to report on; null for every host. */
  hosts: readonly string[] | null;
}

export interface PageFeedback {
  host: string;
  path: string;
  yes: number;
  no: number;
  /** yes / (yes + no). */
  helpfulRate: number;
}

export interface CommentRow {
  at: Date;
  host: string;
  path: string;
  helpful: boolean;
  reasons: string[];
  comment: string;
}

export interface SearchRow {
  query: string;
  searches: number;
  clicks: number;
}

export interface Report {
  /** Pages with answers, those failing most first (most "no", then lowest rate). */
  pages: PageFeedback[];
  /** The newest comments first. */
  comments: CommentRow[];
  topSearches: SearchRow[];
  /** Queries that found nothing, the most frequent first. */
  noResults: {query: string; searches: number}[];
  searches: number;
  clicks: number;
  /** clicks / searches, 0 when nothing was searched. */
  clickThrough: number;
  /** Mean position of the results clicked (1 is the first); null when none were. */
  meanClickPosition: number | null;
  /** Per UTC day of the range: answers and searches. */
  series: {day: string; answers: number; searches: number}[];
}

/** Rows per INSERT statement (each row is 6-8 parameters; PostgreSQL allows 65,535). */
const ROWS_PER_STATEMENT = 500;
/** Rows a report list shows. */
export const REPORT_ROWS = 50;

interface Pending {
  feedback: readonly FeedbackEvent[];
  searches: readonly SearchEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

async function upsertRows(tx: Sql, table: string, columns: string[], casts: string[], rows: unknown[][], onConflict = ''): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((value, i) => `${casts[i].replace('?', `$${params.push(value)}`)}`).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')} ${onConflict}`, params);
  }
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Adds a batch's answers to the daily counts (one upsert per day, host and page). */
async function addFeedbackDays(tx: Sql, feedback: readonly FeedbackEvent[]): Promise<void> {
  const days = new Map<string, [string, string, string, number, number]>();
  for (const f of feedback) {
    const key = `${utcDay(f.at)}\u0000${f.host}\u0000${f.path}`;
    const row = days.get(key) ?? [utcDay(f.at), f.host, f.path, 0, 0];
    row[f.helpful ? 3 : 4] += 1;
    days.set(key, row);
  }
  await upsertRows(tx, 'feedback_days', ['day', 'host', 'path', 'yes', 'no'], ['?::date', '?', '?', '?::integer', '?::integer'], [...days.values()], 'ON CONFLICT (day, host, path) DO UPDATE SET yes = feedback_days.yes + EXCLUDED.yes, no = feedback_days.no + EXCLUDED.no');
}

/** Adds a batch's search events to the daily counts (one upsert per day, host and query). */
async function addSearchDays(tx: Sql, searches: readonly SearchEvent[]): Promise<void> {
  const days = new Map<string, [string, string, string, number, number, number, number]>();
  for (const e of searches) {
    const key = `${utcDay(e.at)}\u0000${e.host}\u0000${e.query}`;
    const row = days.get(key) ?? [utcDay(e.at), e.host, e.query, 0, 0, 0, 0];
    if (e.kind === 'search') {
      row[3] += 1;
      if (e.hits === 0) row[4] += 1;
    } else {
      row[5] += 1;
      row[6] += e.position ?? 0;
    }
    days.set(key, row);
  }
  await upsertRows(
    tx,
    'search_days',
    ['day', 'host', 'query', 'searches', 'no_results', 'clicks', 'position_sum'],
    ['?::date', '?', '?', '?::integer', '?::integer', '?::integer', '?::bigint'],
    [...days.values()],
    'ON CONFLICT (day, host, query) DO UPDATE SET searches = search_days.searches + EXCLUDED.searches, no_results = search_days.no_results + EXCLUDED.no_results, clicks = search_days.clicks + EXCLUDED.clicks, position_sum = search_days.position_sum + EXCLUDED.position_sum',
  );
}

export class InsightsStore {
  readonly #db: InsightsDb;
  #queue: Pending[] = [];
  #flushing: Promise<void> | null = null;
  #closed = false;

  private constructor(db: InsightsDb) {
    this.#db = db;
  }

  /** The store over `db`, its schema migrated to the newest version. */
  static async open(db: InsightsDb): Promise<InsightsStore> {
    await migrate(db);
    return new InsightsStore(db);
  }

  get engine(): InsightsDb['engine'] {
    return this.#db.engine;
  }

  /**
   * Adds reasons and a comment to the answer whose detail key hashes to `keySha256`, when it
   * is younger than `maxAgeMs`; a key works once. Resolves to whether an answer took them.
   */
  async addDetail(detail: {keySha256: Buffer; reasons: readonly FeedbackReason[]; comment?: string; now: Date; maxAgeMs: number}): Promise<boolean> {
    const rows = await this.#db.query<{id: number}>(
      `UPDATE feedback SET reasons = string_to_array($2::text, ','), comment = $3, detail_key_sha256 = NULL
         WHERE detail_key_sha256 = decode($1, 'hex') AND at > $4::timestamptz RETURNING id`,
      [detail.keySha256.toString('hex'), detail.reasons.join(','), detail.comment ?? null, new Date(detail.now.getTime() - detail.maxAgeMs).toISOString()],
    );
    return rows.length === 1;
  }

  /** Resolves once the events are committed; rejects (nothing of them kept) when the database refuses. */
  add(events: {feedback?: readonly FeedbackEvent[]; searches?: readonly SearchEvent[]}): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('The insights store is closed.'));
    return new Promise((resolve, reject) => {
      this.#queue.push({feedback: events.feedback ?? [], searches: events.searches ?? [], resolve, reject});
      this.#flushing ??= this.#flush();
    });
  }

  async #flush(): Promise<void> {
    while (this.#queue.length) {
      const batch = this.#queue.splice(0);
      try {
        await this.#db.transaction(async (tx) => {
          const feedback = batch.flatMap((p) => p.feedback);
          const searches = batch.flatMap((p) => p.searches);
          if (feedback.length) {
            await upsertRows(
              tx,
              'feedback',
              ['at', 'host', 'path', 'helpful', 'reasons', 'comment', 'detail_key_sha256'],
              ['?::timestamptz', '?', '?', '?::boolean', "string_to_array(?::text, ',')", '?', "decode(?::text, 'hex')"],
              feedback.map((f) => [f.at.toISOString(), f.host, f.path, f.helpful, f.reasons.join(','), f.comment ?? null, f.detailKeySha256?.toString('hex') ?? null]),
            );
          }
          if (feedback.length) await addFeedbackDays(tx, feedback);
          if (searches.length) await addSearchDays(tx, searches);
          if (searches.length) {
            await upsertRows(
              tx,
              'search_events',
              ['at', 'host', 'path', 'kind', 'query', 'hits', 'position', 'target'],
              ['?::timestamptz', '?', '?', '?', '?', '?::integer', '?::integer', '?'],
              searches.map((s) => [s.at.toISOString(), s.host, s.path, s.kind, s.query, s.hits ?? null, s.position ?? null, s.target ?? null]),
            );
          }
        });
        for (const pending of batch) pending.resolve();
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.#flushing = null;
  }

  /** Deletes the text of comments older than `days` days; the answers themselves are kept. Returns how many. */
  async forgetComments(days: number, now = new Date()): Promise<number> {
    const rows = await this.#db.query<{n: number}>(
      `WITH cleared AS (UPDATE feedback SET comment = NULL WHERE comment IS NOT NULL AND at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM cleared`,
      [new Date(now.getTime() - days * 86_400_000).toISOString()],
    );
    return rows[0].n;
  }

  /** Every host that has events, for the dashboard's host list. */
  async hosts(): Promise<string[]> {
    const rows = await this.#db.query<{host: string}>('SELECT DISTINCT host FROM feedback_days UNION SELECT DISTINCT host FROM search_days ORDER BY host');
    return rows.map((r) => r.host);
  }

  async report(q: ReportQuery): Promise<Report> {
    // Comments by their time; counts by UTC day: the days from `from`'s to the one holding
    // the instant before `to` (a report's range is whole days: from midnight to midnight).
    const where = `at >= $1::timestamptz AND at < $2::timestamptz AND ($3::text[] IS NULL OR host = ANY($3::text[]))`;
    const lastDay = `(($2::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC')::date`;
    const days = `day >= ($1::timestamptz AT TIME ZONE 'UTC')::date AND day <= ${lastDay} AND ($3::text[] IS NULL OR host = ANY($3::text[]))`;
    const params = [q.from.toISOString(), q.to.toISOString(), q.hosts ? `{${q.hosts.map((h) => `"${h.replace(/["\\]/g, '')}"`).join(',')}}` : null];
    const db = this.#db;
    const [pages, comments, top, none, totals, series] = await Promise.all([
      db.query<PageFeedback>(
        `SELECT host, path, sum(yes)::int AS yes, sum(no)::int AS no, sum(yes)::float8 / nullif(sum(yes) + sum(no), 0) AS "helpfulRate"
           FROM feedback_days WHERE ${days} GROUP BY host, path HAVING sum(yes) + sum(no) > 0 ORDER BY no DESC, "helpfulRate" ASC, host, path LIMIT ${REPORT_ROWS}`,
        params,
      ),
      db.query<CommentRow>(`SELECT at, host, path, helpful, reasons, comment FROM feedback WHERE ${where} AND comment IS NOT NULL ORDER BY at DESC, id DESC LIMIT ${REPORT_ROWS}`, params),
      db.query<SearchRow>(
        `SELECT query, sum(searches)::int AS searches, sum(clicks)::int AS clicks FROM search_days WHERE ${days}
           GROUP BY query HAVING sum(searches) > 0 ORDER BY searches DESC, query LIMIT ${REPORT_ROWS}`,
        params,
      ),
      db.query<{query: string; searches: number}>(
        `SELECT query, sum(no_results)::int AS searches FROM search_days WHERE ${days} AND no_results > 0 GROUP BY query ORDER BY searches DESC, query LIMIT ${REPORT_ROWS}`,
        params,
      ),
      db.query<{searches: number; clicks: number; mean: number | null}>(
        `SELECT coalesce(sum(searches), 0)::int AS searches, coalesce(sum(clicks), 0)::int AS clicks, (sum(position_sum)::float8 / nullif(sum(clicks), 0)) AS mean
           FROM search_days WHERE ${days}`,
        params,
      ),
      db.query<{day: string; answers: number; searches: number}>(
        `WITH range AS (SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series(($1::timestamptz AT TIME ZONE 'UTC')::date, ${lastDay}, interval '1 day') AS d),
              f AS (SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(yes + no)::int AS n FROM feedback_days WHERE ${days} GROUP BY 1),
              s AS (SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(searches)::int AS n FROM search_days WHERE ${days} GROUP BY 1)
         SELECT range.day, coalesce(f.n, 0) AS answers, coalesce(s.n, 0) AS searches FROM range LEFT JOIN f USING (day) LEFT JOIN s USING (day) ORDER BY range.day`,
        params,
      ),
    ]);
    const {searches, clicks, mean} = totals[0];
    return {
      pages,
      comments: comments.map((c) => ({...c, at: new Date(c.at)})),
      topSearches: top,
      noResults: none,
      searches,
      clicks,
      clickThrough: searches ? clicks / searches : 0,
      meanClickPosition: mean,
      series,
    };
  }

  /** Waits for the writes in hand, then closes the database. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#flushing;
    await this.#db.close();
  }
}
