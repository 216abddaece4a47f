import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {crawlerSettings, recordsForAlgolia} from '../scripts/search-push';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {buildDir, siteDir} from './docs';

/** Runs `npm run search:push` as npm would (tsx), with only the given Algolia and DOCS_URL variables. */
async function push(args: string[], env: Record<string, string> = {}): Promise<string> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('ALGOLIA_') && key !== 'DOCS_URL'));
  const {stdout} = await promisify(execFile)(path.join(siteDir, 'node_modules/.bin/tsx'), ['scripts/search-push.ts', ...args], {
    cwd: siteDir,
    env: {...base, ...env},
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** The settings and the example records a dry run prints, and what it says around them. */
function parseDryRun(stdout: string) {
  const match = /^(?<intro>[^{]*)Would set the settings of index (?<index>.+):\n(?<settings>\{[\s\S]*?\n\})\nWould replace all its objects with (?<count>\d+) records, e\.g\.:\n(?<examples>\[[\s\S]*\])\s*$/.exec(stdout);
  expect(match, stdout.slice(0, 500)).not.toBeNull();
  const groups = match!.groups!;
  return {intro: groups.intro, index: groups.index, settings: JSON.parse(groups.settings), count: Number(groups.count), examples: JSON.parse(groups.examples)};
}

describe('search:push', () => {
  it('uses the crawler settings the local client imitates', () => {
    const settings = crawlerSettings();
    expect(settings.attributesForFaceting).toEqual(expect.arrayContaining(['language', 'docusaurus_tag']));
    expect(settings.searchableAttributes.at(-1)).toBe('content');
    expect(settings.customRanking).toEqual(['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)']);
    expect(settings).toMatchObject({distinct: true, attributeForDistinct: 'url'});
  });

  it('sends the build records with absolute URLs', () => {
    const records = recordsForAlgolia(buildDir, 'https://docs.example.com/');
    expect(records.length).toBeGreaterThan(100);
    for (const record of records.slice(0, 50)) {
      expect(record.url.startsWith('https://docs.example.com/')).toBe(true);
      expect(record.url_without_anchor.startsWith('https://docs.example.com/')).toBe(true);
    }
  });

  it('says clearly when there is no build', () => {
    expect(() => recordsForAlgolia(path.join(buildDir, 'nope'), 'https://x.test')).toThrow(/run `npm run build` first|no such file/i);
  });

  it('--dry-run prints the settings and records it would send, and sends nothing', async () => {
    const stdout = await push(['--dry-run'], {ALGOLIA_APP_ID: 'APP', ALGOLIA_ADMIN_API_KEY: 'secret-admin-key', ALGOLIA_INDEX_NAME: 'docs_test'});
    expect(stdout).not.toContain('secret-admin-key');
    const out = parseDryRun(stdout);
    expect(out.intro).toBe('');
    expect(out.index).toBe('docs_test');
    expect(out.settings).toEqual(crawlerSettings());
    const records = recordsForAlgolia(buildDir, DEFAULT_BRAND.docsUrl);
    expect(out.count).toBe(records.length);
    expect(out.examples).toEqual(records.slice(0, 2));
    expect(out.examples[0].url.startsWith(`${DEFAULT_BRAND.docsUrl}/`)).toBe(true);
  }, 60_000);

  it('without the admin key says so and does a dry run, under DOCS_URL when it is set', async () => {
    const stdout = await push([], {ALGOLIA_APP_ID: 'APP', ALGOLIA_INDEX_NAME: 'docs_test', DOCS_URL: 'https://docs.partner.test/'});
    const out = parseDryRun(stdout);
    expect(out.intro).toBe('ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY or ALGOLIA_INDEX_NAME is not set: dry run.\n');
    expect(out.examples[0].url.startsWith('https://docs.partner.test/')).toBe(true);
    expect(out.examples[0].url_without_anchor.startsWith('https://docs.partner.test/')).toBe(true);
    const bare = parseDryRun(await push([]));
    expect(bare.index).toBe('(ALGOLIA_INDEX_NAME)');
  }, 60_000);
});
