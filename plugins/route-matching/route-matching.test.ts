import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {browserReplacementOf} from '../core-client-module.testing';
import routeMatchingPlugin, {routerPathToRegexp} from '.';
import {plainPathMatcher, withPlainPaths, type PathOptions} from './staticPaths';

const require = createRequire(import.meta.url);
// The package the replacement wraps, as ./pathToRegexp imports it.
const original = require('path-to-regexp/index.js') as Parameters<typeof withPlainPaths>[0];

const OPTIONS: PathOptions[] = [];
for (const end of [undefined, true, false]) for (const strict of [undefined, false, true]) for (const sensitive of [undefined, false, true]) OPTIONS.push({end, strict, sensitive});

const PATHS = ['', '/', '/docs', '/docs/', '/docs/intro', '/docs/api-reference/core-resources/virtual-machines/manage/hibernate', '/search', '/a.b/c-d_e~f/%20', '/Docs/Intro', '/docs//x', '//'];

/** Pathnames around each path: its case, slashes, segments and characters that fold into ASCII. */
function pathnamesNear(route: string): string[] {
  const near = [route, `${route}/`, `${route}//`, `${route}x`, `${route}/x`, `${route}/x/`, route.slice(0, -1), route.toUpperCase(), route.toLowerCase(), `${route.toUpperCase()}/Y`];
  // A non-Unicode case-insensitive expression never matches these to ASCII letters,
  // though toLowerCase() or toUpperCase() would map them onto one.
  near.push(route.replace(/k/g, '\u212a'), route.replace(/i/g, '\u0130'), route.replace(/s/g, '\u017f'), route.replace(/s/g, '\u00df'));
  return [...new Set([...near, '', '/', '/docs', '/docs/', '/DOCS/INTRO/', '/docs/intro/more', '/search?q'])];
}

describe('plain route paths', () => {
  it('match every pathname near them exactly as the expression path-to-regexp builds', () => {
    let compared = 0;
    for (const route of PATHS) {
      for (const options of OPTIONS) {
        const expression = original(route, [], options);
        const matcher = plainPathMatcher(route, options);
        for (const pathname of pathnamesNear(route)) {
          const expected = expression.exec(pathname);
          expect(matcher.exec(pathname), `${JSON.stringify(route)} ${JSON.stringify(options)} on ${JSON.stringify(pathname)}`).toEqual(expected ? [expected[0]] : null);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(3000);
  });

  it('are left to path-to-regexp when they hold parameters, groups, wildcards or escapes, or are not strings', () => {
    const wrapped = withPlainPaths(original);
    for (const route of ['/docs/:id', '/docs/(.*)', '/docs/*', '/a\\:b', '/x?', '/x+']) {
      const keys: unknown[] = [];
      const made = wrapped(route, keys, {end: true});
      expect(made, route).toBeInstanceOf(RegExp);
    }
    expect(wrapped(/^\/docs/, [])).toBeInstanceOf(RegExp);
    expect(wrapped(['/a', '/b'], [], {})).toBeInstanceOf(RegExp);
    expect(wrapped('/a', [], {delimiter: '.'})).toBeInstanceOf(RegExp);
    const keys: unknown[] = [];
    const params = wrapped('/docs/:id', keys, {end: true});
    expect(params.exec('/docs/intro')).toEqual(expect.arrayContaining(['/docs/intro', 'intro']));
    expect(keys).toHaveLength(1);
  });

  it('take options in either place, hand back the keys array, and keep the other exports', () => {
    const wrapped = withPlainPaths(original);
    const keys: unknown[] = [];
    const matcher = wrapped('/docs', keys, {end: false});
    expect(matcher).not.toBeInstanceOf(RegExp);
    expect(matcher.keys).toBe(keys);
    expect(matcher.exec('/docs/intro')).toEqual(['/docs']);
    expect(wrapped('/docs', {end: false}).exec('/docs/intro')).toEqual(['/docs']);
    expect(wrapped('/docs', {sensitive: true}).exec('/Docs')).toBeNull();
    for (const name of ['parse', 'compile', 'tokensToFunction', 'tokensToRegExp']) expect(wrapped[name]).toBe((original as Record<string, unknown>)[name]);
  });

  it("react-router's matchPath gives the same match through the replacement, for the site's routes", async () => {
    // matchPath as react-router 5 writes it, over the two modules.
    const match = (toRegexp: typeof original, pathname: string, route: string, exact: boolean) => {
      const found = toRegexp(route, [], {end: exact, strict: false, sensitive: false}).exec(pathname);
      if (!found) return null;
      return {url: route === '/' && found[0] === '' ? '/' : found[0], isExact: pathname === found[0]};
    };
    const routes = readFileSync(path.join(process.cwd(), '.docusaurus/routes.js'), 'utf8');
    const paths = [...routes.matchAll(/path: '([^']*)'/g)].map((m) => m[1]);
    expect(paths.length, 'run the build first: the routes it generates are compared').toBeGreaterThan(200);
    const wrapped = withPlainPaths(original);
    for (const pathname of ['/docs/intro', '/docs/intro/', '/docs', '/DOCS/Intro', '/search', '/docs/api-reference', '/nope']) {
      for (const route of paths) {
        for (const exact of [true, false]) expect(match(wrapped, pathname, route, exact), `${route} on ${pathname}`).toEqual(match(original, pathname, route, exact));
      }
    }
  });
});

describe('the plugin', () => {
  it("replaces the path-to-regexp react-router imports, the one the replacement wraps, and only in the browser bundle", () => {
    const target = routerPathToRegexp(process.cwd());
    expect(target).toBe(require.resolve('path-to-regexp/index.js'));
    expect((JSON.parse(readFileSync(path.join(path.dirname(target), 'package.json'), 'utf8')) as {version: string}).version).toMatch(/^1\./);
    const [pattern, replacement] = browserReplacementOf(routeMatchingPlugin({siteDir: process.cwd()} as never));
    expect(pattern.test(target)).toBe(true);
    // The replacement's own import of the package carries a query, so it is not replaced again.
    expect(pattern.test(`${target}?original`)).toBe(false);
    expect(readFileSync(replacement, 'utf8')).toContain("from 'path-to-regexp/index.js?original'");
  });
});
