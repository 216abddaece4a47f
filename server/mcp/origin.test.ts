import {describe, expect, it} from 'vitest';
import {originAllowed, requestOrigin, safeHostName} from './origin';

describe('requestOrigin', () => {
  it('uses http on loopback hosts, else the forwarded scheme, https by default', () => {
    expect(requestOrigin('localhost', 3000, undefined)).toBe('http://localhost:3000');
    expect(requestOrigin('acme.localhost', 3000, 'https')).toBe('http://acme.localhost:3000');
    expect(requestOrigin('docs.acme.example', undefined, undefined)).toBe('https://docs.acme.example');
    expect(requestOrigin('docs.acme.example', undefined, 'http')).toBe('http://docs.acme.example');
    expect(requestOrigin('docs.acme.example', 443, 'https, http')).toBe('https://docs.acme.example');
    expect(requestOrigin('docs.acme.example', 8443, 'gopher')).toBe('https://docs.acme.example:8443');
  });
});

describe('safeHostName', () => {
  it('takes host names and IP literals, nothing that could break out of a URL', () => {
    expect(safeHostName('Docs.Acme.Example')).toBe('docs.acme.example');
    expect(safeHostName('[::1]')).toBe('[::1]');
    for (const bad of ['', 'a b', 'evil.example/x', 'x"><b>', undefined]) expect(safeHostName(bad)).toBeUndefined();
  });
});

describe('originAllowed', () => {
  it('allows no Origin, the docs own origin and loopback pages; refuses other sites', () => {
    expect(originAllowed(undefined, 'docs.acme.example')).toBe(true);
    expect(originAllowed('https://docs.acme.example', 'docs.acme.example')).toBe(true);
    expect(originAllowed('http://acme.localhost:3000', 'acme.localhost:3000')).toBe(true);
    expect(originAllowed('http://localhost:6274', 'docs.acme.example')).toBe(true);
    expect(originAllowed('https://evil.example', 'docs.acme.example')).toBe(false);
    expect(originAllowed('https://docs.acme.example:444', 'docs.acme.example')).toBe(false);
    expect(originAllowed('null', 'docs.acme.example')).toBe(false);
    expect(originAllowed('file:///x.html', 'docs.acme.example')).toBe(false);
    expect(originAllowed('https://app.example', 'docs.acme.example', ['https://app.example'])).toBe(true);
  });
});
