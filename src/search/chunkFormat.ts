/**
 * The search index as the browser loads it: in parts, so a query downloads only what it
 * needs. The build writes (see `plugins/search-index/chunks.ts`):
 *
 * - one entry file (`ChunkedMeta`), the part every query needs: the pages, per record what
 *   the ranking, the facets and distinct read before any text is loaded (level, which
 *   anchor of its page it points at, whether it is a generic API section, its field
 *   lengths), every indexed term (without postings, as the engine's term tree) and the
 *   names of the other files;
 * - term files: the prebuilt index's postings, by the first letters of the term. With
 *   every term at hand, the client finds the terms a query word matches (exactly, by
 *   prefix or with typos, whatever their first letter) and loads the files holding them;
 *   the engine then searches the same term tree as with the whole file, so results are
 *   the same;
 * - text files: the records' text (headings, content, anchors) for runs of whole pages and
 *   of long pages' parts (a page's start, then each level-2 section), loaded for the hits
 *   being shown.
 */
import type {CompactPage, CompactRecord} from './records';

export const CHUNKED_VERSION = 5;

export interface ChunkedMeta {
  v: typeof CHUNKED_VERSION;
  fields: string[];
  averageFieldLength: number[];
  pages: CompactPage[];
  /** Records per page, in page order (records are stored page after page). */
  counts: number[];
  /** Per record (a `Column`), its level: 1-6 for headings, 0 for content. */
  levels: Column;
  /** Per record (a `Column`), which distinct anchor of its page its URL ends with (1, 2, …), or 0 for the page's URL itself. */
  anchors: Column;
  /** The generic API section names records may have as their lvl2 (see `ranking.ts`). */
  sections: string[];
  /** Per record (a `Column`), 1 + the index in `sections` of its lvl2 when that is one of them, else 0. */
  sectionOf: Column;
  /**
   * Per field (in `fields` order), a `Column` of each record's number of words in it (null
   * where it has no such field). By field, not by record: the lengths a page's records repeat
   * (its title, a section's heading) then sit side by side, and the column compresses well.
   */
  fieldLength: Column[];
  /**
   * Every term of the index, as the engine's term tree (a radix tree) holds them once the
   * build's engine has met them all, in its order (`termTreeText`): the browser restores the
   * tree node by node instead of inserting every term, and lists matching terms in the same
   * order as the whole file's engine.
   */
  tree: string;
  /** Term file by the key of its terms (`termKey`). */
  terms: Record<string, string>;
  /**
   * Text files in record order: file `i` (`textFileName`) holds the records from `first[i]` to
   * `first[i + 1]`. One hash of all of them names them all: a list of a name per file would
   * be most of this file on a large site.
   */
  text: {first: number[]; hash: string};
}

/**
 * A list of small whole numbers or nulls, one per record, written as a string of one
 * character per record: `COLUMN_ZERO + n` for n, `COLUMN_NULL` for null. The browser reads
 * the string as one value and a record's number with `charCodeAt`: as JSON lists, this
 * site's 15,000 records made 120,000 numbers and nulls to parse and keep (1.5 MB) before a
 * new search worker could answer. The codes skip `"` and the control characters, which JSON
 * would escape.
 */
export type Column = string;
export const COLUMN_NULL = 0x21;
export const COLUMN_ZERO = 0x23;
/** The largest number a column holds: codes stop below the surrogates. */
export const COLUMN_MAX = 0xd7ff - COLUMN_ZERO;

/** A column of these values; throws on a value it cannot hold. */
export function encodeColumn(values: readonly (number | null)[]): Column {
  return values
    .map((value) => {
      if (value === null) return String.fromCharCode(COLUMN_NULL);
      if (!Number.isInteger(value) || value < 0 || value > COLUMN_MAX) throw new RangeError(`A search index column holds whole numbers from 0 to ${COLUMN_MAX}, not ${value}.`);
      return String.fromCharCode(COLUMN_ZERO + value);
    })
    .join('');
}

/** Record `position`'s value in a column (null for null; NaN past its end or for a code no column writes). */
export function columnValue(column: Column, position: number): number | null {
  const code = column.charCodeAt(position);
  if (code === COLUMN_NULL) return null;
  return code >= COLUMN_ZERO && code <= COLUMN_ZERO + COLUMN_MAX ? code - COLUMN_ZERO : NaN;
}

const COLUMN_CODES = /^[\u0023-\ud7ff]*$/;
const COLUMN_CODES_OR_NULL = /^[\u0021\u0023-\ud7ff]*$/;

/** Whether a value is a column of `length` records' numbers (and nulls, where `nulls`). */
export function isColumn(value: unknown, length: number, nulls = false): value is Column {
  return typeof value === 'string' && value.length === length && (nulls ? COLUMN_CODES_OR_NULL : COLUMN_CODES).test(value);
}

/** A term file: the postings of its terms (see `engine.ts`), in the order of `tree`. */
export interface TermChunk {
  postings: number[][];
}

/** The name of text file `i` of an index. */
export const textFileName = (text: ChunkedMeta['text'], i: number) => `text.${i}.${text.hash}.json`;

/** A text file: the records from `first` on, as in the records file (`parent` counts from the first record of all). */
export interface TextChunk {
  first: number;
  records: CompactRecord[];
}

/**
 * The key a term is filed under: its first two characters (one for a one-letter term).
 * A term file holds the terms of one or more neighbouring keys of one first letter.
 */
export function termKey(term: string): string {
  const [first = '', second = ''] = term;
  return first + second;
}

/**
 * The term tree as the entry file writes it. A node is its edges in the tree's order: `!`
 * where a term ends (the tree's leaf key), or an edge's label followed by its child node in
 * parentheses. Terms are letters, digits and `_` only (see `highlight.ts`), so the marks
 * need no escaping: `vol(ume(!s(!)))` holds `volume` and `volumes`.
 */
export const TERM_TREE_MARKS = {leaf: '!', open: '(', close: ')'} as const;
