/**
 * For plugins that put a module of their own in place of one of Docusaurus's client
 * modules (@docusaurus/core/lib/client/...) in the browser bundle.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** `file` of Docusaurus's client (`lib/client/<file>`), as the bundler resolves it. */
export function coreClientModule(siteDir: string, file: string): string {
  const require = createRequire(path.join(siteDir, 'package.json'));
  return path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib/client', file);
}

/**
 * A `configureWebpack` that has the browser bundle take `replacement` wherever it resolves
 * `replaced`, and leaves the server bundle alone. Matched on the resolved file: the
 * importers use relative paths, which an alias cannot catch.
 */
export function replaceInBrowserBundle(replaced: string, replacement: string): NonNullable<Plugin['configureWebpack']> {
  return (_config, isServer, {currentBundler}) => {
    if (isServer) return {};
    const plugin = new currentBundler.instance.NormalModuleReplacementPlugin(
      new RegExp(`^${replaced.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
      replacement,
    );
    return {plugins: [plugin]};
  };
}
