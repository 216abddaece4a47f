import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';
import {brandFromConfig, defaultBrand} from '../src/branding/brand';
import {DEFAULT_BRAND} from '../src/branding/defaults';
import {brandedMarkdown, prefersMarkdown} from './markdown';

const partner = {
  name: 'Acme Compute',
  uris: {api_uri: 'https://api.acme.test', console: 'https://console.acme.test', doc: 'https://docs.acme.test'},
  support_email: 'help@acme.test',
  sales_email: 'deals@acme.test',
  user_docs_header: {items: [{label: 'Ideas', url: 'https://ideas.acme.test'}]},
};

const twin = [
  `# SSH`,
  ``,
  `${DEFAULT_BRAND.name} VMs accept SSH keys. Open the [console](${DEFAULT_BRAND.consoleUrl}/keypairs), write to [${DEFAULT_BRAND.supportEmail}](mailto:${DEFAULT_BRAND.supportEmail}) or [${DEFAULT_BRAND.salesEmail}](mailto:${DEFAULT_BRAND.salesEmail}), or [propose a feature](${DEFAULT_BRAND.feedbackUrl}/new).`,
  `See [keys](${DEFAULT_BRAND.docsUrl}/docs/network/keys.md).`,
  '',
  '```bash',
  `curl ${DEFAULT_BRAND.apiBaseUrl}/core/keypairs`,
  '```',
  '',
].join('\n');

/** Every default value a partner's Markdown must not show. */
const defaults = [DEFAULT_BRAND.name, 'example.com'];

describe('prefersMarkdown', () => {
  it('picks Markdown only when the client ranks it at least as high as HTML', () => {
    expect(prefersMarkdown('text/markdown')).toBe(true);
    expect(prefersMarkdown('text/markdown, text/html;q=0.9')).toBe(true);
    expect(prefersMarkdown('text/html, text/markdown;q=0.5')).toBe(false);
    expect(prefersMarkdown('text/markdown;q=0')).toBe(false);
    expect(prefersMarkdown('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(false);
    expect(prefersMarkdown(undefined)).toBe(false);
  });
});

describe('brandedMarkdown', () => {
  it("puts a partner's values in place of every default one", () => {
    const md = brandedMarkdown(twin, brandFromConfig(partner));
    for (const value of defaults) expect(md).not.toContain(value);
    expect(md).toContain('Acme Compute VMs accept SSH keys.');
    expect(md).toContain('[console](https://console.acme.test/keypairs)');
    expect(md).toContain('[help@acme.test](mailto:help@acme.test)');
    expect(md).toContain('[deals@acme.test](mailto:deals@acme.test)');
    expect(md).toContain('[propose a feature](https://ideas.acme.test)');
    expect(md).toContain('(https://docs.acme.test/docs/network/keys.md)');
    expect(md).toContain('curl https://api.acme.test/v1/core/keypairs');
  });

  it('drops the default feedback link for a partner without one, and escapes Markdown in names', () => {
    const md = brandedMarkdown(twin, brandFromConfig({name: '[Evil](javascript:alert(1)) *Co*'}));
    expect(md).toContain('or propose a feature.');
    expect(md).not.toContain('feedback.example.com');
    expect(md).toContain('\\[Evil\\]\\(javascript:alert\\(1\\)\\) \\*Co\\* VMs');
    expect(md).not.toMatch(/\]\(javascript:/);
  });

  it("points docs links at the partner's host when the partner names no docs URL", () => {
    const md = brandedMarkdown(twin, brandFromConfig({name: 'Initech'}), 'http://initech.localhost:3000');
    expect(md).toContain('(http://initech.localhost:3000/docs/network/keys.md)');
    expect(md).not.toContain(DEFAULT_BRAND.docsUrl);
  });

  it("names a partner's docs URL without its trailing slash, as the pages' head does", () => {
    const md = brandedMarkdown(twin, brandFromConfig({name: 'Initech', uris: {doc: 'https://docs.initech.example/'}}), 'http://initech.localhost:3000');
    expect(md).toContain('(https://docs.initech.example/docs/network/keys.md)');
  });

  it('leaves the default brand alone', () => {
    expect(brandedMarkdown(twin, defaultBrand())).toBe(twin);
  });
});

describe('server: Markdown twins and llms files', () => {
  let dir: string;
  let partnersDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docs-md-'));
    partnersDir = await mkdtemp(path.join(os.tmpdir(), 'docs-partners-'));
    await mkdir(path.join(dir, 'docs/network'), {recursive: true});
    await mkdir(path.join(dir, 'llms-full'), {recursive: true});
    await writeFile(path.join(dir, 'docs/network/ssh.html'), '<!doctype html><title>SSH</title>');
    await writeFile(path.join(dir, 'docs/network/ssh.md'), twin);
    await writeFile(path.join(dir, 'docs/intro.html'), '<!doctype html><title>Intro</title>');
    await writeFile(path.join(dir, 'llms.txt'), `# ${DEFAULT_BRAND.name}\n\n> Docs.\n\n## Network\n\n- [SSH](${DEFAULT_BRAND.docsUrl}/docs/network/ssh.md): Keys.\n`);
    await writeFile(path.join(dir, 'llms-full/network.txt'), twin);
    await writeFile(path.join(dir, '404.html'), 'not found');
    await writeBuildManifest(dir);
    await writeFile(path.join(partnersDir, 'acme.json'), JSON.stringify({domains: ['acme.localhost'], ...partner}));
    app = await createApp({buildDir: dir, partnersDir, watchPartners: false});
  });

  afterAll(async () => {
    await app?.close();
    await rm(dir, {recursive: true, force: true});
    await rm(partnersDir, {recursive: true, force: true});
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({method: 'GET', url, headers: {host: 'docs.example.com', ...headers}});

  it('answers Accept: text/markdown on a page with its twin, and says the answer varies by Accept', async () => {
    const md = await get('/docs/network/ssh', {accept: 'text/markdown'});
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toMatch(/^text\/markdown/);
    expect(md.headers.vary).toMatch(/\bAccept\b/);
    expect(md.body).toBe(twin);
    const html = await get('/docs/network/ssh', {accept: 'text/html,*/*;q=0.8'});
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers.vary).toMatch(/\bAccept\b/);
    // A page without a twin does not vary.
    expect((await get('/docs/intro', {accept: 'text/markdown'})).headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves twins and llms files as they were built on the default host', async () => {
    const res = await get('/docs/network/ssh.md');
    expect(res.headers['content-type']).toMatch(/^text\/markdown; charset=utf-8/);
    expect(res.body).toBe(twin);
    expect((await get('/llms.txt')).body).toContain(`# ${DEFAULT_BRAND.name}`);
  });

  it("serves them on a partner's host with the partner's values and none of the default brand's", async () => {
    for (const url of ['/docs/network/ssh.md', '/llms.txt', '/llms-full/network.txt']) {
      const res = await get(url, {host: 'acme.localhost:3000'});
      if (url === '/llms.txt') expect(res.body).toContain('(https://docs.acme.test/docs/network/ssh.md)');
      expect(res.statusCode, url).toBe(200);
      for (const value of defaults) expect(res.body, url).not.toContain(value);
      expect(res.body, url).toContain('Acme Compute');
    }
    const negotiated = await get('/docs/network/ssh', {host: 'acme.localhost', accept: 'text/markdown'});
    expect(negotiated.body).toContain('https://api.acme.test/v1/core/keypairs');
  });
});
