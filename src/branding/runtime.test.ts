import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {brandCacheKey} from './boot';
import {brandFromConfig, defaultBrand} from './brand';
import {applyBrandToDocument, cachedAsDefault, loadPartnerConfig, readCache, readCachedBrand, writeCachedBrand} from './runtime';
import {BRAND_CACHE_MAX_AGE_MS} from './staleIfError';
import type {PartnerConfig} from './schema';

/** Just enough of a DOM element for what runtime.ts touches. */
class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  id = '';
  rel = '';
  textContent = '';
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  /** Selector lists of attribute presence tests only, each with a tag or not, such as `[data-brand-text],img[data-brand-logo]`. */
  matches(selector: string) {
    return selector.split(',').some((part) => {
      const found = /^([a-z]*)\[([\w-]+)\]$/.exec(part.trim());
      if (!found) throw new Error(`The fake DOM does not know the selector ${part}`);
      return (!found[1] || found[1] === this.tagName) && this.hasAttribute(found[2]);
    });
  }
  appendChild(child: FakeElement) {
    child.remove();
    this.children.push(child);
    child.parent = this;
    return child;
  }
  remove() {
    if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
}

class FakeStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const HOST = 'acme.localhost';
const acme: PartnerConfig = {
  name: 'Acme Compute',
  theme: 'slate',
  color_mode: 'dark',
  colors: {primary: {light: 'teal'}, secondary: {light: 'cyan'}},
  logos: {light: '/img/partners/acme-logo.svg', dark: '/img/partners/acme-logo-dark.svg', favicon: '/img/partners/acme-favicon.svg'},
};

let storage: FakeStorage;
let html: FakeElement;
let head: FakeElement;
let window: Record<string, unknown>;
/** Elements of the page that carry brand values (what `querySelectorAll` finds among). */
let marked: FakeElement[];

/** A fake browser whose `window.localStorage` is `localStorage`, or throws it if it is an error. */
function stubBrowser(localStorage: unknown = new FakeStorage()) {
  storage = localStorage as FakeStorage;
  html = new FakeElement('html');
  head = new FakeElement('head');
  marked = [];
  window = {};
  Object.defineProperty(window, 'localStorage', {
    get() {
      if (localStorage instanceof Error) throw localStorage;
      return localStorage;
    },
  });
  vi.stubGlobal('window', window);
  vi.stubGlobal('location', {hostname: HOST, origin: `http://${HOST}`, search: ''});
  vi.stubGlobal('document', {
    documentElement: html,
    head,
    createElement: (tag: string) => new FakeElement(tag),
    getElementById: (id: string) => head.children.find((child) => child.id === id) ?? null,
    querySelectorAll: (selector: string) => marked.filter((element) => element.matches(selector)),
  });
}

beforeEach(() => stubBrowser());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('brand cache', () => {
  it('round-trips a partner config, with what the pre-paint script needs precomputed', async () => {
    writeCachedBrand(acme);
    const entry = JSON.parse(storage.getItem(brandCacheKey(HOST))!);
    expect(entry).toMatchObject({partner: true, name: 'Acme Compute', theme: 'slate', colorMode: 'dark', logos: {light: '/img/partners/acme-logo.svg'}});
    expect(entry.css.light['--ifm-color-primary']).toBe('#0f766e');
    expect(await readCachedBrand()).toEqual(brandFromConfig(acme));
  });

  it('tells a host remembered as "not a partner" from one it knows nothing of', () => {
    expect(cachedAsDefault()).toBe(false);
    writeCachedBrand(acme);
    expect(cachedAsDefault()).toBe(false);
    writeCachedBrand(null);
    expect(cachedAsDefault()).toBe(true);
    storage.setItem(brandCacheKey(HOST), '{not json');
    expect(cachedAsDefault()).toBe(false);
  });

  it('remembers "not a partner" as no brand', async () => {
    writeCachedBrand(null);
    expect(JSON.parse(storage.getItem(brandCacheKey(HOST))!)).toEqual({partner: false});
    expect(await readCachedBrand()).toBeNull();
  });

  it('reads corrupted or tampered storage as no brand', async () => {
    for (const bad of ['{not json', 'null', '42', '"x"', '{"partner":true}', '{"partner":true,"config":{"name":""}}', '{"partner":true,"config":[]}']) {
      storage.setItem(brandCacheKey(HOST), bad);
      expect(await readCachedBrand(), bad).toBeNull();
    }
  });

  it('drops what no longer validates from a cached config', async () => {
    storage.setItem(brandCacheKey(HOST), JSON.stringify({partner: true, config: {name: 'Acme', logos: {light: 'javascript:alert(1)'}, color_mode: 'sepia'}}));
    const brand = await readCachedBrand();
    expect(brand?.name).toBe('Acme');
    expect(brand?.logos.light).toBe('');
    expect(brand?.colorMode).toBeNull();
  });

  it('survives storage that throws, or no storage at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubBrowser({
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(await readCachedBrand()).toBeNull();
    expect(() => writeCachedBrand(acme)).not.toThrow();
    expect(warn).toHaveBeenCalledWith('Brand cache not saved:', expect.any(Error));

    stubBrowser(new Error('storage disabled'));
    expect(await readCachedBrand()).toBeNull();
    expect(() => writeCachedBrand(acme)).not.toThrow();
  });
});

