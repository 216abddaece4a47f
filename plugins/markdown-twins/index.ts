/**
 * Docusaurus plugin: the Markdown twins and llms files of a production build.
 *
 * They are written from the MDX sources and the spec, not from anything the bundler makes,
 * so the step starts with the build, in a process of its own (`scripts/markdown-twins.ts`,
 * into a temporary folder), and works while the bundler and the page renderer do. After
 * the build the files move into the output folder; a failed twin fails the build, naming
 * the page. Each page names its twin in its <head> itself (src/theme/DocItem/Content), so
 * no built HTML is rewritten here.
 *
 * `DOCS_MARKDOWN=off` builds without them (the benchmark's baseline for the time they add).
 */
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {cp, mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

interface Step {
  done: Promise<void>;
  stageDir: string;
  output: string[];
}

export interface MarkdownTwinsOptions {
  /** The step's script, relative to the site (tests swap it). */
  script?: string;
}

/**
 * How the step's script runs. It allocates a lot of short-lived trees: a larger young
 * generation (32 MB semi-spaces instead of V8's 16 MB) takes about 0.9 s, of some 11 s, off
 * its CPU time, measured over interleaved runs.
 */
export const STEP_NODE_ARGS = ['--max-semi-space-size=32', '--import', 'tsx'];

/** Runs the Markdown step into a fresh folder; `done` settles when the step has ended. */
async function startStep(siteDir: string, script: string): Promise<Step> {
  const stageDir = await mkdtemp(path.join(os.tmpdir(), 'docs-markdown-'));
  const output: string[] = [];
  const child = spawn(process.execPath, [...STEP_NODE_ARGS, path.join(siteDir, script)], {
    cwd: siteDir,
    env: {...process.env, DOCS_OUT_DIR: stageDir, NODE_ENV: 'production'},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The bundler comes first: the step takes the CPU time the build leaves idle (its
  // single-threaded phases), instead of slowing the bundler down while both cores are busy.
  try {
    if (child.pid) os.setPriority(child.pid, 19);
  } catch {
    // Not allowed here: the step runs at the build's priority.
  }
  // A build that fails before postBuild leaves neither the process nor its folder behind.
  const cleanUp = () => {
    child.kill();
    rmSync(stageDir, {recursive: true, force: true});
  };
  process.once('exit', cleanUp);
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`The Markdown twins could not be written (exit ${code ?? signal}):\n${output.join('').trim()}`));
    });
  });
  // Awaited in postBuild; until then a failure must not count as unhandled.
  done.catch(() => undefined);
  return {done, stageDir, output};
}

export default function markdownTwinsPlugin(context: LoadContext, options?: unknown): Plugin {
  const script = (options as MarkdownTwinsOptions | undefined)?.script ?? 'scripts/markdown-twins.ts';
  let step: Promise<Step> | undefined;
  const enabled = () => process.env.NODE_ENV === 'production' && process.env.DOCS_MARKDOWN !== 'off';
  // A production build's plugins are set up before its content loads: the step starts here,
  // while the build still loads its site on one core, and takes the other (never in `docusaurus start`).
  if (enabled()) step ??= startStep(context.siteDir, script);
  return {
    name: 'markdown-twins',
    async postBuild({outDir}) {
      if (!enabled()) return;
      const waitFrom = performance.now();
      const {done, stageDir, output} = await (step ??= startStep(context.siteDir, script));
      try {
        await done;
        const waited = (performance.now() - waitFrom) / 1000;
        await cp(stageDir, outDir, {recursive: true});
        console.log(`${output.join('').trim()} (beside the bundler; the build waited ${waited.toFixed(1)} s for it)`);
      } finally {
        await rm(stageDir, {recursive: true, force: true});
      }
    },
  };
}
