/**
 * Puts ./client in place of Docusaurus's `window.docusaurus` module (prefetch and
 * preload) in the browser bundle. See ./client for why.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The core module that <Link> and the client entry import as `../docusaurus`. */
export function coreDocusaurusModule(siteDir: string): string {
  const require = createRequire(path.join(siteDir, 'package.json'));
  return path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib/client/docusaurus.js');
}

export default function routePrefetchPlugin(context: LoadContext): Plugin {
  const replaced = coreDocusaurusModule(context.siteDir);
  const replacement = path.join(context.siteDir, 'plugins/route-prefetch/client.ts');
  return {
    name: 'route-prefetch',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      // Matched on the resolved file: the importers use a relative path, which an alias cannot catch.
      const plugin = new currentBundler.instance.NormalModuleReplacementPlugin(
        new RegExp(`^${replaced.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
        replacement,
      );
      return {plugins: [plugin]};
    },
  };
}
