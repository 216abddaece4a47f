import {describe, expect, it} from 'vitest';
import {distinctParam, intParam, listParam, normalizeRequests, serializeParams} from './params';

describe('request parameters', () => {
  it('reads v5 requests and the legacy array with params as a string or an object', () => {
    expect(normalizeRequests({requests: [{indexName: 'docs', query: 'vm', hitsPerPage: 5}]})).toEqual([{indexName: 'docs', params: {query: 'vm', hitsPerPage: 5}}]);
    expect(normalizeRequests([{indexName: 'docs', params: 'query=vm&facetFilters=%5B%22language%3Aen%22%5D'}])).toEqual([
      {indexName: 'docs', params: {query: 'vm', facetFilters: ['language:en']}},
    ]);
    expect(() => normalizeRequests({} as never)).toThrow(TypeError);
  });

  it('clamps numbers and reads lists in every form Algolia accepts', () => {
    expect(intParam('7', 20, 0, 10)).toBe(7);
    expect(intParam(99, 20, 0, 10)).toBe(10);
    expect(intParam('x', 20, 0, 10)).toBe(20);
    expect(listParam('a, b')).toEqual(['a', 'b']);
    expect(listParam('["a"]')).toEqual(['a']);
  });

  it('keys distinct by URL unless asked per page', () => {
    expect(distinctParam(undefined)).toEqual({key: 'url', limit: 1});
    expect(distinctParam(true)).toEqual({key: 'url_without_anchor', limit: 1});
    expect(distinctParam(3)).toEqual({key: 'url_without_anchor', limit: 3});
    expect(distinctParam(false)).toBeNull();
  });

  it('writes params back as a query string, lone surrogates made safe', () => {
    expect(serializeParams({query: 'a b', facets: ['x'], skip: undefined})).toBe('query=a%20b&facets=%5B%22x%22%5D');
    expect(() => serializeParams({query: '\uD800'})).not.toThrow();
  });
});
