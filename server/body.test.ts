import {describe, expect, it} from 'vitest';
import {brandBody, brandLogoLinks, type BodyBrand} from './body';
import {brandValues, DEFAULT_VALUES} from '../src/branding/contentValues';

const acme: BodyBrand = {
  name: 'Acme Compute',
  values: brandValues({
    apiBase: 'https://api.acme.example/v1',
    consoleUrl: 'https://console.acme.example',
    docsUrl: 'https://docs.acme.example',
    supportEmail: 'support@acme.example',
    salesEmail: 'sales@acme.example',
  }),
  logos: {light: '/img/partners/acme-logo.svg', dark: '/img/partners/acme-logo-dark.svg', favicon: '/img/partners/acme-favicon.svg'},
};

describe('brandBody', () => {
  it('puts the brand in the elements the build marks, as the pre-paint script does', () => {
    const html = [
      '<img class="brand-logo brand-logo--light" data-brand-logo=light src=/img/logo.svg alt="Violet Cloud" width=32 height=32 />',
      '<img data-brand-logo="dark" src="/img/logo-dark.svg" alt="Violet Cloud">',
      '<b class="navbar__title brand-title" data-brand-name="">Violet Cloud</b>',
      `<span data-brand-text=apiBase>${DEFAULT_VALUES.apiBase}</span>/core/volumes`,
      `<a href=mailto:${DEFAULT_VALUES.supportEmail} data-brand-link=supportEmail><span data-brand-text=supportEmail>${DEFAULT_VALUES.supportEmail}</span></a>`,
      `<a href="${DEFAULT_VALUES.consoleUrl}/api-keys" data-console-path=/api-keys>API keys</a>`,
    ].join('\n');
    const out = brandBody(html, acme);
    expect(out).toBe(
      [
        '<img class="brand-logo brand-logo--light" data-brand-logo=light src="/img/partners/acme-logo.svg" alt="Acme&#32;Compute" width=32 height=32 />',
        '<img data-brand-logo="dark" src="/img/partners/acme-logo-dark.svg" alt="Acme&#32;Compute">',
        '<b class="navbar__title brand-title" data-brand-name="">Acme Compute</b>',
        '<span data-brand-text=apiBase>https://api.acme.example/v1</span>/core/volumes',
        '<a href="mailto:support@acme.example" data-brand-link=supportEmail><span data-brand-text=supportEmail>support@acme.example</span></a>',
        '<a href="https://console.acme.example/api-keys" data-console-path=/api-keys>API keys</a>',
      ].join('\n'),
    );
    expect(out).not.toMatch(/Violet Cloud|example\.com/);
  });

  it('writes values as text and attribute values, never as markup', () => {
    const hostile: BodyBrand = {...acme, name: '<script>alert(1)</script> & "Co"', values: {...acme.values, apiBase: 'https://x.example/v1"><img src=x onerror=alert(1)>'}};
    const out = brandBody('<b data-brand-name="">Violet Cloud</b><img data-brand-logo=light src=/img/logo.svg alt=x><span data-brand-text=apiBase>https://api.example.com/v1</span>', hostile);
    expect(out).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>/);
    expect(out).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; "Co"</b>');
    expect(out).toContain('alt="&#60;script&#62;alert(1)&#60;/script&#62;&#32;&#38;&#32;&#34;Co&#34;"');
  });

  it('refuses what the browser-side code refuses: a non-mailto address, a console that is not http(s), a logo with another scheme', () => {
    const odd: BodyBrand = {
      name: 'Odd',
      values: {...acme.values, supportEmail: 'not an address', consoleUrl: 'javascript:alert(1)'},
      logos: {light: 'javascript:alert(1)', dark: '//evil.example/logo.svg', favicon: 'data:image/svg+xml,x'},
    };
    const html = '<a href=mailto:support@example.com data-brand-link=supportEmail>x</a><a href=https://console.example.com/x data-console-path=/x>y</a><img data-brand-logo=light src=/img/logo.svg alt=a><img data-brand-logo=dark src=/img/logo-dark.svg alt=a>';
    const out = brandBody(html, odd);
    expect(out).toContain('href=mailto:support@example.com');
    expect(out).toContain('href=https://console.example.com/x');
    expect(out).not.toContain('javascript:');
    expect(out).not.toContain('evil.example');
    expect(out).toContain('src=/img/logo.svg alt="Odd"');
  });

  it('leaves unmarked text, markers inside attribute values or text, and elements holding markup alone', () => {
    const html = [
      '<p>Violet Cloud runs https://api.example.com/v1</p>',
      '<a title="data-brand-name" href=/x>Violet Cloud</a>',
      '<code>&lt;span data-brand-text=apiBase&gt;</code>',
      '<span data-brand-name=""><i>Violet</i> Cloud</span>',
    ].join('');
    expect(brandBody(html, acme)).toBe(html);
  });

  it("empties the parts that are wholly the brand's, nested elements and all, and brands the text of data-brand-values", () => {
    const html = [
      '<nav><a href=/docs>Docs</a><div class=brand-region data-brand-region=header-links><a href=https://console.example.com class="navbar__item brand-header-link">Console</a><div><div>x</div></div></div><a href=/search>Search</a></nav>',
      '<footer><div class=brand-region data-brand-region=copyright><div class=footer__copyright>Copyright © 2025 Violet Cloud.</div></div></footer>',
      '<code data-mcp-url="" data-brand-values="">https://docs.example.com/mcp</code>',
    ].join('');
    expect(brandBody(html, acme)).toBe(
      [
        '<nav><a href=/docs>Docs</a><div class=brand-region data-brand-region=header-links></div><a href=/search>Search</a></nav>',
        '<footer><div class=brand-region data-brand-region=copyright></div></footer>',
        '<code data-mcp-url="" data-brand-values="">https://docs.acme.example/mcp</code>',
      ].join(''),
    );
  });

  it("points the feature-request link at the partner's site, or takes its href away where the partner has none", () => {
    const html = '<a href=https://feedback.example.com target=_blank data-feature-requests="" data-hydrate="">feature-request site</a>';
    expect(brandBody(html, {...acme, featureRequestUrl: 'https://ideas.acme.example'})).toBe(
      '<a href="https://ideas.acme.example" target=_blank data-feature-requests="" data-hydrate="">feature-request site</a>',
    );
    expect(brandBody(html, acme)).toBe('<a target=_blank data-feature-requests="" data-hydrate="">feature-request site</a>');
    expect(brandBody(html, {...acme, featureRequestUrl: 'javascript:alert(1)'})).not.toContain('javascript:');
  });

  it('reads character references in attributes and text, out-of-range ones included, without failing', () => {
    const html = '<a href=mailto:support@example.com data-brand-link=supportEmail title="&#99999999; &#x41; &amp;">x</a><code data-brand-values="">&#99999999; https://docs.example.com/mcp</code>';
    const out = brandBody(html, acme);
    expect(out).toContain('href="mailto:support@acme.example"');
    expect(out).toContain('&#38;#99999999; https://docs.acme.example/mcp</code>');
  });

  it('leaves a region whose end it cannot find as it is', () => {
    const html = '<div data-brand-region=x><div>unclosed';
    expect(brandBody(html, acme)).toBe(html);
  });

  it('returns the same string when nothing is marked', () => {
    const html = '</head><body><main>plain</main></body>';
    expect(brandBody(html, acme)).toBe(html);
  });
});

