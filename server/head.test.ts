import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';
import {brandHead, brandPage} from './head';
import {pickEncoding} from './static-site';
import {compressBuild} from '../scripts/compress-build';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {DEFAULT_VALUES} from '../src/branding/contentValues';
import {headDocsUrl, headValues} from '../src/theme/SiteMetadata/headValues';

const D = DEFAULT_BRAND.docsUrl;

/** A page as the build writes it: minified, most attributes unquoted, the default docs URL in the head and in the body. */
const head = [
  `<!doctype html><html lang=en dir=ltr data-has-hydrated=false><head><meta charset=UTF-8>`,
  `<title data-rh=true>SSH | Docs</title>`,
  `<meta data-rh=true property=og:url content=${D}/docs/network/ssh />`,
  `<meta data-rh=true name=description content="Keys for ${DEFAULT_BRAND.name} VMs (a > b)."/>`,
  `<link data-rh=true rel=canonical href=${D}/docs/network/ssh />`,
  `<link data-rh=true rel=alternate href=${D}/docs/network/ssh hreflang=en />`,
  `<link data-rh=true rel=alternate href=${D}/docs/network/ssh hreflang=x-default />`,
  `<link data-rh=true rel=alternate type=text/markdown href=/docs/network/ssh.md />`,
  `<script data-rh=true type=application/ld+json>{"@context":"https://schema.org","@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","item":"${D}/docs/network","name":"Network","position":1}]}</script>`,
  // The pre-paint script's settings name the default hosts and API on purpose: never rewritten.
  `<script>!function(t){}({apiBases:{production:"${DEFAULT_BRAND.apiBaseUrl}"},defaultHosts:["${new URL(D).host}","localhost"]})</script>`,
  `<link rel=stylesheet href=/assets/css/styles.45ed00d9.css />`,
].join('');
// The body holds the default docs URL too, once in a tag shaped like a managed head tag: the body is never rewritten.
const body = `</head><body><div id=__docusaurus><p>Our MCP server: <code data-mcp-url>${D}/mcp</code>. <meta data-rh=true property=og:url content=${D}/x />${'<p>text</p>'.repeat(300)}</div></body></html>`;
const page = head + body;

const managed = (html: string) => html.slice(0, html.indexOf('</head>')).replace(/<script>!function[\s\S]*?<\/script>/, '');

describe('brandHead', () => {
  const values = headValues('https://docs.acme.test');

  it("puts the brand's docs URL in the canonical link, og:url, hreflang alternates and JSON-LD", () => {
    const out = brandHead(head, values);
    expect(out).toContain('<link data-rh=true rel=canonical href=https://docs.acme.test/docs/network/ssh />');
    expect(out).toContain('<meta data-rh=true property=og:url content=https://docs.acme.test/docs/network/ssh />');
    expect(out).toContain('<link data-rh=true rel=alternate href=https://docs.acme.test/docs/network/ssh hreflang=en />');
    expect(out).toContain('<link data-rh=true rel=alternate href=https://docs.acme.test/docs/network/ssh hreflang=x-default />');
    expect(out).toContain('"item":"https://docs.acme.test/docs/network"');
    expect(managed(out)).not.toContain(new URL(D).host);
  });

  it("leaves the pre-paint script's settings and everything else as built", () => {
    const out = brandHead(head, values);
    expect(out).toContain(`defaultHosts:["${new URL(D).host}","localhost"]`);
    expect(out).toContain(`production:"${DEFAULT_BRAND.apiBaseUrl}"`);
    expect(out).toContain(`content="Keys for ${DEFAULT_BRAND.name} VMs (a > b)."/>`);
    expect(out.replaceAll('https://docs.acme.test', D)).toBe(head);
  });

  it('changes nothing for the default docs URL', () => {
    expect(brandHead(head, headValues(D))).toBe(head);
    expect(headValues(D)).toBe(DEFAULT_VALUES);
  });

  it('keeps a hostile docs URL inside its attribute and inside the JSON-LD', () => {
    const hostile = 'https://evil.test/"\'><script>alert(1)</script> onload=alert(2) x=`</script><!--';
    const out = brandHead(head, headValues(hostile));
    const doc = new DOMParserLite(out);
    expect(doc.tags('script')).toBe(2);
    expect(out).not.toMatch(/<script>alert/);
    // Outside the JSON-LD (where it is text of a string), no attribute was added.
    expect(out.replace(/<script data-rh=true type=application\/ld\+json>[\s\S]*?<\/script>/, '')).not.toMatch(/\sonload=/);
    // The canonical link: one tag, whose href decodes back to the value.
    const canonical = out.match(/<link data-rh=true rel=canonical href=([^\s>]+) \/>/);
    expect(canonical, out).not.toBeNull();
    expect(decodeEntities(canonical![1])).toBe(`${hostile}/docs/network/ssh`);
    // The JSON-LD: still one script, valid JSON, the value intact.
    const json = out.match(/<script data-rh=true type=application\/ld\+json>([\s\S]*?)<\/script>/)![1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json).itemListElement[0].item).toBe(`${hostile}/docs/network`);
  });
});

