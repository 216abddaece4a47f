/**
 * The browser's side of the chunked index (see `chunkFormat.ts`): records that hold what
 * ranking, facets and distinct read (made from the entry file alone), one engine whose term
 * tree is the loaded term file of the term being searched, and the records' text loaded
 * for the hits being shown. Files load once; a failed load is tried again next time.
 */
import MiniSearch, {type AsPlainObject} from 'minisearch';
import {CHUNKED_VERSION, columnValue, isColumn, TERM_TREE_MARKS, termKey, textFileName, type ChunkedMeta, type TermChunk, type TextChunk} from './chunkFormat';
import {decodePostings, engineOptions, FIELDS} from './engine';
import {expandRecord, levelWeight, scanSectionText, type CompactRecords, type RecordType, type SearchRecord} from './records';

/** Fetches a file of the index by its name (relative to the entry file), or the entry file itself for null. */
export type FetchIndexFile = (name: string | null) => Promise<ArrayBuffer>;

/** What a chunked loader hands the client: the entry file, and how to fetch the rest. */
export interface ChunkedSource {
  meta: ChunkedMeta;
  fetchFile: FetchIndexFile;
}

export function isChunkedSource(value: unknown): value is ChunkedSource {
  return typeof value === 'object' && value !== null && 'meta' in value && 'fetchFile' in value;
}

/**
 * The source with the term files of `terms` (processed query terms) already on their way:
 * asked for as soon as the entry file is read, they load while the store is built from it
 * (on a slow device the longer of the two) instead of after. Each prefetched file is handed
 * over once; a failed one is fetched again when asked for.
 */
export function withTermsPrefetched(source: ChunkedSource, terms: Iterable<string>): ChunkedSource {
  const early = new Map<string, Promise<ArrayBuffer>>();
  for (const term of terms) {
    const name = source.meta?.terms?.[termKey(term)];
    if (typeof name !== 'string' || early.has(name)) continue;
    const bytes = source.fetchFile(name);
    // Not awaited here: a failure surfaces when the store asks for the file, or not at all.
    bytes.catch(() => undefined);
    early.set(name, bytes);
  }
  if (early.size === 0) return source;
  return {
    meta: source.meta,
    fetchFile: (name) => {
      const bytes = name === null ? undefined : early.get(name);
      if (!bytes) return source.fetchFile(name);
      early.delete(name!);
      return bytes.catch(() => source.fetchFile(name));
    },
  };
}

/** JSON from a file's bytes; a clear error naming the file when it is not JSON. */
export function parseJson<T>(bytes: ArrayBuffer, name: string): T {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch (error) {
    throw new Error(`The search index file ${name} is not valid JSON.`, {cause: error});
  }
}

const isNumberList = (value: unknown, length?: number): value is number[] =>
  Array.isArray(value) && (length === undefined || value.length === length) && value.every((n) => typeof n === 'number');

/** Checks an entry file's shape; throws a clear error when it is not one this client reads. */
export function checkMeta(meta: ChunkedMeta): ChunkedMeta {
  const fail = (what: string) => {
    throw new Error(`The search index entry file is not in the expected format (v${CHUNKED_VERSION}): ${what}.`);
  };
  if (!meta || meta.v !== CHUNKED_VERSION) fail('wrong version');
  if (JSON.stringify(meta.fields) !== JSON.stringify(FIELDS)) fail('other fields');
  if (!Array.isArray(meta.pages) || !isNumberList(meta.counts, meta.pages.length)) fail('pages');
  const count = meta.counts.reduce((a, b) => a + b, 0);
  if (!isColumn(meta.levels, count)) fail('record counts');
  if (!isColumn(meta.anchors, count) || !isColumn(meta.sectionOf, count) || !Array.isArray(meta.sections)) fail('record data');
  const lengthsFit = Array.isArray(meta.fieldLength) && meta.fieldLength.length === FIELDS.length && meta.fieldLength.every((byRecord) => isColumn(byRecord, count, true));
  if (!lengthsFit || !Array.isArray(meta.averageFieldLength)) fail('field lengths');
  if (typeof meta.tree !== 'string' || typeof meta.terms !== 'object' || meta.terms === null || typeof meta.text?.hash !== 'string') fail('file lists');
  const {first} = meta.text;
  if (!isNumberList(first) || first[0] !== 0 || first.some((n, i) => i > 0 && !(n > first[i - 1]))) fail('text files');
  return meta;
}

