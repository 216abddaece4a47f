import type {LoadContext, Plugin} from '@docusaurus/types';
import {bootScript, colorModeStorage} from '../../src/branding/boot';
import {GREY_THEMES} from '../../src/branding/colors';
import {DEFAULT_API_BASES, DEFAULT_BRAND} from '../../src/branding/defaults';

/** How long the partner-config request may take before the default brand is shown. */
export const PARTNER_CONFIG_TIMEOUT_MS = 3000;
/** After the config has arrived, how long brand parts stay hidden for a slow app to apply it. */
export const BRAND_APP_GRACE_MS = 15_000;

/** Injects the pre-paint branding script into every page's <head>. */
export default function brandingPlugin(context: LoadContext): Plugin {
  const script = bootScript({
    apiBase: process.env.DOCS_API_BASE?.trim() || null,
    apiBases: DEFAULT_API_BASES,
    defaultHosts: [new URL(process.env.DOCS_URL ?? DEFAULT_BRAND.docsUrl).hostname, 'localhost', '127.0.0.1'],
    themes: GREY_THEMES,
    timeoutMs: PARTNER_CONFIG_TIMEOUT_MS,
    appGraceMs: BRAND_APP_GRACE_MS,
    colorModeStorage: colorModeStorage(context.siteStorage),
  });
  return {
    name: 'branding',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: script}]};
    },
  };
}
