import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {withoutFencedCode} from '../src/content/mdxText';

export const siteDir = path.resolve(__dirname, '..');
export const docsDir = path.join(siteDir, 'docs');
export const buildDir = path.join(siteDir, 'build');

export interface DocFile {
  /** Path relative to the site, e.g. `docs/intro.mdx`. */
  file: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

/** Every doc page under docs/ (partials, whose names start with `_`, excluded). */
export function readDocs(): DocFile[] {
  const entries = readdirSync(docsDir, {recursive: true, encoding: 'utf8'});
  return entries
    .filter((f) => /\.mdx?$/.test(f) && !path.basename(f).startsWith('_'))
    .sort()
    .map((f) => {
      const parsed = matter(readFileSync(path.join(docsDir, f), 'utf8'));
      return {file: path.join('docs', f).split(path.sep).join('/'), frontMatter: parsed.data, body: parsed.content};
    });
}

/** `{…}` expressions removed, nested braces included (an expression may hold JSX with its own). */
function withoutExpressions(text: string): string {
  let out = '';
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth += 1;
    else if (char === '}' && depth > 0) depth -= 1;
    else if (depth === 0) out += char;
  }
  return out;
}

/**
 * Words of prose: code blocks, imports, exports (to the blank line that ends them),
 * JSX tags, `{expressions}` and link targets left out. A component renders its own words,
 * which are not the page's prose.
 */
export function proseWords(body: string): number {
  const text = withoutExpressions(
    withoutFencedCode(body)
      .replace(/^import\s.*$/gm, ' ')
      .replace(/^export\s[\s\S]*?(?=\n\s*\n|$(?![\s\S]))/gm, ' '),
  )
    .replace(/<[^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_`|>{}[\]-]/g, ' ');
  return text.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)).length;
}

export interface RouteLine {
  route: string;
  unlisted: boolean;
  /** A route this site adds to the spec's list (marker `added`), e.g. a year of release notes after it. */
  added: boolean;
}

/** Reads a route list: one path a line, `#` comments, optional `unlisted` and `added` markers. */
export function readRouteList(file: string): RouteLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('/'))
    .map((line) => {
      const [route, ...markers] = line.split(/\s+/);
      return {route, unlisted: markers.includes('unlisted'), added: markers.includes('added')};
    });
}

/** Words of prose a page needs (CONTENT.md): 700 for a tutorial, 400 for concepts and how-tos. */
export function minimumWords(file: string): number {
  return /^docs\/tutorials\//.test(file) ? 700 : 400;
}
