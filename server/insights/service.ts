/**
 * The insights store's life beside the server: opened in the background at start-up (the
 * pages are served at once; PGlite takes most of a second to open), opened again every few
 * seconds while the database is away, comments past their retention forgotten every few
 * hours, and closed after the last post in hand is committed when the server stops.
 */
import type {InsightsDb} from './db';
import {InsightsStore} from './store';
import type {StoreState} from './routes';

/** Days a comment's text is kept (`INSIGHTS_COMMENT_DAYS`); the answer itself is kept. */
export const DEFAULT_COMMENT_DAYS = 90;
const REOPEN_MS = 5_000;
const RETENTION_EVERY_MS = 6 * 3600_000;

export interface InsightsService {
  state(): StoreState;
  /** What a health check says of it: ready, opening, or why it is unavailable. */
  health(): string;
  /** Told of each write: a failure makes health() say why until a write succeeds. */
  wrote(error?: unknown): void;
  close(): Promise<void>;
}

export function startInsights(options: {open: () => Promise<InsightsDb>; commentDays?: number; log?: (message: string) => void}): InsightsService {
  const log = options.log ?? ((message: string) => console.error(message));
  const commentDays = options.commentDays ?? DEFAULT_COMMENT_DAYS;
  let state: StoreState = {status: 'opening'};
  let writeError: string | undefined;
  let closed = false;
  let reopen: NodeJS.Timeout | undefined;
  let retention: NodeJS.Timeout | undefined;

  const forget = async (store: InsightsStore) => {
    try {
      const n = await store.forgetComments(commentDays);
      if (n) log(`insights: forgot the text of ${n} comment${n === 1 ? '' : 's'} older than ${commentDays} days.`);
    } catch (error) {
      log(`insights: forgetting old comments failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const attempt = async (): Promise<void> => {
    let db: InsightsDb | undefined;
    try {
      db = await options.open();
      const store = await InsightsStore.open(db);
      if (closed) {
        await store.close();
        return;
      }
      state = {status: 'ready', store};
      void forget(store);
      retention = setInterval(() => void forget(store), RETENTION_EVERY_MS).unref();
    } catch (error) {
      await db?.close().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      if (state.status !== 'unavailable' || state.reason !== reason) log(`insights: the database is unavailable (${reason}); trying again every ${REOPEN_MS / 1000} s. Pages are served meanwhile.`);
      state = {status: 'unavailable', reason};
      if (!closed) reopen = setTimeout(() => void attempt(), REOPEN_MS).unref();
    }
  };
  const first = attempt();

  return {
    state: () => state,
    health: () => (state.status === 'ready' ? (writeError ? `unavailable: the last write failed: ${writeError}` : 'ready') : state.status === 'opening' ? 'opening' : `unavailable: ${state.reason}`),
    wrote(error) {
      writeError = error === undefined ? undefined : error instanceof Error ? error.message : String(error);
    },
    async close() {
      closed = true;
      clearTimeout(reopen);
      clearInterval(retention);
      await first;
      if (state.status === 'ready') await state.store.close();
    },
  };
}