describe('cache age', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const NOW = Date.UTC(2025, 5, 1);

  it('stores when a partner brand was cached, and reads it as fresh for 7 days', async () => {
    writeCachedBrand(acme, NOW);
    expect(JSON.parse(storage.getItem(brandCacheKey(HOST))!).savedAt).toBe(NOW);
    expect(await readCache(NOW + 6 * DAY)).toEqual({brand: brandFromConfig(acme), fresh: true});
    expect(await readCache(NOW + BRAND_CACHE_MAX_AGE_MS - 1)).toMatchObject({fresh: true});
  });

  it('reads an older entry as expired, still with its (revalidated) brand for the first frame', async () => {
    writeCachedBrand(acme, NOW);
    expect(await readCache(NOW + BRAND_CACHE_MAX_AGE_MS)).toEqual({brand: brandFromConfig(acme), fresh: false});
    expect(await readCache(NOW + 30 * DAY)).toMatchObject({fresh: false});
  });

  it('reads an entry without a time, or with a tampered one, as expired', async () => {
    writeCachedBrand(acme, NOW);
    const entry = JSON.parse(storage.getItem(brandCacheKey(HOST))!);
    for (const savedAt of [undefined, null, 'yesterday', NOW + 30 * DAY]) {
      storage.setItem(brandCacheKey(HOST), JSON.stringify({...entry, savedAt}));
      expect((await readCache(NOW))?.fresh, String(savedAt)).toBe(false);
    }
  });

  it('puts a stale cached config through the same validation as a fresh one', async () => {
    storage.setItem(
      brandCacheKey(HOST),
      JSON.stringify({partner: true, savedAt: NOW, config: {name: '<b>Acme</b>', logos: {light: 'javascript:alert(1)'}, colors: {primary: {light: 'red;}body{display:none}'}}}}),
    );
    const cached = await readCache(NOW);
    expect(cached?.fresh).toBe(true);
    expect(cached?.brand.name).toBe('<b>Acme</b>');
    expect(cached?.brand.logos.light).toBe('');
    expect(JSON.stringify(cached?.brand.css)).not.toMatch(/display|;}/);
  });

  it('"not a partner" has no brand and no age', async () => {
    writeCachedBrand(null, NOW);
    expect(JSON.parse(storage.getItem(brandCacheKey(HOST))!)).toEqual({partner: false});
    expect(await readCache(NOW)).toBeNull();
  });
});

