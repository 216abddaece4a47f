/**
 * A reader's intent to use something, seen before the click: a pointer over it, a keyboard
 * focus on it or a finger on it. Parts that are costly to make are made on it, so they are in
 * place when the click comes (code highlighting before a link is followed, the phone menu
 * before its button opens it).
 */

/** Events that come before a click, from a mouse, a key or a finger. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/**
 * Calls `then` once, on the first intent event anywhere in the document whose target is
 * inside an element matching `selector`. Returns a function that stops listening.
 */
export function onFirstIntent(selector: string, then: () => void): () => void {
  const stop = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
  };
  function onIntent(event: Event): void {
    if (!(event.target instanceof Element) || !event.target.closest(selector)) return;
    stop();
    then();
  }
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, {capture: true, passive: true});
  return stop;
}
