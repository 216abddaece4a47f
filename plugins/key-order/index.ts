/**
 * Keeps the browser's collator out of every first load.
 *
 * theme-common's `useShallowMemoObject` sorts an object's keys with `localeCompare`, so
 * that the order they were written in does not matter. Two parts of every page call it
 * while it starts: the docs sidebar's filler for the phone menu and the word-wrap hook of
 * each code block's buttons. The first `localeCompare` of a page starts the ICU
 * collator, which on a phone-speed CPU (Lighthouse's 4x slowdown) takes some 30 ms of
 * main-thread time, to order a handful of identifiers.
 *
 * This plugin has the bundler compare those keys by code unit instead: the same fixed
 * order for any key order, which is all the hook needs, without the collator. The build
 * fails, naming this plugin, if a Docusaurus upgrade rewrites that line.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** theme-common's module that holds `useShallowMemoObject`. */
export function reactUtilsModule(siteDir: string): string {
  const require = createRequire(path.join(siteDir, 'package.json'));
  // The package exports its entry (lib/index.js), not its package.json.
  return path.join(path.dirname(require.resolve('@docusaurus/theme-common')), 'utils/reactUtils.js');
}

/** A rule condition that matches `file` and nothing else. */
export const exactPath = (file: string): RegExp => new RegExp(`^${file.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}$`);

export default function keyOrderPlugin(context: LoadContext): Plugin {
  const target = reactUtilsModule(context.siteDir);
  const loader = path.join(context.siteDir, 'plugins/key-order/loader.cjs');
  return {
    name: 'key-order',
    configureWebpack() {
      return {module: {rules: [{test: exactPath(target), use: [{loader}]}]}};
    },
  };
}
