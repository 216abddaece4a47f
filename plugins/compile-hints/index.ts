/**
 * Marks the scripts every page starts with for eager compilation.
 *
 * V8 compiles a function when it is first called, on the main thread. On a first load
 * that is most of React DOM and the app, called once during start-up and hydration, so
 * compiling accounted for much of the scripts' main-thread time. Chromium's explicit
 * compile hint, `//# allFunctionsCalledOnLoad` as a file's first line, has V8 compile
 * the whole file up front, on the background thread that already parses the script as
 * it streams in. Other browsers read it as a comment.
 *
 * Only the start-up scripts carry it: the page chunks loaded later run a small part of
 * their code, and compiling all of it would cost more than it saves.
 */
import {existsSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {startupScripts} from '../../src/ssgTemplate';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts the hint at the top of the start-up scripts of the build in `outDir`; returns their paths. */
export async function addCompileHints(outDir: string, baseUrl = '/'): Promise<string[]> {
  const home = path.join(outDir, 'index.html');
  const scripts = existsSync(home) ? startupScripts(await readFile(home, 'utf8')) : null;
  if (!scripts || scripts.length === 0) throw new Error(`compile-hints: no script loader in ${home}, so no start-up scripts to mark`);
  const files = scripts.map((src) => path.join(outDir, src.startsWith(baseUrl) ? src.slice(baseUrl.length) : src));
  for (const file of files) {
    const code = await readFile(file, 'utf8');
    if (!code.startsWith(`${COMPILE_HINT}\n`)) await writeFile(file, `${COMPILE_HINT}\n${code}`);
  }
  return files;
}

export default function compileHintsPlugin(context: {siteConfig: {baseUrl: string}}): Plugin {
  return {
    name: 'compile-hints',
    async postBuild({outDir}) {
      await addCompileHints(outDir, context.siteConfig.baseUrl);
    },
  };
}
