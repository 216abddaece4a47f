/**
 * Default-brand values typed into a page where they would reach a partner's readers
 * as they are: anywhere outside code (fenced or inline), which the site brands when it
 * renders (src/branding/contentValues.ts). In prose, links and JSX, write the components
 * instead: `<Brand />`, `<SupportEmail />`, `<SalesEmail />`, `<ApiBase />`, `<ConsoleLink>`.
 */
import {DEFAULT_BRAND} from '../branding/defaults';
import {DEFAULT_VALUES} from '../branding/contentValues';
import {withoutFencedCode, withoutInlineCode} from './mdxText';

export interface BrandLeak {
  line: number;
  value: string;
}

/** Every default-brand value a page could leak, hosts included, longest first. */
const VALUES = [...new Set([...Object.values(DEFAULT_VALUES), new URL(DEFAULT_BRAND.feedbackUrl).host, DEFAULT_BRAND.name])].sort((a, b) => b.length - a.length);
const PATTERN = new RegExp(VALUES.map((v) => v.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'), 'gi');

/** Code is branded when rendered: blank it out. */
const outsideCode = (body: string) => withoutInlineCode(withoutFencedCode(body));

export function defaultBrandLeaks(body: string): BrandLeak[] {
  const leaks: BrandLeak[] = [];
  outsideCode(body)
    .split('\n')
    .forEach((line, i) => {
      for (const match of line.matchAll(PATTERN)) leaks.push({line: i + 1, value: match[0]});
    });
  return leaks;
}
