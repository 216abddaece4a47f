import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {stringify} from 'yaml';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';
import {etagMatches, parseQuerystring} from './partner-api';

const API = '/v1/auth/partner-config/docs';

const acme = {
  name: 'Acme Compute',
  theme: 'slate',
  user_type: 'user',
  colors: {primary: {light: 'teal', dark: 'teal'}, secondary: {light: 'cyan'}},
  logos: {light: '/img/a.svg', dark: '/img/a-dark.svg', favicon: '/img/a-icon.svg'},
  uris: {console: 'https://console.acme.example'},
  support_email: 'support@acme.example',
  user_docs_header: {items: [{label: 'Console', url: 'https://console.acme.example'}]},
  user_docs_footer: {links: [{label: 'Status', url: 'https://status.acme.example'}]},
  copyright: '© Acme',
};
const globex = {name: 'Globex GPU', theme: 'zinc', colors: {primary: {light: '#d61f4e', dark: 'pink'}}};

let buildDir: string;
let partnersDir: string;
let app: FastifyInstance;
let port: number;

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request on a fresh connection, so that odd query strings reach the server exactly as written. */
function request(
  target: string,
  {method = 'GET', headers = {}, body}: {method?: string; headers?: Record<string, string>; body?: string} = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, path: target, method, headers, agent: false}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString()}));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const config = (domain: string) => request(`${API}?domain=${encodeURIComponent(domain)}`);

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'docs-build-'));
  await writeFile(path.join(buildDir, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(path.join(buildDir, '404.html'), '<!doctype html><title>Page Not Found</title>');
  await writeBuildManifest(buildDir);
  partnersDir = await mkdtemp(path.join(os.tmpdir(), 'partners-'));
  await writeFile(path.join(partnersDir, 'acme.yaml'), stringify({domains: ['acme.localhost', 'docs.acme.example'], ...acme}));
  await writeFile(path.join(partnersDir, 'globex.json'), JSON.stringify({domains: ['globex.localhost'], ...globex}));
  app = await createApp({buildDir, partnersDir, watchPartners: false});
  await app.listen({port: 0, host: '127.0.0.1'});
  port = (app.server.address() as {port: number}).port;
});

afterAll(async () => {
  await app?.close();
  await rm(buildDir, {recursive: true, force: true});
  await rm(partnersDir, {recursive: true, force: true});
});