/** What the records of one page share: its URL, titles and facets, and its sections' hierarchies. */
interface StubPage {
  url: string;
  language: string;
  tag: string;
  pageRank: number;
  /** By section (0: none, else 1 + the index in `sections`), made for its first record. */
  hierarchies: SearchRecord['hierarchy'][];
}

const RECORD_TYPES: readonly RecordType[] = ['content', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/**
 * A record as the entry file describes it, for ranking, facets and distinct: its URL (each
 * anchor as a number: only equality matters to distinct), its page's titles and facets, its
 * type and weight, and lvl2 only where it is a generic API section (the ranking reads nothing
 * else of it). No text. It holds four numbers and two shared objects; the rest is read from
 * them when asked for (an index has some 15,000 records, and a new search worker made them
 * all before its first answer: as plain objects with their own strings, 3.8 MB).
 */
class StubRecord implements SearchRecord {
  constructor(
    private readonly index: number,
    private readonly page: StubPage,
    private readonly level: number,
    private readonly anchorNumber: number,
    private readonly position: number,
    readonly hierarchy: SearchRecord['hierarchy'],
  ) {}

  get objectID(): string {
    return String(this.index);
  }
  get url(): string {
    return this.anchorNumber ? `${this.page.url}#\u0000${this.anchorNumber}` : this.page.url;
  }
  get url_without_anchor(): string {
    return this.page.url;
  }
  get anchor(): null {
    return null;
  }
  get type(): RecordType {
    return RECORD_TYPES[this.level];
  }
  get content(): null {
    return null;
  }
  get language(): string {
    return this.page.language;
  }
  get docusaurus_tag(): string {
    return this.page.tag;
  }
  get weight(): SearchRecord['weight'] {
    return {pageRank: this.page.pageRank, level: levelWeight(this.level), position: this.position};
  }
}

/** The entry file's records (`StubRecord`), in order. */
export function stubRecords(meta: ChunkedMeta): SearchRecord[] {
  const out: SearchRecord[] = new Array(meta.levels.length);
  let index = 0;
  meta.pages.forEach(([url, lvl0, lvl1, tag, language, pageRank], p) => {
    const page: StubPage = {url, language, tag, pageRank, hierarchies: []};
    for (let position = 0; position < meta.counts[p]; position += 1, index += 1) {
      const section = columnValue(meta.sectionOf, index)!;
      // One hierarchy per page and section, shared by its records: nothing writes to a stub's.
      const hierarchy = (page.hierarchies[section] ??= {lvl0, lvl1, lvl2: section ? meta.sections[section - 1] : null, lvl3: null, lvl4: null, lvl5: null, lvl6: null});
      out[index] = new StubRecord(index, page, columnValue(meta.levels, index)!, columnValue(meta.anchors, index)!, position, hierarchy);
    }
  });
  return out;
}

type Postings = Map<number, Map<number, number>>;
interface TermTree {
  set(term: string, data: Postings): void;
  get(term: string): Postings | undefined;
  atPrefix(prefix: string): Iterable<[string, Postings]> & {keys(): Iterable<string>};
  fuzzyGet(term: string, maxDistance: number): Map<string, [Postings, number]>;
}

/** The maps a restored MiniSearch engine reads (as `loadJS` fills them: short id, document id and field lengths by short id) and its term tree. */
interface EngineInternals {
  _documentIds: ReadonlyMap<number, number>;
  _idToShortId: ReadonlyMap<number, number>;
  _fieldLength: ReadonlyMap<number, (number | null)[]>;
  _index: TermTree;
}

/**
 * What a search reads of the engine's maps by record position (`has` and `get`), without a
 * map entry per record: a record's position is its id and its short id, and its field
 * lengths are read from the entry file's columns when a search first scores it. Filling
 * three maps of every record was a third of the store's start in a new worker, before its
 * first answer. The engine never adds or removes a record here: what else a map offers
 * fails loudly, should a newer engine ask for it.
 */
class ByPosition<T> {
  constructor(
    readonly size: number,
    private readonly make: (position: number) => T,
  ) {}

  has(position: number): boolean {
    return Number.isInteger(position) && position >= 0 && position < this.size;
  }

  get(position: number): T | undefined {
    return this.has(position) ? this.make(position) : undefined;
  }

  set(): never {
    return unsupported('adding records');
  }
  delete(): never {
    return unsupported('removing records');
  }
  forEach(): never {
    return unsupported('listing records');
  }
  [Symbol.iterator](): never {
    return unsupported('listing records');
  }
}

/** A `ByPosition` view that makes each value once, the first time it is read. */
class MadeOnce<T> extends ByPosition<T> {
  private readonly made: (T | undefined)[];

  constructor(size: number, make: (position: number) => T) {
    super(size, make);
    this.made = new Array(size);
  }

  override get(position: number): T | undefined {
    if (!this.has(position)) return undefined;
    return (this.made[position] ??= super.get(position));
  }
}

function unsupported(what: string): never {
  throw new Error(`The chunked search index does not support ${what} in its engine.`);
}

/**
 * The term tree from the entry file (`ChunkedMeta.tree`), node by node in the engine's own
 * form (a map of edges, the empty key where a term ends), each term holding an empty map for
 * its postings; `onTerm` hears the terms in the tree's order. Throws on a malformed tree.
 */
export function restoreTermTree(text: string, onTerm: (term: string) => void): Map<string, unknown> {
  const fail = (at: number, what: string): never => {
    throw new Error(`The search index entry file's term tree is malformed at character ${at}: ${what}.`);
  };
  const {leaf, open, close} = TERM_TREE_MARKS;
  const root = new Map<string, unknown>();
  const nodes: Map<string, unknown>[] = [root];
  const prefixes: string[] = [''];
  let at = 0;
  while (at < text.length) {
    const node = nodes[nodes.length - 1];
    const mark = text[at];
    if (mark === leaf) {
      if (node.has('')) fail(at, 'a term ends twice');
      node.set('', new Map() satisfies Postings);
      onTerm(prefixes[prefixes.length - 1]);
      at += 1;
    } else if (mark === close) {
      if (nodes.length === 1) fail(at, 'a node closes that was not opened');
      if (node.size === 0) fail(at, 'an empty node');
      nodes.pop();
      prefixes.pop();
      at += 1;
    } else {
      const end = text.indexOf(open, at);
      const label = end < 0 ? '' : text.slice(at, end);
      if (!label || label.includes(leaf) || label.includes(close)) fail(at, 'an edge without its node');
      const child = new Map<string, unknown>();
      node.set(label, child);
      nodes.push(child);
      prefixes.push(prefixes[prefixes.length - 1] + label);
      at = end + 1;
    }
  }
  if (nodes.length !== 1) fail(at, 'a node is not closed');
  return root;
}

/** A query term as the engine searches it: processed, with its prefix and typo rule (see `query.ts`). */
export interface TermSearch {
  processed: string;
  prefix: boolean;
  fuzzy: number | false;
}

/** The loaded parts of a chunked index, and the engine searching them. */
export class ChunkedStore {
  readonly records: SearchRecord[];
  readonly engine: MiniSearch<number>;
  /** Full records, by position, for the text files loaded so far. */
  readonly full: (SearchRecord | undefined)[];
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly tree: TermTree;
  /** The terms of each term file, in vocabulary order. */
  private readonly termsOfFile = new Map<string, string[]>();
  /** The page of each record. */
  private readonly pageIndex: Int32Array;

  constructor(
    readonly meta: ChunkedMeta,
    private readonly fetchFile: FetchIndexFile,
  ) {
    checkMeta(meta);
    this.records = stubRecords(meta);
    this.full = new Array(this.records.length);
    this.pageIndex = new Int32Array(this.records.length);
    let at = 0;
    meta.counts.forEach((n, page) => this.pageIndex.fill(page, at, (at += n)));
    const count = this.records.length;
    const plain: AsPlainObject = {
      documentCount: count,
      nextId: count,
      // Replaced below by views of the entry file (`ByPosition`): through these objects (a key
      // per record, read back with parseInt) the restore took four times as long.
      documentIds: {},
      fieldIds: Object.fromEntries(FIELDS.map((field, id) => [field, id])),
      fieldLength: {},
      averageFieldLength: meta.averageFieldLength,
      storedFields: {},
      dirtCount: 0,
      index: [],
      serializationVersion: 2,
    };
    // The engine never reads a field's text (the index is built), only its lengths.
    this.engine = MiniSearch.loadJS<number>(plain, engineOptions(this.records));
    const internals = this.engine as unknown as EngineInternals;
    const byField = meta.fieldLength;
    const ids = new ByPosition(count, (position) => position) as unknown as ReadonlyMap<number, number>;
    internals._documentIds = ids;
    internals._idToShortId = ids;
    internals._fieldLength = new MadeOnce(count, (position) => {
      // A record's lengths as the whole file restores them: up to its last field, null in the gaps.
      let last = byField.length - 1;
      while (last >= 0 && columnValue(byField[last], position) === null) last -= 1;
      const lengths = new Array<number | null>(last + 1);
      for (let field = 0; field <= last; field += 1) lengths[field] = columnValue(byField[field], position);
      return lengths;
    }) as unknown as ReadonlyMap<number, (number | null)[]>;
    this.tree = internals._index;
    // The engine's term tree as the whole file's engine has it, so it lists matching terms in
    // the same order: restored node by node (inserting every term walked and split the tree
    // for each, half of this store's start in a new worker). Each term has no postings until
    // its file loads, into the map the tree holds.
    const restored = restoreTermTree(meta.tree, (term) => {
      const name = meta.terms[termKey(term)];
      if (!name) throw new Error(`The search index entry file names no term file for "${term}".`);
      let terms = this.termsOfFile.get(name);
      if (!terms) this.termsOfFile.set(name, (terms = []));
      terms.push(term);
    });
    Object.assign(this.tree, {_tree: restored, _size: undefined});
  }

  /** Loads a file once; a failed load is forgotten, so the next call tries again. */
  private once<T>(name: string, load: () => Promise<T>): Promise<T> {
    let promise = this.loading.get(name) as Promise<T> | undefined;
    if (!promise) {
      promise = load();
      this.loading.set(name, promise);
      promise.catch(() => this.loading.delete(name));
    }
    return promise;
  }

  /**
   * The term files holding every term these query terms match as the engine will search
   * them: exactly, by prefix, or within their typo distance (whatever the first letter).
   */
  termFiles(searches: Iterable<TermSearch>): string[] {
    const names = new Set<string>();
    const add = (term: string) => {
      const name = this.meta.terms[termKey(term)];
      if (!name) throw new Error(`The search index entry file names no term file for "${term}".`);
      names.add(name);
    };
    for (const {processed, prefix, fuzzy} of searches) {
      if (this.tree.get(processed)) add(processed);
      if (prefix) for (const term of this.tree.atPrefix(processed).keys()) add(term);
      if (fuzzy) for (const term of this.tree.fuzzyGet(processed, fuzzy).keys()) add(term);
    }
    return [...names];
  }

  /** Loads the term files these query terms need. */
  async loadTerms(searches: Iterable<TermSearch>): Promise<void> {
    await Promise.all(
      this.termFiles(searches).map((name) =>
        this.once(name, async () => {
          const chunk = parseJson<TermChunk>(await this.fetchFile(name), name);
          this.addTerms(name, chunk);
        }),
      ),
    );
  }

  private addTerms(name: string, chunk: TermChunk): void {
    const terms = this.termsOfFile.get(name) ?? [];
    if (!chunk || !Array.isArray(chunk.postings) || chunk.postings.length !== terms.length) {
      throw new Error(`The search index file ${name} is not a term file of this index.`);
    }
    const count = this.records.length;
    const decoded = terms.map((term, i) => {
      const byField = decodePostings(chunk.postings[i], count);
      if (!byField) throw new Error(`The search index file ${name} has postings that do not fit the index (term "${term}").`);
      return byField;
    });
    // Only once the whole file has been read, so a bad file leaves no term half filled.
    terms.forEach((term, i) => {
      const held = this.tree.get(term)!;
      for (const [field, docs] of decoded[i]) held.set(field, docs);
    });
  }

  /** The text file holding a record: the last that starts at or before it. */
  private textFileOf(position: number): {first: number; file: string} {
    const {first} = this.meta.text;
    let low = 0;
    let high = first.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (first[mid] <= position) low = mid;
      else high = mid - 1;
    }
    return {first: first[low], file: textFileName(this.meta.text, low)};
  }

  /**
   * Loads the text of these records (hits), and of what their hits show: a hit on a heading
   * alone shows its section's first text, which may lie in the next part of its page.
   */
  async loadText(positions: Iterable<number>): Promise<void> {
    const hits = [...positions];
    // With the first content record after each heading hit, as the entry file tells: its
    // text is most often the one shown, and comes in the same round of requests.
    let wanted = [...hits, ...hits.map((position) => this.firstContentAfter(position)).filter((position) => position >= 0)];
    while (wanted.length > 0) {
      await this.loadTextFiles(wanted);
      const missing = wanted.find((position) => !this.full[position]);
      if (missing !== undefined) throw new Error(`The search index's text files do not hold record ${missing}.`);
      wanted = [];
      for (const position of hits) {
        const found = scanSectionText(this.full, position, (next) => this.pageIndex[next] === this.pageIndex[position]);
        if ('unloaded' in found) wanted.push(found.unloaded);
      }
    }
  }

  /** The first content record of a heading's section, from the stubs (whose text is not known yet), or -1. */
  private firstContentAfter(position: number): number {
    const found = scanSectionText(this.records, position, undefined, () => true);
    return 'at' in found ? found.at : -1;
  }

  private async loadTextFiles(positions: number[]): Promise<void> {
    const files = new Map<string, {first: number; file: string}>();
    for (const position of positions) {
      if (this.full[position]) continue;
      const entry = this.textFileOf(position);
      files.set(entry.file, entry);
    }
    await Promise.all([...files.values()].map((entry) => this.once(entry.file, async () => this.addText(entry, parseJson<TextChunk>(await this.fetchFile(entry.file), entry.file)))));
  }

  private addText(entry: {first: number; file: string}, chunk: TextChunk): void {
    if (!chunk || chunk.first !== entry.first || !Array.isArray(chunk.records)) throw new Error(`The search index file ${entry.file} is not the text file the entry file names.`);
    // A records file with only this run filled in: parents are counted from the first record of all.
    const records = new Array(chunk.first + chunk.records.length) as CompactRecords['records'];
    chunk.records.forEach((record, i) => (records[chunk.first + i] = record));
    const file: CompactRecords = {v: 1, pages: this.meta.pages, records};
    for (let position = chunk.first; position < records.length; position += 1) {
      const record = records[position];
      const stub = this.records[position];
      if (!Array.isArray(record) || !stub || record[0] !== this.pageIndex[position]) {
        throw new Error(`The search index file ${entry.file} does not fit the entry file (record ${position}).`);
      }
      this.full[position] = expandRecord(file, position, stub.weight.position);
    }
  }
}
