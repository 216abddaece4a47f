import {describe, expect, it} from 'vitest';
import {expandRecords, levelWeight, type CompactRecords} from './records';

const file: CompactRecords = {
  v: 1,
  pages: [
    ['/docs/a', 'Guides', 'Page A', 'docs-default-current', 'en', 1],
    ['/docs/b', 'Guides', 'Page B', 'docs-default-current', 'en', 0],
  ],
  records: [
    [0, 1, 'Page A', null, -1],
    [0, 0, 'Intro of A.', null, 0],
    [0, 2, 'Setup', 'setup', 0],
    [0, 0, 'Setup text.', 'setup', 2],
    [1, 1, 'Page B', null, -1],
    [1, 2, 'Usage', 'usage', 4],
    [1, 0, 'Usage text.', 'usage', 5],
  ],
};

describe('expanded records', () => {
  it('count weight.position within each page, from 0, as the DocSearch crawler does', () => {
    const records = expandRecords(file);
    expect(records.map((r) => [r.url_without_anchor, r.weight.position])).toEqual([
      ['/docs/a', 0],
      ['/docs/a', 1],
      ['/docs/a', 2],
      ['/docs/a', 3],
      ['/docs/b', 0],
      ['/docs/b', 1],
      ['/docs/b', 2],
    ]);
  });

  it('carry the page rank and level weight, the hierarchy and the anchored URL', () => {
    const usage = expandRecords(file)[6];
    expect(usage).toMatchObject({
      url: '/docs/b#usage',
      type: 'content',
      content: 'Usage text.',
      hierarchy: {lvl0: 'Guides', lvl1: 'Page B', lvl2: 'Usage', lvl3: null},
      weight: {pageRank: 0, level: levelWeight(0), position: 2},
    });
  });

  it('reject a file of another format', () => {
    expect(() => expandRecords({v: 2} as never)).toThrow(/expected format/);
  });
});
