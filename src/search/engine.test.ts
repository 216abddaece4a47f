import {describe, expect, it, vi} from 'vitest';
import {FIELDS, newEngine, prebuildIndex, restoreEngine, type PrebuiltIndex} from './engine';
import {createLocalSearchClient} from './localClient';
import {expandRecords, type CompactRecords} from './records';

const FILE: CompactRecords = {
  v: 1,
  pages: [
    ['/docs/storage/volumes', 'Storage', 'Volumes', 'docs-default-current', 'en', 1],
    ['/docs/compute/snapshots', 'Virtual machines', 'Snapshots', 'docs-default-current', 'en', 1],
    ['/docs/api-reference/volumes/resize', 'API reference', 'Resize a volume', 'docs-default-current', 'en', 0],
  ],
  records: [
    [0, 1, 'Volumes', null, -1],
    [0, 0, 'A volume is block storage you attach to one virtual machine at a time. A volume outlives its machine.', null, 0],
    [0, 2, 'Resize a volume', 'resize', 0],
    [0, 3, 'Online résizing', 'online', 2],
    [0, 0, 'Detach the volume before you make it larger; the file_system grows on the next boot.', 'online', 3],
    [1, 1, 'Snapshots', null, -1],
    [1, 0, 'A snapshot keeps the state of a volume at one moment. Snapshots of snapshots are not kept.', null, 5],
    [2, 1, 'Resize a volume', null, -1],
    [2, 0, 'POST /v1/volumes/{volume_id}/resize with the new size_gb: 10, 20 or 2000.', null, 7],
  ],
};
const records = expandRecords(FILE);

function builtHere() {
  const engine = newEngine(records);
  records.forEach((_, position) => engine.add(position));
  return engine;
}

/** The index as it travels: through JSON, as the build writes it and the browser reads it. */
const shipped = (): PrebuiltIndex => JSON.parse(JSON.stringify(prebuildIndex(records)));

describe('the prebuilt search index', () => {
  it('restores to the very engine the browser would build from the records', async () => {
    const restored = await restoreEngine(shipped(), records);
    expect(restored).not.toBeNull();
    expect(JSON.stringify(restored!.toJSON())).toBe(JSON.stringify(builtHere().toJSON()));
  });

  it("restores the same engine in slices, as the page's own thread does", async () => {
    const slices: [number, number][] = [];
    const restored = await restoreEngine(shipped(), records, async (count, work) => {
      for (let from = 0; from < count; from += 7) {
        slices.push([from, Math.min(count, from + 7)]);
        work(from, Math.min(count, from + 7));
        await Promise.resolve();
      }
    });
    expect(slices.length).toBeGreaterThan(3);
    expect(JSON.stringify(restored!.toJSON())).toBe(JSON.stringify(builtHere().toJSON()));
  });

  it('answers every kind of query as the index built in the browser does', async () => {
    const fromIndex = createLocalSearchClient(async () => ({records, index: shipped()}), {origin: ''});
    const fromRecords = createLocalSearchClient(async () => records, {origin: ''});
    for (const query of ['volume', 'vol', 'snapshto', 'resizing', 'resize volume', 'file_system', 'size_gb 20', 'zzz']) {
      const request = {requests: [{indexName: 'docs', query, hitsPerPage: 20, distinct: 0}]};
      const [a, b] = await Promise.all([fromIndex.search(request), fromRecords.search(request)]);
      expect({...a.results[0], processingTimeMS: 0}, query).toEqual({...b.results[0], processingTimeMS: 0});
    }
  });

  it('is refused when it does not fit the records, and the records are indexed instead', async () => {
    const broken: [string, (index: PrebuiltIndex) => void][] = [
      ['another field list', (index) => index.fields.reverse()],
      ['another number of records', (index) => index.fieldLength.pop()],
      ['a posting past the last record', (index) => index.postings[0].push(0, 1, records.length + 1)],
      ['a cut posting list', (index) => index.postings[index.terms.indexOf('volume')].splice(-1)],
      ['a count without its record', (index) => index.postings[0].push(0, 1, -1)],
      ['an unknown field', (index) => (index.postings[0][0] = 99)],
      ['terms without postings', (index) => index.postings.pop()],
      ['postings that are not a list', (index) => (index.postings[1] = 'x' as never)],
      ["a record's lengths that are not a list", (index) => (index.fieldLength[2] = null as never)],
      ['lengths of more fields than there are', (index) => index.fieldLength[0].push(...Array(FIELDS.length).fill(1))],
      ['no average lengths', (index) => delete (index as Partial<PrebuiltIndex>).averageFieldLength],
    ];
    for (const [what, breakIt] of broken) {
      const index = shipped();
      breakIt(index);
      expect(await restoreEngine(index, records), what).toBeNull();
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const index = shipped();
    index.fieldLength.pop();
    const client = createLocalSearchClient(async () => ({records, index}), {origin: ''});
    const {results} = await client.search({requests: [{indexName: 'docs', query: 'snapshot'}]});
    expect(results[0].hits[0].url).toBe('/docs/compute/snapshots');
    expect(warn).toHaveBeenCalledWith('The search index of the records file does not fit its records; indexing them here instead.');
    warn.mockRestore();
  });

  it('stores record positions as gaps, so the file stays small', () => {
    const index = prebuildIndex(records);
    const flat = index.postings[index.terms.indexOf('volume')];
    const byField = new Map<number, number[]>();
    for (let k = 0; k < flat.length; ) {
      const field = flat[k++];
      const length = flat[k++];
      const start = k;
      for (let n = 0; n < length; n += 1) if (flat[k++] < 0) k += 1;
      byField.set(field, flat.slice(start, k));
    }
    // content (field 7): records 1, 4 and 6 as gaps of 2 (from -1), 3 and 2; "volume" twice in
    // record 1, so its gap is negative and followed by the count.
    expect(byField.get(7)).toEqual([-2, 2, 3, 2]);
    // lvl1 (field 1), the page title "Resize a volume": records 7 and 8; lvl2, the heading: records 2, 3 and 4.
    expect(byField.get(1)).toEqual([8, 1]);
    expect(byField.get(2)).toEqual([3, 1, 1]);
  });
});
