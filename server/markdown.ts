/**
 * The Markdown side of the site: twins of pages (`/docs/x.md`) and the llms files.
 * They are built with the default brand's values; on a partner's host they are sent with
 * the partner's, computed as the page computes them (src/branding/brand.ts).
 */
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {withBrandValues} from '../src/branding/contentValues';
import {pageValues} from '../src/theme/SiteMetadata/headValues';
import type {Brand} from '../src/branding/brand';
import {featureRequestUrl} from '../src/components/FeatureRequestLink/featureRequestUrl';

/** Build files written as Markdown: page twins and the llms files. */
export function isMarkdownFile(file: string): boolean {
  return file.endsWith('.md') || file === 'llms.txt' || file === 'llms-full.txt' || /^llms-full\/[\w-]+\.txt$/.test(file);
}

/** The twin of a page's HTML file, when the build has one. */
export function twinOf(htmlFile: string, files: ReadonlySet<string>): string | undefined {
  const twin = htmlFile.replace(/(\/index)?\.html$/, '.md');
  return twin !== htmlFile && files.has(twin) ? twin : undefined;
}

/** The q-value an Accept header gives a media type (exact match, then `type/*`, then `*\/*`). */
function quality(accept: string, type: string): number {
  let best: {specificity: number; q: number} = {specificity: -1, q: 0};
  for (const part of accept.split(',')) {
    const [range, ...params] = part.trim().toLowerCase().split(';');
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
    const specificity = range === type ? 2 : range === `${type.split('/')[0]}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity > best.specificity) best = {specificity, q: Number.isFinite(q) ? q : 0};
  }
  return best.q;
}

/** True when a request asks for Markdown rather than HTML (`Accept: text/markdown`). */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || !/text\/markdown/i.test(accept)) return false;
  const markdown = quality(accept, 'text/markdown');
  return markdown > 0 && markdown >= quality(accept, 'text/html');
}

// Partner names are plain text: Markdown syntax in one must not become a link or markup.
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()<>#!|~]/g, '\\$&');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Markdown built for the default brand, with a brand's name, API base, console, docs URL and
 * addresses in their place. Links into the docs go to the partner's `uris.doc`, or to
 * `origin` (the host the files were asked on) when the partner names none. The feedback
 * site is the partner's own, or the link is dropped.
 */
export function brandedMarkdown(text: string, brand: Brand, origin?: string): string {
  if (!brand.is_partner) return text;
  // The docs URL the pages' head and body name too (no trailing slash: paths follow it).
  let out = withBrandValues(text, pageValues(brand, origin ?? brand.docsUrl));
  out = out.replace(new RegExp(`(?<![\\w.-])${escapeRegExp(DEFAULT_BRAND.name)}(?![\\w-])`, 'g'), escapeMarkdown(brand.name));
  const feedback = featureRequestUrl(brand.headerItems);
  const feedbackLink = new RegExp(`\\[([^\\]]*)\\]\\(${escapeRegExp(DEFAULT_BRAND.feedbackUrl)}[^)\\s]*\\)`, 'g');
  out = out.replace(feedbackLink, (_, label: string) => (feedback ? `[${label}](${feedback})` : label));
  return out.split(DEFAULT_BRAND.feedbackUrl).join(feedback ?? '');
}
