import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {DEFAULT_BRAND, copyrightLine} from './src/branding/defaults';
import {codeTheme} from './src/css/prismThemes';
import {ssgTemplate} from './src/ssgTemplate';
import brandingPlugin, {PARTNER_CONFIG_TIMEOUT_MS} from './plugins/branding';
import openApiPlugin from './plugins/openapi';
import searchIndexPlugin from './plugins/search-index';
import deferredHighlightingPlugin from './plugins/deferred-highlighting';
import keyOrderPlugin from './plugins/key-order';
import docsearchPlugin from './plugins/docsearch';
import routePrefetchPlugin from './plugins/route-prefetch';
import routeMatchingPlugin from './plugins/route-matching';
import compileHintsPlugin from './plugins/compile-hints';
import startupTasksPlugin from './plugins/startup-tasks';
import routeComponentsPlugin from './plugins/route-components';
import docShellPlugin from './plugins/doc-shell';
import releaseFeedPlugin from './plugins/release-feed';
import markdownTwinsPlugin from './plugins/markdown-twins';
import securityPolicyPlugin from './plugins/security-policy';
import earlyClicksPlugin from './plugins/early-clicks';
import remarkApiOperation from './plugins/openapi/remark';
import {checkDocFrontMatter, formatFrontMatterProblems} from './src/content/frontMatter';

const siteDir = path.dirname(fileURLToPath(import.meta.url));
const docsDir = path.join(siteDir, 'docs');

// The bench builds once with the webpack bundler to measure what Faster buys.
const useFaster = process.env.DOCS_BUNDLER !== 'webpack';
const gtmContainerId = process.env.GTM_CONTAINER_ID?.trim();
// The partner-config API's base, when it is not the site's own origin.
const partnerApiBase = process.env.DOCS_API_BASE?.trim() || null;

// Search runs against Algolia when all three are set at build time, else locally from
// the records the build writes (no account, no server needed).
const algolia = {
  appId: process.env.ALGOLIA_APP_ID?.trim(),
  apiKey: process.env.ALGOLIA_SEARCH_API_KEY?.trim(),
  indexName: process.env.ALGOLIA_INDEX_NAME?.trim(),
};
const searchMode = algolia.appId && algolia.apiKey && algolia.indexName ? 'algolia' : 'local';

