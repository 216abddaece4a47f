import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import express from 'express';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {devServerRecords} from '../plugins/search-index';

/**
 * The dev server mounts the records folder with express.static before its SPA fallback
 * (webpack-dev-server's order): this app does the same, the fallback standing for the page.
 */
describe('npm run dev: the records mount at /search', () => {
  let outDir: string;
  let server: ReturnType<ReturnType<typeof express>['listen']>;
  let base: string;

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), 'search-dev-'));
    mkdirSync(path.join(outDir, 'search'));
    writeFileSync(path.join(outDir, 'search', 'manifest.json'), JSON.stringify({records: 'records.0123456789.json'}));
    const mount = devServerRecords(outDir);
    expect(mount.serveIndex).toBe(false);
    const app = express();
    app.use(mount.publicPath, express.static(mount.directory, mount.staticOptions));
    app.use((_req, res) => res.type('html').send('<!doctype html><title>app</title>'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server?.close();
    rmSync(outDir, {recursive: true, force: true});
  });

  it('leaves /search?q= to the search page: no redirect to /search/', async () => {
    for (const url of ['/search?q=gpu', '/search', '/search/?q=gpu']) {
      const response = await fetch(base + url, {redirect: 'manual'});
      expect(response.status, url).toBe(200);
      expect(await response.text(), url).toContain('<title>app</title>');
    }
  });

  it('serves the records manifest from the last build', async () => {
    const response = await fetch(`${base}/search/manifest.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({records: 'records.0123456789.json'});
  });
});
