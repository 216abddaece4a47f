import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {ChunkNames, RouteChunkNames} from '@docusaurus/types';
import {browserReplacementOf} from '../core-client-module.testing';
import routePrefetchPlugin, {coreDocusaurusModule} from '.';
import {chunkIndex, routePathOfKey} from './chunks';

/** Docusaurus's own lookup, as @docusaurus/core/lib/client/docusaurus.js does it on every call. */
function scan(routesChunkNames: RouteChunkNames, routePath: string, flatten: (tree: ChunkNames) => Record<string, unknown>): unknown[] {
  return Object.entries(routesChunkNames)
    .filter(([key]) => key.replace(/-[^-]+$/, '') === routePath)
    .flatMap(([, chunks]) => Object.values(flatten(chunks)));
}

describe('the chunk index', () => {
  it("gives every route of the site the chunks Docusaurus's scan gives it, in the same order", async () => {
    const file = path.join(process.cwd(), '.docusaurus/routesChunkNames.json');
    expect(existsSync(file), 'run the build first: the index is checked against the routes it generates').toBe(true);
    const names = JSON.parse(readFileSync(file, 'utf8')) as RouteChunkNames;
    const {default: flat} = await import('@docusaurus/core/lib/client/flat');
    const index = chunkIndex(names);
    const paths = new Set(Object.keys(names).map(routePathOfKey));
    expect(paths.size).toBeGreaterThan(200);
    for (const routePath of paths) expect(index.get(routePath), routePath).toEqual(scan(names, routePath, flat));
    expect(index.get('/no/such/page')).toBeUndefined();
  });

  it('strips only the last dash part of a key, and joins keys of one path in their order', () => {
    const index = chunkIndex({
      '/docs/get-started-4a1': {__comp: 'item', content: 'intro'},
      '/docs-38a': {__comp: 'root', __context: {plugin: 'plugin'}},
      '/docs-441': {__comp: 'version', __props: 'sidebar'},
    });
    expect([...index.keys()]).toEqual(['/docs/get-started', '/docs']);
    expect(index.get('/docs')).toEqual(['root', 'plugin', 'version', 'sidebar']);
  });
});

describe('the plugin', () => {
  it('replaces the core module <Link> imports, and only in the browser bundle', () => {
    const core = coreDocusaurusModule(process.cwd());
    // The module replaced must still be the one that makes `window.docusaurus`.
    expect(readFileSync(core, 'utf8')).toMatch(/const docusaurus = \{\s*prefetch,\s*preload,?\s*\}/);
    const [pattern, replacement] = browserReplacementOf(routePrefetchPlugin({siteDir: process.cwd()} as never));
    expect(pattern.test(core)).toBe(true);
    expect(pattern.test(core.replace('docusaurus.js', 'preload.js'))).toBe(false);
    expect(pattern.test(`${core}x`)).toBe(false);
    expect(existsSync(replacement)).toBe(true);
  });
});

// The browser module, over a small site shaped like Docusaurus's: the docs plugin's
// route and its version's route share a path and the pages sit under both.
const pages = ['/docs/a', '/docs/b', '/docs/c', '/docs/d'].map((page) => ({path: page, exact: true}));
vi.mock('@generated/routes', () => ({default: [{path: '/', routes: [{path: '/docs', routes: [{path: '/docs', routes: pages}]}]}]}));
vi.mock('@generated/routesChunkNames', () => ({
  default: {
    '/-111': {__comp: 'home'},
    '/docs-222': {__comp: 'docsRoot'},
    '/docs-333': {__comp: 'version', __props: 'sidebar'},
    '/docs/a-444': {__comp: 'item', content: 'a'},
    '/docs/b-555': {__comp: 'item', content: 'b'},
    '/docs/c-666': {__comp: 'item', content: 'merged'},
    '/docs/d-777': {__comp: 'item', content: 'broken'},
  },
}));
const preloadRoute = vi.fn(async () => []);
vi.mock('@docusaurus/core/lib/client/preload', () => ({default: preloadRoute}));

interface FakeLink {
  rel: string;
  href: string;
  onload?: () => void;
  onerror?: () => void;
}

let appended: FakeLink[];
/** The chunk names the bundler's URL lookup was asked for, in order. */
let lookedUp: string[];
let idleCallbacks: number;
let idleTimeMs: number;

function browser(pathname: string, connection?: {saveData?: boolean; effectiveType?: string}) {
  vi.stubGlobal('__webpack_require__', {
    gca: (name: string) => {
      lookedUp.push(name);
      if (name === 'broken') throw new Error('no such chunk');
      return name === 'merged' ? undefined : `/assets/js/${name}.js`;
    },
  });
  vi.stubGlobal('window', {location: {pathname}});
  vi.stubGlobal('navigator', {connection});
  // Each idle period has `idleTimeMs` to spend, and the clock moves 1 ms per link added.
  let now = 0;
  const appendChild = (link: FakeLink) => {
    now += 1;
    appended.push(link);
  };
  // Enough of a document for Docusaurus's prefetch helper, which the module uses to add links.
  const createElement = () => ({
    rel: '',
    href: '',
    relList: {supports: (feature: string) => feature === 'prefetch'},
    setAttribute(this: Record<string, unknown>, name: string, value: string) {
      this[name] = value;
    },
  });
  vi.stubGlobal('document', {createElement, getElementsByTagName: (tag: string) => (tag === 'head' ? [{appendChild}] : [])});
  vi.stubGlobal('performance', {now: () => now});
  vi.stubGlobal('requestIdleCallback', (callback: (deadline: {didTimeout: boolean; timeRemaining: () => number}) => void) => {
    idleCallbacks += 1;
    const start = now;
    setTimeout(() => callback({didTimeout: false, timeRemaining: () => Math.max(0, idleTimeMs - (now - start))}));
  });
}

