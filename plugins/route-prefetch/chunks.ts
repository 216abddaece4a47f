/**
 * Which chunks each route needs, looked up once.
 *
 * Docusaurus keys its route chunk names by route path plus a hash (`/docs/intro-8a1`).
 * Its own prefetch finds a route's chunks by stripping the hash from every key and
 * comparing, on every call. With some 250 keys, that scan ran about a thousand regular
 * expressions per prefetched link. The index here strips each key once, keeping the
 * keys' order, so a route's chunk list is the same one the scan would give.
 */
import flat from '@docusaurus/core/lib/client/flat';
import type {RouteChunkNames} from '@docusaurus/types';

/** The route path a chunk-name key belongs to: the key without its last `-hash` part. */
export function routePathOfKey(key: string): string {
  return key.replace(/-[^-]+$/, '');
}

/** Route path -> the names of the chunks its route entry loads, in the keys' order. */
export function chunkIndex(routesChunkNames: RouteChunkNames): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const [key, chunks] of Object.entries(routesChunkNames)) {
    const names = Object.values(flat(chunks)).filter((name): name is string => typeof name === 'string');
    const path = routePathOfKey(key);
    const list = index.get(path);
    if (list) list.push(...names);
    else index.set(path, names);
  }
  return index;
}
