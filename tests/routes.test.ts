import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {routeFile} from '../server/static-site';
import {loadSpec, operations} from '../plugins/openapi/spec';
import {buildDir, readRouteList, siteDir} from './docs';

const routes = readRouteList(path.join(siteDir, 'tests/routes.txt'));
const pending = new Set(readRouteList(path.join(siteDir, 'tests/pending-routes.txt')).map((r) => r.route));
const builtFiles = existsSync(buildDir) ? new Set(readdirSync(buildDir, {recursive: true, encoding: 'utf8'}).map((f) => f.split(path.sep).join('/'))) : new Set<string>();
const isBuilt = (route: string) => routeFile(route, builtFiles) !== undefined;
// API operation pages beyond the route list are welcome: a route not in routes.txt is
// allowed only as the `x-doc-path` of an operation of the spec, and is always listed.
const operationPages = new Set(operations(loadSpec(path.join(siteDir, 'openapi'))).map((o) => o.operation['x-doc-path']));

describe('route coverage', () => {
  it('checks a production build', () => {
    expect(existsSync(path.join(buildDir, 'index.html')), 'no build/: run `npm run build` first').toBe(true);
  });

  it('keeps its route list in step with the spec', () => {
    const spec = path.resolve(siteDir, '../shared/spec/routes.txt');
    if (existsSync(spec)) {
      // Routes marked `added` go beyond the spec's list on purpose; every other line is the spec's.
      expect(routes.filter((r) => !r.added)).toEqual(readRouteList(spec));
      expect(readRouteList(spec).filter((r) => r.added)).toEqual([]);
    }
    const extra = routes.filter((r) => r.added).map((r) => r.route);
    expect(new Set(routes.map((r) => r.route)).size, 'a route is listed twice').toBe(routes.length);
    expect(extra.every((r) => r.startsWith('/docs/')), `added routes are doc pages: ${extra.join(', ')}`).toBe(true);
    expect(routes.length).toBeGreaterThan(200);
  });

  it('knows the docs the build produced', () => {
    expect(docRoutes().length).toBeGreaterThan(0);
  });

  it('lists only known routes as pending', () => {
    const known = new Set(routes.map((r) => r.route));
    expect([...pending].filter((r) => !known.has(r))).toEqual([]);
  });

  it.each(routes.map((r) => [r.route, r] as const))('%s is built or pending', (route) => {
    const built = isBuilt(route);
    if (pending.has(route)) {
      expect(built, `${route} is built now: remove it from tests/pending-routes.txt`).toBe(false);
    } else {
      expect(built, `${route} is neither built nor pending`).toBe(true);
    }
  });

  it.each(docRoutes().map((d) => [d.permalink.replace(/(.)\/$/, "$1"), d] as const))('%s is unlisted exactly when the spec says so', (permalink, doc) => {
    const spec = routes.find((r) => r.route === permalink) ?? (operationPages.has(permalink) ? {route: permalink, unlisted: false} : undefined);
    expect(spec, `${doc.source} builds ${permalink}, which is neither in tests/routes.txt nor an API operation's x-doc-path`).toBeDefined();
    // The dev server rewrites this metadata with unlisted docs listed; front matter says what the build does.
    expect(doc.unlisted || doc.frontMatter?.unlisted === true, `${permalink} unlisted`).toBe(spec?.unlisted);
  });
});

/** Doc metadata as the docs plugin wrote it during the build. */
function docRoutes(): {permalink: string; unlisted: boolean; source: string; frontMatter?: {unlisted?: boolean}}[] {
  const dir = path.join(siteDir, '.docusaurus/docusaurus-plugin-content-docs/default');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.startsWith('site-docs-') && f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')));
}
