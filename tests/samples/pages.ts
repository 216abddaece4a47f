/**
 * The code samples of the built pages, as a reader of a brand gets them: the Markdown twin
 * of every doc page (build/docs/**.md) with the brand's values put in by the server's own
 * `brandedMarkdown`, so the samples call the brand's API base. The runner's brand names the
 * mock's address as its API base; there is no other rewriting.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {brandedMarkdown} from '../../server/markdown';
import {brandFromConfig, type Brand} from '../../src/branding/brand';
import {partnerConfigSchema} from '../../src/branding/schema';
import {DEFAULT_BRAND} from '../../src/branding/defaults';
import {buildDir, readDocs, siteDir} from '../docs';

export type SampleLanguage = 'curl' | 'python' | 'javascript' | 'go';

export interface Block {
  lang: string;
  title?: string;
  /** Line of the block's first code line in the twin (1-based). */
  line: number;
  /** The code as the brand's reader gets it. */
  code: string;
  /** The code as built, with the default brand's values (what the MDX source holds). */
  built: string;
}

export interface Sample {
  id: string;
  /** The page's route, e.g. `/docs/network/ssh`. */
  route: string;
  /** The page's source file, when it has one (`docs/network/ssh.mdx`). */
  source?: string;
  /** `/docs/network/ssh.md block 4 (bash, line 120)`: where a reader finds it. */
  where: string;
  language: SampleLanguage | 'other';
  block: Block;
  /** The page's other blocks with a file name as title, by that name. */
  files: Map<string, string>;
  /** The block shown as the sample's output (`text title="Output"`), when the page has one. */
  output?: Block;
  /** Why the sample is not run, when it is not. */
  skip?: string;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm;

const dedent = (code: string): string => {
  const lines = code.replace(/\s+$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
};

/** Every fenced block of a Markdown text, with its language, title and first line. */
export function fencedBlocks(markdown: string): Omit<Block, 'built'>[] {
  const out: Omit<Block, 'built'>[] = [];
  for (const match of markdown.matchAll(FENCE)) {
    const info = match[3].trim();
    out.push({
      lang: info.split(/\s+/)[0]?.toLowerCase() ?? '',
      title: /\btitle="([^"]*)"/.exec(info)?.[1],
      line: markdown.slice(0, match.index).split('\n').length + 1,
      code: dedent(match[4]),
    });
  }
  return out;
}

const LANGUAGES: Partial<Record<string, SampleLanguage>> = {
  bash: 'curl', sh: 'curl', shell: 'curl', console: 'curl',
  python: 'python', py: 'python',
  javascript: 'javascript', js: 'javascript', mjs: 'javascript',
  go: 'go',
};

/** A reader's brand whose API base is `apiBase` (as a partner config's `uris.api_uri`). */
export function brandWithApiBase(apiBase: string): Brand {
  return brandFromConfig(partnerConfigSchema.parse({name: DEFAULT_BRAND.name, uris: {api_uri: apiBase}}));
}

/**
 * Why samples are not run, by what they are; a sample that calls the API for another
 * reason carries its reason in the page source (`SKIP_NOTE`).
 */
export const SKIP_CLASSES = {
  library: 'uses a client library (gpucloud, @gpucloud/client, gpucloud-go, the Terraform provider), not installable here; tests/library-code.ts checks it against the client',
  language: 'not a program in one of the four sample languages (an HTTP exchange, Terraform, TypeScript types, text)',
  fragment: 'a fragment, not a whole program',
} as const;

const LIBRARY = /\bgpucloud\b|@gpucloud\/|GPUCLOUD_/;

/**
 * A note in the MDX source on the line before a block, for a sample that calls the API but
 * cannot run here: `{/* not run by the sample tests: it reads the reader's own IP address *\/}`.
 */
