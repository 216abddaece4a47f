/**
 * `window.docusaurus` for the browser: Docusaurus's prefetch and preload, made cheap
 * enough to run for every link that scrolls into view.
 *
 * Every internal link prefetches its route when it comes into view. Docusaurus's own
 * prefetch (@docusaurus/core/lib/client/docusaurus.js, which this module replaces in
 * the bundle) has two costs that grow with the site:
 * - it finds a route's chunks by scanning every route's chunk names (see ./chunks);
 * - it adds a `<link rel="prefetch">` for every chunk of the route, again for chunks
 *   other links already asked for and for the chunks of the page being read. Most docs
 *   routes share their layout and sidebar chunks, so most of those links were repeats,
 *   and adding a link element was the largest single cost of a prefetch.
 * Here each chunk is asked for once: not when another link already prefetched it, and
 * not when it belongs to the page the reader is on, which has loaded it. And the work
 * waits for idle time, so links that come into view together do not make a long task.
 *
 * What callers see is unchanged: `prefetch` and `preload` take a route path, return
 * `false` for a route already handled or on a slow or data-saving connection, and a
 * promise otherwise.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import prefetchUrl from '@docusaurus/core/lib/client/prefetch';
import preloadRoute from '@docusaurus/core/lib/client/preload';
import {inIdlePeriods} from '@site/src/search/idle';
import {chunkIndex} from './chunks';
import {prefetchesPaused, prefetchesResumed} from './pause';

/** Set by the bundler: the URL of a chunk, by name (Docusaurus's ChunkAssetPlugin). */
declare const __webpack_require__: {gca: (chunkName: string) => string | undefined};

const prefetched = new Set<string>();
const preloaded = new Set<string>();
/** Chunk URLs already requested: prefetched, or loaded by a page the reader has opened. */
const requested = new Set<string>();
/** Pages whose chunks are in `requested`. */
const pagesSeen = new Set<string>();
let index: Map<string, string[]> | undefined;
/**
 * Chunk name -> its URL, or null for a chunk merged into another. The bundler's lookup
 * builds its whole name table again on every call, and each link asks for several.
 */
const chunkUrl = new Map<string, string | null>();

function slowConnection(): boolean {
  const connection = (navigator as Navigator & {connection?: {effectiveType?: string; saveData?: boolean}}).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

/** The URLs of the chunks the route at `path` needs, as Docusaurus's prefetch finds them. */
function chunkUrls(path: string): string[] {
  index ??= chunkIndex(routesChunkNames);
  const urls: string[] = [];
  for (const match of matchRoutes(routes, path)) {
    for (const name of index.get(match.route.path ?? '') ?? []) {
      let url = chunkUrl.get(name);
      if (url === undefined) {
        const found = __webpack_require__.gca(name);
        // A chunk merged into another has no file of its own.
        url = found && !found.includes('undefined') ? found : null;
        chunkUrl.set(name, url);
      }
      if (url) urls.push(url);
    }
  }
  return urls;
}

/** Counts the chunks of the page on screen as requested: the page has loaded them. */
function noteCurrentPage(): void {
  const path = window.location.pathname;
  if (pagesSeen.has(path)) return;
  pagesSeen.add(path);
  for (const url of chunkUrls(path)) requested.add(url);
}

/** Adds the links for the chunks of `routePath` not asked for yet (Docusaurus's link helper). */
function prefetchRoute(routePath: string): Promise<void[]> {
  noteCurrentPage();
  const urls: string[] = [];
  // One route can list a chunk more than once (a layout route and the page under it).
  for (const url of chunkUrls(routePath)) {
    if (requested.has(url)) continue;
    requested.add(url);
    urls.push(url);
  }
  return Promise.all(urls.map(prefetchUrl));
}

/** Prefetches waiting for idle time, and whether a loop is working through them. */
const queue: (() => void)[] = [];
let draining = false;

/**
 * Works through the queue in idle periods. Links come into view in batches (a page's
 * first paint, a scroll), and each prefetch starts requests; done where the links were
 * seen, a batch made one long task. While a pause is on (./pause), the queue waits.
 */
async function drain(): Promise<void> {
  while (queue.length > 0) {
    await prefetchesResumed();
    await inIdlePeriods(
      () => queue.length > 0 && !prefetchesPaused(),
      () => {
        // A pause that began while this waited for the idle period: the step waits too.
        if (!prefetchesPaused()) queue.shift()!();
      },
    );
  }
  draining = false;
}

function prefetch(routePath: string): false | Promise<void[]> {
  if (slowConnection() || preloaded.has(routePath) || prefetched.has(routePath)) return false;
  prefetched.add(routePath);
  return new Promise((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(prefetchRoute(routePath));
      } catch (error) {
        // Fails this prefetch alone; the queue goes on.
        reject(error);
      }
    });
    if (draining) return;
    draining = true;
    void drain();
  });
}

function preload(routePath: string): false | Promise<unknown> {
  if (slowConnection() || preloaded.has(routePath)) return false;
  preloaded.add(routePath);
  return preloadRoute(routePath);
}

export default Object.freeze({prefetch, preload});