/** Counts start tags the way an HTML tokenizer would for this simple case: scripts end at the first `</script`. */
class DOMParserLite {
  constructor(private html: string) {}
  tags(name: string): number {
    let count = 0;
    let rest = this.html;
    const open = new RegExp(`<${name}[\\s>]`, 'i');
    for (let at = rest.search(open); at >= 0; at = rest.search(open)) {
      count++;
      const end = rest.toLowerCase().indexOf(`</${name}`, at);
      rest = end < 0 ? '' : rest.slice(end + 2);
    }
    return count;
  }
}

const decodeEntities = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));

describe('brandPage', () => {
  it('rewrites the head and leaves the body byte for byte', () => {
    const html = Buffer.from(page);
    const out = brandPage(html, headValues('https://docs.acme.test'));
    const end = out.indexOf('</head>');
    expect(out.subarray(end).equals(html.subarray(html.indexOf('</head>')))).toBe(true);
    expect(out.subarray(end).toString()).toContain(`${D}/mcp`);
    expect(out.subarray(0, end).toString()).toContain('https://docs.acme.test/docs/network/ssh');
  });

  it('returns the very page when its head has nothing to change', () => {
    const plain = Buffer.from('<!doctype html><head><title>Home</title></head><body>x</body>');
    expect(brandPage(plain, headValues('https://docs.acme.test'))).toBe(plain);
  });
});

describe('headDocsUrl', () => {
  const partner = (docsUrl: string) => ({is_partner: true, docsUrl});
  it("is the partner's uris.doc, else the host asked; the default URL for the default brand", () => {
    expect(headDocsUrl(partner('https://docs.acme.test/'), 'http://acme.localhost:3000')).toBe('https://docs.acme.test');
    expect(headDocsUrl(partner(D), 'http://acme.localhost:3000')).toBe('http://acme.localhost:3000');
    expect(headDocsUrl({is_partner: false, docsUrl: D}, 'http://localhost:3000')).toBe(D);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
  });
});

// Passes the partner schema (an http(s) URL, no spaces), yet holds every character that could end an attribute or a script.
const EVIL_DOC = 'https://evil.test/"\'><script>alert(1)</script><!--`x=y';

