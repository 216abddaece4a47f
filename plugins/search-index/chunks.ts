/**
 * Splits the records and their prebuilt index into the files the browser loads by the
 * query (see `src/search/chunkFormat.ts`), and reads full records back from them.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import SearchableMap from 'minisearch/SearchableMap';
import {CHUNKED_VERSION, encodeColumn, TERM_TREE_MARKS, termKey, textFileName, type ChunkedMeta, type TermChunk, type TextChunk} from '../../src/search/chunkFormat';
import type {PrebuiltIndex} from '../../src/search/engine';
import {GENERIC_API_SECTIONS} from '../../src/search/ranking';
import {expandRecords, type CompactRecords, type SearchRecord} from '../../src/search/records';

/**
 * Text files hold runs of whole pages up to WHOLE_PAGE_BYTES of JSON, and of the parts
 * (`pageParts`) of longer pages, up to about this much JSON (some 2 KB brotli; a longer part
 * has a file of its own). Measured with the modal's first search on slow 4G (four queries,
 * five interleaved rounds; our server speaks HTTP/1.1, six requests at a time): files of
 * whole pages only took 690-1,040 ms and loaded 56-107 KB; files of parts only (3,000
 * each) half the text bytes, but more requests, 780-1,040 ms; these 510-980 ms, 54-90 KB.
 */
export const TEXT_CHUNK_BYTES = 6_000;
/** A page up to this much JSON stays whole in its text file: most hits on a page that short fall in more than one of its parts. */
export const WHOLE_PAGE_BYTES = 12_000;

/**
 * Term files hold the terms of neighbouring keys (`termKey`) of one first letter up to about
 * this much JSON (some 2-4 KB brotli). A query word needs the file of its own key and of the
 * terms it matches with a typo; a query with synonyms searches several words. Files by first
 * letter alone were 5-18 KB each here, and a query with synonyms loaded 50 KB of them.
 */
export const TERM_CHUNK_BYTES = 12_000;

/**
 * The records in parts a text file may start at: a page's start, and each level-2 heading.
 * Every record's headings up to its level-2 one lie in its part (lvl1 is the page's, in
 * the entry file), so a text file holds all a hit in it shows but its section's first text
 * (which the client loads after). Throws where the records break that.
 */
export function pageParts(records: CompactRecords['records']): [number, number][] {
  const parts: [number, number][] = [];
  let start = 0;
  for (let position = 1; position <= records.length; position += 1) {
    if (position < records.length && records[position][0] === records[position - 1][0] && records[position][1] !== 2) continue;
    parts.push([start, position]);
    start = position;
  }
  for (const [from, to] of parts) {
    for (let position = from; position < to; position += 1) {
      const [, level, , , parent] = records[position];
      if (level !== 1 && level !== 2 && parent >= 0 && parent < from) throw new Error(`Search record ${position} has its heading (record ${parent}) before its page part.`);
    }
  }
  return parts;
}

/** What text files are made of: whole pages up to `wholePageBytes` of JSON, the parts of longer ones (`recordBytes`: each record's JSON length). */
function textUnits(records: CompactRecords['records'], recordBytes: number[], wholePageBytes: number): [number, number][] {
  const pageBytes = new Map<number, number>();
  records.forEach(([page], position) => pageBytes.set(page, (pageBytes.get(page) ?? 0) + recordBytes[position] + 1));
  const units: [number, number][] = [];
  for (const [start, end] of pageParts(records)) {
    const page = records[start][0];
    const last = units.at(-1);
    if (last && records[last[0]][0] === page && pageBytes.get(page)! <= wholePageBytes) last[1] = end;
    else units.push([start, end]);
  }
  return units;
}

/** A name part for a term file: the key of its first terms when it is plain ASCII, else its number. */
const termFileLabel = (key: string, n: number) => (/^[a-z0-9_]+$/.test(key) ? key : `x${n}`);

