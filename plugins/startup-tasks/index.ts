/**
 * Puts ./clientEntry in place of Docusaurus's client entry in the browser bundle, so that
 * a first load starts the app in several short tasks instead of one long one (see there).
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** Docusaurus's client entry, as the bundler resolves it. */
export function coreClientEntry(siteDir: string): string {
  const require = createRequire(path.join(siteDir, 'package.json'));
  return path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib/client/clientEntry.js');
}

export default function startupTasksPlugin(context: LoadContext): Plugin {
  const replaced = coreClientEntry(context.siteDir);
  const replacement = path.join(context.siteDir, 'plugins/startup-tasks/clientEntry.tsx');
  return {
    name: 'startup-tasks',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const plugin = new currentBundler.instance.NormalModuleReplacementPlugin(
        new RegExp(`^${replaced.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
        replacement,
      );
      return {plugins: [plugin]};
    },
  };
}
