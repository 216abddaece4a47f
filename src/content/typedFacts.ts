/**
 * Product facts typed into a page instead of rendered from src/data: prices, limits,
 * region ids and flavor specs written as literal text in prose. Code, inline code, JSX
 * tags and `{expressions}` are left out: data rendered by components and expressions is
 * what the check asks for. A price in inline code (`$1.90`) counts as typed too. Numbers
 * that may be typed as long as they equal the data (CIDRs, MTU, drivers, CUDA and
 * Kubernetes versions), and prices in output samples, are checked by tests/cross-checks.ts. Region ids and flavor names in backticks are API values and
 * stay allowed; their numbers and prices are what must not be retyped.
 */
import {flavors, regions} from '../data/platform';
import {limits} from '../data/limits';
import {blank, withoutFencedCode, withoutInlineCode} from './mdxText';

export interface TypedFact {
  line: number;
  kind: 'price' | 'price format' | 'limit' | 'region' | 'flavor spec';
  text: string;
}

function prose(body: string): string[] {
  return withoutInlineCode(withoutFencedCode(body).replace(/^(import|export)\s[^\n]*$/gm, blank))
    .replace(/<[^>\n]*>/g, blank)
    .replace(/\{[^{}\n]*(\{[^{}\n]*\}[^{}\n]*)*\}/g, blank)
    .split('\n');
}

const PRICE = /\$\s?\d[\d,]*(\.\d+)?|\b\d[\d,]*(\.\d+)?\s?(USD|dollars)\b/g;
/** Limits whose number and unit together name the fact (durations are too common to tell apart). */
const LIMIT_PHRASES = Object.entries(limits)
  .filter(([, l]) => !/hours|days|seconds/.test(l.unit))
  .map(([name, l]) => ({name, pattern: new RegExp(`\\b${l.value}\\s+${l.unit.split(' ')[0]}\\b`, 'gi')}));
const REGION = new RegExp(`\\b(${regions.map((r) => r.id).join('|')})\\b`, 'g');
const FLAVOR = new RegExp(`\\b(${flavors.map((f) => f.name).join('|')})\\b`);
const SPEC = /\b\d[\d,]*\s?(GB|GiB|TB|vCPUs?)\b/g;

/** Money with cents in inline code (`$1.90`): a price typed as code is still typed. Shell's `$1` has no cents. */
const CODE_PRICE = /`[^`\n]*?(\$\d[\d,]*\.\d{2,})[^`\n]*`/g;

export function typedFacts(body: string): TypedFact[] {
  const found: TypedFact[] = [];
  const original = body.split('\n');
  withoutFencedCode(body).split('\n').forEach((line, i) => {
    for (const m of line.matchAll(CODE_PRICE)) found.push({line: i + 1, kind: 'price', text: m[1]});
  });
  // Money formatted by hand in an expression: the site has one format (formatUsd, <Price>).
  withoutFencedCode(body).split('\n').forEach((line, i) => {
    if (/\{[^}]*(toFixed\(|pricePerHour|PricePer)[^}]*\}/.test(line) && !/formatUsd|formatRate/.test(line)) found.push({line: i + 1, kind: 'price format', text: line.trim().slice(0, 80)});
  });
  prose(body).forEach((line, i) => {
    const add = (kind: TypedFact['kind'], text: string) => found.push({line: i + 1, kind, text});
    for (const m of line.matchAll(PRICE)) add('price', m[0]);
    for (const {name, pattern} of LIMIT_PHRASES) for (const m of line.matchAll(pattern)) add('limit', `${m[0]} (use <Limit name="${name}" />)`);
    for (const m of line.matchAll(REGION)) add('region', m[0]);
    // A flavor named in the sentence (in backticks or not) next to a typed size.
    if (FLAVOR.test(original[i])) for (const m of line.matchAll(SPEC)) add('flavor spec', m[0]);
  });
  return found;
}
