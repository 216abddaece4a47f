import {describe, expect, it} from 'vitest';
import {crawlerSettings} from '../scripts/search-push';
import {termRules} from '../src/search/highlight';

describe('local matching rules and the settings pushed to Algolia', () => {
  const pushed = crawlerSettings();

  it('allow the typos the pushed settings allow, by word length', () => {
    for (let length = 1; length <= 12; length += 1) {
      const word = 'abcdefghijkl'.slice(0, length);
      const expected = length >= pushed.minWordSizefor2Typos ? 2 : length >= pushed.minWordSizefor1Typo ? 1 : 0;
      expect(termRules([word, 'last'])[0].maxTypos, `${length} characters`).toBe(expected);
    }
  });

  it('allow no typo in numbers, as allowTyposOnNumericTokens: false says', () => {
    expect(pushed.allowTyposOnNumericTokens).toBe(false);
    expect(termRules(['20480', 'gb'])[0].maxTypos).toBe(0);
  });

  it('match the last word as a prefix and no other, as queryType prefixLast does', () => {
    expect(pushed.queryType).toBe('prefixLast');
    expect(termRules(['create', 'bootable', 'vol']).map((rule) => rule.prefix)).toEqual([false, false, true]);
  });

  it('are the crawler template values', () => {
    expect(pushed).toMatchObject({minWordSizefor1Typo: 3, minWordSizefor2Typos: 7});
  });
});
