import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {describeIssues, isSafeUrl, partnerConfigSchema, sanitizePartnerConfig} from './schema';
import {brandFromConfig, defaultBrand} from './brand';

const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox',
  '//evil.example/x',
  '\\\\evil.example',
  '/\\evil.example',
  'https:',
  'file:///etc/passwd',
  'blob:https://a/b',
  'https://a.example/\u0000',
];

describe('isSafeUrl', () => {
  it('accepts https, http and root-relative URLs', () => {
    for (const ok of ['https://acme.example', 'http://acme.example/a?b#c', '/img/logo.svg']) expect(isSafeUrl(ok), ok).toBe(true);
  });

  it('rejects every URL a browser could run or that leaves for another scheme', () => {
    for (const bad of HOSTILE_URLS) expect(isSafeUrl(bad), bad).toBe(false);
  });
});

describe('partnerConfigSchema (strict, as the server uses it)', () => {
  it('names every broken field', () => {
    const result = partnerConfigSchema.safeParse({name: '', theme: 'sepia', logos: {light: 'javascript:x'}, user_docs_header: {items: [{label: 'A'}]}});
    expect(result.success).toBe(false);
    const messages = describeIssues(result.error!);
    expect(messages).toContain('name must not be empty');
    expect(messages.some((m) => m.startsWith('theme must be one of'))).toBe(true);
    expect(messages.some((m) => m.startsWith('logos.light must be an https:'))).toBe(true);
    expect(messages).toContain('user_docs_header.items[0].url is required');
  });

  it('accepts color_mode light or dark (an extension of the spec) and names anything else', () => {
    expect(partnerConfigSchema.parse({name: 'Globex', color_mode: 'dark'}).color_mode).toBe('dark');
    expect(partnerConfigSchema.parse({name: 'Globex', color_mode: 'light'}).color_mode).toBe('light');
    for (const bad of ['Dark', 'system', '', 1, null]) {
      const result = partnerConfigSchema.safeParse({name: 'Globex', color_mode: bad});
      expect(result.success, String(bad)).toBe(false);
      expect(describeIssues(result.error!)).toEqual(['color_mode must be one of light, dark']);
    }
  });
});

