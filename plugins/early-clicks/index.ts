/**
 * Puts the early-click recorder (src/theme/earlyClicks.ts) into every page's <head>, so a
 * click on a button the page enhances later is replayed instead of lost.
 */
import type {Plugin} from '@docusaurus/types';
import {earlyClickScript} from '../../src/theme/earlyClicks';

export default function earlyClicksPlugin(): Plugin {
  const script = earlyClickScript();
  return {
    name: 'early-clicks',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: script}]};
    },
  };
}