describe('applyBrandToDocument', () => {
  const icons = () => head.children.filter((child) => child.tagName === 'link' && child.rel === 'icon');

  it("applies a partner's colours, grey theme, favicon and flags", () => {
    // The site's icon, as Docusaurus' head manager renders it: left alone, or it would put it back.
    const siteIcon = new FakeElement('link');
    siteIcon.rel = 'icon';
    siteIcon.setAttribute('href', '/img/logo.svg');
    head.appendChild(siteIcon);
    applyBrandToDocument(brandFromConfig(acme));
    const style = head.children.find((child) => child.id === 'brand-colors');
    expect(style?.textContent).toContain('html:root{--ifm-color-primary:#0f766e;');
    expect(style?.textContent).toContain('--brand-secondary:#0e7490');
    expect(style?.textContent).toContain("html[data-theme='dark']:root{--ifm-color-primary:#2dd4bf;");
    expect(html.getAttribute('data-brand')).toBe('partner');
    expect(html.getAttribute('data-brand-theme')).toBe('slate');
    expect(html.hasAttribute('data-brand-logoless')).toBe(false);
    expect(siteIcon.getAttribute('href')).toBe('/img/logo.svg');
    // The partner's icon is the last one, which is the one browsers show.
    expect(icons().map((icon) => icon.getAttribute('href'))).toEqual(['/img/logo.svg', '/img/partners/acme-favicon.svg']);
    // Applied again (e.g. after a refresh), it stays one link and stays last.
    head.appendChild(new FakeElement('meta'));
    applyBrandToDocument(brandFromConfig({...acme, logos: {favicon: '/img/new.svg'}}));
    expect(icons().map((icon) => icon.getAttribute('href'))).toEqual(['/img/logo.svg', '/img/new.svg']);
    expect(head.children.at(-1)?.getAttribute('href')).toBe('/img/new.svg');
  });

  it("puts the partner's values into marked code, mail links and console links, and the default's back", () => {
    const code = Object.assign(new FakeElement('span'), {textContent: 'https://api.example.com/v1', firstChild: null});
    code.setAttribute('data-brand-text', 'apiBase');
    const mail = new FakeElement('a');
    mail.setAttribute('data-brand-link', 'supportEmail');
    mail.setAttribute('href', 'mailto:support@example.com');
    const consoleLink = new FakeElement('a');
    consoleLink.setAttribute('data-console-path', '/billing');
    consoleLink.setAttribute('href', 'https://console.example.com/billing');
    marked.push(code, mail, consoleLink);
    const partner = {...acme, uris: {api_uri: 'https://api.acme.example', console: 'https://console.acme.example'}, support_email: 'help@acme.example'};
    applyBrandToDocument(brandFromConfig(partner));
    expect(code.textContent).toBe('https://api.acme.example/v1');
    expect(mail.getAttribute('href')).toBe('mailto:help@acme.example');
    expect(consoleLink.getAttribute('href')).toBe('https://console.acme.example/billing');
    applyBrandToDocument(defaultBrand());
    expect(code.textContent).toBe('https://api.example.com/v1');
    expect(mail.getAttribute('href')).toBe('mailto:support@example.com');
    expect(consoleLink.getAttribute('href')).toBe('https://console.example.com/billing');
  });

  it("puts the partner's name into names the server rendered, and the default's back", () => {
    const name = Object.assign(new FakeElement('span'), {textContent: 'Violet Cloud'});
    name.setAttribute('data-brand-name', '');
    const code = Object.assign(new FakeElement('span'), {textContent: 'https://api.example.com/v1'});
    code.setAttribute('data-brand-text', 'apiBase');
    marked.push(name, code);
    applyBrandToDocument(brandFromConfig(acme));
    expect(name.textContent).toBe('Acme Compute');
    expect(code.textContent).toBe('https://api.example.com/v1');
    applyBrandToDocument(defaultBrand());
    expect(name.textContent).toBe('Violet Cloud');
  });

  it("puts a brand's logos and name into the logo images, and its feature-request site into that link (what our server wrote for a partner, undone)", () => {
    const light = new FakeElement('img');
    light.setAttribute('data-brand-logo', 'light');
    light.setAttribute('src', '/img/partners/acme-logo.svg');
    light.setAttribute('alt', 'Acme Compute');
    const dark = new FakeElement('img');
    dark.setAttribute('data-brand-logo', 'dark');
    const feature = new FakeElement('a');
    feature.setAttribute('data-feature-requests', '');
    marked.push(light, dark, feature);
    applyBrandToDocument(defaultBrand());
    expect([light.getAttribute('src'), light.getAttribute('alt'), dark.getAttribute('src')]).toEqual(['/img/logo.svg', 'Violet Cloud', '/img/logo-dark.svg']);
    expect(feature.getAttribute('href')).toBe('https://feedback.example.com');
    applyBrandToDocument(brandFromConfig({...acme, user_docs_header: {items: [{label: 'Ideas', url: 'https://ideas.acme.example'}]}}));
    expect([light.getAttribute('src'), light.getAttribute('alt'), dark.getAttribute('src')]).toEqual(['/img/partners/acme-logo.svg', 'Acme Compute', '/img/partners/acme-logo-dark.svg']);
    expect(feature.getAttribute('href')).toBe('https://ideas.acme.example');
  });

  it("names the host read on as the docs URL of a partner without one, as the page's head does", () => {
    const docs = Object.assign(new FakeElement('span'), {textContent: 'https://docs.example.com'});
    docs.setAttribute('data-brand-text', 'docsUrl');
    marked.push(docs);
    applyBrandToDocument(brandFromConfig(acme));
    expect(docs.textContent).toBe(`http://${HOST}`);
  });

  it('caches the content values for the pre-paint script', () => {
    writeCachedBrand({...acme, uris: {api_uri: 'https://api.acme.example/v1'}, sales_email: 'deals@acme.example'});
    const entry = JSON.parse(storage.getItem(brandCacheKey(HOST))!);
    expect(entry.values).toMatchObject({apiBase: 'https://api.acme.example/v1', apiHost: 'api.acme.example', salesEmail: 'deals@acme.example', supportEmail: 'support@example.com'});
  });

  it('marks a logo-less partner, and adds no icon for a partner without one', () => {
    applyBrandToDocument(brandFromConfig({name: 'Plain'}));
    expect(html.hasAttribute('data-brand-logoless')).toBe(true);
    expect(icons()).toEqual([]);
  });

  it('writes nothing to a page that already shows the default brand', () => {
    // A style sheet added, or an attribute set on <html> even to its own value, has the
    // browser compute the whole page's style again.
    const setAttribute = vi.spyOn(html, 'setAttribute');
    const appendChild = vi.spyOn(head, 'appendChild');
    applyBrandToDocument(defaultBrand());
    expect(setAttribute).not.toHaveBeenCalled();
    expect(appendChild).not.toHaveBeenCalled();
    expect(head.children.find((child) => child.id === 'brand-colors')).toBeUndefined();
    // The grey theme that no attribute stands for is written once another one was set.
    applyBrandToDocument(brandFromConfig({name: 'Plain', theme: 'zinc'}));
    applyBrandToDocument(defaultBrand());
    expect(html.getAttribute('data-brand-theme')).toBe('neutral');
    expect(head.children.find((child) => child.id === 'brand-colors')?.textContent).toBe('');
  });

  it('undoes a partner brand for the default one', () => {
    applyBrandToDocument(brandFromConfig({name: 'Plain', theme: 'zinc', logos: {favicon: '/i.svg'}}));
    expect(icons()).toHaveLength(1);
    applyBrandToDocument(defaultBrand());
    expect(icons()).toEqual([]);
    expect(head.children.find((child) => child.id === 'brand-colors')?.textContent).toBe('');
    expect(head.children.filter((child) => child.id === 'brand-colors')).toHaveLength(1);
    expect(html.hasAttribute('data-brand')).toBe(false);
    expect(html.hasAttribute('data-brand-logoless')).toBe(false);
    expect(html.getAttribute('data-brand-theme')).toBe('neutral');
  });
});

