/**
 * The pre-paint part of branding. These functions are self-contained (no imports,
 * no outer references, ES5-safe) because `bootScript()` embeds their source in an
 * inline <head> script; the app imports the same functions, so both sides agree.
 */
import type {ApiBases} from './defaults';

export interface BootSettings {
  /** DOCS_API_BASE at build time, or null to choose by host. */
  apiBase: string | null;
  /** API bases by docs host (from the default brand), used when `apiBase` is null. */
  apiBases: ApiBases;
  /** Hosts known to show the default brand: nothing is hidden there on a first visit. */
  defaultHosts: string[];
  /** Grey themes a cached config may name. */
  themes: readonly string[];
  /** How long the config request may take. */
  timeoutMs: number;
  /** Once a config has arrived, how long the app may take to apply it before hidden parts show anyway. */
  appGraceMs: number;
  /** Where Docusaurus keeps the reader's own colour mode choice. */
  colorModeStorage: ColorModeStorage;
}

/** The browser storage and key of the reader's colour mode choice (Docusaurus' `theme` slot). */
export interface ColorModeStorage {
  /** `localStorage` or `sessionStorage` (anything else: no storage). */
  type: string;
  /** `theme` plus the site's storage namespace. */
  key: string;
}

/** Docusaurus' colour mode slot for a site's storage settings: `theme` plus the namespace. */
export function colorModeStorage(site: {type: string; namespace: string}): ColorModeStorage {
  return {type: site.type, key: `theme${site.namespace}`};
}

/** What the cache holds for a host; written by the app (runtime.ts), read before first paint. */
export interface CachedBrandEntry {
  partner: boolean;
  config?: unknown;
  css?: {light?: Record<string, unknown>; dark?: Record<string, unknown>};
  theme?: string;
  name?: string;
  logos?: {light?: string; dark?: string};
  /** The partner's default colour mode, if it has one. */
  colorMode?: string;
  /** The partner's content values (API base, console, docs, addresses: see contentValues.ts). */
  values?: Record<string, unknown>;
  /** When the app stored it (ms since the epoch): a partner brand stands in for a failed lookup for 7 days (staleIfError.ts). */
  savedAt?: number;
}

/**
 * The partner-config API base for a browser host name (DESIGN: environment by host,
 * same origin on local hosts, DOCS_API_BASE overriding). The hosts and bases come
 * from the default brand (`DEFAULT_API_BASES`), passed in because this runs inline.
 */
export function partnerApiBase(hostname: string, override: string | null | undefined, bases: ApiBases): string {
  if (override) return override.replace(/\/+$/, '');
  var host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost')) return '/v1';
  if (Object.prototype.hasOwnProperty.call(bases.byHost, host)) return bases.byHost[host];
  return bases.production;
}

/** localStorage key of a host's last known brand. */
export function brandCacheKey(hostname: string): string {
  return 'brand:v1:' + hostname;
}

/**
 * GET the partner config JSON. Rejects with 'Failed to fetch config' on a not-ok
 * response (the error carries the HTTP `status`, so a 404, "not a partner", can be
 * told from an outage; the answer's body is cancelled unread), and aborts after
 * `timeoutMs` so a hanging API cannot keep parts of a page hidden. No credentials, no
 * custom headers: a simple CORS request.
 */
export function requestPartnerConfig(url: string, timeoutMs: number): Promise<unknown> {
  var controller = typeof AbortController === 'function' ? new AbortController() : null;
  var timer = setTimeout(function () {
    if (controller) controller.abort();
  }, timeoutMs);
  return fetch(url, {credentials: 'omit', signal: controller ? controller.signal : undefined})
    .then(function (response) {
      if (!response.ok) {
        // Let go of the answer's body: one left unread keeps its request open in the
        // browser (never finished, for tools that wait for the network to go quiet).
        if (response.body) response.body.cancel().then(null, function () {});
        var error = new Error('Failed to fetch config') as Error & {status?: number};
        error.status = response.status;
        throw error;
      }
      return response.json();
    })
    .finally(function () {
      clearTimeout(timer);
    });
}

/**
 * Stylesheet text for a brand's colour variables. Names and values are checked
 * here, so it can only ever emit `--name:#rrggbb` declarations, whatever it is fed.
 */
export function brandStyleSheet(vars: {light?: Record<string, unknown>; dark?: Record<string, unknown>}): string {
  var name = /^--[a-z][a-z0-9-]*$/;
  var hex = /^#[0-9a-f]{6}$/;
  function block(entries: Record<string, unknown> | undefined): string {
    var out: string[] = [];
    if (entries && typeof entries === 'object') {
      for (var key in entries) {
        var value = entries[key];
        if (Object.prototype.hasOwnProperty.call(entries, key) && name.test(key) && typeof value === 'string' && hex.test(value)) {
          out.push(key + ':' + value);
        }
      }
    }
    return out.join(';');
  }
  return 'html:root{' + block(vars && vars.light) + "}html[data-theme='dark']:root{" + block(vars && vars.dark) + '}';
}

