import MiniSearch from 'minisearch';
import {describe, expect, it, vi} from 'vitest';
import {chunkFiles, termTreeText} from '../../plugins/search-index/chunks';
import {ChunkedStore, checkMeta, madeOnRead, TermTreeText, withTermsPrefetched, type FetchIndexFile} from './chunked';
import {termKey, textFileName, type ChunkedMeta} from './chunkFormat';
import {EARLY_SEARCH_ID} from './earlyHandover';
import {prebuildIndex, withIndex} from './engine';
import {createLocalSearchClient, ONE_LETTER_WAIT_MS, type IndexStatus} from './localClient';
import {fromEntryFile} from './loadRecords';
import {expandRecords, type CompactRecords} from './records';
import {serveLocalSearch} from './workerHost';
import {createWorkerSearchClient, type FailingEndpoint} from './workerClient';

const page = (route: string, title: string, words: string[]): {page: CompactRecords['pages'][number]; texts: string[]} => ({
  page: [route, 'Guides', title, 'docs-default-current', 'en', 2],
  texts: words,
});

/** Pages enough for several text files, with words under many first letters. */
function fixture(): CompactRecords {
  const pages = [
    page('/docs/volumes', 'Volumes', ['A volume is block storage you attach to one virtual machine.', 'Detach the volume before you resize it.']),
    page('/docs/snapshots', 'Snapshots', ['A snapshot keeps the state of a volume at one moment.']),
    page('/docs/hibernate', 'Hibernate a machine', ['Hibernation keeps the memory of the machine on disk while it is stopped.']),
    page('/docs/firewalls', 'Firewalls', ['A firewall rule opens a port to the internet.', 'Rules apply to every machine of the group.']),
    page('/docs/keys', 'API keys', ['An API key lets a script call the API for your organization.']),
  ];
  const file: CompactRecords = {v: 1, pages: [], records: []};
  pages.forEach(({page: p, texts}, index) => {
    file.pages.push(p);
    const title = file.records.length;
    file.records.push([index, 1, p[2], null, -1]);
    texts.forEach((text, i) => file.records.push([index, 0, text.padEnd(200, ' .'), i ? `part-${i}` : null, title]));
  });
  return file;
}

const FILE = fixture();
const INDEX = prebuildIndex(expandRecords(FILE));
/** Small text files, so pages land in different ones. */
const {meta: META_NAME, files: FILES} = chunkFiles(FILE, INDEX, {text: 300});
const META = JSON.parse(FILES.get(META_NAME)!) as ChunkedMeta;
/** What the tests read of the engine's term tree (minisearch's SearchableMap). */
interface TermTreeView {
  set(term: string, value: unknown): void;
  keys(): Iterable<string>;
  atPrefix(prefix: string): {keys(): Iterable<string>};
  fuzzyGet(term: string, distance: number): Map<string, unknown>;
}
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

/** A fetch of the index's files that logs what it was asked for, and can fail or garble them. */
function server(options: {fail?: (name: string) => boolean; body?: (name: string) => string} = {}) {
  const asked: string[] = [];
  const fetchFile: FetchIndexFile = async (name) => {
    const file = name ?? META_NAME;
    asked.push(file);
    if (options.fail?.(file)) throw new Error(`${file}: HTTP 500`);
    const content = options.body?.(file) ?? FILES.get(file);
    if (content === undefined) throw new Error(`${file}: HTTP 404`);
    return bytes(content);
  };
  return {asked, fetchFile};
}

const request = (query: string, extra: Record<string, unknown> = {}) => ({requests: [{indexName: 'docs', query, hitsPerPage: 10, ...extra}]});
/** The term file holding a word. */
const fileOf = (word: string) => META.terms[termKey(word)];

