// The plugin that runs the Markdown step beside the bundler, with stand-in steps.
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import markdownTwinsPlugin from './index';

const siteDir = path.resolve(__dirname, '../..');
const context = {siteDir} as LoadContext;
const fixture = (name: string) => path.relative(siteDir, path.join(__dirname, '__fixtures__', name));
type PostBuild = (props: {outDir: string}) => Promise<void>;

describe('markdown-twins plugin', () => {
  let outDir: string;
  const env = {...process.env};
  beforeEach(() => {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'twins-plugin-test-'));
    process.env.NODE_ENV = 'production';
    delete process.env.DOCS_MARKDOWN;
  });
  afterEach(() => {
    rmSync(outDir, {recursive: true, force: true});
    process.env = {...env};
    vi.restoreAllMocks();
  });

  it('starts the step when the plugin is set up and moves its files into the build', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const plugin = markdownTwinsPlugin(context, {script: fixture('step-ok.mjs')});
    await (plugin.postBuild as unknown as PostBuild)({outDir});
    expect(readFileSync(path.join(outDir, 'docs/page.md'), 'utf8')).toBe('# Page\n');
    expect(readFileSync(path.join(outDir, 'llms.txt'), 'utf8')).toBe('# Site\n');
    const message = log.mock.calls.map((c) => String(c[0])).join('\n');
    expect(message).toMatch(/Markdown: 1 page twin into .* \(NODE_ENV=production\) \(beside the bundler; the build waited \d+\.\d s for it\)/);
    // The temporary folder the step wrote into is gone.
    const stage = /into (\S+) /.exec(message)![1];
    expect(existsSync(stage)).toBe(false);
  });

  it('fails the build with what the step said, and leaves no temporary folder', async () => {
    const plugin = markdownTwinsPlugin(context, {script: fixture('step-fail.mjs')});
    const error = await (plugin.postBuild as unknown as PostBuild)({outDir}).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/The Markdown twins could not be written \(exit 1\):\ndocs\/broken\.mdx:3: <Widget> has no Markdown form/);
    const stage = /\(stage (\S+)\)/.exec(error!.message)![1];
    expect(existsSync(stage)).toBe(false);
    expect(existsSync(path.join(outDir, 'half-written.md'))).toBe(false);
  });

  it('starts the step before the site loads its content, with nothing else asked of the plugin', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const started = path.join(outDir, 'started');
    process.env.STEP_STARTED_MARK = started;
    const plugin = markdownTwinsPlugin(context, {script: fixture('step-ok.mjs')});
    expect(plugin.loadContent).toBeUndefined();
    await vi.waitFor(() => expect(existsSync(started)).toBe(true), {timeout: 60_000, interval: 20});
    await (plugin.postBuild as unknown as PostBuild)({outDir});
    expect(existsSync(path.join(outDir, 'docs/page.md'))).toBe(true);
  });

  it('does nothing outside production builds, or with DOCS_MARKDOWN=off', async () => {
    for (const setting of [{NODE_ENV: 'development'}, {NODE_ENV: 'production', DOCS_MARKDOWN: 'off'}]) {
      Object.assign(process.env, setting);
      // A script that does not exist: starting it would fail the build.
      const plugin = markdownTwinsPlugin(context, {script: 'scripts/no-such-step.ts'});
      await (plugin.postBuild as unknown as PostBuild)({outDir});
      expect(existsSync(path.join(outDir, 'llms.txt')), JSON.stringify(setting)).toBe(false);
    }
  });
});
