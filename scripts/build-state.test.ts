import {mkdtemp, mkdir, rm, utimes, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {buildIsFresh, writeBuildStamp} from './build-state';

let siteDir: string;
let buildDir: string;

beforeEach(async () => {
  siteDir = await mkdtemp(path.join(os.tmpdir(), 'build-state-'));
  buildDir = path.join(siteDir, 'build');
  for (const dir of ['docs', 'src', 'i18n/en', 'build']) await mkdir(path.join(siteDir, dir), {recursive: true});
  await writeFile(path.join(siteDir, 'docs/intro.mdx'), '# Intro\n');
  await writeFile(path.join(siteDir, 'i18n/en/code.json'), '{}');
  await writeFile(path.join(siteDir, 'package.json'), '{"browserslist": []}');
  await writeFile(path.join(buildDir, 'index.html'), '<html></html>');
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(siteDir, {recursive: true, force: true});
});

/** Moves a file's modification time forward, as an editor saving it would. */
async function touch(file: string, content: string): Promise<void> {
  await writeFile(path.join(siteDir, file), content);
  const later = new Date(Date.now() + 60_000);
  await utimes(path.join(siteDir, file), later, later);
}

describe('build freshness', () => {
  it('is stale without a stamp', async () => {
    expect(await buildIsFresh(siteDir, buildDir)).toBe(false);
  });

  it('is fresh right after the stamp is written', async () => {
    await writeBuildStamp(siteDir, buildDir);
    expect(await buildIsFresh(siteDir, buildDir)).toBe(true);
  });

  it.each(['docs/intro.mdx', 'i18n/en/code.json', 'package.json', 'src/new-component.tsx'])('is stale after %s changes', async (file) => {
    await writeBuildStamp(siteDir, buildDir);
    await touch(file, 'changed');
    expect(await buildIsFresh(siteDir, buildDir)).toBe(false);
  });

  it('is stale when a build-time setting changes', async () => {
    await writeBuildStamp(siteDir, buildDir);
    vi.stubEnv('DOCS_API_BASE', 'https://api.partner.example/v1');
    expect(await buildIsFresh(siteDir, buildDir)).toBe(false);
  });

  it('is stale when the built home page is gone', async () => {
    await writeBuildStamp(siteDir, buildDir);
    await rm(path.join(buildDir, 'index.html'));
    expect(await buildIsFresh(siteDir, buildDir)).toBe(false);
  });

  it('ignores files outside the build inputs', async () => {
    await writeBuildStamp(siteDir, buildDir);
    await touch('notes.txt', 'not a build input');
    expect(await buildIsFresh(siteDir, buildDir)).toBe(true);
  });
});
