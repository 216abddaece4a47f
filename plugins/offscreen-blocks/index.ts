/**
 * Far blocks of a doc body skip styling and layout until the reader nears them, and
 * every place a reader can be sent to is found over the full layout. See ./layout.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {headScript} from './layout';

export default function offscreenBlocksPlugin(context: LoadContext): Plugin {
  const dir = path.join(context.siteDir, 'plugins/offscreen-blocks');
  return {
    name: 'offscreen-blocks',
    getClientModules() {
      return [path.join(dir, 'client.ts'), path.join(dir, 'blocks.css')];
    },
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: headScript()}]};
    },
  };
}
