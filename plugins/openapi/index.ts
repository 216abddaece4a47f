/**
 * Docusaurus plugin of the API reference: before the build renders anything it checks
 * that spec and pages match (every operation on exactly one page, every page showing
 * one known operation under the operation's summary as its title, every $ref
 * resolved), and after the build it publishes the merged
 * spec as /openapi.yaml and /openapi.json.
 */
import {readdirSync, writeFileSync} from 'node:fs';
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
    // The remark step writes the spec into each API page as it compiles the page, so the
    // bundler's persistent cache must not hand back a page compiled from an older spec: the
    // spec's files join the cache's build dependencies, whose change evicts it.
    configureWebpack(config) {
      const parts = path.join(settings.specDir, 'parts');
      const files = readdirSync(parts).filter((f) => f.endsWith('.yaml')).map((f) => path.join(parts, f));
      const cache = (config.experiments as {cache?: {buildDependencies?: string[]}} | undefined)?.cache;
      if (cache && Array.isArray(cache.buildDependencies)) cache.buildDependencies.push(...files);
      const webpackCache = config.cache as {buildDependencies?: Record<string, string[]>} | undefined;
      if (webpackCache && typeof webpackCache === 'object' && webpackCache.buildDependencies) webpackCache.buildDependencies.openapi = files;
      return {};
    },
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
