import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {releases} from '../../src/data/releases';
import {atomFeed, FEED_PATH} from './feed';

/** Writes the release notes as an Atom feed to `/release-notes.xml` after each production build. */
export default function releaseFeedPlugin(): Plugin {
  return {
    name: 'release-feed',
    async postBuild({outDir}) {
      await writeFile(path.join(outDir, FEED_PATH.slice(1)), atomFeed(releases), 'utf8');
    },
  };
}
