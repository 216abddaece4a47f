/**
 * Puts ./componentCreator in place of Docusaurus's ComponentCreator in the browser bundle,
 * so that a route's loadable component is made when the route is first used, not for every
 * route of the site while the app starts. See ./lazily for why.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {coreClientModule, replaceInBrowserBundle} from '../core-client-module';

/** Docusaurus's ComponentCreator, as the bundler resolves it. */
export const coreComponentCreator = (siteDir: string): string => coreClientModule(siteDir, 'exports/ComponentCreator.js');

export default function routeComponentsPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-components',
    configureWebpack: replaceInBrowserBundle(coreComponentCreator(context.siteDir), path.join(context.siteDir, 'plugins/route-components/componentCreator.ts')),
  };
}
