import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {crawlerSettings, recordsForAlgolia} from '../scripts/search-push';
import {buildDir} from './docs';

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
});
