/**
 * A pause for the prefetches waiting in ./client's queue.
 *
 * A prefetch asked for while nothing holds it is queued for the next idle period, so the
 * ones asked for as a page appeared (every link in view) can still be waiting when the
 * reader opens search. While a pause is on, the queue stops where it is; it goes on once
 * every pause has ended. The search modal pauses it while open (src/theme/SearchBar/
 * holdPrefetches): route scripts (seven on the intro at a desktop's width) otherwise load
 * beside the search's own files, over the same six connections to the host, and their
 * links and requests take the page's thread between the reader's keystrokes.
 *
 * A module of its own, so the search bar can pause the queue without importing the route
 * table that ./client brings.
 */
let pauses = 0;
let resumed: (() => void)[] = [];

/** Pauses the queue until the returned function is called (once; later calls do nothing). */
export function pausePrefetches(): () => void {
  pauses += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pauses -= 1;
    if (pauses > 0) return;
    const waiting = resumed;
    resumed = [];
    for (const resume of waiting) resume();
  };
}

/** Whether a pause is on. */
export const prefetchesPaused = (): boolean => pauses > 0;

/** Resolves once no pause is on (at once when none is). */
export function prefetchesResumed(): Promise<void> {
  return pauses === 0 ? Promise.resolve() : new Promise((resolve) => resumed.push(resolve));
}
