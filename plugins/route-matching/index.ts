/**
 * Puts ./pathToRegexp in place of path-to-regexp (react-router's route matcher) in the
 * browser bundle. See ./staticPaths for why.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {replaceInBrowserBundle} from '../core-client-module';

/** The path-to-regexp file react-router imports, as the bundler resolves it. */
export function routerPathToRegexp(siteDir: string): string {
  const fromSite = createRequire(path.join(siteDir, 'package.json'));
  const fromRouter = createRequire(fromSite.resolve('react-router/package.json'));
  return fromRouter.resolve('path-to-regexp');
}

export default function routeMatchingPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-matching',
    configureWebpack: replaceInBrowserBundle(routerPathToRegexp(context.siteDir), path.join(context.siteDir, 'plugins/route-matching/pathToRegexp.ts')),
  };
}
