import vm from 'node:vm';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {applyBrandValue, bootScript, brandCacheKey, partnerApiBase, requestPartnerConfig, type BootSettings} from './boot';
import {DEFAULT_API_BASES, DEFAULT_BRAND} from './defaults';

const settings: BootSettings = {
  apiBase: null,
  apiBases: DEFAULT_API_BASES,
  defaultHosts: ['docs.example.com', 'localhost'],
  themes: ['neutral', 'slate'],
  timeoutMs: 3000,
  appGraceMs: 15000,
  colorModeStorage: {type: 'localStorage', key: 'theme'},
};

interface BootOptions {
  apiBase?: string | null;
  /** The reader's stored colour mode choice. */
  storedTheme?: string;
  search?: string;
  /** How the config request ends (default: a partner config arrives). */
  response?: 'config' | 'not-found';
}

/** Runs the inline script against a minimal fake browser and returns what it did. */
function runBoot(hostname: string, cache: string | null, options: BootOptions | string | null = {}) {
  const {apiBase = null, storedTheme, search = '', response = 'config'} = typeof options === 'object' && options !== null ? options : {apiBase: options};
  const stored = new Map<string, string>();
  if (cache !== null) stored.set(brandCacheKey(hostname), cache);
  if (storedTheme !== undefined) stored.set('theme', storedTheme);
  const localStorage = {getItem: (key: string) => stored.get(key) ?? null};
  const attributes = new Map<string, string>();
  const appended: {id?: string; textContent?: string}[] = [];
  const fetched: {url: string; init: RequestInit}[] = [];
  const listeners: string[] = [];
  // Timers the script set, by id, so a test can see what is pending and run it.
  const timers = new Map<number, {ms: number; run: () => void}>();
  let nextTimer = 1;
  // Observers the script set up, so a test can play what happens after it (the parser, Docusaurus).
  const observers: {callback: () => void; options: MutationObserverInit; connected: boolean}[] = [];
  const window: Record<string, unknown> = {localStorage};
  const context = {
    window,
    location: {hostname, search},
    localStorage,
    URLSearchParams,
    document: {
      documentElement: {
        setAttribute: (n: string, v: string) => attributes.set(n, v),
        removeAttribute: (n: string) => attributes.delete(n),
        hasAttribute: (n: string) => attributes.has(n),
        getAttribute: (n: string) => attributes.get(n) ?? null,
      },
      createElement: () => ({}),
      head: {appendChild: (el: {id?: string; textContent?: string}) => appended.push(el)},
      addEventListener: (type: string) => listeners.push(type),
    },
    fetch: (url: string, init: RequestInit) => {
      fetched.push({url, init});
      if (response === 'not-found') return Promise.resolve({ok: false, status: 404, json: () => Promise.resolve({})});
      return Promise.resolve({ok: true, json: () => Promise.resolve({name: 'Acme'})});
    },
    AbortController,
    MutationObserver: class {
      record: (typeof observers)[number];
      constructor(callback: () => void) {
        this.record = {callback, options: {}, connected: false};
        observers.push(this.record);
      }
      observe(_target: unknown, options: MutationObserverInit) {
        Object.assign(this.record, {options, connected: true});
      }
      disconnect() {
        this.record.connected = false;
      }
    },
    setTimeout: (run: () => void, ms: number) => {
      timers.set(nextTimer, {ms, run});
      return nextTimer++;
    },
    clearTimeout: (id: number) => timers.delete(id),
    JSON,
    encodeURIComponent,
  };
  vm.runInNewContext(bootScript({...settings, apiBase}), {...context, ...{window}});
  /** What Docusaurus' colour mode script does at the start of <body>, then the observers' turn. */
  const docusaurusSetsSiteDefault = () => {
    attributes.set('data-theme', 'light');
    attributes.set('data-theme-choice', 'light');
    for (const observer of observers) if (observer.connected && observer.options.attributes) observer.callback();
  };
  return {attributes, appended, fetched, listeners, observers, timers, docusaurusSetsSiteDefault, window: context.window};
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

  it('keeps the safety net for an app that never starts, longer once a config has arrived', async () => {
    const run = runBoot('acme.localhost', null);
    const delays = () => [...run.timers.values()].map((t) => t.ms).sort((a, b) => a - b);
    // The request's own abort timer, and the net that reveals the page should the app not start.
    expect(delays()).toEqual([3000, 4000]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The config is in: a slow device gets time to apply it rather than flash the default brand.
    expect(delays()).toEqual([15000]);
    expect(run.attributes.get('data-brand-pending')).toBe('first-visit');
    [...run.timers.values()][0].run();
    expect(run.attributes.has('data-brand-pending')).toBe(false);
  });

  it('reveals a first visit at once when the host has no config: the page as rendered is the default brand', async () => {
    const run = runBoot('acme.localhost', null, {response: 'not-found'});
    expect(run.attributes.get('data-brand-pending')).toBe('first-visit');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(run.attributes.has('data-brand-pending')).toBe(false);
    expect([...run.timers.values()]).toEqual([]);
  });

  it('leaves a cached partner to the app when the request fails (it decides what an outage shows)', async () => {
    const cached = JSON.stringify({partner: true, name: 'Acme', css: {}, logos: {light: '/a.svg'}});
    const run = runBoot('acme.localhost', cached, {response: 'not-found'});
    expect(run.attributes.get('data-brand-pending')).toBe('links');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(run.attributes.get('data-brand-pending')).toBe('links');
    expect([...run.timers.values()].map((t) => t.ms)).toEqual([4000]);
  });

  it('hides nothing on a default host, and leaves the config request to the app (nothing waits for it before the paint)', () => {
    const run = runBoot('docs.example.com', null);
    expect(run.attributes.has('data-brand-pending')).toBe(false);
    expect(run.fetched).toEqual([]);
    expect(run.window.__brandRequest).toBeUndefined();
    expect([...run.timers.values()]).toEqual([]);
    // Nor where the cache says the host showed the default brand last time.
    expect(runBoot('docs.acme.test', JSON.stringify({partner: false})).fetched).toEqual([]);
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

  it('remembers a host the API called "not a partner" (404, cached as the default brand): no hiding on a repeat visit', () => {
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

  it('shows a cached logo-less partner by name: the default logo gives way before first paint', () => {
    const logoless = runBoot('acme.localhost', JSON.stringify({partner: true, css: {}, name: 'Acme', logos: {light: '', dark: ''}}));
    expect(logoless.attributes.has('data-brand-logoless')).toBe(true);
    const unsafe = runBoot('acme.localhost', JSON.stringify({partner: true, css: {}, name: 'Acme', logos: {light: 'javascript:alert(1)'}}));
    expect(unsafe.attributes.has('data-brand-logoless')).toBe(true);
    const withLogo = runBoot('acme.localhost', JSON.stringify({partner: true, css: {}, name: 'Acme', logos: {light: '/img/partners/acme-logo.svg'}}));
    expect(withLogo.attributes.has('data-brand-logoless')).toBe(false);
  });

  describe("a cached partner's default colour mode", () => {
    const darkFirst = JSON.stringify({partner: true, css: {}, name: 'Globex', logos: {light: '/g.svg'}, colorMode: 'dark'});

    it("is applied before first paint, and again over the site default Docusaurus' script sets", () => {
      const run = runBoot('globex.localhost', darkFirst);
      expect(run.attributes.get('data-theme')).toBe('dark');
      expect(run.attributes.get('data-theme-choice')).toBe('dark');
      expect(run.attributes.get('data-brand-color-mode')).toBe('dark');
      run.docusaurusSetsSiteDefault();
      expect(run.attributes.get('data-theme')).toBe('dark');
      expect(run.attributes.get('data-theme-choice')).toBe('dark');
      // Once only: the reader's toggle later on is not fought.
      run.docusaurusSetsSiteDefault();
      expect(run.attributes.get('data-theme')).toBe('light');
    });

    it("gives way to the reader's stored choice or ?docusaurus-theme=", () => {
      for (const run of [runBoot('globex.localhost', darkFirst, {storedTheme: 'light'}), runBoot('globex.localhost', darkFirst, {search: '?docusaurus-theme=light'})]) {
        expect(run.attributes.has('data-theme')).toBe(false);
        run.docusaurusSetsSiteDefault();
        expect(run.attributes.get('data-theme')).toBe('light');
        expect(run.attributes.has('data-brand-color-mode')).toBe(false);
      }
      // A stored value that is not a mode is no choice.
      expect(runBoot('globex.localhost', darkFirst, {storedTheme: 'sepia'}).attributes.get('data-theme')).toBe('dark');
    });

    it('is ignored when it is not light or dark, or the host is not a partner', () => {
      for (const cache of [darkFirst.replace('"dark"', '"sepia"'), darkFirst.replace('"dark"', '"x\\" onload=\\"alert(1)"'), JSON.stringify({partner: false, colorMode: 'dark'})]) {
        const run = runBoot('globex.localhost', cache);
        expect(run.attributes.has('data-theme'), cache).toBe(false);
        expect(run.observers.some((o) => o.options.attributes)).toBe(false);
      }
    });
  });
});

describe('partnerApiBase', () => {
  it("takes the environments' hosts and API bases from the default brand", () => {
    for (const [host, base] of Object.entries(DEFAULT_BRAND.environmentApiBases)) expect(partnerApiBase(host, null, DEFAULT_API_BASES)).toBe(base);
    expect(partnerApiBase('docs.partner.example', null, DEFAULT_API_BASES)).toBe(DEFAULT_BRAND.apiBaseUrl);
  });

  it('follows whatever table it is given, so nothing is hard-coded in the inline script', () => {
    const bases = {byHost: {'docs.qa.test': 'https://api.qa.test/v1'}, production: 'https://api.prod.test/v1'};
    expect(partnerApiBase('DOCS.QA.TEST', null, bases)).toBe('https://api.qa.test/v1');
    expect(partnerApiBase('docs.dev.example.com', null, bases)).toBe('https://api.prod.test/v1');
    expect(partnerApiBase('toString', null, bases)).toBe('https://api.prod.test/v1');
    expect(partnerApiBase('acme.localhost', null, bases)).toBe('/v1');
  });
});

describe('requestPartnerConfig', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("rejects a not-ok response with 'Failed to fetch config' and its status", async () => {
    for (const status of [404, 500, 503]) {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', {status})));
      const error = await requestPartnerConfig('/v1/auth/partner-config/docs?domain=a.localhost', 3000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('Failed to fetch config');
      expect((error as {status?: number}).status).toBe(status);
    }
  });

  it('lets go of the body of a not-ok response, so its request does not stay open', async () => {
    const cancelled: unknown[] = [];
    const body = new ReadableStream({
      pull: (controller) => controller.enqueue(new TextEncoder().encode('{"error":"not_found"}')),
      cancel: (reason) => void cancelled.push(reason ?? 'cancelled'),
    });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, {status: 404})));
    const error = await requestPartnerConfig('/v1/x', 3000).catch((e: unknown) => e);
    expect((error as {status?: number}).status).toBe(404);
    expect(cancelled).toHaveLength(1);
  });

  it('resolves with the JSON body of an ok response, asked without credentials', async () => {
    const fetch = vi.fn(async () => Response.json({name: 'Acme'}));
    vi.stubGlobal('fetch', fetch);
    await expect(requestPartnerConfig('/v1/x', 3000)).resolves.toEqual({name: 'Acme'});
    expect(fetch).toHaveBeenCalledWith('/v1/x', expect.objectContaining({credentials: 'omit'}));
  });

  it('gives up on a hanging API after the timeout, not before', async () => {
    vi.useFakeTimers();
    // Never answers; only the abort signal ends it, as in a browser.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')))),
      ),
    );
    let outcome: unknown = 'pending';
    requestPartnerConfig('/v1/x', 3000).then(
      () => (outcome = 'resolved'),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(DOMException);
    expect((outcome as DOMException).name).toBe('AbortError');
  });
});

