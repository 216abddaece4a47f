import {describe, expect, it} from 'vitest';
import {buildSources, contentSecurityPolicy, NO_SOURCES, originsOf, parseSources} from './policy';

describe('security policy sources', () => {
  it("adds what the build's settings call on, and nothing by default", () => {
    expect(buildSources({apiBase: null, algolia: false, tagManager: false})).toEqual(NO_SOURCES);
    const all = buildSources({apiBase: 'https://api.partner.example/v1', algolia: true, tagManager: true});
    expect(all.connectSrc).toEqual(expect.arrayContaining(['https://api.partner.example', 'https://*.algolia.net', 'https://www.googletagmanager.com']));
    expect(all.scriptSrc).toContain('https://www.googletagmanager.com');
  });

  it('reads a sources file keeping only origins: nothing else can reach the header', () => {
    const parsed = parseSources(JSON.stringify({connectSrc: ['https://a.example', "'unsafe-eval'", 'https://b.example; script-src *', 'javascript:x', 'https://*.c.example'], scriptSrc: 'https://x', imgSrc: [1]}));
    expect(parsed).toEqual({connectSrc: ['https://a.example', 'https://*.c.example'], scriptSrc: [], imgSrc: []});
  });

  it('takes the origins of absolute logo URLs only', () => {
    expect(originsOf(['https://cdn.a.example/l.svg', '/img/x.svg', undefined, 'https://cdn.a.example/d.svg', 'data:image/png;base64,x'])).toEqual(['https://cdn.a.example']);
  });

  it('makes one directive per kind, sources once each', () => {
    const policy = contentSecurityPolicy({scriptHashes: ["'sha256-a'", "'sha256-a'"], sources: NO_SOURCES, frameAncestors: ['https://portal.example'], logoOrigins: ['https://cdn.a.example']});
    expect(policy).toContain("script-src 'self' 'sha256-a';");
    expect(policy).toContain("img-src 'self' data: https://cdn.a.example;");
    expect(policy).toMatch(/frame-ancestors 'self' https:\/\/portal\.example$/);
    expect(policy).not.toMatch(/unsafe-eval/);
  });
});