const hashed = (prefix: string, json: string) => `${prefix}.${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;

export interface ChunkFiles {
  /** The entry file's name (`meta.<hash>.json`). */
  meta: string;
  /** Every file by name, the entry file included. */
  files: Map<string, string>;
}

/**
 * The index's terms as the engine's term tree holds them once it has met them in this order
 * (the order a records file restores them in), written as `ChunkedMeta.tree`, and the terms
 * in the order that text lists them, the order the browser reads them back in
 * (`restoreTermTree`) and the term files list their postings in.
 */
export function termTreeText(terms: readonly string[]): {text: string; order: string[]} {
  const map = new SearchableMap<true>();
  for (const term of terms) map.set(term, true);
  const {leaf, open, close} = TERM_TREE_MARKS;
  const parts: string[] = [];
  const order: string[] = [];
  const write = (node: Map<string, unknown>, prefix: string) => {
    for (const [label, child] of node) {
      if (label === '') {
        parts.push(leaf);
        order.push(prefix);
      } else {
        if (label.includes(leaf) || label.includes(open) || label.includes(close)) throw new Error(`search-index: the term "${prefix + label}" holds a character the term tree uses as a mark.`);
        parts.push(label, open);
        write(child as Map<string, unknown>, prefix + label);
        parts.push(close);
      }
    }
  };
  write((map as unknown as {_tree: Map<string, unknown>})._tree, '');
  return {text: parts.join(''), order};
}

/** The sizes chunkFiles splits at (JSON characters): the constants above unless a test or bench says otherwise. */
export interface ChunkSizes {
  text: number;
  wholePage: number;
  terms: number;
}

/** The files of the chunked index for these records and the index the build made of them. */
export function chunkFiles(compact: CompactRecords, index: PrebuiltIndex, sizes: Partial<ChunkSizes> = {}): ChunkFiles {
  const {text: textChunkBytes = TEXT_CHUNK_BYTES, wholePage = WHOLE_PAGE_BYTES, terms: termChunkBytes = TERM_CHUNK_BYTES} = sizes;
  const records = expandRecords(compact);
  const files = new Map<string, string>();

  // Term files: each term's postings as the whole-file index has them, in the term tree's
  // order, by key; neighbouring keys of one first letter share a file up to TERM_CHUNK_BYTES.
  const tree = termTreeText(index.terms);
  const termIndex = new Map(index.terms.map((term, i) => [term, i]));
  if (termIndex.size !== index.terms.length) throw new Error('search-index: the index lists a term twice.');
  const inTreeOrder = tree.order.map((term) => termIndex.get(term)!);
  const byKey = new Map<string, number[][]>();
  inTreeOrder.forEach((i) => {
    const term = index.terms[i];
    const key = termKey(term);
    let postings = byKey.get(key);
    if (!postings) byKey.set(key, (postings = []));
    postings.push(index.postings[i]);
  });
  const keys = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const keyFile = new Map<string, number>();
  const groups: {label: string; letter: string; size: number}[] = [];
  for (const key of keys) {
    const size = JSON.stringify(byKey.get(key)).length;
    const [letter] = key;
    const last = groups.at(-1);
    if (last && last.letter === letter && last.size + size <= termChunkBytes) last.size += size;
    else groups.push({label: termFileLabel(key, groups.length), letter, size});
    keyFile.set(key, groups.length - 1);
  }
  const chunks: TermChunk[] = groups.map(() => ({postings: []}));
  inTreeOrder.forEach((i) => chunks[keyFile.get(termKey(index.terms[i]))!].postings.push(index.postings[i]));
  const fileNames = chunks.map((chunk, n) => {
    const json = JSON.stringify(chunk);
    const name = hashed(`terms.${groups[n].label}`, json);
    files.set(name, json);
    return name;
  });
  const terms: Record<string, string> = {};
  for (const key of keys) terms[key] = fileNames[keyFile.get(key)!];

  const counts = compact.pages.map(() => 0);
  for (const [page] of compact.records) counts[page] += 1;

  // Text files: runs of whole pages and of long pages' parts, named by one hash of them all.
  const firsts: number[] = [];
  const texts: string[] = [];
  let first = 0;
  let size = 0;
  const flush = (end: number) => {
    if (end <= first) return;
    const chunk: TextChunk = {first, records: compact.records.slice(first, end)};
    firsts.push(first);
    texts.push(JSON.stringify(chunk));
    first = end;
    size = 0;
  };
  // Each record's JSON length, measured once: a run's JSON is `[`, each record and its comma or `]`.
  const recordBytes = compact.records.map((record) => JSON.stringify(record).length);
  for (const [start, end] of textUnits(compact.records, recordBytes, wholePage)) {
    let partSize = 1;
    for (let position = start; position < end; position += 1) partSize += recordBytes[position] + 1;
    if (size > 0 && size + partSize > textChunkBytes) flush(start);
    size += partSize;
  }
  flush(compact.records.length);
  const textHash = createHash('sha256');
  for (const json of texts) textHash.update(json);
  const text: ChunkedMeta['text'] = {first: firsts, hash: textHash.digest('hex').slice(0, 10)};
  texts.forEach((json, i) => files.set(textFileName(text, i), json));

  // Per record: which anchor of its page (0 for none), and its generic section if any.
  const anchors: number[] = [];
  let pageAnchors = new Map<string, number>();
  let lastPage = -1;
  for (const [page, , , anchor] of compact.records) {
    if (page !== lastPage) {
      pageAnchors = new Map();
      lastPage = page;
    }
    if (!anchor) anchors.push(0);
    else {
      let n = pageAnchors.get(anchor);
      if (n === undefined) pageAnchors.set(anchor, (n = pageAnchors.size + 1));
      anchors.push(n);
    }
  }
  const sections = [...GENERIC_API_SECTIONS];
  const sectionOf = records.map((record) => {
    const lvl2 = record.hierarchy.lvl2;
    // The name alone, whatever the page: the ranking checks the page's kind itself.
    return lvl2 !== null && GENERIC_API_SECTIONS.has(lvl2) ? sections.indexOf(lvl2) + 1 : 0;
  });

  const meta: ChunkedMeta = {
    v: CHUNKED_VERSION,
    fields: index.fields,
    averageFieldLength: index.averageFieldLength,
    pages: compact.pages,
    counts,
    levels: encodeColumn(compact.records.map(([, level]) => level)),
    anchors: encodeColumn(anchors),
    sections,
    sectionOf: encodeColumn(sectionOf),
    fieldLength: index.fields.map((_, field) => encodeColumn(index.fieldLength.map((lengths) => lengths[field] ?? null))),
    tree: tree.text,
    terms,
    text,
  };
  const metaJson = JSON.stringify(meta);
  const metaName = hashed('meta', metaJson);
  files.set(metaName, metaJson);
  return {meta: metaName, files};
}

/** Reads a JSON file of the chunked index, with a clear error when it is missing or not JSON. */
function readJson<T>(dir: string, name: string): T {
  const file = path.join(dir, name);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`The search index file ${name} is missing from ${dir}: run \`npm run build\` again.`, {cause: error});
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new Error(`The search index file ${name} is not valid JSON.`, {cause: error});
  }
}