/**
 * The colour mode the reader chose themself: Docusaurus' `?docusaurus-theme=` query
 * parameter or its stored choice; null when they have not chosen (or storage is off).
 */
export function readerColorMode(storage: ColorModeStorage): 'light' | 'dark' | null {
  var chosen: string | null = null;
  try {
    chosen = new URLSearchParams(location.search).get('docusaurus-theme');
  } catch (error) {
    chosen = null;
  }
  if (chosen !== 'light' && chosen !== 'dark') {
    try {
      chosen = (window as unknown as Record<string, Storage>)[storage.type].getItem(storage.key);
    } catch (error) {
      chosen = null;
    }
  }
  return chosen === 'light' || chosen === 'dark' ? chosen : null;
}

/**
 * Sets an element's text if it differs, in its one existing text node where it has one
 * (React may own that node). Runs in the pre-paint script and in the app.
 */
export function writeBrandText(el: Element, text: string): void {
  if (el.textContent === text) return;
  var node = el.firstChild;
  if (node && node.nodeType === 3 && !node.nextSibling) node.nodeValue = text;
  else el.textContent = text;
}

/**
 * Puts a brand's content values into an element marked by the server render or a
 * component: `data-brand-text` (its text), `data-brand-link` (a mailto href) and
 * `data-console-path` (a console link's href). Only what differs is written, and a text
 * is changed in its existing text node, which React may own. Values are checked again
 * here (text is only ever text; hrefs must be mailto: an address, or an http(s) URL).
 * Returns nothing; runs in the pre-paint script and in the app.
 */
