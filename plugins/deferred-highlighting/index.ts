/**
 * Keeps Prism out of the first load of every page.
 *
 * Pages arrive with their code already highlighted by the server, and hydration keeps
 * that HTML (src/theme/CodeBlock/Content), so Prism is only needed to highlight code
 * that React renders in the browser: after a client-side navigation, or when a tab
 * switch mounts a block. The classic theme, however, registers its extra Prism
 * languages from a client module that every page runs at start-up, and that import
 * alone makes each first load parse and initialise prism-react-renderer and its
 * grammars: the largest script cost left on a page without any code.
 *
 * This plugin points that client module at an empty one, and tells the bundles apart
 * (`process.env.DOCS_SERVER_RENDER`) so only the browser's loads Prism lazily. The languages are
 * registered where Prism is loaded on demand, src/theme/CodeBlock/Content/highlighted.tsx.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The classic theme's client module that imports Prism at start-up. */
export function prismClientModule(siteDir: string): string {
  const require = createRequire(path.join(siteDir, 'package.json'));
  return path.join(path.dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib/prism-include-languages.js');
}

export default function deferredHighlightingPlugin(context: LoadContext): Plugin {
  const emptyModule = path.join(context.siteDir, 'plugins/deferred-highlighting/empty-client-module.js');
  return {
    name: 'deferred-highlighting',
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        resolve: {alias: {[prismClientModule(context.siteDir)]: emptyModule}},
        // The server render needs the highlighting component in place (a lazy one would
        // leave a fallback in the static HTML); the browser loads it on demand. The
        // constant lets the bundler drop the branch a build does not need.
        plugins: [new currentBundler.instance.DefinePlugin({'process.env.DOCS_SERVER_RENDER': JSON.stringify(isServer)})],
      };
    },
  };
}
