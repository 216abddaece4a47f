import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {stringify} from 'yaml';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';
import {DEFAULT_PARTNERS_DIR, isHostName, loadPartners, normalizeHostName, PartnerRegistry, watchPartners, type PartnerWatcher} from './partners';

const acme = {name: 'Acme Compute', theme: 'slate', colors: {primary: {light: 'teal'}}};
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** A temporary folder holding the given files, removed after the test. */
async function folder(files: Record<string, string>, prefix = 'partners-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, {recursive: true, force: true}));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

const yamlFile = (value: object) => stringify(value);
const jsonFile = (value: object) => JSON.stringify(value, null, 2);

/** Resolves to the rejection message of `promise`; fails the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('loadPartners', () => {
  it('loads the demo partners of the repository', async () => {
    const registry = await loadPartners(DEFAULT_PARTNERS_DIR);
    const acmeServed = registry.lookup('acme.localhost');
    const globexServed = registry.lookup('globex.localhost');
    expect(acmeServed?.config.name).toBe('Acme Compute');
    expect(globexServed?.config.name).toBe('Globex GPU');
    expect(JSON.parse(acmeServed!.body)).not.toHaveProperty('domains');
    expect(registry.entries.map((e) => e.file)).toEqual(expect.arrayContaining(['partners/acme.yaml', 'partners/globex.json']));
    // One demo partner is dark-first, and the API says so.
    expect(JSON.parse(globexServed!.body).color_mode).toBe('dark');
  });

  it('serves color_mode and rejects a value other than light or dark, naming file and field', async () => {
    const good = await loadPartners(await folder({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'A', color_mode: 'light'})}));
    expect(JSON.parse(good.lookup('a.localhost')!.body)).toEqual({name: 'A', color_mode: 'light'});
    const dir = await folder({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'A', color_mode: 'auto'})});
    expect(await rejection(loadPartners(dir))).toContain(`${path.basename(dir)}/a.yaml: color_mode must be one of light, dark`);
  });

  it('reads .json, .yaml and .yml and serves each file minus domains', async () => {
    const dir = await folder({
      'a.yaml': yamlFile({domains: ['a.localhost'], ...acme}),
      'b.yml': yamlFile({domains: ['b.localhost', 'docs.b.example'], name: 'B'}),
      'c.json': jsonFile({domains: ['c.localhost'], name: 'C', theme: 'zinc'}),
    });
    const registry = await loadPartners(dir);
    expect(JSON.parse(registry.lookup('a.localhost')!.body)).toEqual(acme);
    expect(registry.lookup('docs.b.example')?.config).toEqual({name: 'B'});
    expect(registry.lookup('c.localhost')?.config).toEqual({name: 'C', theme: 'zinc'});
    expect(registry.lookup('unknown.localhost')).toBeUndefined();
  });

  it('gives a strong ETag that changes with the body', async () => {
    const one = await loadPartners(await folder({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'One'})}));
    const two = await loadPartners(await folder({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'Two'})}));
    const etag = one.lookup('a.localhost')!.etag;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(two.lookup('a.localhost')!.etag).not.toBe(etag);
  });

  it('gives an empty registry for a folder without partner files, ignoring other files', async () => {
    const dir = await folder({'README.md': '# notes', '.acme.yaml.swp': 'garbage', 'notes.txt': 'x'});
    const registry = await loadPartners(dir);
    expect(registry.entries).toEqual([]);
  });

  it('rejects naming the file and every broken field', async () => {
    const dir = await folder({
      'acme.yaml': yamlFile({domains: ['acme.localhost'], name: 'Acme', colors: {primary: {light: 'tael'}}, support_email: 'nope', logos: {light: 'javascript:alert(1)'}}),
    });
    const message = await rejection(loadPartners(dir));
    const file = `${path.basename(dir)}/acme.yaml`;
    expect(message).toContain(`${file}: colors.primary.light must be one of the 22 colour names`);
    expect(message).toContain(`${file}: support_email must be an email address`);
    expect(message).toContain(`${file}: logos.light must be an https:, http: or root-relative`);
  });

  it('rejects a missing name, missing or empty domains, and bad host names', async () => {
    const dir = await folder({
      'a.json': jsonFile({theme: 'zinc'}),
      'b.json': jsonFile({domains: [], name: 'B'}),
      'c.json': jsonFile({domains: ['Upper.localhost', 'a..b', '-a.com', 'x'.repeat(64) + '.com', 'c.localhost', 'c.localhost'], name: 'C'}),
    });
    const message = await rejection(loadPartners(dir));
    const at = (name: string) => `${path.basename(dir)}/${name}`;
    expect(message).toContain(`${at('a.json')}: name is required`);
    expect(message).toContain(`${at('a.json')}: domains is required`);
    expect(message).toContain(`${at('b.json')}: domains must list at least one host name`);
    expect(message).toContain(`${at('c.json')}: domains[0] must be lower-case`);
    expect(message).toContain(`${at('c.json')}: domains[1] must be a host name`);
    expect(message).toContain(`${at('c.json')}: domains[2] must be a host name`);
    expect(message).toContain(`${at('c.json')}: domains[3] must be a host name`);
    expect(message).toContain(`${at('c.json')}: domains[5] lists c.localhost a second time`);
  });

  it('rejects unknown fields at any depth, so that a typo does not pass silently', async () => {
    const dir = await folder({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'A', colours: {}, colors: {primary: {ligth: 'teal'}}})});
    const message = await rejection(loadPartners(dir));
    expect(message).toContain('a.yaml: colours is not a known field');
    expect(message).toContain('a.yaml: colors.primary.ligth is not a known field (expected one of light, dark)');
  });

  it('rejects a host claimed by two files, naming both', async () => {
    const dir = await folder({
      'acme.yaml': yamlFile({domains: ['acme.localhost'], name: 'Acme'}),
      'copy.json': jsonFile({domains: ['other.localhost', 'acme.localhost'], name: 'Copy'}),
    });
    const message = await rejection(loadPartners(dir));
    expect(message).toMatch(/copy\.json: domain acme\.localhost is already served by .*acme\.yaml/);
  });

  it('rejects unparseable YAML and JSON with the parser message', async () => {
    const dir = await folder({'a.yaml': 'name: Acme\ndomains: [acme.localhost\n', 'b.json': '{"name": "B",}', 'c.yml': '  \n'});
    const message = await rejection(loadPartners(dir));
    expect(message).toMatch(/a\.yaml: is not valid YAML: .+line \d+/);
    expect(message).toMatch(/b\.json: is not valid JSON: .+/);
    expect(message).toContain('c.yml: is empty');
  });

  it('rejects a folder that does not exist', async () => {
    const message = await rejection(loadPartners(path.join(os.tmpdir(), 'no-such-partner-folder-9f3a')));
    expect(message).toContain('the folder does not exist');
  });
});

describe('host names', () => {
  it('accepts DNS host names and refuses the rest', () => {
    for (const ok of ['localhost', 'acme.localhost', 'docs.acme.example', 'a-b.c1', '1.2.3.4', `${'a'.repeat(63)}.com`]) expect(isHostName(ok), ok).toBe(true);
    for (const bad of ['', '.', 'a..b', '-a.com', 'a-.com', 'a.com.', 'exa mple.com', '<script>', 'a_b.com', 'é.com', `${'a'.repeat(64)}.com`]) expect(isHostName(bad), bad).toBe(false);
  });

  it('lower-cases and strips one trailing dot, refusing letters that only lower-case to ASCII', () => {
    expect(normalizeHostName('ACME.Localhost.')).toBe('acme.localhost');
    expect(normalizeHostName('acme.localhost..')).toBeUndefined();
    expect(normalizeHostName('\u212Acme.localhost')).toBeUndefined();
  });
});

describe('createApp with partner files', () => {
  const buildDir = async () => {
    const dir = await folder({'index.html': '<!doctype html><title>Home</title>'}, 'docs-build-');
    await writeBuildManifest(dir);
    return dir;
  };

  async function start(options: {partnersDir: string; watchPartners: boolean}): Promise<{app: FastifyInstance; url: string}> {
    const app = await createApp({buildDir: await buildDir(), ...options});
    cleanups.push(() => app.close());
    await app.listen({port: 0, host: '127.0.0.1'});
    const {port} = app.server.address() as {port: number};
    return {app, url: `http://127.0.0.1:${port}/v1/auth/partner-config/docs?domain=`};
  }

  it('rejects at start naming the file and field of an invalid partner', async () => {
    const partnersDir = await folder({'acme.yaml': yamlFile({domains: ['acme.localhost'], name: 'Acme', theme: 'purple'})});
    const message = await rejection(createApp({buildDir: await buildDir(), partnersDir, watchPartners: false}));
    expect(message).toContain(`${path.basename(partnersDir)}/acme.yaml: theme must be one of neutral, slate, zinc, stone, gray`);
  });

  it('rejects at start when two files claim a host, naming both', async () => {
    const partnersDir = await folder({
      'a.yaml': yamlFile({domains: ['same.localhost'], name: 'A'}),
      'b.yaml': yamlFile({domains: ['same.localhost'], name: 'B'}),
    });
    const message = await rejection(createApp({buildDir: await buildDir(), partnersDir, watchPartners: false}));
    expect(message).toContain('b.yaml');
    expect(message).toContain('a.yaml');
  });

  it('rejects at start on unparseable YAML', async () => {
    const partnersDir = await folder({'a.yaml': 'name: [unclosed'});
    expect(await rejection(createApp({buildDir: await buildDir(), partnersDir, watchPartners: false}))).toContain('a.yaml: is not valid YAML');
  });

  it('serves a valid change once the watcher fires, and keeps the last good version on an invalid one', async () => {
    const partnersDir = await folder({'acme.yaml': yamlFile({domains: ['acme.localhost'], ...acme})});
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const {url} = await start({partnersDir, watchPartners: true});
    const name = async (domain: string) => {
      const res = await fetch(url + domain);
      return res.ok ? ((await res.json()) as {name: string}).name : res.status;
    };
    expect(await name('acme.localhost')).toBe('Acme Compute');

    await writeFile(path.join(partnersDir, 'acme.yaml'), yamlFile({domains: ['acme.localhost', 'new.localhost'], ...acme, name: 'Acme Cloud'}));
    await eventually(async () => (await name('acme.localhost')) === 'Acme Cloud');
    expect(await name('new.localhost')).toBe('Acme Cloud');

    await writeFile(path.join(partnersDir, 'acme.yaml'), yamlFile({domains: ['acme.localhost'], ...acme, name: 'Broken', theme: 'purple'}));
    // An editor's write may be seen half done first (an empty file): wait for the final verdict.
    await eventually(() => errors.mock.calls.some(([m]) => String(m).includes('acme.yaml: theme must be one of')));
    expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/^Partner files changed but are not valid; still serving the previous version/);
    expect(await name('acme.localhost')).toBe('Acme Cloud');

    await writeFile(path.join(partnersDir, 'globex.json'), jsonFile({domains: ['globex.localhost'], name: 'Globex GPU'}));
    // The broken acme.yaml still blocks the whole set: nothing half-applied.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await name('globex.localhost')).toBe(404);
  });
});

describe('watchPartners', () => {
  async function watched(files: Record<string, string>) {
    const dir = await folder(files);
    const registry = await loadPartners(dir);
    const onError = vi.fn<(message: string) => void>();
    const onReload = vi.fn<(registry: PartnerRegistry) => void>();
    const watcher: PartnerWatcher = watchPartners(dir, registry, {onError, onReload});
    cleanups.push(() => watcher.close());
    return {dir, registry, onError, onReload, watcher};
  }

  it('replaces the registry contents on a valid change', async () => {
    const {dir, registry, onReload, onError} = await watched({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'A'})});
    await writeFile(path.join(dir, 'b.json'), jsonFile({domains: ['b.localhost'], name: 'B'}));
    await eventually(() => registry.lookup('b.localhost') !== undefined);
    expect(registry.lookup('a.localhost')?.config.name).toBe('A');
    expect(onReload).toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('keeps the last good version and reports an invalid change', async () => {
    const {dir, registry, onError} = await watched({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'A'})});
    await writeFile(path.join(dir, 'a.yaml'), 'name: [broken');
    await eventually(() => onError.mock.calls.some(([m]) => m.includes('a.yaml: is not valid YAML')));
    expect(registry.lookup('a.localhost')?.config.name).toBe('A');
  });

  it('stops reloading once closed', async () => {
    const {dir, registry, watcher, onReload} = await watched({'a.yaml': yamlFile({domains: ['a.localhost'], name: 'A'})});
    watcher.close();
    await writeFile(path.join(dir, 'a.yaml'), yamlFile({domains: ['a.localhost'], name: 'Changed'}));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(registry.lookup('a.localhost')?.config.name).toBe('A');
    expect(onReload).not.toHaveBeenCalled();
  });
});
