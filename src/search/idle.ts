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

/** The next idle period: `requestIdleCallback` with a timeout, else a timer task with a fixed budget. */
export function nextIdlePeriod(): Promise<IdleDeadlineLike> {
  const requestIdle = (globalThis as {requestIdleCallback?: (cb: (deadline: IdleDeadlineLike) => void, options?: {timeout: number}) => number})
    .requestIdleCallback;
  if (typeof requestIdle === 'function') {
    return new Promise((resolve) => requestIdle.call(globalThis, resolve, {timeout: IDLE_TIMEOUT_MS}));
  }
  return new Promise((resolve) =>
    setTimeout(() => {
      const started = performance.now();
      resolve({didTimeout: false, timeRemaining: () => Math.max(0, BUSY_BUDGET_MS - (performance.now() - started))});
    }),
  );
}

/**
 * Calls `step(from, to)` over `[0, count)` in slices of at most `slice` items, one or
 * more slices per idle period: as many as fit its remaining time, at least one.
 */
export async function inIdleSlices(count: number, slice: number, step: (from: number, to: number) => void): Promise<void> {
  const size = Math.max(1, Math.floor(slice));
  let from = 0;
  while (from < count) {
    const deadline = await nextIdlePeriod();
    const started = performance.now();
    const hasTime = () => (deadline.didTimeout ? performance.now() - started < BUSY_BUDGET_MS : deadline.timeRemaining() > 0);
    do {
      const to = Math.min(count, from + size);
      step(from, to);
      from = to;
    } while (from < count && hasTime());
  }
}
