// What an operator relies on: health and readiness, graceful shutdown, access logs, security headers.
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {Writable} from 'node:stream';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp, loggedPath, parseTrustProxy} from './app';
import {writeBuildManifest} from './build-manifest';
import {closeGracefully} from './shutdown';
import {securityHeaders} from './security-headers';
import {inlineScripts, POLICY_FILE, scriptHash} from '../plugins/security-policy/policy';

const partner = {name: 'Acme Compute', theme: 'slate', user_type: 'user', colors: {primary: {light: 'teal'}}};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A one-page build and a partner folder, both removed after the test. */
async function fixture(): Promise<{buildDir: string; partnersDir: string}> {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'docs-build-'));
  const partnersDir = await mkdtemp(path.join(os.tmpdir(), 'docs-partners-'));
  await writeFile(path.join(buildDir, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(path.join(buildDir, '404.html'), '<!doctype html><title>Page Not Found</title>');
  await writeBuildManifest(buildDir);
  await writeFile(path.join(partnersDir, 'acme.json'), JSON.stringify({domains: ['acme.localhost'], ...partner}));
  cleanups.push(() => rm(buildDir, {recursive: true, force: true}), () => rm(partnersDir, {recursive: true, force: true}));
  return {buildDir, partnersDir};
}

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({port: 0, host: '127.0.0.1'});
  return (app.server.address() as {port: number}).port;
}

function get(port: number, pathname: string, agent?: http.Agent): Promise<{status: number; headers: http.IncomingHttpHeaders; body: string}> {
  return new Promise((resolve, reject) => {
    const req = http.get({host: '127.0.0.1', port, path: pathname, agent}, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body}));
    });
    req.on('error', reject);
  });
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz, never cached, and is not ready while the partner files on disk are invalid', async () => {
    const {buildDir, partnersDir} = await fixture();
    const app = await createApp({buildDir, partnersDir, watchPartners: true});
    cleanups.push(() => app.close());
    const port = await listening(app);

    const live = await get(port, '/healthz');
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toEqual({status: 'ok'});
    expect(live.headers['cache-control']).toBe('no-store');

    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({status: 'ready', partners: 1});
    expect(JSON.parse(ready.body).buildFiles).toBeGreaterThan(0);
    expect(ready.headers['cache-control']).toBe('no-store');

    // A broken edit: still serving the previous version, but not ready, saying why.
    await writeFile(path.join(partnersDir, 'acme.json'), '{"domains": ["acme.localhost"], "name": ');
    await vi.waitFor(async () => expect((await get(port, '/readyz')).status).toBe(503), {timeout: 20_000, interval: 50});
    const broken = JSON.parse((await get(port, '/readyz')).body);
    expect(broken.status).toBe('not ready');
    expect(broken.reasons.join(' ')).toMatch(/partner files are not valid: .*acme\.json/s);

    // Put right again: ready.
    await writeFile(path.join(partnersDir, 'acme.json'), JSON.stringify({domains: ['acme.localhost'], ...partner}));
    await vi.waitFor(async () => expect((await get(port, '/readyz')).status).toBe(200), {timeout: 20_000, interval: 50});
  });

  it('is not ready with an empty build', async () => {
    const {partnersDir} = await fixture();
    const empty = await mkdtemp(path.join(os.tmpdir(), 'docs-empty-build-'));
    cleanups.push(() => rm(empty, {recursive: true, force: true}));
    const app = await createApp({buildDir: empty, partnersDir, watchPartners: false});
    cleanups.push(() => app.close());
    const res = await app.inject({method: 'GET', url: '/readyz'});
    expect(res.statusCode).toBe(503);
    expect(res.json().reasons).toContain('no build is loaded');
  });
});

