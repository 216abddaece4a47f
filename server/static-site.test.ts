import {describe, expect, it} from 'vitest';
import {cacheControlFor, resolvePath} from './static-site';

const files = new Set([
  'index.html',
  '404.html',
  'docs/intro.html',
  'docs/guide/index.html',
  'docs/api-reference/index.html',
  'assets/js/main.1a2b3c4d.js',
  'img/logo.svg',
  'sitemap.xml',
]);

describe('resolvePath', () => {
  it('serves routes by their clean URL', () => {
    expect(resolvePath('/', files)).toEqual({kind: 'file', file: 'index.html'});
    expect(resolvePath('/docs/intro', files)).toEqual({kind: 'file', file: 'docs/intro.html'});
    expect(resolvePath('/docs/guide', files)).toEqual({kind: 'file', file: 'docs/guide/index.html'});
  });

  it('serves plain files by their path', () => {
    expect(resolvePath('/assets/js/main.1a2b3c4d.js', files)).toEqual({kind: 'file', file: 'assets/js/main.1a2b3c4d.js'});
    expect(resolvePath('/img/logo.svg', files)).toEqual({kind: 'file', file: 'img/logo.svg'});
  });

  it('redirects .html, /index.html and trailing slashes to the clean route', () => {
    expect(resolvePath('/docs/intro.html', files)).toEqual({kind: 'redirect', location: '/docs/intro'});
    expect(resolvePath('/docs/guide/index.html', files)).toEqual({kind: 'redirect', location: '/docs/guide'});
    expect(resolvePath('/docs/guide.html', files)).toEqual({kind: 'redirect', location: '/docs/guide'});
    expect(resolvePath('/index.html', files)).toEqual({kind: 'redirect', location: '/'});
    expect(resolvePath('/docs/intro/', files)).toEqual({kind: 'redirect', location: '/docs/intro'});
  });

  it('does not redirect .html paths whose route does not exist', () => {
    expect(resolvePath('/docs/nope.html', files)).toEqual({kind: 'not-found'});
    expect(resolvePath('/docs/nope/index.html', files)).toEqual({kind: 'not-found'});
    expect(resolvePath('/404.html', files)).toEqual({kind: 'file', file: '404.html'});
    expect(resolvePath('/404', files)).toEqual({kind: 'not-found'});
  });

  it('never leaves the build folder', () => {
    for (const attack of [
      '/../package.json',
      '/docs/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/docs/%5c..%5cpackage.json',
      '/%00index.html',
      '/%E0%A4%A',
      '/docs',
      '/assets',
    ]) {
      expect(resolvePath(attack, files), attack).toEqual({kind: 'not-found'});
    }
  });
});

describe('cacheControlFor', () => {
  it('caches hashed assets for a year and revalidates HTML', () => {
    expect(cacheControlFor('assets/js/main.1a2b3c4d.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('docs/intro/index.html')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('img/logo.svg')).toBe('public, max-age=3600');
    for (const file of ['search/meta.f62f5558b7.json', 'search/terms.ab.56c593642d.json', 'search/text.12.0a1b2c3d4e.json']) {
      expect(cacheControlFor(file), file).toBe('public, max-age=31536000, immutable');
    }
    expect(cacheControlFor('search/manifest.json')).toBe('public, max-age=3600');
  });
});
