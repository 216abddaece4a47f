import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {columnValue, encodeColumn, COLUMN_MAX, type ChunkedMeta} from '../../src/search/chunkFormat';
import {prebuildIndex} from '../../src/search/engine';
import {expandRecords, type CompactRecords} from '../../src/search/records';
import {chunkedSourceFromDir, chunkFiles, entryFileName, pageParts, readChunkedRecords, readChunkedSearchRecords, type ChunkSizes} from './chunks';

const FILE: CompactRecords = {
  v: 1,
  pages: [
    ['/docs/volumes', 'Storage', 'Volumes', 'docs-default-current', 'en', 2],
    ['/docs/api/create-volume', 'API reference', 'Create a volume', 'docs-default-current', 'en', 0],
  ],
  records: [
    [0, 1, 'Volumes', null, -1],
    [0, 0, 'A volume is block storage.', null, 0],
    [0, 2, 'Resize', 'resize', 0],
    [0, 0, 'Detach it first.', 'resize', 2],
    [1, 1, 'Create a volume', null, -1],
    [1, 2, 'Code samples', 'code-samples', 4],
    [1, 0, 'curl -X POST /v1/volumes', 'code-samples', 5],
  ],
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** The chunked index of FILE written to a fresh folder, as the build writes it. */
function written(sizes?: Partial<ChunkSizes>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-chunks-'));
  dirs.push(dir);
  const {meta, files} = chunkFiles(FILE, prebuildIndex(expandRecords(FILE)), sizes);
  for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({index: meta}));
  return {dir, meta, files};
}

describe('the chunked index files', () => {
  it('split long pages into parts at their level-2 headings, and files start only where a part does', () => {
    expect(pageParts(FILE.records)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
      [5, 7],
    ]);
    // One part per file at the smallest size: a level-2 section's records travel with its heading.
    const parts = written({text: 1, wholePage: 0});
    expect((JSON.parse(parts.files.get(parts.meta)!) as ChunkedMeta).text.first).toEqual([0, 2, 4, 5]);
    // Pages short enough stay whole, one file each at that size.
    const pages = written({text: 1});
    expect((JSON.parse(pages.files.get(pages.meta)!) as ChunkedMeta).text.first).toEqual([0, 4]);
    // A record whose heading lies before its part (a level-3 heading's text cut from it) is refused.
    const broken: CompactRecords['records'] = [...FILE.records.slice(0, 3), [0, 0, 'Orphan.', null, 1]];
    expect(() => pageParts(broken)).toThrow(/Search record 3 has its heading \(record 1\) before its page part/);
  });

  it('are content-hashed, and give back every record', () => {
    const {dir, meta, files} = written({text: 50});
    for (const name of files.keys()) expect(name).toMatch(/^(meta|terms\.[a-z0-9_]+|text\.\d+)\.[0-9a-f]{10}\.json$/);
    expect(entryFileName(dir)).toBe(meta);
    expect(readChunkedRecords(dir, meta)).toEqual(FILE);
    expect(readChunkedSearchRecords(dir, meta)).toEqual(expandRecords(FILE));
  });

  it('keep per record what ranking reads without the text: level, anchor number, generic API section', () => {
    const {files, meta} = written();
    const entry = JSON.parse(files.get(meta)!) as ChunkedMeta;
    const column = (value: string) => Array.from(value, (_, i) => columnValue(value, i));
    expect(column(entry.levels)).toEqual([1, 0, 2, 0, 1, 2, 0]);
    expect(column(entry.anchors)).toEqual([0, 0, 1, 1, 0, 1, 1]);
    expect(column(entry.sectionOf).map((n) => (n ? entry.sections[n - 1] : null))).toEqual([null, null, null, null, null, 'Code samples', 'Code samples']);
    expect(JSON.stringify(entry)).not.toContain('Detach it first');
  });

  it('write per-record numbers as columns of one character each, which read back as written', () => {
    const values = [0, 1, null, 2, 57, 1000, COLUMN_MAX, null];
    const column = encodeColumn(values);
    expect(column).toHaveLength(values.length);
    expect(values.map((_, i) => columnValue(column, i))).toEqual(values);
    // Through JSON too, whatever characters it had to escape.
    const parsed = JSON.parse(JSON.stringify(column)) as string;
    expect(values.map((_, i) => columnValue(parsed, i))).toEqual(values);
    expect(columnValue(column, values.length)).toBeNaN();
    for (const bad of [-1, 1.5, COLUMN_MAX + 1, NaN]) expect(() => encodeColumn([bad])).toThrow(/whole numbers from 0/);
  });

  it('change name when their content changes', () => {
    const a = chunkFiles(FILE, prebuildIndex(expandRecords(FILE)));
    const changed: CompactRecords = {...FILE, records: FILE.records.map((r, i) => (i === 1 ? [r[0], r[1], 'A volume is disk storage.', r[3], r[4]] : r))};
    const b = chunkFiles(changed, prebuildIndex(expandRecords(changed)));
    expect(b.meta).not.toBe(a.meta);
  });

  it('say clearly which file is missing or not JSON', async () => {
    const {dir, meta, files} = written({text: 50});
    const text = [...files.keys()].find((name) => name.startsWith('text.'))!;
    writeFileSync(path.join(dir, text), '<html>');
    expect(() => readChunkedRecords(dir, meta)).toThrow(`The search index file ${text} is not valid JSON.`);
    rmSync(path.join(dir, text));
    expect(() => readChunkedRecords(dir, meta)).toThrow(new RegExp(`${text.replaceAll('.', '\\.')} is missing`));
    expect(() => entryFileName(path.join(dir, 'nope'))).toThrow(/manifest\.json is missing/);
    const source = chunkedSourceFromDir(dir);
    await expect(source.fetchFile(text)).rejects.toThrow(/ENOENT/);
  });
});
