import {describe, expect, it} from 'vitest';
import {INDEX_SETTINGS} from './settings';
import {STOP_WORDS, withoutStopWords} from './stopWords';
import {prepareQuery} from './query';

describe('stop words', () => {
  it("leave a question's framing words out and keep its subject", () => {
    expect(withoutStopWords(['how', 'does', 'hibernation', 'work'])).toEqual(['hibernation', 'work']);
    expect(withoutStopWords(['what', 'is', 'a', 'bastion', 'server'])).toEqual(['bastion', 'server']);
    expect(prepareQuery('How does hibernation work?').terms).toEqual(['hibernation', 'work']);
  });

  it('keep the word being typed, which matches as a prefix, and a query of stop words alone', () => {
    expect(withoutStopWords(['snapshot', 'what'])).toEqual(['snapshot', 'what']);
    expect(withoutStopWords(['what', 'is'])).toEqual(['what', 'is']);
    expect(withoutStopWords(['the'])).toEqual(['the']);
  });

  it('keep the words that narrow a question', () => {
    for (const word of ['which', 'when', 'after', 'should', 'not', 'no']) expect(STOP_WORDS.has(word), word).toBe(false);
  });

  it('are what Algolia is told to remove, so both modes answer alike', () => {
    expect(INDEX_SETTINGS.removeStopWords).toEqual(['en']);
    expect(INDEX_SETTINGS.queryLanguages).toEqual(['en']);
  });
});
