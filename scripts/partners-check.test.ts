import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {checkPartners} from './partners-check';

describe('partners:check', () => {
  let dir: string | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    if (dir) await rm(dir, {recursive: true, force: true});
  });

  it('notes a custom colour it shows darker for contrast, without counting it a problem', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'partners-'));
    const globex = JSON.parse(await readFile(path.join(__dirname, '../partners/globex.json'), 'utf8'));
    await writeFile(path.join(dir, 'globex.json'), JSON.stringify({...globex, colors: {primary: {light: '#fde047'}}}));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await checkPartners(dir)).toBe(0);
    const lines = log.mock.calls.map((call) => String(call[0]));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}note: colors\.primary #fde047 is shown as #[0-9a-f]{6} in light mode, to reach 4\.5:1 contrast/));
    expect(lines.filter((line) => line.includes('note:'))).toHaveLength(1);
  });

  it('has nothing to note for the demo partners', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(await checkPartners(path.join(__dirname, '../partners'))).toBe(0);
    expect(log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('note:'))).toEqual([]);
  });
});
