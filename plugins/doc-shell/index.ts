/**
 * One chunk for what every docs page loads besides its own content: the docs layout's
 * route components (DocsRoot, DocVersionRoot, DocRoot, DocItem, with everything they
 * import) and the docs version's data (the sidebars and the list of docs).
 *
 * Docusaurus gives each route component a chunk of its own, and the bundler splits the
 * modules they share into more, so the first docs page a reader opened fetched eleven
 * scripts after `main.js`, most under 1 KB. Each costs the page's thread more than its
 * bytes: the script element, the request's tasks, its compile and run. In one chunk the
 * same code is three requests (this one, the page's content, the branding runtime) and
 * a few KB smaller gzipped; in Lighthouse at 8x CPU the intro's main-thread work fell
 * by about a tenth (see the README's bench figures).
 *
 * Every docs page needs all of it, and pages outside the docs never load it: those that
 * share a module with it (the admonitions, say) keep their own copy.
 */
import {simpleHash} from '@docusaurus/utils';
import type {Plugin} from '@docusaurus/types';

export const DOC_SHELL_CHUNK = 'doc-shell';

/** The modules Docusaurus gives a chunk of their own and every docs route loads. */
export const DOC_SHELL_ROUTE_MODULES = ['@theme/DocsRoot', '@theme/DocVersionRoot', '@theme/DocRoot', '@theme/DocItem'];

/**
 * A route module's chunk name, as Docusaurus names it in a production build (see
 * `genChunkName` in @docusaurus/core's route codegen: the module path's 8-character hash).
 */
export const routeChunkName = (modulePath: string): string => simpleHash(modulePath, 8);

/**
 * The docs plugins' data modules every docs route loads: a plugin instance's
 * `__plugin.json` and each version's props (sidebars and docs) under `p/`.
 */
export const DOC_SHELL_DATA = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/](__plugin\.json|p[\\/][^\\/]+\.json)$/;

export function docShellCacheGroups(): Record<string, object> {
  const names = new Set(DOC_SHELL_ROUTE_MODULES.map(routeChunkName));
  const common = {name: DOC_SHELL_CHUNK, enforce: true, priority: 50, reuseExistingChunk: false};
  return {
    docShell: {...common, chunks: (chunk: {name?: string | null}) => names.has(chunk.name ?? '')},
    docShellData: {...common, chunks: 'async', test: (module: {resource?: string}) => DOC_SHELL_DATA.test(module.resource ?? '')},
  };
}

export default function docShellPlugin(): Plugin {
  return {
    name: 'doc-shell',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {optimization: {splitChunks: {cacheGroups: docShellCacheGroups()}}};
    },
  };
}
