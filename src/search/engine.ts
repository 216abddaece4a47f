/**
 * The full-text engine of local search: a MiniSearch index over the records, whose
 * documents are record positions (the index holds no copy of the text).
 *
 * The build indexes the records once and ships the result inside the records file
 * (`PrebuiltIndex`), so a browser restores the index instead of tokenizing some 300,000
 * words: in the search worker that is a few hundred milliseconds less before the first
 * results on a laptop, and seconds less on a phone. A records file without an index, or
 * with one that does not fit its records, is indexed in the browser as before.
 */
import MiniSearch, {type AsPlainObject, type Options} from 'minisearch';
import {normalizeTerm, tokenize} from './highlight';
import type {CompactRecords, SearchRecord} from './records';

export const LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type Level = (typeof LEVELS)[number];
export type Field = Level | 'content';
export const FIELDS: Field[] = [...LEVELS, 'content'];

export function fieldText(record: SearchRecord, field: Field): string | null {
  const value = field === 'content' ? record.content : record.hierarchy?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** `onTerm` hears every term the engine indexes, in the order it indexes them. */
export function engineOptions(records: SearchRecord[], onTerm?: (term: string) => void): Options<number> {
  return {
    idField: 'id',
    fields: FIELDS,
    extractField: (position, field) => (field === 'id' ? position : fieldText(records[position], field as Field)),
    tokenize,
    processTerm: (word) => {
      const term = normalizeTerm(word) || null;
      if (term) onTerm?.(term);
      return term;
    },
  };
}

/** An empty engine for the records, to add them to one by one (`engine.add(position)`). */
export function newEngine(records: SearchRecord[], onTerm?: (term: string) => void): MiniSearch<number> {
  return new MiniSearch<number>(engineOptions(records, onTerm));
}

/**
 * The index as the records file carries it. `terms[i]`'s postings are, per field that has
 * the term, `fieldId, count`, then `count` records as the gap from the previous one (from
 * -1): positive for a record with the word once, negative and followed by the number of
 * times otherwise. About half of MiniSearch's own JSON, and quick to read back.
 */
export interface PrebuiltIndex {
  fields: string[];
  /** Per record, its number of distinct words per field (null where it has no such field). */
  fieldLength: (number | null)[][];
  averageFieldLength: number[];
  terms: string[];
  postings: number[][];
}

/** Records with the index the build made of them, when the file had one. */
export interface IndexedRecords {
  records: SearchRecord[];
  index?: PrebuiltIndex;
}

/** The index of every record of the file, made at build time with the engine the browser uses. */
export function prebuildIndex(records: SearchRecord[]): PrebuiltIndex {
  const firstUse = new Set<string>();
  const engine = newEngine(records, (term) => firstUse.add(term));
  for (let position = 0; position < records.length; position += 1) engine.add(position);
  const plain = engine.toJSON();
  const byTerm = new Map(plain.index);
  const terms: string[] = [];
  const postings: number[][] = [];
  // Terms in the order the engine first met them: restored in that order, they make the same
  // term tree, which lists matching terms (and so adds up their scores) in the same order.
  for (const term of firstUse) {
    const byField = byTerm.get(term);
    if (!byField) throw new Error(`The search index has no entry for the term "${term}".`);
    const flat: number[] = [];
    for (const [fieldId, docs] of Object.entries(byField)) {
      const entries = Object.entries(docs)
        .map(([position, frequency]) => [Number(position), frequency])
        .sort((a, b) => a[0] - b[0]);
      flat.push(Number(fieldId), entries.length);
      let previous = -1;
      for (const [position, frequency] of entries) {
        // Most words occur once in a record: their gap alone says so; a negative gap is followed by the count.
        if (frequency === 1) flat.push(position - previous);
        else flat.push(previous - position, frequency);
        previous = position;
      }
    }
    terms.push(term);
    postings.push(flat);
  }
  const fieldLength = records.map((_, position) => Array.from(plain.fieldLength[position] ?? [], (n) => n ?? null));
  return {fields: FIELDS, fieldLength, averageFieldLength: plain.averageFieldLength, terms, postings};
}

/** Runs `work` over `count` items, in one go or in slices (the page's own thread restores in idle slices). */
export type RunInSlices = (count: number, work: (from: number, to: number) => void) => Promise<void>;

const inOneGo: RunInSlices = async (count, work) => work(0, count);

/**
 * The engine from a prebuilt index, or null when the index does not fit these records
 * (another field list, another number of records, lengths or postings not in the shape
 * above, postings out of range): the caller then
 * indexes the records itself. MiniSearch restores everything but the terms through its
 * public `loadJS`; the terms go straight into its term tree, which `loadJS` would only
 * fill after turning every posting list into an object and back.
 */
export async function restoreEngine(index: PrebuiltIndex, records: SearchRecord[], run: RunInSlices = inOneGo): Promise<MiniSearch<number> | null> {
  const count = records.length;
  if (
    !index ||
    JSON.stringify(index.fields) !== JSON.stringify(FIELDS) ||
    !Array.isArray(index.fieldLength) ||
    index.fieldLength.length !== count ||
    !index.fieldLength.every((lengths) => Array.isArray(lengths) && lengths.length <= FIELDS.length) ||
    !Array.isArray(index.averageFieldLength) ||
    index.averageFieldLength.length > FIELDS.length ||
    !Array.isArray(index.terms) ||
    !Array.isArray(index.postings) ||
    index.terms.length !== index.postings.length
  ) {
    return null;
  }
  const plain: AsPlainObject = {
    documentCount: count,
    nextId: count,
    documentIds: Object.fromEntries(records.map((_, position) => [position, position])),
    fieldIds: Object.fromEntries(FIELDS.map((field, id) => [field, id])),
    fieldLength: Object.fromEntries(index.fieldLength.map((lengths, position) => [position, lengths])) as AsPlainObject['fieldLength'],
    averageFieldLength: index.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
  const engine = MiniSearch.loadJS<number>(plain, engineOptions(records));
  const tree = (engine as unknown as {_index: {set(term: string, data: Map<number, Map<number, number>>): void}})._index;
  let fits = true;
  await run(index.terms.length, (from, to) => {
    for (let i = from; i < to && fits; i += 1) fits = restoreTerm(i);
  });
  return fits ? engine : null;

  function restoreTerm(i: number): boolean {
    if (typeof index.terms[i] !== 'string') return false;
    const byField = decodePostings(index.postings[i], count);
    if (!byField) return false;
    tree.set(index.terms[i], byField);
    return true;
  }
}

/**
 * A term's postings as MiniSearch keeps them (field → record → count), from their form in the
 * file (`PrebuiltIndex`), or null when they do not fit: not that shape, or a record past `count`.
 */
export function decodePostings(flat: unknown, count: number): Map<number, Map<number, number>> | null {
  if (!Array.isArray(flat)) return null;
  const byField = new Map<number, Map<number, number>>();
  for (let k = 0; k < flat.length; ) {
    const fieldId = flat[k++];
    const length = flat[k++];
    if (!(fieldId >= 0 && fieldId < FIELDS.length) || !(length > 0) || k + length > flat.length) return null;
    const docs = new Map<number, number>();
    let position = -1;
    for (let j = 0; j < length; j += 1) {
      const gap = flat[k++];
      if (gap > 0) {
        position += gap;
        docs.set(position, 1);
      } else {
        position -= gap;
        docs.set(position, flat[k++]);
      }
    }
    if (!(position < count) || !(k <= flat.length)) return null;
    byField.set(fieldId, docs);
  }
  return byField;
}

/** The records of a file, with its prebuilt index if it has one. */
export function withIndex(file: CompactRecords, records: SearchRecord[]): IndexedRecords {
  return file.index ? {records, index: file.index} : {records};
}
