/**
 * Route prefetches wait while the search modal is open.
 *
 * Docusaurus prefetches the scripts of every internal link that comes into view (the theme's
 * `Link`, and the page body's links at idle time). On a slow device that idle time often comes
 * just as a reader opens search after the page appears: a dozen route scripts then load beside
 * the search's own files, through the same six connections to the host, while the reader
 * types. Held here, they load once the modal closes, if the reader is still on the page that
 * asked for them; a reader who opened a hit gets the new page's own prefetches instead.
 * Prefetches asked for before the modal opened, still waiting for idle time in the
 * prefetch queue, wait with them (`pause`). Preloads (a pointer on a link, a hit) are the
 * reader's intent and are never held.
 */
import {pausePrefetches} from '@site/plugins/route-prefetch/pause';

export interface PrefetchTarget {
  prefetch: (routePath: string) => false | Promise<void[]>;
}

export interface HoldOptions {
  /** Whether the modal is open now. */
  isOpen: () => boolean;
  /** Calls `changed` whenever the modal may have opened or closed; returns what stops watching. */
  watch: (changed: () => void) => () => void;
  /** The page being read (its path), to drop what a page the reader has left asked for. */
  page: () => string;
  /** Pauses the prefetches already queued; returns what ends the pause. */
  pause?: () => () => void;
}

/** Wraps `target.prefetch` to hold calls while the modal is open; returns what undoes it. */
export function holdPrefetches(target: PrefetchTarget, {isOpen, watch, page, pause}: HoldOptions): () => void {
  const prefetch = target.prefetch;
  const held = new Set<string>();
  let heldOn: string | null = null;
  let stopped = false;
  /** Ends the queue's pause, while the modal is open. */
  let resume: (() => void) | null = null;

  const release = () => {
    resume?.();
    resume = null;
    const paths = heldOn === page() ? [...held] : [];
    held.clear();
    heldOn = null;
    for (const path of paths) void prefetch(path);
  };
  const changed = () => {
    if (isOpen()) resume ??= pause?.() ?? null;
    else if (heldOn !== null || resume) release();
  };
  const wrapped: PrefetchTarget['prefetch'] = (routePath) => {
    // Undone but still reachable (a caller kept the copy): nothing is held any more.
    if (stopped || !isOpen()) return prefetch(routePath);
    heldOn ??= page();
    held.add(routePath);
    return false;
  };

  target.prefetch = wrapped;
  const stopWatching = watch(changed);
  changed();
  return () => {
    stopped = true;
    stopWatching();
    if (target.prefetch === wrapped) target.prefetch = prefetch;
    release();
  };
}

/** The class DocSearch gives the body while its modal is open. */
const SEARCH_OPEN_CLASS = 'DocSearch--active';

/**
 * `holdPrefetches` on this page, the modal told by the body's class. The app's
 * `window.docusaurus` is frozen, and every caller (the theme's `Link`, the page body's links)
 * looks it up when it prefetches: it is replaced by a copy whose `prefetch` holds, and put
 * back when undone.
 */
export function holdPrefetchesWhileSearching(): () => void {
  const body = document.body;
  const app = window.docusaurus;
  const copy = {...app};
  window.docusaurus = copy;
  const undo = holdPrefetches(copy, {
    isOpen: () => body.classList.contains(SEARCH_OPEN_CLASS),
    watch: (changed) => {
      const observer = new MutationObserver(changed);
      observer.observe(body, {attributes: true, attributeFilter: ['class']});
      return () => observer.disconnect();
    },
    page: () => window.location.pathname,
    pause: pausePrefetches,
  });
  return () => {
    undo();
    if (window.docusaurus === copy) window.docusaurus = app;
  };
}