describe('GET /v1/auth/partner-config/docs', () => {
  it('serves the partner file minus domains, with caching headers', async () => {
    const res = await config('acme.localhost');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(acme);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse((await config('globex.localhost')).body)).toEqual(globex);
  });

  it('serves every domain of a file the same body', async () => {
    const a = await config('acme.localhost');
    const b = await config('docs.acme.example');
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it('compares host names lower-cased and without a trailing dot', async () => {
    for (const domain of ['ACME.localhost', 'acme.localhost.', 'Docs.Acme.Example.']) {
      const res = await config(domain);
      expect(res.status, domain).toBe(200);
      expect(JSON.parse(res.body).name, domain).toBe('Acme Compute');
    }
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await config('acme.localhost');
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await request(`${API}?domain=acme.localhost`, {headers: {'if-none-match': header}});
      expect(res.status, header).toBe(304);
      expect(res.body, header).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const stale = await request(`${API}?domain=acme.localhost`, {headers: {'if-none-match': '"stale"'}});
    expect(stale.status).toBe(200);
  });

  it('gives each partner its own ETag', async () => {
    const a = await config('acme.localhost');
    const g = await config('globex.localhost');
    expect(a.headers.etag).not.toBe(g.headers.etag);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await request(`${API}?domain=acme.localhost`, {method: 'HEAD'});
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body).toBe('');
  });

  it('answers 404 in JSON for a host no partner serves', async () => {
    const res = await config('unknown.example.com');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(res.body)).toEqual({error: {code: 'not_found', message: 'No partner is configured for this domain.'}});
  });

  it('answers 400 in JSON for a missing, repeated, empty, too long or invalid domain', async () => {
    const label = 'a'.repeat(63);
    const tooLong = [label, label, label, 'a'.repeat(62)].join('.');
    expect(tooLong).toHaveLength(254);
    const queries = [
      '',
      '?',
      '?domain',
      '?domain=',
      '?other=acme.localhost',
      '?domain=acme.localhost&domain=acme.localhost',
      '?domain=a&domain=b',
      `?domain=${tooLong}`,
      `?domain=${'a'.repeat(10_000)}`,
      '?domain=a..b',
      '?domain=-a.com',
      '?domain=a-.com',
      '?domain=.',
      '?domain=.acme.localhost',
      `?domain=${'b'.repeat(64)}.com`,
      '?domain=exa%20mple.com',
      '?domain=exa+mple.com',
      `?domain=${encodeURIComponent('<script>')}`,
      '?domain=<script>',
      '?domain=acme.localhost%00',
      '?domain=%ZZ',
      '?domain=%E0%A4%A',
      `?domain=${encodeURIComponent('\u212Acme.localhost')}`,
      '?domain=acme.localhost:3000',
      '?domain[]=acme.localhost',
      '?domain[0]=acme.localhost',
      '?__proto__=x',
    ];
    for (const query of queries) {
      const res = await request(API + query);
      expect(res.status, query).toBe(400);
      expect(res.headers['content-type'], query).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin'], query).toBe('*');
      const body = JSON.parse(res.body) as {error: {code: string; message: string}};
      expect(body.error.code, query).toBe('bad_request');
      expect(body.error.message.length, query).toBeGreaterThan(0);
    }
  });

  it('accepts a host name of exactly 253 characters', async () => {
    const label = 'a'.repeat(63);
    const longest = [label, label, label, 'a'.repeat(61)].join('.');
    expect(longest).toHaveLength(253);
    expect((await config(longest)).status).toBe(404);
  });

  it('never answers 5xx, whatever the query string', async () => {
    const text = fc.oneof(fc.string({maxLength: 300}), fc.string({unit: 'binary', maxLength: 80}), fc.string({unit: 'grapheme', maxLength: 40}));
    // Any bytes, percent-encoded: invalid UTF-8, NUL, overlong forms.
    const bytes = fc.uint8Array({maxLength: 120}).map((b) => Array.from(b, (x) => `%${x.toString(16).padStart(2, '0')}`).join(''));
    // As written, with only what the request line cannot carry encoded: raw %, &, =, #, [ and ] stay.
    const raw = fc.string({unit: 'binary-ascii', maxLength: 200}).map((v) => v.replace(/[^\u0021-\u007e]/g, (c) => encodeURIComponent(c)));
    const query = fc.oneof(
      text.map((v) => `domain=${encodeURIComponent(v)}`),
      bytes.map((b) => `domain=${b}`),
      fc.tuple(text, text).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}&domain=acme.localhost`),
      raw,
    );
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await request(`${API}?${q}`);
        expect([200, 400, 404], q).toContain(res.status);
        expect(res.headers['access-control-allow-origin'], q).toBe('*');
      }),
      {numRuns: 300},
    );
  });
});

describe('CORS preflight and other methods', () => {
  it('answers OPTIONS with 204 and the allowed methods', async () => {
    const res = await request(`${API}?domain=acme.localhost`, {
      method: 'OPTIONS',
      headers: {origin: 'https://docs.acme.example', 'access-control-request-method': 'GET'},
    });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });

  it('refuses writes with 405 and an Allow header', async () => {
    const res = await request(`${API}?domain=acme.localhost`, {method: 'POST'});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(res.body).error.code).toBe('method_not_allowed');
  });

  it('keeps a malformed body on OPTIONS a 4xx in the API error shape', async () => {
    const body = '{not json';
    const res = await request(API, {method: 'OPTIONS', headers: {'content-type': 'application/json', 'content-length': String(body.length)}, body});
    expect(res.status).toBe(400);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(res.body).error.code).toBe('bad_request');
  });
});

describe('the rest of /v1 and the site', () => {
  it('answers JSON 404 for any other path under /v1', async () => {
    for (const target of ['/v1', '/v1/', '/v1/nope', '/v1/auth/partner-config', '/v1/auth/partner-config/docs/', '/v1/auth/partner-config/docs/extra?domain=acme.localhost']) {
      const res = await request(target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type'], target).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.body).error.code, target).toBe('not_found');
    }
  });

  it('still serves the site and its HTML not-found page', async () => {
    const home = await request('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<title>Home</title>');
    const missing = await request('/v2/auth/partner-config/docs?domain=acme.localhost');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });
});

describe('helpers', () => {
  it('parses repeated names into lists and keeps malformed escapes', () => {
    expect({...parseQuerystring('domain=a&domain=b&x=%ZZ&y')}).toEqual({domain: ['a', 'b'], x: '%ZZ', y: ''});
    expect(Object.getPrototypeOf(parseQuerystring('__proto__=1'))).toBeNull();
  });

  it('matches ETags weakly, in lists and with *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b" , "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
