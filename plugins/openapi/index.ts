/**
 * Docusaurus plugin of the API reference: before the build renders anything it checks
 * that spec and pages match (every operation on exactly one page, every page showing
 * one known operation under the operation's summary as its title, every $ref
 * resolved), and after the build it publishes the merged
 * spec as /openapi.yaml and /openapi.json.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {stringify} from 'yaml';
import {checkCompleteness, scanPages, SpecError} from './spec';
import {specSnapshot} from './state';

export interface OpenApiPluginOptions {
  specDir: string;
  /** Folder of the API reference pages, and the route it is served at. */
  pagesDir: string;
  routeBase: string;
}

export default function openApiPlugin(_context: LoadContext, options: unknown): Plugin {
  const settings = options as OpenApiPluginOptions;
  return {
    name: 'openapi-reference',
    getPathsToWatch: () => [path.join(settings.specDir, 'parts/*.yaml')],
    async loadContent() {
      const doc = specSnapshot(settings.specDir);
      const problems = checkCompleteness(doc, scanPages(settings));
      if (problems.length > 0) throw new SpecError(problems);
    },
    async postBuild({outDir}) {
      const doc = specSnapshot(settings.specDir);
      writeFileSync(path.join(outDir, 'openapi.yaml'), stringify(doc, {lineWidth: 0}));
      writeFileSync(path.join(outDir, 'openapi.json'), JSON.stringify(doc, null, 2));
    },
  };
}