const config: Config = {
  title: 'Docs',
  tagline: 'GPU virtual machines, storage, Kubernetes and AI tooling, documented.',
  favicon: 'img/logo.svg',
  url: process.env.DOCS_URL ?? DEFAULT_BRAND.docsUrl,
  baseUrl: '/',
  // Routes have no trailing slash (spec/routes.txt); pages are written as docs/x.html.
  trailingSlash: false,
  titleDelimiter: '|',
  // The same pages are served on many partner hosts: robots are told not to index
  // them through the theme metadata (`robots: noindex`), while the top-level switch
  // stays off as the spec asks.
  noIndex: false,
  ssrTemplate: ssgTemplate,

  future: {
    v4: true,
    faster: useFaster,
    // No page shows a last-update date or author, and the sitemap leaves lastmod out: reading
    // the Git history at the start of every build (0.8 s here) would serve nothing.
    experimental_vcs: false,
  },

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {defaultLocale: 'en', locales: ['en'], localeConfigs: {en: {direction: 'ltr', htmlLang: 'en'}}},

  markdown: {
    format: 'detect',
    hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn'},
    async parseFrontMatter(params) {
      const result = await params.defaultParseFrontMatter(params);
      const relative = path.relative(docsDir, params.filePath);
      const isDoc = !relative.startsWith('..') && !path.isAbsolute(relative) && !path.basename(relative).startsWith('_');
      if (isDoc) {
        const problems = checkDocFrontMatter(result.frontMatter);
        if (problems.length > 0) {
          throw new Error(formatFrontMatterProblems(path.relative(siteDir, params.filePath), problems));
        }
      }
      return result;
    },
  },

  customFields: {
    branding: {apiBase: partnerApiBase, timeoutMs: PARTNER_CONFIG_TIMEOUT_MS},
    search: {mode: searchMode},
  },

  plugins: [
    brandingPlugin,
    earlyClicksPlugin,
    deferredHighlightingPlugin,
    // No collator started at start-up to sort a hook's keys.
    keyOrderPlugin,
    // DocSearch bundled once, its modal's stores of past searches made once, not per keystroke.
    docsearchPlugin,
    // Route prefetching that looks each chunk up once and asks for it once.
    routePrefetchPlugin,
    // Plain route paths matched as strings, not as regular expressions built at start-up.
    routeMatchingPlugin,
    // The start-up scripts compiled up front, off the main thread (Chromium).
    compileHintsPlugin,
    // The app starts in short tasks, not one long one.
    startupTasksPlugin,
    // A route's loadable component made when the route is first used, not all at start-up.
    routeComponentsPlugin,
    // What every docs page loads besides its content, in one chunk instead of eleven.
    docShellPlugin,
    [searchIndexPlugin, {mode: searchMode}],
    // The release notes as an Atom feed at /release-notes.xml.
    releaseFeedPlugin,
    [openApiPlugin, {specDir: path.join(siteDir, 'openapi'), pagesDir: path.join(docsDir, 'api-reference'), routeBase: '/docs/api-reference'}],
    // Every page as Markdown at its route + `.md`, and the llms files (production builds).
    markdownTwinsPlugin,
    // The origins the build's settings call on, for the server's Content-Security-Policy.
    [securityPolicyPlugin, {apiBase: partnerApiBase, algolia: searchMode === 'algolia', tagManager: !!gtmContainerId}],
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: 'docs',
          path: 'docs',
          sidebarPath: './sidebars.ts',
          breadcrumbs: true,
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
          sidebarCollapsible: true,
          // Before Docusaurus' own plugins, so generated headings reach the table of contents.
          beforeDefaultRemarkPlugins: [[remarkApiOperation, {specDir: path.join(siteDir, 'openapi')}]],
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {lastmod: null, changefreq: null, priority: null},
        ...(gtmContainerId ? {googleTagManager: {containerId: gtmContainerId}} : {}),
      } satisfies Preset.Options,
    ],
  ],

  themeConfig: {
    metadata: [{name: 'robots', content: 'noindex'}],
    algolia: {
      // Local mode needs no account; these name the local index.
      appId: algolia.appId ?? 'LOCAL',
      apiKey: algolia.apiKey ?? 'local-search',
      indexName: algolia.indexName ?? 'docs',
      // Not contextual: the requests carry the language and docs-version filters themselves.
      contextualSearch: false,
      searchParameters: {
        facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
        // The modal reads one highlight, its groups' section name (hierarchy.lvl0): its hits
        // show snippets. Without this every field comes highlighted: half again an answer's bytes.
        attributesToHighlight: ['hierarchy.lvl0'],
      },
      searchPagePath: 'search',
      // Links to the console and the feature-request site leave the docs: full page loads.
      externalUrlRegex: 'console\\.example\\.com|feedback\\.example\\.com',
      // With an Algolia account, DocSearch sends its click and view events to Algolia's
      // insights (the policy allows insights.algolia.io). In local mode the site's own
      // search insights go to our server instead (src/search/insights.ts).
      insights: searchMode === 'algolia',
    },
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false},
    announcementBar: {
      id: 'h100-sxm-no-osl-1',
      content: 'Eight-GPU H100 SXM5 virtual machines are now available in the Oslo region.',
      isCloseable: true,
      backgroundColor: 'var(--brand-surface)',
      textColor: 'var(--ifm-font-color-base)',
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'Docs',
      hideOnScroll: true,
      logo: {alt: DEFAULT_BRAND.name, src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Guides'},
        {to: '/docs/api-reference', label: 'API reference', position: 'left'},
        // Console and feature requests, or a partner's own header links.
        {type: 'custom-brandLinks', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Documentation',
          items: [
            {label: 'Introduction', to: '/docs/intro'},
            {label: 'Getting started', to: '/docs/getting-started'},
            {label: 'FAQ', to: '/docs/faq'},
            {label: 'API reference', to: '/docs/api-reference'},
          ],
        },
        {
          title: 'Platform',
          items: [
            {label: 'Console', href: DEFAULT_BRAND.consoleUrl},
            {label: 'Feature requests', href: DEFAULT_BRAND.feedbackUrl},
          ],
        },
        {
          title: 'Support',
          items: [{label: 'Contact support', href: `mailto:${DEFAULT_BRAND.supportEmail}`}],
        },
      ],
      copyright: copyrightLine(),
    },
    prism: {
      theme: codeTheme,
      darkTheme: codeTheme,
      additionalLanguages: ['bash', 'json', 'hcl', 'powershell'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
