import {describe, expect, it} from 'vitest';
import {holdPrefetches, type PrefetchTarget} from './holdPrefetches';

/** A modal that opens and closes, a page path, and a prefetch that records what it was asked. */
function setup() {
  const asked: string[] = [];
  const target: PrefetchTarget = {
    prefetch: (path) => {
      asked.push(path);
      return Promise.resolve([]);
    },
  };
  const original = target.prefetch;
  let open = false;
  let page = '/docs/intro';
  let notify: (() => void) | null = null;
  /** The queue's pauses: true while on. */
  const pauses: boolean[] = [];
  const undo = holdPrefetches(target, {
    isOpen: () => open,
    watch: (changed) => {
      notify = changed;
      return () => {
        notify = null;
      };
    },
    page: () => page,
    pause: () => {
      const i = pauses.push(true) - 1;
      return () => {
        pauses[i] = false;
      };
    },
  });
  return {
    asked,
    pauses,
    target,
    original,
    undo,
    setOpen(value: boolean) {
      open = value;
      notify?.();
    },
    goTo(path: string) {
      page = path;
    },
    watching: () => notify !== null,
  };
}

describe('holdPrefetches', () => {
  it('passes prefetches through while the modal is closed', async () => {
    const s = setup();
    await s.target.prefetch('/docs/a');
    expect(s.asked).toEqual(['/docs/a']);
  });

  it('holds them while the modal is open and runs each once when it closes', () => {
    const s = setup();
    s.setOpen(true);
    expect(s.target.prefetch('/docs/a')).toBe(false);
    s.target.prefetch('/docs/b');
    s.target.prefetch('/docs/a');
    expect(s.asked).toEqual([]);
    s.setOpen(false);
    expect(s.asked).toEqual(['/docs/a', '/docs/b']);
    // Closing again (another class change) runs nothing twice.
    s.setOpen(false);
    expect(s.asked).toEqual(['/docs/a', '/docs/b']);
  });

  it('drops what was held when the reader left the page from the modal', () => {
    const s = setup();
    s.setOpen(true);
    s.target.prefetch('/docs/a');
    s.goTo('/docs/networking');
    s.setOpen(false);
    expect(s.asked).toEqual([]);
    // The new page's own prefetches go through.
    s.target.prefetch('/docs/b');
    expect(s.asked).toEqual(['/docs/b']);
  });

  it('undoing restores the prefetch, stops watching and runs what was held', () => {
    const s = setup();
    s.setOpen(true);
    const wrapped = s.target.prefetch;
    wrapped('/docs/a');
    s.undo();
    expect(s.target.prefetch).toBe(s.original);
    expect(s.watching()).toBe(false);
    expect(s.asked).toEqual(['/docs/a']);
    // A caller that kept the wrapped prefetch is no longer held, modal open or not.
    wrapped('/docs/b');
    expect(s.asked).toEqual(['/docs/a', '/docs/b']);
  });

  it('pauses the queued prefetches while the modal is open, once however often the class changes', () => {
    const s = setup();
    expect(s.pauses).toEqual([]);
    s.setOpen(true);
    s.setOpen(true);
    expect(s.pauses).toEqual([true]);
    s.setOpen(false);
    expect(s.pauses).toEqual([false]);
    s.setOpen(true);
    expect(s.pauses).toEqual([false, true]);
    // Undone while open: the pause ends with it.
    s.undo();
    expect(s.pauses).toEqual([false, false]);
  });
});