describe('brandLogoLinks', () => {
  const defaults = {light: '/img/logo.svg', dark: '/img/logo-dark.svg'};

  it("points the logos' image preloads and the icon link at the brand's files, and leaves other links alone", () => {
    const html = '<link data-rh=true rel=icon href=/img/logo.svg /><link rel=preload as=image href=/img/logo.svg /><link rel=preload as=image href=/img/logo-dark.svg /><link rel=preload as=image href=/img/other.png /><link rel=stylesheet href=/img/logo.svg>';
    expect(brandLogoLinks(html, acme, defaults)).toBe(
      '<link data-rh=true rel=icon href="/img/partners/acme-favicon.svg" /><link rel=preload as=image href="/img/partners/acme-logo.svg" /><link rel=preload as=image href="/img/partners/acme-logo-dark.svg" /><link rel=preload as=image href=/img/other.png /><link rel=stylesheet href=/img/logo.svg>',
    );
  });

  it('keeps the default files where the brand has none or names one with another scheme', () => {
    const html = '<link rel=icon href=/img/logo.svg><link rel=preload as=image href=/img/logo.svg>';
    expect(brandLogoLinks(html, {...acme, logos: {light: '', dark: '', favicon: 'javascript:alert(1)'}}, defaults)).toBe(html);
  });
});