describe('the chunked index in the browser', () => {
  it('splits the index into an entry file, term files by first letter and text files of whole short pages', () => {
    expect(Object.keys(META.terms)).toEqual(expect.arrayContaining(['an', 'hi', 'vo', 'sn']));
    expect(new Set(Object.values(META.terms)).size).toBeGreaterThan(5);
    expect(META.text.first.length).toBeGreaterThan(2);
    // Each text file starts at a page's first record: pages this short stay whole.
    const firstRecords = new Set(FILE.pages.map((_, p) => FILE.records.findIndex(([page]) => page === p)));
    for (const first of META.text.first) expect(firstRecords.has(first)).toBe(true);
  });

  it('loads the entry file, then only the term files of the words and the text of the hits shown', async () => {
    const {asked, fetchFile} = server();
    const client = createLocalSearchClient(() => fromEntryFile(bytes(FILES.get(META_NAME)!), fetchFile, expandRecords), {origin: ''});
    const {results} = await client.search(request('hibernate'));
    expect(results[0].hits[0].url).toBe('/docs/hibernate');
    expect(asked).toEqual([fileOf('hibernate'), expect.stringMatching(/^text\./)]);
    // The text file holds the hit's page, and no other page's text was loaded.
    expect(new Set(asked).size).toBe(asked.length);
    asked.length = 0;
    await client.search(request('hibernate'));
    expect(asked).toEqual([]);
  });

  it("asks for the waiting query's term files before it builds the store from the entry file", async () => {
    const events: string[] = [];
    const {fetchFile} = server();
    const meta = JSON.parse(FILES.get(META_NAME)!) as ChunkedMeta;
    const tree = meta.tree;
    // The store reads the term tree when it is built.
    Object.defineProperty(meta, 'tree', {get: () => (events.push('build'), tree)});
    const logged: FetchIndexFile = (name) => (events.push(`fetch ${name}`), fetchFile(name));
    const client = createLocalSearchClient(async () => ({meta, fetchFile: logged}), {origin: ''});
    const {results} = await client.search(request('hibernate'));
    expect(results[0].hits[0].url).toBe('/docs/hibernate');
    expect(events.indexOf(`fetch ${fileOf('hibernate')}`)).toBeLessThan(events.indexOf('build'));
    // Fetched once: the store took the prefetched file.
    expect(events.filter((e) => e === `fetch ${fileOf('hibernate')}`)).toHaveLength(1);
  });

  it('hands each prefetched term file over once, and fetches a failed one again', async () => {
    let failFirst = true;
    const {asked, fetchFile} = server({fail: (name) => name === fileOf('volume') && failFirst && !(failFirst = false)});
    const source = withTermsPrefetched({meta: META, fetchFile}, ['volume', 'volumes', 'hibernate', 'x']);
    // One request per file, at once; a key with no file asks for nothing.
    expect(asked).toEqual([fileOf('volume'), fileOf('hibernate')]);
    await expect(source.fetchFile(fileOf('hibernate'))).resolves.toBeInstanceOf(ArrayBuffer);
    expect(asked).toHaveLength(2);
    await source.fetchFile(fileOf('hibernate'));
    expect(asked).toHaveLength(3);
    // The prefetch failed: asked for, the file is fetched again.
    await expect(source.fetchFile(fileOf('volume'))).resolves.toBeInstanceOf(ArrayBuffer);
    expect(asked.filter((name) => name === fileOf('volume'))).toHaveLength(2);
    // The entry file passes through.
    await source.fetchFile(null);
    expect(asked.at(-1)).toBe(META_NAME);
  });

  it('loads no file for searches typed over before their turn, and answers the newest as if asked alone', async () => {
    const typing = async (queries: string[]) => {
      const {asked, fetchFile} = server();
      const client = createLocalSearchClient(async () => ({meta: META, fetchFile}), {origin: '', newestFirst: true});
      await client.preload();
      asked.length = 0;
      const answers = await Promise.all(queries.map((query) => client.search(request(query))));
      return {asked: [...asked].sort(), last: {...answers.at(-1)!.results[0], processingTimeMS: 0}};
    };
    const typedOver = await typing(['snap', 'snapshot', 'volume']);
    const alone = await typing(['volume']);
    expect(alone.asked.some((name) => name.startsWith('text.'))).toBe(true);
    expect(typedOver.asked).toEqual(alone.asked);
    expect(typedOver.last).toEqual(alone.last);
  });

  it('waits for the next keystroke before loading and ranking a one-letter word, and loads nothing for it when one comes', async () => {
    const {asked, fetchFile} = server();
    const client = createLocalSearchClient(async () => ({meta: META, fetchFile}), {origin: '', newestFirst: true});
    await client.preload();
    asked.length = 0;
    const first = client.search(request('f'));
    // The next keystroke comes well within the wait, as a message arriving later.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const [typedOver, newer] = await Promise.all([first, client.search(request('firewall'))]);
    expect(typedOver.results[0].hits).toEqual([]);
    expect(newer.results[0].hits[0].url).toBe('/docs/firewalls');
    // Only the newer query's files: the other term files starting with "f" were never asked for.
    const alone = server();
    await createLocalSearchClient(async () => ({meta: META, fetchFile: alone.fetchFile}), {origin: ''}).search(request('firewall'));
    expect(asked.sort()).toEqual(alone.asked.filter((name) => name !== META_NAME).sort());
    // A reader who stops at one letter gets its answer after the wait.
    asked.length = 0;
    const waited = Date.now();
    const oneLetter = await client.search(request('h'));
    expect(Date.now() - waited).toBeGreaterThanOrEqual(ONE_LETTER_WAIT_MS - 5);
    expect(oneLetter.results[0].nbHits).toBeGreaterThan(0);
    expect(asked.some((name) => name.startsWith('terms.'))).toBe(true);
  });

  it("knows the word a prefix most likely finishes as, and none for a whole word", () => {
    const store = new ChunkedStore(META, server().fetchFile);
    expect(store.completion('hibern')).toBe('hibernate');
    expect(store.completion('firew')).toBe('firewall');
    expect(store.completion('hibernate')).toBeNull();
    expect(store.completion('zzz')).toBeNull();
  });

  it('after answering a word being typed, loads the text of the hits the finished word ranks first, so its answer waits for no file', async () => {
    // Typed "hibernat", the guide's title ranks first; finished as "hibernate" (a whole word,
    // which "hibernation" no longer matches), the other page's text does.
    const file: CompactRecords = {
      v: 1,
      pages: [
        ['/docs/hibernation', 'Guides', 'Hibernation', 'docs-default-current', 'en', 2],
        ['/docs/restore', 'Guides', 'Restore', 'docs-default-current', 'en', 2],
      ],
      records: [
        [0, 1, 'Hibernation', null, -1],
        [0, 0, 'Memory goes to disk while the machine sleeps.', null, 0],
        [1, 1, 'Restore', null, -1],
        [1, 0, 'Restore what you hibernate to its host.', null, 2],
      ],
    };
    const index = prebuildIndex(expandRecords(file));
    const {meta, files} = chunkFiles(file, index, {text: 1, wholePage: 0});
    const parsed = JSON.parse(files.get(meta)!) as ChunkedMeta;
    const serve = () => {
      const asked: string[] = [];
      const fetchFile: FetchIndexFile = async (name) => (asked.push(name ?? meta), bytes(files.get(name ?? meta)!));
      return {asked, fetchFile};
    };
    const alone = serve();
    const finished = await createLocalSearchClient(async () => ({meta: parsed, fetchFile: alone.fetchFile}), {origin: ''}).search(request('hibernate', {hitsPerPage: 1}));
    expect(finished.results[0].hits[0].url).toBe('/docs/restore');
    const finishedText = alone.asked.filter((name) => name.startsWith('text.'));

    const typing = serve();
    const client = createLocalSearchClient(async () => ({meta: parsed, fetchFile: typing.fetchFile}), {origin: '', newestFirst: true});
    const typed = await client.search(request('hibernat', {hitsPerPage: 1}));
    expect(typed.results[0].hits[0].url).toBe('/docs/hibernation');
    // The look-ahead asks for them once the answer is out.
    await vi.waitFor(() => expect(typing.asked).toEqual(expect.arrayContaining(finishedText)), {timeout: 30_000});
    typing.asked.length = 0;
    const answer = await client.search(request('hibernate', {hitsPerPage: 1}));
    expect({...answer.results[0], processingTimeMS: 0}).toEqual({...finished.results[0], processingTimeMS: 0});
    expect(typing.asked).toEqual([]);
  });

  it("loads no text for a query typed over while it was ranked, and answers it only after the newest, as superseded", async () => {
    const {asked, fetchFile} = server();
    const client = createLocalSearchClient(async () => ({meta: META, fetchFile}), {origin: '', newestFirst: true});
    // Both queries' term files are loaded: the older call ranks at once, before the newer arrives.
    await client.search(request('hibernate', {hitsPerPage: 0}));
    await client.search(request('firewall', {hitsPerPage: 0}));
    const textOf = async (query: string) => {
      const alone = server();
      const other = createLocalSearchClient(async () => ({meta: META, fetchFile: alone.fetchFile}), {origin: ''});
      await other.search(request(query));
      return alone.asked.filter((name) => name.startsWith('text.'));
    };
    const [hibernateText, firewallText] = [await textOf('hibernate'), await textOf('firewall')];
    expect(hibernateText.some((name) => !firewallText.includes(name))).toBe(true);
    asked.length = 0;
    const order: string[] = [];
    const older = client.search(request('hibernate')).then((answer) => (order.push('hibernate'), answer));
    // The next keystroke, as a message arriving while the older call is ranked.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const newer = client.search(request('firewall')).then((answer) => (order.push('firewall'), answer));
    const [olderAnswer, newerAnswer] = await Promise.all([older, newer]);
    expect(order).toEqual(['firewall', 'hibernate']);
    expect(olderAnswer.results[0].hits).toEqual([]);
    expect(newerAnswer.results[0].hits[0].url).toBe('/docs/firewalls');
    expect(asked.filter((name) => name.startsWith('text.')).sort()).toEqual([...firewallText].sort());
  });

  it('shares the text files of a query asked again while its first call loads them, and answers both', async () => {
    const {asked, fetchFile} = server();
    const client = createLocalSearchClient(async () => ({meta: META, fetchFile}), {origin: '', newestFirst: true});
    await client.search(request('hibernate', {hitsPerPage: 0}));
    asked.length = 0;
    const first = client.search(request('hibernate'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const again = client.search(request('hibernate'));
    const [a, b] = await Promise.all([first, again]);
    expect(a.results[0].hits[0].url).toBe('/docs/hibernate');
    expect(b.results[0].hits.map((hit) => hit.url)).toEqual(a.results[0].hits.map((hit) => hit.url));
    const texts = asked.filter((name) => name.startsWith('text.'));
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('loads the next part of a page for a hit on its title alone, whose first text lies there, and shows that text', async () => {
    // A page whose title is followed at once by a level-2 section: the title's part holds no text.
    const file: CompactRecords = {
      v: 1,
      pages: [['/docs/quotas', 'Guides', 'Quotas', 'docs-default-current', 'en', 2]],
      records: [
        [0, 1, 'Quotas', null, -1],
        [0, 2, 'Limits', 'limits', 0],
        [0, 0, 'Each organization may run up to eight machines at once.', 'limits', 1],
      ],
    };
    const index = prebuildIndex(expandRecords(file));
    const {meta, files} = chunkFiles(file, index, {text: 1, wholePage: 0});
    const asked: string[] = [];
    /** The text files asked for by the time the first one arrives. */
    let askedWhenFirstArrived: string[] | null = null;
    const fetchFile: FetchIndexFile = async (name) => {
      const file = name ?? meta;
      asked.push(file);
      if (file.startsWith('text.')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        askedWhenFirstArrived ??= asked.filter((n) => n.startsWith('text.'));
      }
      return bytes(files.get(file)!);
    };
    const parsed = JSON.parse(files.get(meta)!) as ChunkedMeta;
    expect(parsed.text.first).toEqual([0, 1]);
    const chunked = createLocalSearchClient(async () => ({meta: parsed, fetchFile}), {origin: ''});
    const whole = createLocalSearchClient(async () => withIndex({...file, index}, expandRecords(file)), {origin: ''});
    // One hit, the title's (every record of the page has the title in its hierarchy).
    const [a, b] = await Promise.all([whole.search(request('quotas', {hitsPerPage: 1})), chunked.search(request('quotas', {hitsPerPage: 1}))]);
    expect(b.results[0].hits[0].type).toBe('lvl1');
    expect(b.results[0].hits[0].content).toBe('Each organization may run up to eight machines at once.');
    expect({...b.results[0], processingTimeMS: 0}).toEqual({...a.results[0], processingTimeMS: 0});
    // Both parts in one round: the entry file says the title's section has its text in the next.
    expect(askedWhenFirstArrived).toEqual([textFileName(parsed.text, 0), textFileName(parsed.text, 1)]);
    expect(asked.filter((name) => name.startsWith('text.'))).toHaveLength(2);
  });

  it('answers exactly as the whole records file does', async () => {
    const whole = createLocalSearchClient(async () => withIndex({...FILE, index: INDEX}, expandRecords(FILE)), {origin: ''});
    const chunked = createLocalSearchClient(async () => ({meta: META, fetchFile: server().fetchFile}), {origin: ''});
    for (const query of ['volume', 'vol', 'machine', 'firewal rule', 'snapshto', 'api key', 'hibernate machine', 'zzz', 'a']) {
      const params = {facetFilters: ['language:en'], facets: ['docusaurus_tag'], attributesToSnippet: ['content:5']};
      const [a, b] = await Promise.all([whole.search(request(query, params)), chunked.search(request(query, params))]);
      expect({...b.results[0], processingTimeMS: 0}, query).toEqual({...a.results[0], processingTimeMS: 0});
    }
  });

  it("reads each of its records as the records file has it, but for the text, with each anchor as a number", () => {
    const store = new ChunkedStore(META, server().fetchFile);
    const full = expandRecords(FILE);
    expect(store.records).toHaveLength(full.length);
    store.records.forEach((stub, i) => {
      const record = full[i];
      expect({objectID: stub.objectID, page: stub.url_without_anchor, type: stub.type, language: stub.language, tag: stub.docusaurus_tag, weight: stub.weight}, String(i)).toEqual({
        objectID: record.objectID,
        page: record.url_without_anchor,
        type: record.type,
        language: record.language,
        tag: record.docusaurus_tag,
        weight: record.weight,
      });
      expect([stub.hierarchy.lvl0, stub.hierarchy.lvl1, stub.content, stub.anchor]).toEqual([record.hierarchy.lvl0, record.hierarchy.lvl1, null, null]);
      // Two records share a URL exactly where the records file's do.
      full.forEach((other, j) => expect(store.records[j].url === stub.url, `${i} ${j}`).toBe(other.url === record.url));
    });
  });

  it('numbers the records for distinct from the entry file: two share a number exactly where their URLs (or page URLs) are the same', () => {
    const store = new ChunkedStore(META, server().fetchFile);
    const full = expandRecords(FILE);
    for (const key of ['url', 'url_without_anchor'] as const) {
      const {keys, count} = store.distinctKeys(key);
      expect(keys.length).toBe(full.length);
      expect(new Set(keys).size, key).toBe(new Set(full.map((record) => record[key])).size);
      expect(Math.max(...keys)).toBeLessThan(count);
      full.forEach((record, i) => full.forEach((other, j) => expect(keys[i] === keys[j], `${key} ${i} ${j}`).toBe(record[key] === other[key])));
    }
  });

  it('makes a record the first time it is read, and reads as an array', () => {
    const make = vi.fn((position: number) => ({position}));
    const list = madeOnRead(5, make);
    expect(list.length).toBe(5);
    expect(make).not.toHaveBeenCalled();
    expect(list[3]).toEqual({position: 3});
    expect(list[3]).toBe(list[3]);
    expect(make).toHaveBeenCalledTimes(1);
    expect([list[5], list[-1], 3 in list, 5 in list, Array.isArray(list)]).toEqual([undefined, undefined, true, false, true]);
    expect(list.map((item) => item.position)).toEqual([0, 1, 2, 3, 4]);
    expect([...list].length).toBe(5);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3', '4']);
    expect(make).toHaveBeenCalledTimes(5);
    expect(() => {
      list[0] = {position: 9};
    }).toThrow(/does not support changing its records/);
  });

  it('makes the term tree\'s nodes as searches walk them, not before', async () => {
    const store = new ChunkedStore(META, server().fetchFile);
    const nodes = (META.tree.match(/\(/g) ?? []).length + 1;
    expect(store.treeText.nodesMade).toBe(0);
    await store.loadTerms([{processed: 'snapshot', prefix: true, fuzzy: 1}]);
    expect(store.engine.search('snapshot', {prefix: true, fuzzy: 1}).map((result) => result.id)).not.toEqual([]);
    expect(store.treeText.nodesMade).toBeGreaterThan(0);
    expect(store.treeText.nodesMade).toBeLessThan(nodes / 2);
  });

  it("knows the records by position without a map entry per record, and refuses to change the engine's records", () => {
    const store = new ChunkedStore(META, server().fetchFile);
    const count = META.levels.length;
    expect(store.engine.documentCount).toBe(count);
    expect(store.engine.has(0)).toBe(true);
    expect(store.engine.has(count - 1)).toBe(true);
    expect(store.engine.has(count)).toBe(false);
    expect(store.engine.has(1.5)).toBe(false);
    expect(() => store.engine.add(count)).toThrow(/does not support adding records/);
    expect(() => store.engine.discard(0)).toThrow(/does not support removing records/);
  });

  it("restores the engine's term tree as inserting the index's terms one by one builds it: every term, matches listed in the same order", () => {
    const store = new ChunkedStore(META, server().fetchFile);
    // The engine's own tree, each term inserted in the order a records file restores them.
    const inserted = (new MiniSearch<number>({fields: ['x']}) as unknown as {_index: TermTreeView})._index;
    for (const term of INDEX.terms) inserted.set(term, new Map());
    const restored = (store.engine as unknown as {_index: TermTreeView})._index;
    expect([...restored.keys()]).toEqual([...inserted.keys()]);
    expect(new Set(restored.keys())).toEqual(new Set(INDEX.terms));
    for (const prefix of ['v', 'vo', 'ma', 'a', 'fire', 's']) expect([...restored.atPrefix(prefix).keys()], prefix).toEqual([...inserted.atPrefix(prefix).keys()]);
    for (const [term, distance] of [['volme', 1], ['machien', 2], ['nibernate', 1]] as const) {
      expect([...restored.fuzzyGet(term, distance).keys()], term).toEqual([...inserted.fuzzyGet(term, distance).keys()]);
    }
    // The build lists the terms (and the term files their postings) in the order the browser reads them back.
    const readBack: string[] = [];
    new TermTreeText(META.tree).forEachTerm((term) => readBack.push(term));
    expect(termTreeText(INDEX.terms).order).toEqual(readBack);
  });

  it('names what is wrong with a malformed term tree', () => {
    const terms: string[] = [];
    new TermTreeText('vol(ume(!s(!))a(!))').forEachTerm((term) => terms.push(term));
    expect(terms).toEqual(['volume', 'volumes', 'vola']);
    expect(() => new TermTreeText('vol(ume(!)')).toThrow(/term tree is malformed at character 10: a node is not closed/);
    expect(() => new TermTreeText('vol(!))')).toThrow(/at character 6: a node closes that was not opened/);
    expect(() => new TermTreeText('vol(!!)')).toThrow(/at character 5: a term ends twice/);
    expect(() => new TermTreeText('vol()')).toThrow(/at character 4: an empty node/);
    expect(() => new TermTreeText('volume!')).toThrow(/at character 0: an edge without its node/);
    expect(() => new TermTreeText('vol(!)(!)')).toThrow(/at character 6: an edge without its node/);
    expect(() => new TermTreeText('v!l(!)')).toThrow(/at character 0: an edge without its node/);
    expect(() => new ChunkedStore({...META, tree: 'zzz(!)'}, server().fetchFile)).toThrow(/names no term file for the terms starting "zz"/);
    expect(() => new ChunkedStore({...META, tree: 'q(!u(!))'}, server().fetchFile)).toThrow(/names no term file for the terms starting "q"/);
  });

  it('finds words by prefix and with typos across term files, a typo in the first letter too', async () => {
    const {asked, fetchFile} = server();
    const client = createLocalSearchClient(async () => ({meta: META, fetchFile}), {origin: ''});
    const urls = async (query: string) => (await client.search(request(query))).results[0].hits.map((hit) => hit.url);
    expect(await urls('snap')).toContain('/docs/snapshots');
    expect(await urls('firewal')).toContain('/docs/firewalls');
    expect(await urls('snapshto volume')).toContain('/docs/snapshots');
    asked.length = 0;
    expect(await urls('nibernate')).toContain('/docs/hibernate');
    expect(asked).toContain(fileOf('hibernate'));
  });

  it("fails with DocSearch's RetryError while a part cannot be loaded, reports the error status, and recovers on the next search", async () => {
    let down = true;
    const statuses: IndexStatus[] = [];
    const {asked, fetchFile} = server({fail: (name) => down && name.startsWith('text.')});
    const client = createLocalSearchClient(async () => ({meta: META, fetchFile}), {origin: '', onStatus: (s) => statuses.push(s)});
    await expect(client.search(request('volume'))).rejects.toMatchObject({name: 'RetryError'});
    expect(statuses.at(-1)).toBe('error');
    down = false;
    expect((await client.search(request('volume'))).results[0].hits[0].url).toBe('/docs/volumes');
    expect(statuses.at(-1)).toBe('ready');
    // The term file loaded the first time is not asked for again; the failed text file is.
    expect(asked.filter((name) => name === fileOf('volume'))).toHaveLength(1);
    expect(asked.filter((name) => name.startsWith('text.')).length).toBeGreaterThan(1);
  });

  it('names the file that is not JSON, or not the part the entry file says it is', async () => {
    const garbled = server({body: (name) => (name.startsWith('terms.') ? '<html>502</html>' : FILES.get(name)!)});
    const client = createLocalSearchClient(async () => ({meta: META, fetchFile: garbled.fetchFile}), {origin: ''});
    const error = (await client.search(request('volume')).catch((e: unknown) => e)) as Error;
    expect(error.name).toBe('RetryError');
    expect((error.cause as Error).message).toContain(`${fileOf('volume')} is not valid JSON`);

    const swapped = server({body: (name) => (name.startsWith('terms.') ? FILES.get(fileOf('hibernate'))! : FILES.get(name)!)});
    const other = createLocalSearchClient(async () => ({meta: META, fetchFile: swapped.fetchFile}), {origin: ''});
    const wrong = (await other.search(request('volume')).catch((e: unknown) => e)) as Error;
    expect((wrong.cause as Error).message).toMatch(/is not a term file of this index|postings that do not fit/);
  });

  it('rejects an entry file that is not one', () => {
    expect(() => checkMeta({...META, v: 4 as 5})).toThrow(/expected format/);
    expect(() => checkMeta({...META, levels: META.levels.slice(1)})).toThrow(/record counts/);
    // A column holds no code it does not write: no null among levels, nothing below its codes.
    expect(() => checkMeta({...META, levels: `!${META.levels.slice(1)}`})).toThrow(/record counts/);
    expect(() => checkMeta({...META, anchors: ` ${META.anchors.slice(1)}`})).toThrow(/record data/);
    expect(() => checkMeta({...META, levels: [1, 0] as unknown as string})).toThrow(/record counts/);
    // Field lengths by field: one list per field, each as long as the records.
    expect(() => checkMeta({...META, fieldLength: META.fieldLength.slice(1)})).toThrow(/field lengths/);
    expect(() => checkMeta({...META, fieldLength: META.fieldLength.map((byRecord, field) => (field === 7 ? byRecord.slice(1) : byRecord))})).toThrow(/field lengths/);
    expect(() => checkMeta({...META, text: {...META.text, first: [...META.text.first].reverse()}})).toThrow(/text files/);
  });

  it('works through the worker: the page fetches each file the worker asks for, by name', async () => {
    const channel = new MessageChannel();
    serveLocalSearch(channel.port2 as never, {origin: ''});
    const asked: (string | null)[] = [];
    const {fetchFile} = server();
    const endpoint = Object.assign(channel.port1, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint;
    const client = createWorkerSearchClient(endpoint, {
      loadRecordsBytes: (name) => {
        asked.push(name ?? null);
        return fetchFile(name ?? null);
      },
      fallback: async () => {
        throw new Error('the fallback should not be used');
      },
    });
    try {
      const {results} = await client.search(request('snapshot'));
      expect(results[0].hits[0].url).toBe('/docs/snapshots');
      expect(asked[0]).toBeNull();
      expect(asked.slice(1)).toEqual([fileOf('snapshot'), expect.stringMatching(/^text\./)]);
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it('with entryAhead, the page sends the entry file at once, and the worker takes it instead of asking; a failed one is asked for again', async () => {
    const channel = new MessageChannel();
    serveLocalSearch(channel.port2 as never, {origin: ''});
    let entryDown = true;
    const {asked, fetchFile} = server({fail: (name) => name === META_NAME && entryDown});
    const endpoint = Object.assign(channel.port1, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint;
    const client = createWorkerSearchClient(endpoint, {
      loadRecordsBytes: (name) => fetchFile(name ?? null),
      entryAhead: true,
      fallback: async () => {
        throw new Error('the fallback should not be used');
      },
    });
    try {
      // Asked for when the client is made, before any call.
      expect(asked).toEqual([META_NAME]);
      await expect(client.search(request('snapshot'))).rejects.toMatchObject({name: 'RetryError'});
      expect(asked).toEqual([META_NAME]);
      entryDown = false;
      const {results} = await client.search(request('snapshot'));
      expect(results[0].hits[0].url).toBe('/docs/snapshots');
      // Asked again by the worker after the failure, once.
      expect(asked.filter((name) => name === META_NAME)).toHaveLength(2);
    } finally {
      channel.port1.close();
      channel.port2.close();
    }
  });

  it("started for a query, fetches the entry file and that query's term files as it starts, and answers it unasked", async () => {
    const channel = new MessageChannel();
    const fromWorker: string[] = [];
    let entryArrives!: () => void;
    const entryHeld = new Promise<void>((resolve) => (entryArrives = resolve));
    let entryAsked!: () => void;
    const entryWanted = new Promise<void>((resolve) => (entryAsked = resolve));
    const fetchInWorker = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input));
      const name = url.pathname.replace(/^.*\//, '');
      fromWorker.push(name);
      if (name === META_NAME) {
        entryAsked();
        await entryHeld;
      }
      return new Response(FILES.get(name) ?? 'missing', {status: FILES.has(name) ? 200 : 404});
    });
    const entry = `https://docs.example.com/search/${META_NAME}`;
    serveLocalSearch(channel.port2 as never, {origin: ''}, {entry, query: 'Snapshots ', indexName: 'docs', snippetWords: 10});
    const endpoint = Object.assign(channel.port1, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint;
    const loadRecordsBytes = vi.fn(async () => bytes(''));
    const unasked = new Promise<{id: number; value?: {results: {hits: {url: string}[]}[]}}>((resolve) =>
      channel.port1.addEventListener('message', ({data}) => data.type === 'answer' && resolve(data)),
    );
    channel.port1.start();
    try {
      // With no message from the page: the entry file is asked for as the worker starts.
      await entryWanted;
      expect(fromWorker).toEqual([META_NAME]);
      entryArrives();
      const answer = await unasked;
      expect(answer.id).toBe(EARLY_SEARCH_ID);
      expect(answer.value?.results[0].hits[0].url).toBe('/docs/snapshots');
      // The term file was asked for once, with the entry file read; then the text of the hits.
      expect(fromWorker.slice(0, 2)).toEqual([META_NAME, fileOf('snapshot')]);
      expect(fromWorker.slice(2)).toEqual(expect.arrayContaining([expect.stringMatching(/^text\./)]));
      expect(fromWorker.slice(2).every((name) => name.startsWith('text.'))).toBe(true);
      // The page's client, on the same worker, finds the index loaded.
      const client = createWorkerSearchClient(endpoint, {
        loadRecordsBytes,
        fallback: async () => {
          throw new Error('the fallback should not be used');
        },
      });
      const {results} = await client.search(request('snapshots'));
      expect(results[0].hits[0].url).toBe('/docs/snapshots');
      expect(fromWorker.filter((name) => name === META_NAME || name.startsWith('terms.'))).toHaveLength(2);
      expect(loadRecordsBytes).not.toHaveBeenCalled();
    } finally {
      fetchInWorker.mockRestore();
      channel.port1.close();
      channel.port2.close();
    }
  });

  it("fetches the other files in the worker, beside the entry file, once the page has said where that is", async () => {
    const channel = new MessageChannel();
    const fromWorker: string[] = [];
    const fetchInWorker = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input));
      fromWorker.push(url.href);
      const content = FILES.get(url.pathname.replace(/^.*\//, ''));
      return content === undefined ? new Response('missing', {status: 404}) : new Response(content);
    });
    serveLocalSearch(channel.port2 as never, {origin: ''});
    const {fetchFile} = server();
    const fromPage: (string | null)[] = [];
    const endpoint = Object.assign(channel.port1, {onerror: null, onmessageerror: null}) as unknown as FailingEndpoint;
    const client = createWorkerSearchClient(endpoint, {
      loadRecordsBytes: (name) => {
        fromPage.push(name ?? null);
        return fetchFile(name ?? null);
      },
      indexUrl: async () => `https://docs.example.com/search/${META_NAME}`,
      fallback: async () => {
        throw new Error('the fallback should not be used');
      },
    });
    try {
      const {results} = await client.search(request('snapshot'));
      expect(results[0].hits[0].url).toBe('/docs/snapshots');
      expect(fromPage).toEqual([null]);
      expect(fromWorker).toEqual([`https://docs.example.com/search/${fileOf('snapshot')}`, expect.stringMatching(/^https:\/\/docs\.example\.com\/search\/text\./)]);
      // A file the server does not have: the search fails with its name, as on the page.
      fetchInWorker.mockResolvedValueOnce(new Response('down', {status: 500}));
      await expect(client.search(request('firewall'))).rejects.toThrow(/could not be loaded \(HTTP 500\)/);
    } finally {
      fetchInWorker.mockRestore();
      channel.port1.close();
      channel.port2.close();
    }
  });
});