/** The compact records put back together from a build's chunked index (the entry file and its text files). */
export function readChunkedRecords(dir: string, metaName: string): CompactRecords {
  const meta = readJson<ChunkedMeta>(dir, metaName);
  if (meta?.v !== CHUNKED_VERSION || !Array.isArray(meta.text?.first)) throw new Error(`${metaName} is not a search index entry file (v${CHUNKED_VERSION}).`);
  const records = meta.text.first.flatMap((_, i) => readJson<TextChunk>(dir, textFileName(meta.text, i)).records);
  return {v: 1, pages: meta.pages, records};
}

/** Full records from a build's chunked index. */
export function readChunkedSearchRecords(dir: string, metaName: string): SearchRecord[] {
  return expandRecords(readChunkedRecords(dir, metaName));
}

/** The name of the chunked index's entry file in a build's search folder, from its manifest. */
export function entryFileName(dir: string): string {
  const {index} = readJson<{index?: string}>(dir, 'manifest.json');
  if (typeof index !== 'string') throw new Error(`${path.join(dir, 'manifest.json')} names no chunked search index: run \`npm run build\` again.`);
  return index;
}

/**
 * The chunked index of a build folder as the browser's client loads it, reading files from
 * disk; `requested` hears each file's name as it is asked for (null for the entry file).
 */
export function chunkedSourceFromDir(dir: string, requested?: (name: string | null) => void) {
  const metaName = entryFileName(dir);
  const meta = readJson<ChunkedMeta>(dir, metaName);
  return {
    meta,
    fetchFile: async (name: string | null): Promise<ArrayBuffer> => {
      requested?.(name);
      const bytes = readFileSync(path.join(dir, name ?? metaName));
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
}
