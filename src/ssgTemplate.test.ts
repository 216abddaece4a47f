import {describe, expect, it} from 'vitest';
import {EARLY_HOLD_MS, EARLY_SEARCH_GLOBAL} from './search/earlyHandover';
import {APP_LOADER, ssgTemplate, startupScripts} from './ssgTemplate';

const SCRIPTS = ['/assets/js/runtime~main.0123abcd.js', '/assets/js/main.4567ef01.js'];

/**
 * Runs the loader as a page would, on a browser of its own: animation frames and timers run
 * only when the test says, so every step is seen in order.
 */
function page(window: Record<string, unknown> = {}) {
  const frames: (() => void)[] = [];
  const timers: {at: number; run: () => void}[] = [];
  const appended: string[] = [];
  const marks: string[] = [];
  let now = 0;
  const document = {
    createElement: () => ({src: '', async: true}),
    body: {
      appendChild: (script: {src: string; async: boolean}) => {
        expect(script.async).toBe(false);
        appended.push(script.src);
      },
    },
  };
  const loader = new Function('window', 'document', 'performance', 'requestAnimationFrame', 'setTimeout', `return (${APP_LOADER});`)(
    window,
    document,
    {mark: (name: string) => marks.push(name)},
    (callback: () => void) => frames.push(callback),
    (callback: () => void, ms = 0) => timers.push({at: now + ms, run: callback}),
  ) as (scripts: string[]) => void;
  loader(SCRIPTS);
  return {
    appended,
    marks,
    /** The next animation frame. */
    frame: () => frames.splice(0).forEach((run) => run()),
    /** The two frames and the task the loader waits for after the first paint. */
    afterPaint() {
      this.frame();
      this.frame();
      this.wait(0);
    },
    /** Lets `ms` pass: the timers due run, in order. */
    wait(ms: number) {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        timers.splice(timers.indexOf(due), 1);
        due.run();
      }
    },
  };
}

/** The early script's handle, settled when the test says. */
function earlySearch() {
  let settle!: () => void;
  let fail!: (error: Error) => void;
  const settled = new Promise<void>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return {window: {[EARLY_SEARCH_GLOBAL]: {query: 'volume', settled, take: () => null}}, settle, fail};
}

const microtasks = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the page's loader", () => {
  it("starts the app's scripts in order, once the frame after the first paint has come", () => {
    const p = page();
    p.wait(0);
    p.frame();
    p.wait(0);
    expect(p.appended).toEqual([]);
    p.frame();
    expect(p.appended).toEqual([]);
    p.wait(0);
    expect(p.appended).toEqual(SCRIPTS);
    expect(p.marks).toEqual(['app-scripts-started']);
  });

  it('on a page whose early script searches, holds them until its results are shown', async () => {
    const early = earlySearch();
    const p = page(early.window);
    p.afterPaint();
    p.wait(EARLY_HOLD_MS - 1);
    await microtasks();
    expect(p.appended).toEqual([]);
    expect(p.marks).toEqual(['app-scripts-held']);
    early.settle();
    await microtasks();
    expect(p.appended).toEqual(SCRIPTS);
    // Started once: the cap that comes later starts nothing more.
    p.wait(EARLY_HOLD_MS);
    expect(p.appended).toEqual(SCRIPTS);
    expect(p.marks).toEqual(['app-scripts-held', 'app-scripts-started']);
  });

  it('holds them no longer than the cap when the early results never come', async () => {
    const early = earlySearch();
    const p = page(early.window);
    p.afterPaint();
    p.wait(EARLY_HOLD_MS - 1);
    expect(p.appended).toEqual([]);
    p.wait(1);
    expect(p.appended).toEqual(SCRIPTS);
    early.settle();
    await microtasks();
    expect(p.appended).toEqual(SCRIPTS);
  });

  it('starts them at once when the early search fails, and ignores a handle without a promise', async () => {
    const early = earlySearch();
    const failing = page(early.window);
    failing.afterPaint();
    early.fail(new Error('no worker'));
    await microtasks();
    expect(failing.appended).toEqual(SCRIPTS);

    const odd = page({[EARLY_SEARCH_GLOBAL]: {settled: 'soon'}});
    odd.afterPaint();
    expect(odd.appended).toEqual(SCRIPTS);
  });

  it('is in the template as the list of scripts is read back from a page', () => {
    expect(ssgTemplate).toContain(`(${APP_LOADER})(<%~ JSON.stringify(`);
    // As the minifier leaves a page: the list is the loader's argument, the script's last part.
    const html = `<script>(function(n){})(${JSON.stringify(SCRIPTS)});</script>`;
    expect(startupScripts(html)).toEqual(SCRIPTS);
  });
});
