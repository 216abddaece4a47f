/**
 * The Markdown twin of every page and the llms files, into `DOCS_OUT_DIR` (build/ by default).
 * A production build runs it beside the bundler (plugins/markdown-twins). Exits non-zero,
 * naming the page, when a page cannot be written as Markdown.
 */
import path from 'node:path';
import * as React from 'react';
import {DEFAULT_BRAND} from '../src/branding/defaults';

// tsx compiles the components' JSX to React.createElement calls (the site's tsconfig keeps
// JSX for the bundler), so React must be in scope before they load.
(globalThis as {React?: typeof React}).React = React;

const siteDir = path.resolve(__dirname, '..');
const siteUrl = (process.env.DOCS_URL ?? DEFAULT_BRAND.docsUrl).replace(/\/+$/, '');

async function main(): Promise<void> {
  const started = Date.now();
  const {generateMarkdown} = await import('../plugins/markdown-twins/generate');
  const {pages, files} = await generateMarkdown({
    siteDir,
    docsDir: path.join(siteDir, 'docs'),
    specDir: path.join(siteDir, 'openapi'),
    outDir: path.resolve(siteDir, process.env.DOCS_OUT_DIR ?? 'build'),
    siteUrl,
    site: {
      name: DEFAULT_BRAND.name,
      summary: `Documentation of ${DEFAULT_BRAND.name}, a GPU cloud: virtual machines on GPU flavors, volumes and object storage, managed Kubernetes, networking, the AI studio, billing, access control, the REST API and its client libraries.`,
      siteUrl,
    },
  });
  console.log(`Markdown: ${pages.length} page twins and ${files.length - pages.length} llms files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
