import {describe, expect, it} from 'vitest';
import {LruCache} from './lruCache';

describe('LruCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // `a` is now the most recent
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('keeps the total weight within maxWeight and never keeps a value heavier than it', () => {
    const cache = new LruCache<number[]>(10, 5, (value) => value.length);
    cache.set('three', [1, 2, 3]);
    cache.set('two', [1, 2]);
    expect(cache.totalWeight).toBe(5);
    cache.set('one', [1]);
    expect(cache.get('three')).toBeUndefined();
    expect(cache.totalWeight).toBe(3);
    cache.set('six', [1, 2, 3, 4, 5, 6]);
    expect(cache.get('six')).toBeUndefined();
    expect(cache.get('two')).toEqual([1, 2]);
    expect(cache.totalWeight).toBe(3);
  });

  it('replaces a key without counting it twice', () => {
    const cache = new LruCache<number[]>(10, 100, (value) => value.length);
    cache.set('k', [1, 2, 3]);
    cache.set('k', [1]);
    expect(cache.size).toBe(1);
    expect(cache.totalWeight).toBe(1);
    expect(cache.get('k')).toEqual([1]);
  });

  it('stays bounded under many distinct keys', () => {
    const cache = new LruCache<string>(64);
    for (let i = 0; i < 10_000; i += 1) cache.set(`term${i}`, `value${i}`);
    expect(cache.size).toBe(64);
    expect(cache.get('term9999')).toBe('value9999');
    expect(cache.get('term0')).toBeUndefined();
  });

  it('empties on clear()', () => {
    const cache = new LruCache<number>(4, 10, (value) => value);
    cache.set('a', 3);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.totalWeight).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });
});
