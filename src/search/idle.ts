/**
 * Long work (expanding the records, building the index) cut into slices that run while
 * the page is idle, so a keystroke or a scroll never waits behind it.
 */

export interface IdleDeadlineLike {
  readonly didTimeout: boolean;
  timeRemaining(): number;
}

/** The browser runs an idle callback at the latest this long after asking, even on a busy page. */
export const IDLE_TIMEOUT_MS = 200;
/** How long one callback may work when it has no idle time to measure (timed out, or no requestIdleCallback). */
export const BUSY_BUDGET_MS = 8;

/** How long one slice may work while a reader waits for the result (see `whileReaderWaits`). */
export const WAITED_FOR_BUDGET_MS = 40;

let readersWaiting = 0;

/**
 * For as long as a reader is waiting for this work to finish (the /search page, before
 * its first results), slices no longer wait for idle time: they run back to back in timer
 * tasks of up to 40 ms, still yielding between them so typing stays responsive.
 * Returns the function that ends it.
 */
export function whileReaderWaits(): () => void {
  readersWaiting += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    readersWaiting -= 1;
  };
}

/** A timer task with a fixed budget. */
function timerPeriod(budgetMs: number): Promise<IdleDeadlineLike> {
  return new Promise((resolve) =>
    setTimeout(() => {
      const started = performance.now();
      resolve({didTimeout: false, timeRemaining: () => Math.max(0, budgetMs - (performance.now() - started))});
    }),
  );
}

/** The next idle period: `requestIdleCallback` with a timeout, else a timer task with a fixed budget. */
export function nextIdlePeriod(): Promise<IdleDeadlineLike> {
  if (readersWaiting > 0) return timerPeriod(WAITED_FOR_BUDGET_MS);
  const requestIdle = (globalThis as {requestIdleCallback?: (cb: (deadline: IdleDeadlineLike) => void, options?: {timeout: number}) => number})
    .requestIdleCallback;
  if (typeof requestIdle === 'function') {
    return new Promise((resolve) => requestIdle.call(globalThis, resolve, {timeout: IDLE_TIMEOUT_MS}));
  }
  return timerPeriod(BUSY_BUDGET_MS);
}

/**
 * Calls `step` while `more()` holds, in idle periods: as many steps per period as fit its
 * remaining time (the fixed budget when the browser gave no idle time), at least one.
 */
export async function inIdlePeriods(more: () => boolean, step: () => void): Promise<void> {
  while (more()) {
    const deadline = await nextIdlePeriod();
    const started = performance.now();
    const hasTime = () => (deadline.didTimeout ? performance.now() - started < BUSY_BUDGET_MS : deadline.timeRemaining() > 0);
    do step();
    while (more() && hasTime());
  }
}

/**
 * Calls `step(from, to)` over `[0, count)` in slices of at most `slice` items, one or
 * more slices per idle period: as many as fit its remaining time, at least one.
 */
export async function inIdleSlices(count: number, slice: number, step: (from: number, to: number) => void): Promise<void> {
  const size = Math.max(1, Math.floor(slice));
  let from = 0;
  await inIdlePeriods(
    () => from < count,
    () => {
      const to = Math.min(count, from + size);
      step(from, to);
      from = to;
    },
  );
}