describe('loadPartnerConfig', () => {
  const options = {apiBase: null, timeoutMs: 3000};

  it('takes over the request the pre-paint script started, once', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    window.__brandRequest = Promise.resolve({name: 'Acme Compute', theme: 'sepia'});
    await expect(loadPartnerConfig(options)).resolves.toEqual({name: 'Acme Compute'});
    expect(window.__brandRequest).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API for this host when no request is under way', async () => {
    const fetch = vi.fn(async () => Response.json({name: 'Acme Compute'}));
    vi.stubGlobal('fetch', fetch);
    await expect(loadPartnerConfig(options)).resolves.toEqual({name: 'Acme Compute'});
    expect(fetch).toHaveBeenCalledWith('/v1/auth/partner-config/docs?domain=acme.localhost', expect.objectContaining({credentials: 'omit'}));
  });

  it('rejects a config that is not one', async () => {
    for (const raw of [{theme: 'slate'}, {name: ''}, [], 'Acme', null]) {
      window.__brandRequest = Promise.resolve(raw);
      await expect(loadPartnerConfig(options)).rejects.toThrow('Invalid partner config');
    }
  });

  it('passes a failed request on', async () => {
    window.__brandRequest = Promise.reject(Object.assign(new Error('Failed to fetch config'), {status: 500}));
    await expect(loadPartnerConfig(options)).rejects.toMatchObject({message: 'Failed to fetch config', status: 500});
  });
});