describe('server: pages in the brand of the host', () => {
  let dir: string;
  let partnersDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-head-'));
    partnersDir = await mkdtemp(path.join(os.tmpdir(), 'docs-head-partners-'));
    await mkdir(path.join(dir, 'docs/network'), {recursive: true});
    await writeFile(path.join(dir, 'docs/network/ssh.html'), page);
    await writeFile(path.join(dir, '404.html'), head.replaceAll('/docs/network/ssh', '/404') + body);
    await compressBuild(dir);
    await writeBuildManifest(dir);
    const partner = (domain: string, extra: object = {}) => JSON.stringify({domains: [domain], name: 'Partner', ...extra});
    await writeFile(path.join(partnersDir, 'acme.json'), partner('acme.localhost'));
    await writeFile(path.join(partnersDir, 'initech.json'), partner('initech.localhost', {uris: {doc: 'https://docs.initech.test'}}));
    await writeFile(path.join(partnersDir, 'evil.json'), partner('evil.localhost', {uris: {doc: EVIL_DOC}}));
    app = await createApp({buildDir: dir, partnersDir, watchPartners: false});
  });

  afterAll(async () => {
    await app?.close();
    await rm(dir, {recursive: true, force: true});
    await rm(partnersDir, {recursive: true, force: true});
  });

  const get = (host: string, url = '/docs/network/ssh', headers: Record<string, string> = {}) =>
    app.inject({method: 'GET', url, headers: {host, 'accept-encoding': 'identity', ...headers}});

  it('serves the default host the build as it is, pre-compressed', async () => {
    const res = await get('localhost:3000', '/docs/network/ssh', {'accept-encoding': 'br, gzip'});
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
    expect((await get('localhost:3000')).body).toBe(page);
  });

  it("names a partner's host in the head when the partner has no docs URL", async () => {
    const res = await get('acme.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.body).toContain('<link data-rh=true rel=canonical href=http://acme.localhost:3000/docs/network/ssh />');
    expect(res.body).toContain('"item":"http://acme.localhost:3000/docs/network"');
    expect(managed(res.body)).not.toContain(new URL(D).host);
  });

  it("names the partner's uris.doc when it has one, and leaves the body byte for byte", async () => {
    const res = await get('initech.localhost:3000');
    expect(res.body).toContain('<meta data-rh=true property=og:url content=https://docs.initech.test/docs/network/ssh />');
    expect(res.body).toContain('<link data-rh=true rel=alternate href=https://docs.initech.test/docs/network/ssh hreflang=x-default />');
    expect(managed(res.body)).not.toContain(new URL(D).host);
    expect(res.body.slice(res.body.indexOf('</head>'))).toBe(body);
  });

  it('compresses a rewritten page on the fly in what the client accepts', async () => {
    const identity = (await get('initech.localhost')).body;
    const br = await get('initech.localhost', '/docs/network/ssh', {'accept-encoding': 'gzip, br'});
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(identity);
    const gz = await get('initech.localhost', '/docs/network/ssh', {'accept-encoding': 'gzip'});
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(identity);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect((await get('initech.localhost')).headers['content-encoding']).toBeUndefined();
  });

  it('gives each brand its own ETag, and answers a matching If-None-Match with 304', async () => {
    const tags = await Promise.all(['localhost', 'acme.localhost', 'initech.localhost'].map(async (host) => (await get(host)).headers.etag));
    expect(tags.every(Boolean)).toBe(true);
    expect(new Set(tags).size).toBe(3);
    // The same brand on another port is another origin: another head, another tag.
    expect((await get('acme.localhost:4000')).headers.etag).not.toBe((await get('acme.localhost:3000')).headers.etag);
    const initech = tags[2] as string;
    expect((await get('initech.localhost', '/docs/network/ssh', {'if-none-match': initech})).statusCode).toBe(304);
    expect((await get('acme.localhost', '/docs/network/ssh', {'if-none-match': initech})).statusCode).toBe(200);
  });

  it("keeps a hostile uris.doc inside the canonical link's attribute and inside the JSON-LD", async () => {
    const res = await get('evil.localhost');
    const headHtml = res.body.slice(0, res.body.indexOf('</head>'));
    expect(new DOMParserLite(headHtml).tags('script')).toBe(2);
    expect(headHtml).not.toContain('<script>alert');
    const canonical = headHtml.match(/<link data-rh=true rel=canonical href=([^\s>]+) \/>/);
    expect(canonical, headHtml).not.toBeNull();
    expect(canonical![1]).not.toMatch(/["'`<>=]/);
    expect(decodeEntities(canonical![1])).toBe(`${EVIL_DOC}/docs/network/ssh`);
    const json = headHtml.match(/<script data-rh=true type=application\/ld\+json>([\s\S]*?)<\/script>/)![1];
    expect(JSON.parse(json).itemListElement[0].item).toBe(`${EVIL_DOC}/docs/network`);
  });

  it("brands the not-found page's head too", async () => {
    const res = await get('initech.localhost', '/docs/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('rel=canonical href=https://docs.initech.test/404 ');
    expect((await get('localhost', '/docs/nope')).body).toContain(`rel=canonical href=${D}/404 `);
  });

  it('answers HEAD for a rewritten page without a body', async () => {
    const res = await app.inject({method: 'HEAD', url: '/docs/network/ssh', headers: {host: 'initech.localhost'}});
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBeTruthy();
  });
});