export const SKIP_NOTE = /\{\/\*\s*not run by the sample tests:\s*([\s\S]*?)\s*\*\/\}[ \t]*\n(?:[ \t]*\n)*( {0,3}[ \t]*)(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^[ \t]*\3[ \t]*$/gm;

/** The skip notes of a page source, by the dedented code of the block each precedes. */
export function skipNotes(source: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of source.matchAll(SKIP_NOTE)) out.set(dedent(match[4]), match[1].replace(/\s+/g, ' '));
  return out;
}

/** A title that names a file a sample may read (`spot.json`, `~/.ssh/config`), not a caption. */
const isFileName = (title: string | undefined): title is string => !!title && /^[~\w./-]+\.[\w]+$/.test(title) && !title.startsWith('/');

export interface PageSamples {
  route: string;
  samples: Sample[];
  /** Notes in the source that match no block of the page: a note must stay next to its block. */
  strayNotes: string[];
  /** Blocks in a sample language that do not call the API (commands on a VM, kubectl, ssh), by language. */
  notApi: Partial<Record<SampleLanguage, number>>;
}

/** The samples of one page's twin, branded with `apiBase`; `source` is the page's MDX text when it has one. */
export function pageSamples(route: string, twin: string, apiBase: string, source?: {file: string; text: string}): PageSamples {
  const branded = brandedMarkdown(twin, brandWithApiBase(apiBase));
  const built = fencedBlocks(twin);
  const blocks: Block[] = fencedBlocks(branded).map((b, i) => ({...b, built: built[i]?.code ?? ''}));
  if (built.length !== blocks.length) throw new Error(`${route}: branding changed the page's code blocks`);
  const notes = source ? skipNotes(source.text) : new Map<string, string>();
  const used = new Set<string>();
  const files = new Map(blocks.filter((b) => isFileName(b.title)).map((b) => [b.title!, b.code]));
  const samples: Sample[] = [];
  const notApi: Partial<Record<SampleLanguage, number>> = {};
  blocks.forEach((block, i) => {
    const language = LANGUAGES[block.lang] ?? 'other';
    if (!block.code.includes(apiBase)) {
      if (language !== 'other') notApi[language] = (notApi[language] ?? 0) + 1;
      return;
    }
    const next = blocks[i + 1];
    let skip: string | undefined;
    const note = notes.get(block.built);
    if (note !== undefined) {
      skip = note;
      used.add(block.built);
    } else if (LIBRARY.test(block.code)) skip = SKIP_CLASSES.library;
    else if (language === 'other') skip = SKIP_CLASSES.language;
    else if (language === 'go' && !/^package main\b/m.test(block.code)) skip = SKIP_CLASSES.fragment;
    samples.push({
      id: `${route}#${i + 1}`,
      route,
      source: source?.file,
      where: `${route}.md block ${i + 1} (${block.lang}${block.title ? ` "${block.title}"` : ''}, line ${block.line})${source ? ` from ${source.file}` : ''}`,
      language,
      block,
      files,
      output: next?.title === 'Output' ? next : undefined,
      skip,
    });
  });
  const strayNotes = [...notes.entries()].filter(([code]) => !used.has(code)).map(([code, why]) => `${route}: the note "${why}" is before no API sample (${code.split('\n')[0]})`);
  return {route, samples, strayNotes, notApi};
}

/** The doc twins of the build: route and text. */
export function readTwins(): {route: string; text: string}[] {
  const docs = path.join(buildDir, 'docs');
  return readdirSync(docs, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({route: `/docs/${f.split(path.sep).join('/').replace(/\.md$/, '')}`, text: readFileSync(path.join(docs, f), 'utf8')}));
}

/** A doc file's route, as plugins/markdown-twins names twins (`docs/ai-studio/index.mdx` → `/docs/ai-studio`). */
const routeOfDoc = (file: string) => `/${file.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');

/** Page sources by route. */
export function sourcesByRoute(): Map<string, {file: string; text: string}> {
  return new Map(readDocs().map((d) => [routeOfDoc(d.file), {file: d.file, text: readFileSync(path.join(siteDir, d.file), 'utf8')}]));
}
