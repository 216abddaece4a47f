import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Config} from '@docusaurus/types';
import {docSearchRequest} from '../src/search/fixtures/client';

async function loadConfig(env: Record<string, string | undefined>): Promise<Config> {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value as string);
  return (await import('../docusaurus.config')).default;
}

const presetOptions = (config: Config) => (config.presets?.[0] as [string, Record<string, unknown>])[1];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('site configuration', () => {
  it('matches the spec settings', async () => {
    const config = await loadConfig({GTM_CONTAINER_ID: ''});
    expect(config.title).toBe('Docs');
    expect(config.titleDelimiter).toBe('|');
    expect(config.noIndex).toBe(false);
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.onBrokenAnchors).toBe('warn');
    expect(config.onDuplicateRoutes).toBe('warn');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
    expect(config.i18n).toMatchObject({defaultLocale: 'en', locales: ['en']});
    const theme = config.themeConfig as Record<string, any>;
    expect(theme.metadata).toContainEqual({name: 'robots', content: 'noindex'});
    expect(theme.colorMode).toMatchObject({defaultMode: 'light', disableSwitch: false});
    expect(theme.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
    expect(theme.navbar.hideOnScroll).toBe(true);
    expect(theme.docs.sidebar).toEqual({hideable: true, autoCollapseCategories: true});
    expect(theme.footer.copyright).toContain('2025');
    const docs = presetOptions(config).docs as Record<string, any>;
    expect(docs).toMatchObject({routeBasePath: 'docs', breadcrumbs: true, lastVersion: 'current', versions: {current: {label: 'Next'}}});
  });

  it('has the modal ask for what the search tests answer, with only the highlight it reads', async () => {
    const {searchParameters} = ((await loadConfig({})).themeConfig as Record<string, any>).algolia;
    // DocSearch reads one highlight (its groups' section name); the hits show snippets.
    expect(searchParameters.attributesToHighlight).toEqual(['hierarchy.lvl0']);
    expect(docSearchRequest('volume').requests[0]).toMatchObject(searchParameters);
  });

  it('loads Google Tag Manager only when GTM_CONTAINER_ID is set', async () => {
    expect(presetOptions(await loadConfig({GTM_CONTAINER_ID: ''})).googleTagManager).toBeUndefined();
    expect(presetOptions(await loadConfig({GTM_CONTAINER_ID: 'GTM-ABC123'})).googleTagManager).toEqual({containerId: 'GTM-ABC123'});
  });

  it('uses Faster unless the webpack bundler is asked for', async () => {
    expect((await loadConfig({DOCS_BUNDLER: ''})).future?.faster).toBe(true);
    expect((await loadConfig({DOCS_BUNDLER: 'webpack'})).future?.faster).toBe(false);
  });

  it('rejects a doc without a description, naming the file', async () => {
    const config = await loadConfig({});
    const parse = config.markdown!.parseFrontMatter!;
    const defaultParseFrontMatter = async () => ({frontMatter: {title: 'Volumes'}, content: 'text'});
    const filePath = `${process.cwd()}/docs/storage/volumes.mdx`;
    await expect(parse({filePath, fileContent: '', defaultParseFrontMatter})).rejects.toThrow(/docs\/storage\/volumes\.mdx[\s\S]*description is required/);
    // Pages outside docs/ (the home page, partials) are not docs.
    await expect(parse({filePath: `${process.cwd()}/src/pages/x.mdx`, fileContent: '', defaultParseFrontMatter})).resolves.toBeTruthy();
  });
});
