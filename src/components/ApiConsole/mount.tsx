/**
 * The console's own chunk, loaded by the first click on a "Try it" button (./index.tsx).
 * The page's server HTML is not managed by React on a first load
 * (src/theme/DocItem/Content/Island.tsx), so the console gets a root of its own in the
 * container beside its button, the same on every kind of page.
 */
import {createRoot} from 'react-dom/client';
import Console from './Console';
import {addStyles} from './styles';

/**
 * Opens the console of `button` (mounting it the first time, and handing its unmount to
 * `mounted`) or folds it away, keeping what the reader typed.
 */
export function toggleConsole(button: HTMLElement, apiBase: () => string, mounted: (unmount: () => void) => void): void {
  const box = button.closest<HTMLElement>('[data-api-console]');
  const container = box?.querySelector<HTMLElement>('[data-api-console-root]');
  const operationId = box?.dataset.apiConsole;
  if (!container || !operationId) return;
  button.removeAttribute('title');
  if (container.dataset.mounted) {
    container.hidden = !container.hidden;
  } else {
    container.dataset.mounted = 'true';
    container.hidden = false;
    addStyles();
    const root = createRoot(container);
    root.render(<Console operationId={operationId} apiBase={apiBase} />);
    mounted(() => root.unmount());
  }
  button.setAttribute('aria-expanded', String(!container.hidden));
}
