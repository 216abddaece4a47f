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

/**
 * A list of `length` values, each made the first time it is read. It reads as an array
 * (indexes, `length`, iteration, array methods), so the ranking, facets and distinct read it
 * as they read a whole file's records.
 */
export function madeOnRead<T>(length: number, make: (position: number) => T): T[] {
  const made = new Array<T>(length);
  const positionOf = (key: string | symbol): number => {
    if (typeof key !== 'string' || key.length === 0 || (key.length > 1 && key[0] === '0')) return -1;
    const position = Number(key);
    return Number.isInteger(position) && position < length ? position : -1;
  };
  return new Proxy(made, {
    get(target, key, receiver) {
      const position = positionOf(key);
      return position >= 0 ? (target[position] ??= make(position)) : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return positionOf(key) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const position = positionOf(key);
      if (position < 0) return Reflect.getOwnPropertyDescriptor(target, key);
      return {value: (target[position] ??= make(position)), writable: true, enumerable: true, configurable: true};
    },
    ownKeys(target) {
      return [...Array.from({length}, (_, position) => String(position)), ...Reflect.ownKeys(target).filter((key) => positionOf(key) < 0)];
    },
    set(): boolean {
      throw new Error('The chunked search index does not support changing its records.');
    },
  });
}

/**
 * The entry file's records (`StubRecord`), in order, each made the first time it is read: a
 * query reads the records it matches, a few thousand of this site's 15,000, and making them
 * all was a tenth of a new worker's work before its first answer. `pageOf` holds each
 * record's page.
 */
