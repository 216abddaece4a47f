/**
 * Turns the skipped layout of far blocks off (see ./layout) before the app or the
 * browser puts the reader at a place in the page:
 * - a click on a link with a fragment, before the browser scrolls to it (this listener
 *   runs in the capture phase, ahead of the default action and of the router);
 * - a route update whose address has a fragment, before the new page renders and
 *   Docusaurus scrolls to its heading (search results chosen by keyboard end here);
 * - a step back or forward in history, whose scroll position the browser restores.
 */
import type {ClientModule} from '@docusaurus/types';
import {FULL_LAYOUT, hrefHasFragment} from './layout';

function layOutInFull(): void {
  document.documentElement.setAttribute(FULL_LAYOUT, '');
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && hrefHasFragment(link.getAttribute('href'))) layOutInFull();
    },
    {capture: true},
  );
  window.addEventListener('popstate', layOutInFull);
}

const client: ClientModule = {
  onRouteUpdate({location}) {
    if (location.hash.length > 1) layOutInFull();
  },
};

export const {onRouteUpdate} = client;