describe('sanitizePartnerConfig (lenient, as the site uses it)', () => {
  it('keeps valid fields and drops invalid ones one by one', () => {
    const config = sanitizePartnerConfig({
      name: 'Acme Compute',
      theme: 'slate',
      colors: {primary: {light: 'teal', dark: 'url(javascript:x)'}},
      logos: {light: '/img/acme.svg', dark: 'javascript:alert(1)'},
      user_docs_header: {items: [{label: 'Status', url: 'https://status.acme.example'}, {label: 'Evil', url: 'javascript:alert(1)'}]},
      copyright: {html: '<b>x</b>'},
    });
    expect(config).toEqual({
      name: 'Acme Compute',
      theme: 'slate',
      colors: {primary: {light: 'teal'}},
      logos: {light: '/img/acme.svg'},
      user_docs_header: {items: [{label: 'Status', url: 'https://status.acme.example'}]},
    });
  });

  it('keeps a valid color_mode and drops an invalid one', () => {
    expect(sanitizePartnerConfig({name: 'Globex', color_mode: 'dark'})).toEqual({name: 'Globex', color_mode: 'dark'});
    expect(sanitizePartnerConfig({name: 'Globex', color_mode: 'sepia'})).toEqual({name: 'Globex'});
  });

  it("trims a list that is too long to the field's own limit, keeping the partner's order", () => {
    const links = (n: number) => Array.from({length: n}, (_, i) => ({label: `Link ${i + 1}`, url: `https://acme.example/${i + 1}`}));
    const config = sanitizePartnerConfig({name: 'Acme', user_docs_footer: {links: links(30)}, user_docs_header: {items: links(12)}});
    expect(config?.user_docs_footer?.links).toEqual(links(24));
    expect(config?.user_docs_header?.items).toEqual(links(8));
    // Invalid items are dropped before counting.
    const mixed = [...links(10).map((l, i) => (i % 2 ? {...l, url: 'javascript:alert(1)'} : l)), ...links(25)];
    expect(sanitizePartnerConfig({name: 'Acme', user_docs_footer: {links: mixed}})?.user_docs_footer?.links).toHaveLength(24);
  });

  it('fails as a whole without a usable name', () => {
    for (const bad of [null, 'Acme', 42, [], {}, {name: ''}, {name: 7}, {theme: 'slate'}]) expect(sanitizePartnerConfig(bad)).toBeNull();
  });

  it('survives thousands of random and hostile configs: nothing throws, nothing unsafe survives', () => {
    const hostileString = fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_URLS, '<img src=x onerror=alert(1)>', '"></a><script>alert(1)</script>', 'red;}body{display:none}'));
    const link = fc.record({label: hostileString, url: fc.oneof(hostileString, fc.webUrl())}, {requiredKeys: []});
    const config = fc.record(
      {
        name: fc.oneof(hostileString, fc.anything()),
        theme: fc.oneof(fc.constantFrom('slate', 'zinc', 'sepia'), fc.anything()),
        logos: fc.record({light: hostileString, dark: fc.webUrl(), favicon: hostileString}, {requiredKeys: []}),
        uris: fc.record({console: fc.oneof(hostileString, fc.webUrl())}, {requiredKeys: []}),
        colors: fc.record({primary: fc.record({light: hostileString, dark: fc.constantFrom('teal', '#12ab34', 'x')}, {requiredKeys: []})}, {requiredKeys: []}),
        user_docs_header: fc.record({items: fc.array(link, {maxLength: 12})}),
        user_docs_footer: fc.oneof(fc.record({links: fc.array(link, {maxLength: 30})}), fc.anything()),
        copyright: fc.oneof(hostileString, fc.anything()),
      },
      {requiredKeys: []},
    );
    fc.assert(
      fc.property(fc.oneof(config, fc.anything()), (raw) => {
        const sanitized = sanitizePartnerConfig(raw);
        const brand = sanitized ? brandFromConfig(sanitized) : defaultBrand();
        const urls = [brand.logos.light, brand.logos.dark, brand.logos.favicon, brand.consoleUrl, ...brand.headerItems.map((i) => i.url), ...(brand.footerLinks ?? []).map((l) => l.url)];
        for (const url of urls.filter(Boolean)) expect(isSafeUrl(url)).toBe(true);
        for (const label of [brand.name, brand.copyright, ...brand.headerItems.map((i) => i.label)]) expect(typeof label).toBe('string');
        for (const mode of ['light', 'dark'] as const) {
          for (const [name, value] of Object.entries(brand.css[mode])) {
            expect(name).toMatch(/^--[a-z][a-z0-9-]*$/);
            expect(value).toMatch(/^#[0-9a-f]{6}$/);
          }
        }
      }),
      {numRuns: 3000},
    );
    // 3000 runs take a few seconds; more on a busy machine.
  }, 30_000);
});

describe('brands', () => {
  it('default brand: Violet Cloud, neutral, user, product logo as favicon', () => {
    const brand = defaultBrand();
    expect(brand).toMatchObject({is_partner: false, name: 'Violet Cloud', company_name: 'Violet Cloud', theme: 'neutral', user_type: 'user'});
    expect(brand.logos.favicon).toBe('/img/logo.svg');
    expect(brand.supportEmail).toBe('support@example.com');
    expect(brand.headerItems.map((i) => i.label)).toEqual(['Console', 'Feature requests']);
    expect(defaultBrand('Docs Co').name).toBe('Docs Co');
  });

  it('partner brand: derived fields and fallbacks', () => {
    const brand = brandFromConfig({name: 'Acme Compute', logos: {dark: '/img/acme-dark.svg'}, uris: {console: 'https://console.acme.example'}, user_docs_footer: {links: []}});
    expect(brand).toMatchObject({is_partner: true, name: 'Acme Compute', company_name: 'Acme Compute', consoleUrl: 'https://console.acme.example'});
    expect(brand.logos).toEqual({light: '/img/acme-dark.svg', dark: '/img/acme-dark.svg', favicon: '/img/acme-dark.svg'});
    expect(brand.copyright).toBe('Copyright © 2025 Acme Compute. All rights reserved.');
    expect(brand.headerItems).toEqual([]);
    expect(brand.footerLinks).toEqual([]);
    expect(brand.colorMode).toBeNull();
    expect(brandFromConfig({name: 'Globex', color_mode: 'dark'}).colorMode).toBe('dark');
    expect(defaultBrand().colorMode).toBeNull();
  });
});
