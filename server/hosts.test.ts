import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';
import {hostsServed, parseAllowedHosts} from './hosts';

describe('the hosts the server serves', () => {
  const served = hostsServed({isPartnerHost: (host) => host === 'docs.acme.example', allowed: ['docs.reseller.example']});

  it('are the default hosts, partner domains, loopback names and the allowed ones; no other', () => {
    for (const host of ['docs.example.com', 'docs.dev.example.com', 'docs.staging.example.com', 'docs.acme.example', 'DOCS.ACME.EXAMPLE.', 'localhost', 'acme.localhost', '127.0.0.1', '[::1]', 'docs.reseller.example']) {
      expect(served(host), host).toBe(true);
    }
    for (const host of ['evil.example', 'docs.example.com.evil.example', 'example.com', 'localhost.evil.example', '10.0.0.1']) expect(served(host), host).toBe(false);
  });

  it("take DOCS_URL's host", () => {
    expect(hostsServed({isPartnerHost: () => false, docsUrl: 'https://help.example.org'})('help.example.org')).toBe(true);
  });

  it('refuse an ALLOWED_HOSTS entry that is not a host name', () => {
    expect(parseAllowedHosts(' a.example, B.example. c.example ')).toEqual(['a.example', 'b.example', 'c.example']);
    expect(parseAllowedHosts(undefined)).toEqual([]);
    for (const bad of ['https://a.example', 'a.example:8080', 'a.example/docs', '*.example']) expect(() => parseAllowedHosts(bad), bad).toThrow(/ALLOWED_HOSTS: .* is not a host name/);
  });
});

describe('a request to a host the server does not serve', () => {
  let app: FastifyInstance;
  let buildDir: string;
  let partnersDir: string;

  beforeAll(async () => {
    buildDir = await mkdtemp(path.join(os.tmpdir(), 'docs-hosts-'));
    partnersDir = await mkdtemp(path.join(os.tmpdir(), 'docs-hosts-partners-'));
    await writeFile(path.join(buildDir, 'index.html'), '<!doctype html><title>Home</title>');
    await writeFile(path.join(buildDir, 'openapi.yaml'), 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths: {}\n');
    await writeBuildManifest(buildDir);
    await writeFile(path.join(partnersDir, 'acme.json'), JSON.stringify({domains: ['docs.acme.example'], name: 'Acme Compute'}));
    app = await createApp({buildDir, partnersDir, watchPartners: false, allowedHosts: ['docs.reseller.example']});
  });
  afterAll(async () => {
    await app?.close();
    await rm(buildDir, {recursive: true, force: true});
    await rm(partnersDir, {recursive: true, force: true});
  });

  const mcpPost = (host: string) =>
    app.inject({method: 'POST', url: '/mcp', headers: {host, 'content-type': 'application/json', accept: 'application/json, text/event-stream'}, payload: {jsonrpc: '2.0', id: 1, method: 'ping'}});

  it('gets 421 on /mcp and /sandbox, naming no host back', async () => {
    for (const res of [await mcpPost('evil.example'), await app.inject({method: 'GET', url: '/mcp', headers: {host: 'evil.example'}}), await app.inject({method: 'GET', url: '/sandbox/v1/regions', headers: {host: 'evil.example:443'}})]) {
      expect(res.statusCode).toBe(421);
      expect(res.body).not.toContain('evil.example');
    }
  });

  it('is answered on the hosts it serves', async () => {
    for (const host of ['localhost', 'docs.example.com', 'docs.acme.example', 'docs.reseller.example']) {
      const res = await mcpPost(host);
      expect(res.statusCode, host).toBe(200);
      expect(res.json(), host).toMatchObject({jsonrpc: '2.0', id: 1, result: {}});
    }
    const discovery = await app.inject({method: 'GET', url: '/mcp', headers: {host: 'docs.acme.example'}});
    expect(discovery.json().url).toBe('https://docs.acme.example/mcp');
  });
});