describe('graceful shutdown', () => {
  /** An app with a route that answers only when the test lets it. */
  async function withSlowRoute() {
    const {buildDir, partnersDir} = await fixture();
    const app = await createApp({buildDir, partnersDir, watchPartners: false});
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const started = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await released;
      return {done: true};
    });
    const port = await listening(app);
    return {app, port, release, started};
  }

  it('stops accepting, answers the request in flight, and exits 0', async () => {
    const {app, port, release, started} = await withSlowRoute();
    const inFlight = get(port, '/slow');
    await started;
    const exit = vi.fn();
    const closing = closeGracefully(app, {graceMs: 60_000, exit, log: () => {}});
    // New connections are refused once closing has begun.
    await vi.waitFor(() => expect(app.server.listening).toBe(false), {timeout: 10_000, interval: 10});
    await expect(get(port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    expect(exit).not.toHaveBeenCalled();
    release();
    expect(await inFlight).toMatchObject({status: 200, body: '{"done":true}'});
    expect(await closing).toBe(0);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('cuts requests still in flight after the grace period, and exits 1', async () => {
    const {app, port, release, started} = await withSlowRoute();
    cleanups.push(async () => release());
    const inFlight = get(port, '/slow').catch((error: Error) => error);
    await started;
    const exit = vi.fn();
    expect(await closeGracefully(app, {graceMs: 50, exit, log: () => {}})).toBe(1);
    expect(exit).toHaveBeenCalledWith(1);
    release();
    await inFlight;
  });
});

describe('access logs', () => {
  it('writes one JSON line per request with its id, host, path without the query, status and time', async () => {
    const {buildDir, partnersDir} = await fixture();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await createApp({buildDir, partnersDir, watchPartners: false, logger: {stream}});
    cleanups.push(() => app.close());
    const res = await app.inject({method: 'GET', url: '/?token=secret-value', headers: {host: 'acme.localhost'}});
    expect(res.statusCode).toBe(200);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.find((e) => e.msg === 'request completed') as {reqId: string; res: {statusCode: number}; responseTime: number};
    const incoming = entries.find((e) => e.msg === 'incoming request') as {reqId: string; req: {url: string; host: string; method: string}};
    expect(incoming.req).toMatchObject({method: 'GET', url: '/', host: 'acme.localhost'});
    expect(completed).toMatchObject({reqId: incoming.reqId, res: {statusCode: 200}});
    expect(completed.responseTime).toBeGreaterThanOrEqual(0);
    expect(lines.join('\n')).not.toContain('secret-value');
  });

  it("logs the client's address a trusted proxy forwards, and the proxy's own where none is trusted", async () => {
    const {buildDir, partnersDir} = await fixture();
    const addressesOf = async (trustProxy?: boolean | string) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      });
      const app = await createApp({buildDir, partnersDir, watchPartners: false, logger: {stream}, trustProxy});
      await app.inject({method: 'GET', url: '/healthz', remoteAddress: '10.0.0.2', headers: {'x-forwarded-for': '203.0.113.9'}});
      await app.close();
      return lines.map((line) => JSON.parse(line) as {req?: {remoteAddress?: string}}).flatMap((entry) => (entry.req?.remoteAddress ? [entry.req.remoteAddress] : []));
    };
    expect(await addressesOf()).toEqual(['10.0.0.2']);
    expect(await addressesOf(parseTrustProxy('10.0.0.0/8'))).toEqual(['203.0.113.9']);
    expect(await addressesOf(parseTrustProxy('192.168.0.1'))).toEqual(['10.0.0.2']);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.2')).toBe('10.0.0.1,10.0.0.2');
    expect(parseTrustProxy('')).toBeUndefined();
    expect(() => parseTrustProxy('10.0.0.1; rm -rf /')).toThrow(/TRUST_PROXY: .* is not an IP address/);
  });

  it('logs paths without query strings or fragments', () => {
    expect(loggedPath('/mcp?api_key=x#y')).toBe('/mcp');
    expect(loggedPath('/docs/intro')).toBe('/docs/intro');
    expect(loggedPath(undefined)).toBe('');
  });
});

