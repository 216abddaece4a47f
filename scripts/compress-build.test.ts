import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {afterEach, describe, expect, it} from 'vitest';
import {writeBuildManifest} from '../server/build-manifest';
import {brotliQuality, compressBuild} from './compress-build';

describe('brotliQuality', () => {
  const build = path.join(os.tmpdir(), 'a-build');
  const quality = (file: string) => brotliQuality(path.join(build, file), build);

  it('gives 11 to what a first visit or a first search waits for', () => {
    for (const file of ['assets/js/main.4eda42ba.js', 'assets/js/runtime~main.d03ba3fa.js', 'assets/js/doc-shell.9179942e.js', 'assets/js/2212.4bfc909a.js', 'assets/css/styles.5c4bd7d1.css', 'img/logo.svg', 'search/text.28.61aeae7854.json']) {
      expect(quality(file), file).toBe(11);
    }
  });

  it("gives 10 to route chunks and to the search index's entry and term files", () => {
    for (const file of ['assets/js/1df93b7f.7dcbb74b.js', 'search/meta.7cfd6d231d.json', 'search/terms.0.77884ad0d1.json']) {
      expect(quality(file), file).toBe(10);
    }
  });

  it('gives 5 to pages, twins, llms files, the spec and the whole records file', () => {
    for (const file of ['docs/intro.html', 'index.html', 'docs/intro.md', 'llms-full.txt', 'openapi.yaml', 'openapi.json', 'sitemap.xml', 'search/records.6c90e4a303.json']) {
      expect(quality(file), file).toBe(5);
    }
  });
});

describe('compressBuild', () => {
  let dir: string;
  afterEach(() => rmSync(dir, {recursive: true, force: true}));

  it('writes smaller copies that decompress to the file, and hands the manifest what it read and wrote', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'compress-build-test-'));
    mkdirSync(path.join(dir, 'docs'));
    const page = `<!doctype html><html><head><script>window.a=1</script></head><body>${'<p>Volumes keep data.</p>'.repeat(200)}</body></html>`;
    writeFileSync(path.join(dir, 'docs/page.html'), page);
    writeFileSync(path.join(dir, 'tiny.txt'), 'too small to compress');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const {files, contents} = await compressBuild(dir);
    expect(files).toBe(1);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'docs/page.html.br'))).toString()).toBe(page);
    expect(gunzipSync(readFileSync(path.join(dir, 'docs/page.html.gz'))).toString()).toBe(page);
    expect([...contents.keys()].sort()).toEqual(['docs/page.html', 'docs/page.html.br', 'docs/page.html.gz', 'tiny.txt']);

    // The manifest from those contents is the manifest read from disk.
    const fromContents = JSON.stringify(await writeBuildManifest(dir, contents));
    expect(JSON.stringify(await writeBuildManifest(dir))).toBe(fromContents);
    expect(JSON.parse(fromContents).files['logo.png'].size).toBe(4);
  });
});
