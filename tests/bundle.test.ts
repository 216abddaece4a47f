// What a first page load runs, read from the production build.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {COMPILE_HINT} from '../plugins/compile-hints';
import {DOC_SHELL_CHUNK} from '../plugins/doc-shell';
import {startupScripts as startupScriptsOf} from '../src/ssgTemplate';
import {buildDir} from './docs';

const jsDir = path.join(buildDir, 'assets/js');
const scripts = readdirSync(jsDir).filter((f) => f.endsWith('.js'));
const read = (file: string) => readFileSync(path.join(jsDir, file), 'utf8');
/** Prism's grammar walker, present wherever Prism itself is bundled. */
const PRISM = /\bDFS:function\b/;

/** The scripts a page starts with: the inline loader's list in its HTML. */
function startupScripts(htmlFile: string): string[] {
  const list = startupScriptsOf(readFileSync(path.join(buildDir, htmlFile), 'utf8'));
  if (!list) throw new Error(`No script loader in ${htmlFile}`);
  return list.map((src) => path.basename(src));
}

describe('first-load scripts', () => {
  it.each(['index.html', 'docs/intro.html', 'docs/getting-started.html'])('of %s leave Prism out', (html) => {
    const started = startupScripts(html);
    expect(started.some((f) => f.startsWith('main.'))).toBe(true);
    expect(started.filter((f) => PRISM.test(read(f)))).toEqual([]);
  });

  it('still ship Prism, in a chunk loaded on demand', () => {
    expect(scripts.filter((f) => PRISM.test(read(f)))).toHaveLength(1);
  });

  // plugins/compile-hints: the scripts every page starts with are compiled up front.
  it('are the only scripts that ask to be compiled up front, on every page', () => {
    const pages = (readdirSync(buildDir, {recursive: true}) as string[]).filter((f) => f.endsWith('.html'));
    const startup = new Set(startupScripts('index.html'));
    expect([...startup].some((f) => f.startsWith('main.'))).toBe(true);
    for (const page of pages) expect(new Set(startupScripts(page)), page).toEqual(startup);
    // Every script is searched once; those that mention the hint carry it as their first line.
    const mentioning = scripts.filter((f) => read(f).includes(COMPILE_HINT));
    expect(mentioning.sort()).toEqual([...startup].sort());
    for (const f of mentioning) expect(read(f).startsWith(`${COMPILE_HINT}\n`), f).toBe(true);
  });
});

// plugins/startup-tasks: the app starts in several tasks, with no extra request.
describe('the client entry', () => {
  it("is the one that starts the app in steps, in the main script, and Docusaurus's own is not bundled", () => {
    const main = startupScripts('index.html').filter((f) => f.startsWith('main.'));
    expect(main).toHaveLength(1);
    const code = read(main[0]);
    expect(code.split('Docusaurus React Root onRecoverableError')).toHaveLength(2);
    // The original's chain, preload(...).then(() => { startTransition(renderApp) }), is not there.
    expect(scripts.filter((f) => /\.then\(\(\)=>\{\(0,[\w$]+\.startTransition\)\(/.test(read(f)))).toEqual([]);
  });
});

// plugins/doc-shell: what every docs page loads besides its content, in one chunk.
describe('the docs shell', () => {
  it("is one chunk, and the only one holding the docs version's data", () => {
    const shell = scripts.filter((f) => f.startsWith(`${DOC_SHELL_CHUNK}.`));
    expect(shell).toHaveLength(1);
    // The version's props as the bundler inlines JSON: the sidebars beside the docs list.
    expect(scripts.filter((f) => /"docsSidebars":\{/.test(read(f)))).toEqual(shell);
  });
});

// plugins/docsearch: the search library comes once, and its modal makes its stores once.
describe('DocSearch', () => {
  // The key of the modal's recent searches: once per copy of the library.
  const KEY = '"__DOCSEARCH_RECENT_SEARCHES__"';
  const holding = scripts.map((f) => ({file: f, code: read(f)})).filter(({code}) => code.includes(KEY));

  it('is bundled once, in one chunk loaded when a reader reaches for search', () => {
    expect(holding.map(({code}) => code.split(KEY).length - 1)).toEqual([1]);
    expect(startupScripts('index.html')).not.toContain(holding[0]!.file);
  });

  it('makes the stores of past searches in a state initialiser, not on every render', () => {
    const {code} = holding[0]!;
    expect(code.match(/\.useState\(function\(\)\{return [\w$]+\(\{key:"__DOCSEARCH_(FAVORITE|RECENT)_SEARCHES__"/g)).toHaveLength(2);
    expect(code).not.toMatch(/useRef\([\w$]+\(\{key:"__DOCSEARCH_/);
  });
});

describe('server HTML', () => {
  const pages = (readdirSync(buildDir, {recursive: true}) as string[]).filter((f) => f.endsWith('.html'));

  // A Suspense boundary rendered on the server comes out of line: its content in a hidden
  // element at the end of the page and moved into place by a script, after the first paint.
  it('has every part of every page in place, none streamed out of line', () => {
    expect(pages.length).toBeGreaterThan(200);
    const outOfLine = pages.filter((f) => /<template id=["']?B:\d/.test(readFileSync(path.join(buildDir, f), 'utf8')));
    expect(outOfLine).toEqual([]);
  });
});
