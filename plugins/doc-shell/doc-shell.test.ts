import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DOC_SHELL_DATA, DOC_SHELL_ROUTE_MODULES, docShellCacheGroups, routeChunkName} from '.';

const registry = path.resolve(__dirname, '../../.docusaurus/registry.js');

describe('the docs shell chunk', () => {
  it('takes the chunks of the docs layout route modules, and no other', () => {
    const {docShell} = docShellCacheGroups() as {docShell: {chunks: (chunk: {name?: string | null}) => boolean}};
    expect(docShell.chunks({name: routeChunkName('@theme/DocItem')})).toBe(true);
    expect(docShell.chunks({name: routeChunkName('@theme/DocCategoryGeneratedIndexPage')})).toBe(false);
    expect(docShell.chunks({name: null})).toBe(false);
    expect(docShell.chunks({})).toBe(false);
  });

  it('takes the docs plugins’ data modules, and no page’s content', () => {
    const data = (file: string) => DOC_SHELL_DATA.test(path.join('/site/.docusaurus', file));
    expect(data('docusaurus-plugin-content-docs/default/__plugin.json')).toBe(true);
    expect(data('docusaurus-plugin-content-docs/default/p/docs-175.json')).toBe(true);
    expect(data('docusaurus-plugin-content-docs/default/site-docs-intro-mdx-f84.json')).toBe(false);
    expect(data('docusaurus-plugin-content-pages/default/__plugin.json')).toBe(false);
  });

  // The names are Docusaurus's: if it named route chunks another way, the group would take nothing.
  it("names the chunks as Docusaurus's route code names them in a production build", () => {
    const {genChunkName} = require('@docusaurus/core/lib/server/codegen/codegenRoutes') as {
      genChunkName: (modulePath: string, prefix?: string, preferredName?: string, shortId?: boolean) => string;
    };
    for (const modulePath of DOC_SHELL_ROUTE_MODULES) expect(routeChunkName(modulePath), modulePath).toBe(genChunkName(modulePath, 'component', modulePath, true));
  });

  // The route modules and data are the ones the docs plugin's routes load, whichever way the
  // registry was last generated (a production build or `npm run dev`).
  it('takes modules the generated route registry loads', () => {
    expect(existsSync(registry), `${registry}: run \`npm run build\` first`).toBe(true);
    const code = readFileSync(registry, 'utf8');
    const loaded = [...code.matchAll(/import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\)/g)].map((m) => m[1]);
    for (const modulePath of DOC_SHELL_ROUTE_MODULES) expect(loaded, modulePath).toContain(modulePath);
    const shellData = loaded.filter((m) => DOC_SHELL_DATA.test(m));
    expect(shellData).toContain('@generated/docusaurus-plugin-content-docs/default/__plugin.json');
    expect(shellData.some((m) => /\/p\/[^/]+\.json$/.test(m))).toBe(true);
  });
});
