import {describe, expect, it} from 'vitest';
import {isLogoSource} from './brand';

describe('isLogoSource', () => {
  it('takes absolute http(s) addresses and root-relative paths', () => {
    for (const src of ['https://cdn.acme.example/logo.svg', 'http://acme.localhost/logo.png', '/img/partner.svg']) expect(isLogoSource(src), src).toBe(true);
  });

  it('refuses scheme-relative, script, data and relative addresses', () => {
    for (const src of ['//evil.example/logo.svg', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'img/logo.svg', '', ' https://x.example/a.svg']) {
      expect(isLogoSource(src), src).toBe(false);
    }
  });
});
