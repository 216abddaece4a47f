import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {bootScript, brandCacheKey} from './boot';

const settings = {apiBase: null, defaultHosts: ['docs.example.com', 'localhost'], themes: ['neutral', 'slate'], timeoutMs: 3000};

/** Runs the inline script against a minimal fake browser and returns what it did. */
function runBoot(hostname: string, cache: string | null, apiBase: string | null = null) {
  const attributes = new Map<string, string>();
  const appended: {id?: string; textContent?: string}[] = [];
  const fetched: {url: string; init: RequestInit}[] = [];
  const listeners: string[] = [];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    location: {hostname},
    localStorage: {getItem: (key: string) => (key === brandCacheKey(hostname) ? cache : null)},
    document: {
      documentElement: {
        setAttribute: (n: string, v: string) => attributes.set(n, v),
        removeAttribute: (n: string) => attributes.delete(n),
        hasAttribute: (n: string) => attributes.has(n),
      },
      createElement: () => ({}),
      head: {appendChild: (el: {id?: string; textContent?: string}) => appended.push(el)},
      addEventListener: (type: string) => listeners.push(type),
    },
    fetch: (url: string, init: RequestInit) => {
      fetched.push({url, init});
      return Promise.resolve({ok: true, json: () => Promise.resolve({name: 'Acme'})});
    },
    AbortController,
    MutationObserver: class {
      observe() {}
      disconnect() {}
    },
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    JSON,
    encodeURIComponent,
  };
  vm.runInNewContext(bootScript({...settings, apiBase}), {...context, ...{window}});
  return {attributes, appended, fetched, listeners, window: context.window};
}

describe('pre-paint branding script', () => {
  it('hides brand parts on a first visit to a partner host and starts the config request', () => {
    const run = runBoot('acme.localhost', null);
    expect(run.attributes.get('data-brand-pending')).toBe('first-visit');
    expect(run.fetched).toHaveLength(1);
    expect(run.fetched[0].url).toBe('/v1/auth/partner-config/docs?domain=acme.localhost');
    expect(run.fetched[0].init.credentials).toBe('omit');
    expect(run.fetched[0].init.headers).toBeUndefined();
  });

  it('hides nothing on a default host', () => {
    const run = runBoot('docs.example.com', null);
    expect(run.attributes.has('data-brand-pending')).toBe(false);
    expect(run.fetched[0].url).toBe('https://api.example.com/v1/auth/partner-config/docs?domain=docs.example.com');
  });

  it('honours DOCS_API_BASE', () => {
    expect(runBoot('docs.acme.test', null, 'https://partner-api.test/v1').fetched[0].url).toBe(
      'https://partner-api.test/v1/auth/partner-config/docs?domain=docs.acme.test',
    );
  });

  it('applies a cached partner brand before the first paint', () => {
    const cache = JSON.stringify({partner: true, css: {light: {'--ifm-color-primary': '#0f766e'}, dark: {}}, theme: 'slate', name: 'Acme', logos: {light: '/a.svg'}});
    const run = runBoot('acme.localhost', cache);
    expect(run.attributes.get('data-brand')).toBe('partner');
    expect(run.attributes.get('data-brand-theme')).toBe('slate');
    expect(run.attributes.get('data-brand-pending')).toBe('links');
    expect(run.appended[0].id).toBe('brand-colors');
    expect(run.appended[0].textContent).toContain('--ifm-color-primary:#0f766e');
    expect(run.listeners).toContain('DOMContentLoaded');
  });

  it('remembers a default host: no hiding on a repeat visit', () => {
    const run = runBoot('docs.other.example', JSON.stringify({partner: false}));
    expect(run.attributes.has('data-brand-pending')).toBe(false);
    expect(run.appended).toHaveLength(0);
  });

  it('never writes a tampered cache into CSS or attributes', () => {
    const cache = JSON.stringify({partner: true, css: {light: {'--x': 'red}body{display:none'}, dark: {'--y;': '#000000'}}, theme: 'x" onload="alert(1)'});
    const run = runBoot('acme.localhost', cache);
    expect(run.appended[0].textContent).toBe("html:root{}html[data-theme='dark']:root{}");
    expect(run.attributes.has('data-brand-theme')).toBe(false);
  });

  it('survives a corrupt cache', () => {
    expect(runBoot('acme.localhost', '{not json').attributes.get('data-brand-pending')).toBe('first-visit');
  });
});