export function applyBrandValue(el: Element, values: Record<string, unknown> | undefined): void {
  if (!values) return;
  var key = el.getAttribute('data-brand-text');
  var text = key && Object.prototype.hasOwnProperty.call(values, key) ? values[key] : null;
  if (typeof text === 'string') writeBrandText(el, text);
  var link = el.getAttribute('data-brand-link');
  var address = link && Object.prototype.hasOwnProperty.call(values, link) ? values[link] : null;
  if (typeof address === 'string' && /^[^\s@<>"'()]+@[^\s@<>"'()]+$/.test(address) && el.getAttribute('href') !== 'mailto:' + address) {
    el.setAttribute('href', 'mailto:' + address);
  }
  var path = el.getAttribute('data-console-path');
  var consoleUrl = values.consoleUrl;
  if (path !== null && /^\/(?!\/)/.test(path) && typeof consoleUrl === 'string' && /^https?:\/\/[^/]/i.test(consoleUrl)) {
    var href = consoleUrl.replace(/\/+$/, '') + path;
    if (el.getAttribute('href') !== href) el.setAttribute('href', href);
  }
}

/** The elements `applyBrandValue` writes to. */
export const BRAND_VALUE_SELECTOR = '[data-brand-text],[data-brand-link],[data-console-path]';

/**
 * Runs in <head> before the first paint: applies the host's cached brand colours,
 * hides what depends on the brand while it is unknown, and starts the config request
 * so the app finds it under way (`window.__brandRequest`).
 */
export function brandBoot(settings: BootSettings): void {
  var root = document.documentElement;
  var host = location.hostname;
  var cached: CachedBrandEntry | null = null;
  try {
    cached = JSON.parse(localStorage.getItem(brandCacheKey(host)) || 'null');
  } catch (error) {
    cached = null;
  }
  if (cached && cached.partner) {
    var style = document.createElement('style');
    style.id = 'brand-colors';
    style.textContent = brandStyleSheet(cached.css || {});
    document.head.appendChild(style);
    if (cached.theme && settings.themes.indexOf(cached.theme) >= 0) root.setAttribute('data-brand-theme', cached.theme);
    root.setAttribute('data-brand', 'partner');
    // Names and logos come from the cache before the first paint; links wait for the app.
    root.setAttribute('data-brand-pending', 'links');
    var brand = cached;
    var name = String(brand.name || '');
    // A partner's default colour mode, unless the reader chose one. Docusaurus' own colour
    // mode script (at the start of <body>) then sets the site default; this observer's
    // callback runs right after that script, before anything can be painted, and puts
    // the partner's mode back. Nothing is stored: it never becomes the reader's choice.
    var mode = brand.colorMode;
    if ((mode === 'light' || mode === 'dark') && readerColorMode(settings.colorModeStorage) === null) {
      var partnerMode: string = mode;
      var applyMode = function () {
        root.setAttribute('data-theme', partnerMode);
        root.setAttribute('data-theme-choice', partnerMode);
        root.setAttribute('data-brand-color-mode', partnerMode);
      };
      applyMode();
      var modeObserver = new MutationObserver(function () {
        modeObserver.disconnect();
        if (root.getAttribute('data-theme') !== partnerMode || root.getAttribute('data-theme-choice') !== partnerMode) applyMode();
      });
      modeObserver.observe(root, {attributes: true, attributeFilter: ['data-theme', 'data-theme-choice']});
      document.addEventListener('DOMContentLoaded', function () {
        modeObserver.disconnect();
      });
    }
    // Cached values were sanitised before they were stored; check the scheme again anyway.
    var safeSrc = function (src: string | undefined): string {
      return src && /^(https?:\/\/|\/(?!\/))/.test(src) ? src : '';
    };
    // Start loading the cached logo now rather than when the parser reaches the navbar.
    var logoSrc = safeSrc(brand.logos && brand.logos.light);
    // Without a logo the navbar shows the name instead, as the React logo does (see custom.css).
    if (!logoSrc) root.setAttribute('data-brand-logoless', '');
    if (logoSrc) {
      var preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'image';
      preload.href = logoSrc;
      document.head.appendChild(preload);
    }
    // Writes only what differs, so its own mutations do not feed the observer again.
    var swap = function (el: Element) {
      if (el.hasAttribute('data-brand-name') && el.textContent !== name) el.textContent = name;
      applyBrandValue(el, brand.values);
      var which = el.getAttribute('data-brand-logo');
      if (which) {
        var src = safeSrc(brand.logos && (which === 'dark' ? brand.logos.dark : brand.logos.light));
        if (src && el.getAttribute('src') !== src) el.setAttribute('src', src);
        if (el.getAttribute('alt') !== name) el.setAttribute('alt', name);
      }
    };
    var swapWithin = function (node: Node) {
      // The parser may add a name's text after its element.
      var parent = node.parentNode as Element | null;
      if (node.nodeType === 3 && parent && parent.nodeType === 1 && parent.hasAttribute('data-brand-name')) swap(parent);
      if (node.nodeType !== 1) return;
      var el = node as Element;
      swap(el);
      var found = el.querySelectorAll('[data-brand-name],img[data-brand-logo],[data-brand-text],[data-brand-link],[data-console-path]');
      for (var i = 0; i < found.length; i++) swap(found[i]);
    };
    // Swap each name and logo as the parser inserts it: mutation callbacks run before
    // the browser can paint, so no frame shows the default brand.
    var observer = new MutationObserver(function (records) {
      for (var r = 0; r < records.length; r++) {
        var added = records[r].addedNodes;
        for (var n = 0; n < added.length; n++) swapWithin(added[n]);
      }
    });
    observer.observe(root, {childList: true, subtree: true});
    document.addEventListener('DOMContentLoaded', function () {
      observer.disconnect();
      swapWithin(document.body);
    });
  } else if (!cached && settings.defaultHosts.indexOf(host) < 0) {
    root.setAttribute('data-brand-pending', 'first-visit');
  }
  // Where the page shows the default brand and hides nothing (a default host, or a host the
  // cache says has no partner), nothing on screen waits for the answer: the app asks when
  // it starts (runtime.ts), after the first paint, so the lookup (often on another origin,
  // a connection of its own) takes nothing from that paint.
  if (!root.hasAttribute('data-brand-pending')) return;
  var url = partnerApiBase(host, settings.apiBase, settings.apiBases) + '/auth/partner-config/docs?domain=' + encodeURIComponent(host);
  var request = requestPartnerConfig(url, settings.timeoutMs);
  (window as unknown as {__brandRequest?: Promise<unknown>}).__brandRequest = request;
  var reveal = function () {
    root.removeAttribute('data-brand-pending');
  };
  // Never keep anything hidden for long, even if the app fails to start...
  var safetyNet = setTimeout(reveal, settings.timeoutMs + 1000);
  request.then(
    function () {
      // ...but once a config has arrived, the app is what applies it: give a slow device
      // time to start the app rather than show the default brand before the partner's.
      clearTimeout(safetyNet);
      safetyNet = setTimeout(reveal, settings.appGraceMs);
    },
    function () {
      // No config on a first visit: the page as rendered (the default brand) is the answer.
      if (root.getAttribute('data-brand-pending') === 'first-visit') {
        clearTimeout(safetyNet);
        reveal();
      }
    },
  );
}

// Some TypeScript toolchains wrap nested functions in `__name(fn, "fn")` to keep
// their names; the shim makes the embedded source independent of that.
const NAME_SHIM = 'var __name=function(f){return f};';

/** The inline <head> script: the functions above and a call with the build's settings. */
export function bootScript(settings: BootSettings): string {
  const sources = [partnerApiBase, brandCacheKey, requestPartnerConfig, brandStyleSheet, readerColorMode, writeBrandText, applyBrandValue, brandBoot].map((fn) => fn.toString());
  // JSON in a <script>: escape '<' so no value can close the element.
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `(function(){${NAME_SHIM}${sources.join('\n')}\nbrandBoot(${json});})();`;
}