describe('security headers', () => {
  it('are on every response: pages and the not-found page with the page policy, the partner API and health with the JSON one', async () => {
    const {buildDir, partnersDir} = await fixture();
    const app = await createApp({buildDir, partnersDir, watchPartners: false});
    cleanups.push(() => app.close());
    const policies = {
      '/': /^default-src 'self'; script-src 'self'; .*; frame-ancestors 'self'$/,
      '/no-such-page': /^default-src 'self'; script-src 'self'; .*; frame-ancestors 'self'$/,
      '/v1/auth/partner-config/docs?domain=acme.localhost': /^default-src 'none'; frame-ancestors 'none'$/,
      '/v1/no-such-route': /^default-src 'none'; frame-ancestors 'none'$/,
      '/healthz': /^default-src 'none'; frame-ancestors 'none'$/,
    };
    for (const [url, policy] of Object.entries(policies)) {
      const res = await app.inject({method: 'GET', url});
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy'], url).toMatch(policy);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('let the operator allow framing origins and turn on HSTS, and refuse anything that is not an origin', async () => {
    const {buildDir, partnersDir} = await fixture();
    const app = await createApp({buildDir, partnersDir, watchPartners: false, security: {frameAncestors: ['https://portal.example'], https: true}});
    cleanups.push(() => app.close());
    const res = await app.inject({method: 'GET', url: '/'});
    expect(res.headers['content-security-policy']).toMatch(/; frame-ancestors 'self' https:\/\/portal\.example$/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await app.inject({method: 'GET', url: '/v1/auth/partner-config/docs?domain=acme.localhost'});
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    for (const bad of ['https://portal.example; script-src *', 'javascript:alert(1)', 'portal.example', 'https://portal.example/path']) {
      expect(() => securityHeaders({frameAncestors: [bad]}), bad).toThrow(/FRAME_ANCESTORS: .* is not an origin/);
    }
  });
});

describe('content security policy', () => {
  it("allows the build's inline scripts by hash, the origins its settings name, and the host's partner's logo origins", async () => {
    const {buildDir, partnersDir} = await fixture();
    const prePaint = 'document.documentElement.dataset.x="1"';
    await writeFile(
      path.join(buildDir, 'index.html'),
      `<!doctype html><script>${prePaint}</script><script type=application/ld+json>{"a":1}</script><script src=/assets/a.js></script><title>Home</title>`,
    );
    await writeFile(path.join(buildDir, POLICY_FILE), JSON.stringify({connectSrc: ['https://api.partners.example', 'javascript:alert(1)'], scriptSrc: [], imgSrc: []}));
    await writeFile(path.join(partnersDir, 'globex.json'), JSON.stringify({domains: ['globex.localhost'], ...partner, name: 'Globex', logos: {light: 'https://cdn.globex.example/logo.svg', dark: '/img/globex-dark.svg'}}));
    await writeBuildManifest(buildDir);
    const app = await createApp({buildDir, partnersDir, watchPartners: false});
    cleanups.push(() => app.close());

    const policyOf = async (host: string) => {
      const res = await app.inject({method: 'GET', url: '/', headers: {host}});
      return Object.fromEntries(String(res.headers['content-security-policy']).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    };
    const plain = await policyOf('localhost');
    expect(plain['script-src']).toEqual(["'self'", scriptHash(prePaint)]);
    // The brand's API too, which the API pages' request console calls.
    expect(plain['connect-src']).toEqual(["'self'", 'https://api.partners.example', 'https://api.example.com']);
    expect(plain['img-src']).toEqual(["'self'", 'data:']);
    expect(plain['object-src']).toEqual(["'none'"]);
    const globex = await policyOf('globex.localhost');
    expect(globex['img-src']).toEqual(["'self'", 'data:', 'https://cdn.globex.example']);
    expect((await policyOf('acme.localhost'))['img-src']).toEqual(["'self'", 'data:']);
  });

  it('reads the inline scripts that run, not data blocks or external scripts', () => {
    const html = '<script>a()</script><script type="application/ld+json">{}</script><script type=module>b()</script><script src="/x.js"></script><SCRIPT>c()</SCRIPT>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()']);
  });
});
