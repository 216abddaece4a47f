import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';
import {compressBuild} from '../scripts/compress-build';

let dir: string;
let app: FastifyInstance;
let port: number;
const bigScript = `console.log(${JSON.stringify('gpu '.repeat(2000))});`;

/** A raw request, so that paths like /../ reach the server unnormalised. */
function request(
  pathname: string,
  {method = 'GET', headers = {}}: {method?: string; headers?: Record<string, string>} = {},
): Promise<{status: number; headers: http.IncomingHttpHeaders; body: Buffer}> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, path: pathname, method, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docs-build-'));
  await mkdir(path.join(dir, 'docs/intro'), {recursive: true});
  await mkdir(path.join(dir, 'assets/js'), {recursive: true});
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(path.join(dir, 'docs/intro/index.html'), `<!doctype html><title>Intro</title>${'<p>text</p>'.repeat(200)}`);
  await writeFile(path.join(dir, '404.html'), '<!doctype html><title>Page Not Found</title>');
  await writeFile(path.join(dir, 'assets/js/main.0123abcd.js'), bigScript);
  await writeFile(path.join(os.tmpdir(), 'outside-build.txt'), 'secret');
  await compressBuild(dir);
  await writeBuildManifest(dir);
  app = await createApp({buildDir: dir});
  await app.listen({port: 0, host: '127.0.0.1'});
  port = (app.server.address() as {port: number}).port;
});

afterAll(async () => {
  await app?.close();
  await rm(dir, {recursive: true, force: true});
});

describe('production server', () => {
  it('serves clean URLs with revalidating HTML caching', async () => {
    const res = await request('/docs/intro');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.body.toString()).toContain('<title>Intro</title>');
  });

  it('serves pre-compressed brotli and gzip, and identity otherwise', async () => {
    const br = await request('/assets/js/main.0123abcd.js', {headers: {'accept-encoding': 'br, gzip'}});
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(bigScript);

    const gz = await request('/assets/js/main.0123abcd.js', {headers: {'accept-encoding': 'gzip'}});
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(bigScript);

    const plain = await request('/assets/js/main.0123abcd.js', {headers: {'accept-encoding': 'identity'}});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigScript);
  });

  it('marks hashed assets immutable', async () => {
    const res = await request('/assets/js/main.0123abcd.js');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers conditional requests with 304', async () => {
    const first = await request('/docs/intro', {headers: {'accept-encoding': 'br'}});
    expect(first.headers.etag).toBeTruthy();
    const second = await request('/docs/intro', {headers: {'accept-encoding': 'br', 'if-none-match': String(first.headers.etag)}});
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
  });

  it('answers HEAD with headers and no body', async () => {
    const res = await request('/docs/intro', {method: 'HEAD'});
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });

  it('redirects .html and /index.html to the clean route, keeping the query', async () => {
    const a = await request('/docs/intro.html?ref=mail');
    expect(a.status).toBe(301);
    expect(a.headers.location).toBe('/docs/intro?ref=mail');
    const b = await request('/docs/intro/index.html');
    expect(b.status).toBe(301);
    expect(b.headers.location).toBe('/docs/intro');
  });

  it('serves the not-found page with status 404', async () => {
    const res = await request('/docs/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('Page Not Found');
    const head = await request('/nope', {method: 'HEAD'});
    expect(head.status).toBe(404);
  });

  it('never serves a file outside the build', async () => {
    for (const attack of ['/../outside-build.txt', '/%2e%2e/outside-build.txt', '/..%2foutside-build.txt', '/docs/..%5c..%5coutside-build.txt']) {
      const res = await request(attack);
      expect(res.status, attack).toBeGreaterThanOrEqual(400);
      expect(res.body.toString(), attack).not.toContain('secret');
    }
  });
});