export function stubRecords(meta: ChunkedMeta, pageOf: Int32Array): SearchRecord[] {
  const firstOfPage = new Int32Array(meta.pages.length);
  for (let page = 1; page < meta.pages.length; page += 1) firstOfPage[page] = firstOfPage[page - 1] + meta.counts[page - 1];
  const pages = new Array<StubPage | undefined>(meta.pages.length);
  return madeOnRead(pageOf.length, (index) => {
    const p = pageOf[index];
    const [url, lvl0, lvl1, tag, language, pageRank] = meta.pages[p];
    const page = (pages[p] ??= {url, language, tag, pageRank, hierarchies: []});
    const section = columnValue(meta.sectionOf, index)!;
    // One hierarchy per page and section, shared by its records: nothing writes to a stub's.
    const hierarchy = (page.hierarchies[section] ??= {lvl0, lvl1, lvl2: section ? meta.sections[section - 1] : null, lvl3: null, lvl4: null, lvl5: null, lvl6: null});
    return new StubRecord(index, page, columnValue(meta.levels, index)!, columnValue(meta.anchors, index)!, index - firstOfPage[p], hierarchy);
  });
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

const LEAF = '';
const [LEAF_MARK, OPEN_MARK, CLOSE_MARK] = [TERM_TREE_MARKS.leaf, TERM_TREE_MARKS.open, TERM_TREE_MARKS.close].map((mark) => mark.charCodeAt(0));

/**
 * The term tree of the entry file (`ChunkedMeta.tree`), checked in one pass that notes where
 * each node ends. The engine's nodes (`TermNode`) are made from it as searches first walk
 * them: a query walks a few hundred of the tree's 11,000 nodes, and making them all (a map
 * each) was a fifth of a new worker's work before its first answer. Throws on a malformed
 * tree, naming what is wrong and where.
 */
export class TermTreeText {
  /** At each open mark, the position of its node's close mark. */
  private readonly ends: Int32Array;
  /** The nodes the engine has read so far (`TermNode`). */
  nodesMade = 0;

  constructor(readonly text: string) {
    const fail = (at: number, what: string): never => {
      throw new Error(`The search index entry file's term tree is malformed at character ${at}: ${what}.`);
    };
    const length = text.length;
    this.ends = new Int32Array(length);
    // One character at a time, with the open nodes on a stack: where each opened, its edges
    // so far and whether a term ends at it. An edge's label runs up to its open mark.
    const opens = new Int32Array(length + 1);
    const edges = new Int32Array(length + 2);
    const leaves = new Uint8Array(length + 2);
    let depth = 0;
    let label = -1;
    let at = 0;
    for (; at < length; at += 1) {
      const mark = text.charCodeAt(at);
      if (mark === OPEN_MARK) {
        if (label < 0) fail(at, 'an edge without its node');
        label = -1;
        edges[depth] += 1;
        opens[depth] = at;
        depth += 1;
        edges[depth] = 0;
        leaves[depth] = 0;
      } else if (mark === LEAF_MARK || mark === CLOSE_MARK) {
        if (label >= 0) fail(label, 'an edge without its node');
        if (mark === LEAF_MARK) {
          if (leaves[depth]) fail(at, 'a term ends twice');
          leaves[depth] = 1;
          edges[depth] += 1;
        } else {
          if (depth === 0) fail(at, 'a node closes that was not opened');
          if (edges[depth] === 0) fail(at, 'an empty node');
          depth -= 1;
          this.ends[opens[depth]] = at;
        }
      } else if (label < 0) label = at;
    }
    if (label >= 0) fail(label, 'an edge without its node');
    if (depth > 0) fail(at, 'a node is not closed');
  }

  /** The root node, as the engine's term tree holds it. */
  root(): Map<string, unknown> {
    return new TermNode(this, 0, this.text.length);
  }

  /**
   * The node between `from` and `to`, edge by edge in the tree's order: `onEdge` with each
   * edge's label and the span of its child, `onLeaf` where a term ends.
   */
  edges(from: number, to: number, onEdge: (label: string, from: number, to: number) => void, onLeaf: () => void): void {
    let at = from;
    while (at < to) {
      if (this.text.charCodeAt(at) === LEAF_MARK) {
        onLeaf();
        at += 1;
      } else {
        const open = this.text.indexOf(TERM_TREE_MARKS.open, at);
        onEdge(this.text.slice(at, open), open + 1, this.ends[open]);
        at = this.ends[open] + 1;
      }
    }
  }

  /** The terms in the tree's order (the order the term files list their postings in); with `letters`, only the terms starting with one of them. */
  forEachTerm(onTerm: (term: string) => void, letters?: ReadonlySet<string>): void {
    const walk = (from: number, to: number, prefix: string) =>
      this.edges(from, to, (label, childFrom, childTo) => walk(childFrom, childTo, prefix + label), () => onTerm(prefix));
    if (!letters) return walk(0, this.text.length, '');
    this.edges(0, this.text.length, (label, from, to) => (letters.has(label[0]) ? walk(from, to, label) : undefined), () => (letters.has('') ? onTerm('') : undefined));
  }

  /** The keys (`termKey`) of the tree's terms: read from the tree's first two levels. */
  termKeys(): Set<string> {
    const keys = new Set<string>();
    this.edges(
      0,
      this.text.length,
      (label, from, to) => {
        if (label.length >= 2) keys.add(label.slice(0, 2));
        else this.edges(from, to, (next) => keys.add(label + next[0]), () => keys.add(label));
      },
      () => keys.add(''),
    );
    return keys;
  }
}

/**
 * A node of the engine's term tree (minisearch's radix tree: a map of edges, the empty key
 * where a term ends, holding its postings), made from the tree's text the first time the
 * engine reads it. Nothing else changes: the engine reads it as the map it expects.
 */
class TermNode extends Map<string, unknown> {
  private source: TermTreeText | null;

  constructor(
    source: TermTreeText,
    private readonly from: number,
    private readonly to: number,
  ) {
    super();
    this.source = source;
  }

  private made(): this {
    const source = this.source;
    if (source) {
      source.nodesMade += 1;
      this.source = null;
      source.edges(
        this.from,
        this.to,
        (label, from, to) => super.set(label, new TermNode(source, from, to)),
        () => super.set(LEAF, new Map() satisfies Postings),
      );
    }
    return this;
  }

  override get(key: string) {
    return this.made() && super.get(key);
  }
  override has(key: string) {
    return this.made() && super.has(key);
  }
  override set(key: string, value: unknown) {
    this.made();
    return super.set(key, value);
  }
  override delete(key: string) {
    return this.made() && super.delete(key);
  }
  override clear() {
    this.source = null;
    super.clear();
  }
  override get size() {
    this.made();
    return super.size;
  }
  override keys() {
    this.made();
    return super.keys();
  }
  override values() {
    this.made();
    return super.values();
  }
  override entries() {
    this.made();
    return super.entries();
  }
  override forEach(callback: (value: unknown, key: string, map: Map<string, unknown>) => void, thisArg?: unknown) {
    this.made();
    super.forEach(callback, thisArg);
  }
  override [Symbol.iterator]() {
    return this.entries();
  }
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
  /** The entry file's term tree, whose nodes the engine makes as it walks them. */
  readonly treeText: TermTreeText;
  /** The page of each record. */
  private readonly pageIndex: Int32Array;

  constructor(
    readonly meta: ChunkedMeta,
    private readonly fetchFile: FetchIndexFile,
  ) {
    checkMeta(meta);
    const count = meta.levels.length;
    this.pageIndex = new Int32Array(count);
    let at = 0;
    meta.counts.forEach((n, page) => this.pageIndex.fill(page, at, (at += n)));
    this.records = stubRecords(meta, this.pageIndex);
    this.full = new Array(count);
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
    // the same order: made from the entry file's text node by node as searches walk it
    // (inserting every term walked and split the tree for each, half of this store's start in
    // a new worker). Each term has no postings until its file loads, into the map the tree holds.
    this.treeText = new TermTreeText(meta.tree);
    for (const key of this.treeText.termKeys()) {
      if (typeof meta.terms[key] !== 'string') throw new Error(`The search index entry file names no term file for the terms starting "${key}".`);
    }
    Object.assign(this.tree, {_tree: this.treeText.root(), _size: undefined});
  }

  /**
   * The numbers `distinctKeys` gives the records (one per value of `key`), from the entry
   * file instead of the records: a record's page URL is its page, its URL its page and anchor.
   */
  distinctKeys(key: 'url' | 'url_without_anchor'): {keys: Int32Array; count: number} {
    const pages = this.meta.pages.length;
    if (key === 'url_without_anchor') return {keys: this.pageIndex, count: pages};
    const anchors = this.meta.anchors;
    const firstKey = new Int32Array(pages + 1);
    for (let position = 0; position < this.pageIndex.length; position += 1) {
      const page = this.pageIndex[position];
      firstKey[page + 1] = Math.max(firstKey[page + 1], columnValue(anchors, position)! + 1);
    }
    for (let page = 0; page < pages; page += 1) firstKey[page + 1] += firstKey[page];
    const keys = new Int32Array(this.pageIndex.length);
    for (let position = 0; position < keys.length; position += 1) keys[position] = firstKey[this.pageIndex[position]] + columnValue(anchors, position)!;
    return {keys, count: firstKey[pages]};
  }

  /** The terms of a term file, in the tree's order (its postings' order): the terms of its keys. */
  private termsOfFile(name: string): string[] {
    const keys = new Set(Object.keys(this.meta.terms).filter((key) => this.meta.terms[key] === name));
    const terms: string[] = [];
    this.treeText.forEachTerm((term) => (keys.has(termKey(term)) ? terms.push(term) : undefined), new Set([...keys].map((key) => key.slice(0, 1))));
    return terms;
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

  /**
   * The word a reader who has typed `prefix` most likely goes on to: the shortest term of the
   * index that starts with it (the first in the tree's order among equals). Null where the
   * prefix is a term itself, or starts none.
   */
  completion(prefix: string): string | null {
    if (!prefix || this.tree.get(prefix)) return null;
    let best: string | null = null;
    for (const term of this.tree.atPrefix(prefix).keys()) {
      if (term.length > prefix.length && (best === null || term.length < best.length)) best = term;
    }
    return best;
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
    const terms = this.termsOfFile(name);
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
