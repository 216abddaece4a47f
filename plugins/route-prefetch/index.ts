/**
 * Puts ./client in place of Docusaurus's `window.docusaurus` module (prefetch and
 * preload) in the browser bundle. See ./client for why.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {coreClientModule, replaceInBrowserBundle} from '../core-client-module';

/** The core module that <Link> and the client entry import as `../docusaurus`. */
export const coreDocusaurusModule = (siteDir: string): string => coreClientModule(siteDir, 'docusaurus.js');

export default function routePrefetchPlugin(context: LoadContext): Plugin {
  return {
    name: 'route-prefetch',
    configureWebpack: replaceInBrowserBundle(coreDocusaurusModule(context.siteDir), path.join(context.siteDir, 'plugins/route-prefetch/client.ts')),
  };
}
