import {describe, expect, it} from 'vitest';
import {releases} from '../../src/data/releases';
import {atomFeed, entryPath, stableUuid} from './feed';

describe('release feed', () => {
  const xml = atomFeed(releases);

  it('is an Atom feed with one entry per release, newest first', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(true);
    expect(xml.match(/<entry>/g)).toHaveLength(releases.length);
    const dates = [...xml.matchAll(/<published>(.*?)<\/published>/g)].map((m) => m[1]);
    expect(dates).toEqual([...dates].sort().reverse());
    const newest = [...releases].sort((a, b) => b.date.localeCompare(a.date))[0];
    expect(xml).toContain(`<updated>${newest.date}T00:00:00Z</updated>\n  <author>`);
  });

  it('links the feed to the newest year\'s page, the one the newest entry is on', () => {
    const newest = [...releases].sort((a, b) => b.date.localeCompare(a.date))[0];
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="/docs/release-notes/${newest.date.slice(0, 4)}"/>`);
    const old = atomFeed([{date: '2023-02-14', slug: 'a', title: 'A', area: 'compute', summary: 'a'}]);
    expect(old).toContain('href="/docs/release-notes/2023"/>');
  });

  it('links every entry to its anchor on its year page, without any host', () => {
    for (const r of releases) expect(xml).toContain(`href="${entryPath(r)}"`);
    expect(xml).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('escapes text and keeps ids stable and unique', () => {
    const odd = atomFeed([{date: '2024-01-02', slug: 'a', title: 'A & <B>', area: 'api', summary: 'x "y"'}]);
    expect(odd).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(odd).toContain('<summary type="text">x &quot;y&quot;</summary>');
    expect(stableUuid('2024-01-02/a')).toBe(stableUuid('2024-01-02/a'));
    expect(stableUuid('2024-01-02/a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ids = [...xml.matchAll(/<id>(.*?)<\/id>/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(() => atomFeed([])).toThrow(/at least one entry/);
  });
});
