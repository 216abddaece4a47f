import {describe, expect, it} from 'vitest';
import {partnerApiBase, partnerConfigUrl} from './apiBase';

describe('partnerApiBase', () => {
  it('chooses the environment by host name', () => {
    expect(partnerApiBase('docs.dev.example.com')).toBe('https://api.dev.example.com/v1');
    expect(partnerApiBase('docs.staging.example.com')).toBe('https://api.staging.example.com/v1');
    expect(partnerApiBase('docs.example.com')).toBe('https://api.example.com/v1');
    expect(partnerApiBase('docs.acme-gpu.com')).toBe('https://api.example.com/v1');
  });

  it('uses the same origin on local hosts', () => {
    for (const host of ['localhost', '127.0.0.1', 'acme.localhost', 'ACME.LOCALHOST']) expect(partnerApiBase(host)).toBe('/v1');
  });

  it('lets DOCS_API_BASE win for every host', () => {
    expect(partnerApiBase('docs.dev.example.com', 'https://api.test/v1/')).toBe('https://api.test/v1');
    expect(partnerApiBase('acme.localhost', 'https://api.test/v1')).toBe('https://api.test/v1');
  });
});

describe('partnerConfigUrl', () => {
  it('asks for the host name, encoded', () => {
    expect(partnerConfigUrl('acme.localhost')).toBe('/v1/auth/partner-config/docs?domain=acme.localhost');
    expect(partnerConfigUrl('docs.example.com')).toBe('https://api.example.com/v1/auth/partner-config/docs?domain=docs.example.com');
  });
});
