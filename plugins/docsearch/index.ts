/**
 * DocSearch as the site bundles it: one copy, and the modal's stores made once.
 *
 * One copy. With DocSearch 3, the search theme points three of DocSearch 4's entry points
 * (`version`, `useDocSearchKeyboardEvents`, `useTheme`) at `require.resolve('@docsearch/react')`,
 * which is DocSearch's UMD build, while the modal and the button come from its ES build. The
 * chunk a reader loads on reaching for search held both builds of the whole library, some
 * 109 KB each before compression, for one hook and a version string. The same three names
 * point at the ES build here, which exports the two the theme imports (neither build has a
 * `useTheme`, and nothing imports it with DocSearch 3).
 *
 * Stores made once. DocSearch's modal keeps the reader's favourite and recent searches in
 * two stores, each created as `useRef(createStoredSearches(…))`. `useRef` keeps the first
 * one, but its argument is evaluated on every render of the modal, and each creation probes
 * localStorage (a test key written and removed) and reads and parses the stored list. The
 * modal renders at least once per keystroke, so typing cost four storage writes, two reads
 * and two JSON parses per key: in a CPU profile of typing 'firewall rule' at 5x CPU, about
 * 40 ms of the page's thread, while the first answer waited behind the keys. The loader has
 * the bundler make each store in a state initialiser instead, which React runs on the first
 * render only: the same store for the modal's life, as before. The build fails, naming this
 * plugin, if a DocSearch upgrade changes those lines.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {exactPath} from '../key-order';

/** DocSearch's ES build, as the search theme's bundle imports its modal (`@docsearch/react/modal` → `./dist/esm`). */
export function docsearchModule(siteDir: string): string {
  // The theme exports its entry, not its package.json; DocSearch resolves from there.
  const themeRequire = createRequire(createRequire(path.join(siteDir, 'package.json')).resolve('@docusaurus/theme-search-algolia'));
  return path.join(path.dirname(themeRequire.resolve('@docsearch/react/package.json')), 'dist/esm/index.js');
}

/** The entry points the search theme aliases for DocSearch 3 (`useTheme` is imported by nothing). */
export const V4_ENTRY_POINTS = ['@docsearch/react/version', '@docsearch/react/useDocSearchKeyboardEvents', '@docsearch/react/useTheme'] as const;

export default function docsearchPlugin(context: LoadContext): Plugin {
  const target = docsearchModule(context.siteDir);
  const loader = path.join(context.siteDir, 'plugins/docsearch/loader.cjs');
  return {
    name: 'docsearch',
    configureWebpack() {
      return {
        resolve: {alias: Object.fromEntries(V4_ENTRY_POINTS.map((entry) => [entry, target]))},
        module: {rules: [{test: exactPath(target), use: [{loader}]}]},
      };
    },
  };
}
