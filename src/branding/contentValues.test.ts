import {describe, expect, it} from 'vitest';
import {brandValues, DEFAULT_VALUES, normalizeApiBase, splitBrandValues, withBrandValues} from './contentValues';

const acme = brandValues({
  apiBase: 'https://api.acme.example/v1',
  consoleUrl: 'https://console.acme.example',
  docsUrl: 'https://docs.acme.example',
  supportEmail: 'help@acme.example',
  salesEmail: 'deals@acme.example',
});

describe('brand values in content', () => {
  it('derives the hosts of the default brand', () => {
    expect(DEFAULT_VALUES).toMatchObject({apiBase: 'https://api.example.com/v1', apiHost: 'api.example.com', consoleHost: 'console.example.com', docsHost: 'docs.example.com'});
  });

  it('splits text on default values, the whole URL before the host inside it', () => {
    expect(splitBrandValues('curl https://api.example.com/v1/core/vms -H "Host: api.example.com" # support@example.com')).toEqual([
      'curl ',
      {key: 'apiBase', value: 'https://api.example.com/v1'},
      '/core/vms -H "Host: ',
      {key: 'apiHost', value: 'api.example.com'},
      '" # ',
      {key: 'supportEmail', value: 'support@example.com'},
    ]);
    expect(splitBrandValues('nothing here')).toEqual(['nothing here']);
  });

  it('leaves look-alikes alone: other example.com addresses, other hosts', () => {
    expect(splitBrandValues('you@example.com, https://example.com, api.example.community')).toEqual(['you@example.com, https://example.com, api.example.community']);
  });

  it('replaces every default value with the brand', () => {
    expect(withBrandValues('BASE=https://api.example.com/v1; open https://console.example.com/billing; mail support@example.com or sales@example.com', acme)).toBe(
      'BASE=https://api.acme.example/v1; open https://console.acme.example/billing; mail help@acme.example or deals@acme.example',
    );
  });

  it('normalises a partner API URI with or without its version path', () => {
    expect(normalizeApiBase('https://api.acme.example')).toBe('https://api.acme.example/v1');
    expect(normalizeApiBase('https://api.acme.example/')).toBe('https://api.acme.example/v1');
    expect(normalizeApiBase('https://api.acme.example/v1')).toBe('https://api.acme.example/v1');
    expect(normalizeApiBase('https://api.acme.example/v2/')).toBe('https://api.acme.example/v2');
    expect(normalizeApiBase('https://acme.example/gpu-api?x=1#y')).toBe('https://acme.example/gpu-api/v1');
  });
});
