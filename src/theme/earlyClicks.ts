/**
 * Clicks that land before their handler exists. A page's HTML shows some buttons (an API
 * page's "Try it", its code-sample tabs) whose handlers arrive only when the page's script
 * has run: on a slow phone, seconds after the button appears. A reader who clicks in that
 * gap would see nothing happen, and the click would be lost.
 *
 * So a few bytes in every page's head (plugins/early-clicks) record clicks on buttons that
 * carry EARLY_CLICK_ATTRIBUTE until the page has hydrated, and the code that attaches the
 * handlers calls `replayEarlyClicks` on its part of the page right after: each button
 * clicked there is clicked again, once, in the order the reader last clicked them. A
 * button clicked twice while waiting (a double click on "Try it") opens its console once.
 */

/** Marks a button whose click handler is attached after the page appears. */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';

/** Set on a part of the page once its handlers are attached: its clicks are no longer recorded. */
export const CLICKS_LIVE_ATTRIBUTE = 'data-clicks-live';

/** How many early clicks are kept: a page where no handler ever comes keeps no more. */
export const EARLY_CLICK_LIMIT = 20;

/** Where the head script keeps the clicks it recorded. */
const QUEUE = '__earlyClicks';

/**
 * The head script: recorded are clicks on a marked button outside any live part, while the
 * page has not hydrated. Plain ES5, run before the body is parsed; it costs one listener.
 */
export function earlyClickScript(): string {
  const button = JSON.stringify(`[${EARLY_CLICK_ATTRIBUTE}]`);
  const live = JSON.stringify(`[${CLICKS_LIVE_ATTRIBUTE}]`);
  return (
    `(function(){var q=window.${QUEUE}=[];document.addEventListener('click',function(e){` +
    `var t=e.target,b=t&&t.closest?t.closest(${button}):null;` +
    `if(b&&!b.closest(${live})&&document.documentElement.getAttribute('data-has-hydrated')!=='true'&&q.length<${EARLY_CLICK_LIMIT})q.push(b)},true)})();`
  );
}

/**
 * Marks `root` live (its handlers are attached: call this right after attaching them) and
 * clicks again, once each, the buttons inside it that the reader clicked before. Clicks
 * recorded elsewhere stay for the part of the page they belong to.
 */
export function replayEarlyClicks(root: HTMLElement): void {
  root.setAttribute(CLICKS_LIVE_ATTRIBUTE, '');
  const queue = (window as unknown as Record<string, unknown>)[QUEUE];
  if (!Array.isArray(queue) || queue.length === 0) return;
  const mine: HTMLElement[] = [];
  for (let i = 0; i < queue.length; ) {
    const button = queue[i] as HTMLElement;
    if (root.contains(button)) {
      mine.push(button);
      queue.splice(i, 1);
    } else i += 1;
  }
  // Once per button, in the order of each one's last click.
  for (const [i, button] of mine.entries()) {
    if (mine.lastIndexOf(button) === i && button.isConnected) button.click();
  }
}
