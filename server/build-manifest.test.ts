import {createHash} from 'node:crypto';
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {createApp} from './app';
import {loadBuild, MANIFEST_FILE, writeBuildManifest, type BuildManifest} from './build-manifest';
import {POLICY_FILE, scriptHash} from '../plugins/security-policy/policy';

const PRE_PAINT = 'document.documentElement.dataset.brandPending="first-visit"';
const page = (script: string) => `<!doctype html><script>${script}</script><title>Home</title>`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A small build: two pages sharing an inline script, an asset, the policy file and a build stamp. */
async function build(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docs-manifest-'));
  cleanups.push(() => rm(dir, {recursive: true, force: true}));
  await mkdir(path.join(dir, 'docs/intro'), {recursive: true});
  await mkdir(path.join(dir, 'assets/js'), {recursive: true});
  await writeFile(path.join(dir, 'index.html'), page(PRE_PAINT));
  await writeFile(path.join(dir, 'docs/intro/index.html'), `${page(PRE_PAINT)}<script type="application/ld+json">{"a":1}</script><script>second()</script>`);
  await writeFile(path.join(dir, 'assets/js/main.0123abcd.js'), 'console.log(1)');
  await writeFile(path.join(dir, POLICY_FILE), JSON.stringify({connectSrc: ['https://api.partners.example', 'javascript:alert(1)'], scriptSrc: [], imgSrc: []}));
  await writeFile(path.join(dir, '.build-fingerprint'), 'abc');
  return dir;
}

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

describe('the build manifest', () => {
  it("lists every file with its size and hash, the pages' inline-script hashes and the policy's origins", async () => {
    const dir = await build();
    const written = await writeBuildManifest(dir);
    const onDisk = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as BuildManifest;
    expect(onDisk).toEqual(written);
    expect(Object.keys(onDisk.files).sort()).toEqual(['.build-fingerprint', 'assets/js/main.0123abcd.js', 'docs/intro/index.html', 'index.html', POLICY_FILE].sort());
    expect(onDisk.files['assets/js/main.0123abcd.js']).toEqual({size: 14, sha256: createHash('sha256').update('console.log(1)').digest('hex')});
    // Each script once, data blocks left out.
    expect(onDisk.scriptHashes).toEqual([scriptHash(PRE_PAINT), scriptHash('second()')].sort());
    expect(onDisk.policySources.connectSrc).toEqual(['https://api.partners.example']);
  });

  it('is what the server serves from: the site files, never the manifest or the build stamp', async () => {
    const dir = await build();
    await writeBuildManifest(dir);
    const loaded = await loadBuild(dir);
    expect([...loaded.files].sort()).toEqual(['assets/js/main.0123abcd.js', 'docs/intro/index.html', 'index.html', POLICY_FILE].sort());
    const app = await createApp({buildDir: dir, watchPartners: false});
    cleanups.push(() => app.close());
    expect((await app.inject({method: 'GET', url: `/${MANIFEST_FILE}`})).statusCode).toBe(404);
    expect((await app.inject({method: 'GET', url: '/.build-fingerprint'})).statusCode).toBe(404);
    expect((await app.inject({method: 'GET', url: '/readyz'})).json()).toMatchObject({status: 'ready', buildFiles: 4});
  });

  it('stops start-up, saying to build, when a build has no manifest', async () => {
    const dir = await build();
    await expect(createApp({buildDir: dir, watchPartners: false})).rejects.toThrow(/has no manifest \(\.build-manifest\.json\).*npm run build/s);
  });

  it('stops start-up, naming the files, when the build changed after its manifest was written', async () => {
    const dir = await build();
    await writeBuildManifest(dir);
    await writeFile(path.join(dir, 'docs/new.html'), page('added()'));
    await expect(createApp({buildDir: dir, watchPartners: false})).rejects.toThrow(/changed after its manifest was written: 1 not in it \(docs\/new\.html\).*npm run build/s);

    await writeBuildManifest(dir);
    await rm(path.join(dir, 'docs/intro/index.html'));
    await expect(loadBuild(dir)).rejects.toThrow(/1 of its files missing \(docs\/intro\/index\.html\)/);
  });

  it('stops start-up when the manifest is not one this server reads', async () => {
    const dir = await build();
    await writeFile(path.join(dir, MANIFEST_FILE), '{"version": 0, "files": {}}');
    await expect(loadBuild(dir)).rejects.toThrow(/of another version of the site.*npm run build/s);
    await writeFile(path.join(dir, MANIFEST_FILE), '{not json');
    await expect(loadBuild(dir)).rejects.toThrow(/cannot be read.*npm run build/s);
  });

  it('keeps the policy of the build for a page changed after it: a script added to the page is not allowed', async () => {
    const dir = await build();
    await writeBuildManifest(dir);
    const app = await createApp({buildDir: dir, watchPartners: false});
    cleanups.push(() => app.close());
    // The server reads pages as it serves them, but their policy only from the manifest.
    await writeFile(path.join(dir, 'index.html'), `${page(PRE_PAINT)}<script>injected()</script>`);
    const res = await app.inject({method: 'GET', url: '/'});
    expect(res.body).toContain('injected()');
    const scriptSrc = cspOf(res.headers).split('; ').find((d) => d.startsWith('script-src '))!.split(' ');
    expect(scriptSrc).toContain(scriptHash(PRE_PAINT));
    expect(scriptSrc).not.toContain(scriptHash('injected()'));
  });

  it('serves nothing, and is not ready, where there is no build at all', async () => {
    const missing = path.join(os.tmpdir(), `docs-no-build-${process.pid}-${Date.now()}`);
    expect((await loadBuild(missing)).files.size).toBe(0);
  });
});
