/**
 * Puts ./clientEntry in place of Docusaurus's client entry in the browser bundle, so that
 * a first load starts the app in several short tasks instead of one long one (see there).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {coreClientModule, replaceInBrowserBundle} from '../core-client-module';

/** Docusaurus's client entry, as the bundler resolves it. */
export const coreClientEntry = (siteDir: string): string => coreClientModule(siteDir, 'clientEntry.js');

export default function startupTasksPlugin(context: LoadContext): Plugin {
  return {
    name: 'startup-tasks',
    configureWebpack: replaceInBrowserBundle(coreClientEntry(context.siteDir), path.join(context.siteDir, 'plugins/startup-tasks/clientEntry.tsx')),
  };
}