async function client() {
  return (await import('./client')).default;
}

const untilIdle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('prefetching in the browser', () => {
  beforeEach(() => {
    appended = [];
    lookedUp = [];
    idleCallbacks = 0;
    idleTimeMs = 50;
    vi.resetModules();
    preloadRoute.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the chunks of a route once, leaving out those of the page being read, and waits for idle time', async () => {
    browser('/docs/a');
    const docusaurus = await client();
    const done = docusaurus.prefetch('/docs/b');
    expect(done).toBeInstanceOf(Promise);
    expect(appended).toEqual([]);
    await untilIdle();
    // /docs/a has loaded home, docsRoot, version, sidebar and item: only b's content is new.
    expect(appended.map((link) => [link.rel, link.href])).toEqual([['prefetch', '/assets/js/b.js']]);
    appended.forEach((link) => link.onload!());
    await expect(done).resolves.toHaveLength(1);
    expect(docusaurus.prefetch('/docs/b')).toBe(false);
  });

  it('asks for a chunk listed by several matched routes once, and skips chunks merged into others', async () => {
    browser('/');
    const docusaurus = await client();
    void docusaurus.prefetch('/docs/a');
    void docusaurus.prefetch('/docs/c');
    await untilIdle();
    expect(appended.map((link) => link.href)).toEqual(['docsRoot', 'version', 'sidebar', 'item', 'a'].map((name) => `/assets/js/${name}.js`));
  });

  it("looks a chunk's URL up once, however many routes list it", async () => {
    // The bundler's lookup builds its table of every chunk name on each call.
    browser('/');
    const docusaurus = await client();
    for (const route of ['/docs/a', '/docs/b', '/docs/c']) void docusaurus.prefetch(route);
    await untilIdle();
    expect(lookedUp.filter((name) => name === 'version')).toEqual(['version']);
    expect(new Set(lookedUp).size).toBe(lookedUp.length);
    expect(appended.map((link) => link.href)).toContain('/assets/js/b.js');
  });

  it('settles when a prefetch fails', async () => {
    browser('/');
    const done = (await client()).prefetch('/docs/b');
    await untilIdle();
    appended.forEach((link) => link.onerror!());
    await expect(done).resolves.toBeDefined();
  });

  it('fails a prefetch that throws on its own, and goes on with the next', async () => {
    browser('/docs/a');
    const docusaurus = await client();
    const broken = docusaurus.prefetch('/docs/d');
    const next = docusaurus.prefetch('/docs/b');
    await expect(broken).rejects.toThrow('no such chunk');
    await untilIdle();
    expect(appended.map((link) => link.href)).toEqual(['/assets/js/b.js']);
    appended.forEach((link) => link.onload!());
    await expect(next).resolves.toHaveLength(1);
  });

  it('spreads a batch of prefetches over idle periods', async () => {
    idleTimeMs = 2;
    browser('/');
    const docusaurus = await client();
    for (const page of ['/docs/a', '/docs/b', '/docs/c']) void docusaurus.prefetch(page);
    await untilIdle();
    expect(appended.map((link) => link.href)).toContain('/assets/js/b.js');
    expect(idleCallbacks).toBeGreaterThan(1);
  });

  it('prefetches nothing on a slow or data-saving connection', async () => {
    browser('/', {effectiveType: 'slow-2g'});
    expect((await client()).prefetch('/docs/a')).toBe(false);
    vi.resetModules();
    browser('/', {saveData: true});
    expect((await client()).prefetch('/docs/a')).toBe(false);
    await untilIdle();
    expect(appended).toEqual([]);
  });

  it('preloads a route once, and does not prefetch a preloaded route', async () => {
    browser('/');
    const docusaurus = await client();
    await docusaurus.preload('/docs/a');
    expect(preloadRoute).toHaveBeenCalledWith('/docs/a');
    expect(docusaurus.preload('/docs/a')).toBe(false);
    expect(docusaurus.prefetch('/docs/a')).toBe(false);
    expect(preloadRoute).toHaveBeenCalledTimes(1);
  });

  it('keeps queued prefetches waiting while a pause is on, and goes on once every pause has ended', async () => {
    browser('/docs/c');
    const docusaurus = await client();
    const {pausePrefetches} = await import('./pause');
    // Asked for before the pause: queued for idle time, not yet run.
    const done = docusaurus.prefetch('/docs/b');
    const endFirst = pausePrefetches();
    const endSecond = pausePrefetches();
    await untilIdle();
    expect(appended).toEqual([]);
    // Asked for during the pause: queued behind it too.
    void docusaurus.prefetch('/docs/a');
    endFirst();
    endFirst();
    await untilIdle();
    expect(appended).toEqual([]);
    endSecond();
    await untilIdle();
    expect(appended.map((link) => link.href)).toEqual(['/assets/js/b.js', '/assets/js/a.js']);
    appended.forEach((link) => link.onload!());
    await expect(done).resolves.toHaveLength(1);
  });
});
