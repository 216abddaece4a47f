/**
 * Search insights in local mode: what readers search for on this site, sent to our server
 * (POST /insights/search) so the docs team sees the top searches, those that found nothing,
 * and which results get clicked. Sent is the settled query (400 ms after the last
 * keystroke, not every keystroke) with its hit count, and each result a reader opens with
 * its position; events go in batches of at most 20: when one is full, 5 s after its last
 * event, with a click, or when the page is left. Nothing is sent from a browser that asks not to be tracked
 * (Global Privacy Control, Do Not Track), for a query that looks like a secret, or where
 * the server has said it does not take them (a batch left at the page's end goes even
 * before it has said so; the server refuses what it does not take).
 */
import {looksLikeSecret} from '@site/server/insights/secrets';
import {insightsStatus} from '@site/src/insights/status';
import {MAX_QUERY_LENGTH} from './settings';

/** The spec's insights settings: events batched by 20, debounced 400 ms. */
export const INSIGHTS_BATCH = 20;
export const INSIGHTS_DEBOUNCE_MS = 400;
/** A batch not yet full goes this long after its last event (or when the page is left, or with a click). */
export const INSIGHTS_FLUSH_MS = 5000;

export type SearchInsightEvent =
  | {kind: 'search'; path: string; query: string; hits: number}
  | {kind: 'click'; path: string; query: string; position: number; target: string};

export interface InsightsSender {
  searched(query: string, hits: number): void;
  clicked(query: string, position: number, target: string): void;
  /** Sends what is queued now (the page is being left), even before the server has said whether it takes events. */
  flush(): void;
}

/** True when the browser asks not to be tracked. */
export function trackingRefused(nav: {globalPrivacyControl?: unknown; doNotTrack?: unknown} = navigator as never): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || nav.doNotTrack === 'yes';
}

const normalize = (query: string) => query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH).toLowerCase();

/**
 * The sender, over `send` (which posts one batch) and the page's clock; `path()` is the
 * page searched from. Exported for tests; the page uses `searchInsights()`.
 */
export function createInsightsSender(options: {
  send: (events: SearchInsightEvent[]) => void;
  path: () => string;
  enabled: () => boolean | Promise<boolean>;
  /** Told when events wait to be sent (`pending`) and when they have gone (`sent`). */
  onState?: (state: 'pending' | 'sent') => void;
}): InsightsSender {
  let queue: SearchInsightEvent[] = [];
  let settle: ReturnType<typeof setTimeout> | undefined;
  let settling: {query: string; hits: number} | undefined;
  let lastSettled: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const sendNow = (leaving = false) => {
    clearTimeout(timer);
    timer = undefined;
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    const post = (on: boolean) => {
      if (on) for (let i = 0; i < batch.length; i += INSIGHTS_BATCH) options.send(batch.slice(i, i + INSIGHTS_BATCH));
      if (!queue.length && !settling) options.onState?.('sent');
    };
    // Known already: sent in this task, which matters when the page is being left.
    const on = options.enabled();
    if (typeof on === 'boolean') post(on);
    // Not known yet as the page is left: an answer would come too late, so the batch goes
    // now and the server, which refuses events it does not take, decides.
    else if (leaving) post(true);
    else void on.then(post);
  };
  const push = (event: SearchInsightEvent) => {
    queue.push(event);
    options.onState?.('pending');
    if (queue.length >= INSIGHTS_BATCH) sendNow();
    else {
      clearTimeout(timer);
      timer = setTimeout(sendNow, INSIGHTS_FLUSH_MS);
    }
  };
  const settleNow = () => {
    clearTimeout(settle);
    settle = undefined;
    const s = settling;
    settling = undefined;
    if (!s || s.query === lastSettled) return;
    lastSettled = s.query;
    push({kind: 'search', path: options.path(), query: s.query, hits: s.hits});
  };
  return {
    searched(query, hits) {
      const q = normalize(query);
      if (!q || looksLikeSecret(q)) return;
      settling = {query: q, hits};
      options.onState?.('pending');
      clearTimeout(settle);
      settle = setTimeout(settleNow, INSIGHTS_DEBOUNCE_MS);
    },
    clicked(query, position, target) {
      const q = normalize(query);
      if (!q || looksLikeSecret(q) || !(position >= 1)) return;
      // The search a click comes from counts first, even if it had not settled yet.
      if (settling?.query === q) settleNow();
      push({kind: 'click', path: options.path(), query: q, position, target});
      sendNow();
    },
    flush() {
      settleNow();
      sendNow(true);
    },
  };
}

let sender: InsightsSender | undefined;

/** The page's sender, created on first use; a no-op where tracking is refused. */
export function searchInsights(): InsightsSender {
  if (sender) return sender;
  if (typeof window === 'undefined' || trackingRefused()) {
    sender = {searched: () => undefined, clicked: () => undefined, flush: () => undefined};
    return sender;
  }
  // Asked at once, so that a batch sent as the page is left need not wait for the answer.
  let allowed: boolean | undefined;
  const status = insightsStatus().then((s) => (allowed = s.search));
  sender = createInsightsSender({
    path: () => location.pathname.replace(/(.)\/$/, '$1'),
    enabled: () => allowed ?? status,
    // `<html data-search-insights="pending|sent">`, for tools and tests to wait on.
    onState: (state) => document.documentElement.setAttribute('data-search-insights', state),
    send: (events) => {
      // keepalive: a batch sent as the reader follows a result still arrives.
      void fetch('/insights/search', {method: 'POST', credentials: 'omit', keepalive: true, headers: {'content-type': 'application/json'}, body: JSON.stringify({events})}).catch(() => undefined);
    },
  });
  const leave = () => sender?.flush();
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') leave();
  });
  return sender;
}

/** The path of a result link, as the server takes it (no query, no fragment). */
export function resultPath(href: string): string {
  return new URL(href, location.href).pathname.replace(/(.)\/$/, '$1');
}

/**
 * Results opened from the DocSearch modal, by click or by Enter on the selected hit: the
 * query on screen, the hit's position among the hits shown (1 is the first) and its page.
 */
export function watchModalSelections(insights: InsightsSender = searchInsights()): () => void {
  const report = (hit: Element | null) => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Modal .DocSearch-Input');
    const link = hit?.querySelector('a[href]') ?? hit?.closest('a[href]');
    if (!hit || !input || !link) return;
    const hits = Array.from(document.querySelectorAll('.DocSearch-Modal .DocSearch-Hit'));
    insights.clicked(input.value, hits.indexOf(hit) + 1, resultPath(link.getAttribute('href')!));
  };
  const onClick = (event: MouseEvent) => report((event.target as Element | null)?.closest?.('.DocSearch-Modal .DocSearch-Hit') ?? null);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.target as Element | null)?.classList?.contains('DocSearch-Input')) report(document.querySelector('.DocSearch-Modal .DocSearch-Hit[aria-selected="true"]'));
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('keydown', onKey, true);
  };
}