describe('applyBrandValue', () => {
  /** An element with attributes and one text node, as the server renders a marked span. */
  function element(attributes: Record<string, string>, text = '') {
    const attrs = new Map(Object.entries(attributes));
    const node = {nodeType: 3, nodeValue: text, nextSibling: null};
    const el = {
      firstChild: node,
      get textContent() {
        return node.nodeValue;
      },
      set textContent(value: string) {
        node.nodeValue = value;
      },
      getAttribute: (name: string) => attrs.get(name) ?? null,
      setAttribute: (name: string, value: string) => attrs.set(name, value),
    };
    return {el: el as unknown as Element, node, attrs};
  }
  const values = {apiBase: 'https://api.acme.example/v1', supportEmail: 'help@acme.example', consoleUrl: 'https://console.acme.example/'};

  it('writes the text in its existing text node (which React may own)', () => {
    const {el, node} = element({'data-brand-text': 'apiBase'}, 'https://api.example.com/v1');
    applyBrandValue(el, values);
    expect(el.firstChild).toBe(node);
    expect(node.nodeValue).toBe('https://api.acme.example/v1');
  });

  it('points mail links and console links at the brand', () => {
    const mail = element({'data-brand-link': 'supportEmail', href: 'mailto:support@example.com'});
    const link = element({'data-console-path': '/billing', href: 'https://console.example.com/billing'});
    applyBrandValue(mail.el, values);
    applyBrandValue(link.el, values);
    expect(mail.attrs.get('href')).toBe('mailto:help@acme.example');
    expect(link.attrs.get('href')).toBe('https://console.acme.example/billing');
  });

  it('never writes a tampered value into an href; text stays text', () => {
    const hostile = {supportEmail: 'x@y.z?body=<script>', consoleUrl: 'javascript:alert(1)//', apiBase: '<img src=x onerror=alert(1)>'};
    const mail = element({'data-brand-link': 'supportEmail', href: 'mailto:support@example.com'});
    const link = element({'data-console-path': '/billing', href: 'https://console.example.com/billing'});
    const code = element({'data-brand-text': 'apiBase'}, 'https://api.example.com/v1');
    for (const target of [mail, link, code]) applyBrandValue(target.el, hostile);
    expect(mail.attrs.get('href')).toBe('mailto:support@example.com');
    expect(link.attrs.get('href')).toBe('https://console.example.com/billing');
    expect(code.node.nodeValue).toBe('<img src=x onerror=alert(1)>');
  });

  it('ignores keys that are not its own, and no values at all', () => {
    const {el, node} = element({'data-brand-text': 'toString'}, 'x');
    applyBrandValue(el, values);
    applyBrandValue(el, undefined);
    expect(node.nodeValue).toBe('x');
  });
});
