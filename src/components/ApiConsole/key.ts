/**
 * The reader's API key, kept for this tab only: in memory, and in sessionStorage when the
 * reader asks to keep it across reloads of the tab. Never localStorage (it would outlive
 * the tab and reach every other tab of the site), never a URL, never a log.
 */
const SESSION_KEY = 'api-console-key';

let key = '';
let loaded = false;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The key, and whether the reader chose to keep it in this tab's session storage. */
export function readKey(): {key: string; remembered: boolean} {
  if (!loaded) {
    loaded = true;
    const stored = session()?.getItem(SESSION_KEY);
    if (stored) key = stored;
  }
  return {key, remembered: Boolean(session()?.getItem(SESSION_KEY))};
}

export function writeKey(value: string, remember: boolean): void {
  key = value;
  loaded = true;
  const storage = session();
  try {
    if (remember && value) storage?.setItem(SESSION_KEY, value);
    else storage?.removeItem(SESSION_KEY);
  } catch {
    // Storage full or disabled: the key stays in memory only.
  }
}

/** Forgets the key everywhere it was kept. */
export function clearKey(): void {
  writeKey('', false);
}
