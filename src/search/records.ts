/**
 * Search records as DocSearch's crawler shapes them, and the compact file they travel
 * in: each page's URL and titles once, each heading once, content pointing at its
 * heading. `expandRecords` turns the file back into full records in the browser.
 */
import type {PrebuiltIndex} from './engine';
import {inIdleSlices} from './idle';

export type RecordType = 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6' | 'content';

export interface SearchRecord {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: RecordType;
  content: string | null;
  hierarchy: {lvl0: string; lvl1: string; lvl2: string | null; lvl3: string | null; lvl4: string | null; lvl5: string | null; lvl6: string | null};
  language: string;
  docusaurus_tag: string;
  weight: {pageRank: number; level: number; position: number};
}

/** `[url, lvl0, lvl1, docusaurus_tag, language, pageRank]` */
export type CompactPage = [string, string, string, string, string, number];
/**
 * `[page, level, text, anchor, parent]`: level 1-6 for headings (1 = the page title),
 * 0 for content; `parent` is the index of the record of the enclosing heading, or -1.
 */
export type CompactRecord = [number, number, string, string | null, number];

export interface CompactRecords {
  v: 1;
  pages: CompactPage[];
  records: CompactRecord[];
  /** The build's index of these records (see `engine.ts`); without it the browser indexes them. */
  index?: PrebuiltIndex;
}

/**
 * `weight.pageRank` by page kind, the page-level weight DocSearch configs set: guides, then
 * the API reference's own guides and overviews, then API operation pages.
 */
export const PAGE_RANK = {guide: 2, reference: 1, operation: 0} as const;

/** Weight of a record by its level, as the DocSearch crawler gives it. */
export const levelWeight = (level: number): number => (level === 0 ? 0 : 100 - (level - 1) * 10);

/** Records expanded per idle slice in the browser (a few milliseconds' worth on a phone). */
const EXPAND_SLICE = 400;

function checkFile(file: CompactRecords): void {
  if (!file || file.v !== 1 || !Array.isArray(file.pages) || !Array.isArray(file.records)) {
    throw new Error('The search records file is not in the expected format (v1).');
  }
}

/** Each record's place within its page, counted from 0 in page order, as the crawler counts it. */
export function positionsInPages(file: CompactRecords): Int32Array {
  const seen = new Map<number, number>();
  const positions = new Int32Array(file.records.length);
  file.records.forEach(([page], index) => {
    const position = seen.get(page) ?? 0;
    positions[index] = position;
    seen.set(page, position + 1);
  });
  return positions;
}

export function expandRecord(file: CompactRecords, index: number, position: number): SearchRecord {
  const [pageIndex, level, textValue, anchor, parent] = file.records[index];
  const page = file.pages[pageIndex];
  if (!page) throw new Error(`Search record ${index} names page ${pageIndex}, which the file does not have.`);
  const [url, lvl0, lvl1, tag, language, pageRank] = page;
  const hierarchy: SearchRecord['hierarchy'] = {lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const headingLevel = level === 0 ? 7 : level;
  if (level >= 2) hierarchy[`lvl${level}` as 'lvl2'] = textValue;
  // Up to the enclosing level-2 heading, no further: lvl1 is the page's, and a text file of
  // the chunked index that starts at a level-2 heading holds no record before it.
  for (let p = level === 1 || level === 2 ? -1 : parent, guard = 0; p >= 0 && guard < 8; guard += 1) {
    const parentRecord = file.records[p];
    if (!Array.isArray(parentRecord)) throw new Error(`Search record ${index} names record ${p} as its heading, which the file does not have.`);
    const [, parentLevel, parentText, , grandParent] = parentRecord;
    if (parentLevel >= 2 && parentLevel < headingLevel) hierarchy[`lvl${parentLevel}` as 'lvl2'] = parentText;
    if (parentLevel <= 2) break;
    p = grandParent;
  }
  return {
    objectID: String(index),
    url: anchor ? `${url}#${anchor}` : url,
    url_without_anchor: url,
    anchor,
    type: level === 0 ? 'content' : (`lvl${level}` as RecordType),
    content: level === 0 ? textValue : null,
    hierarchy,
    language,
    docusaurus_tag: tag,
    weight: {pageRank, level: levelWeight(level), position},
  };
}

export function expandRecords(file: CompactRecords): SearchRecord[] {
  checkFile(file);
  const positions = positionsInPages(file);
  return file.records.map((_, index) => expandRecord(file, index, positions[index]));
}

/** `expandRecords` in slices run while the page is idle: a long file is no long task. */
export async function expandRecordsWhenIdle(file: CompactRecords): Promise<SearchRecord[]> {
  checkFile(file);
  const positions = positionsInPages(file);
  const out = new Array<SearchRecord>(file.records.length);
  await inIdleSlices(out.length, EXPAND_SLICE, (from, to) => {
    for (let index = from; index < to; index += 1) out[index] = expandRecord(file, index, positions[index]);
  });
  return out;
}

/** Records looked at, after a heading, for the first text of its section. */
const SECTION_LOOKAHEAD = 20;

/**
 * Where the first text of a heading's section is (before the next heading of its level or
 * above): `{at}`, -1 for none; or `{unloaded}`, the first record the search reached whose
 * text is not loaded (the chunked index loads text by parts of pages), where `samePage`
 * says it is on the heading's page. What a hit on a title alone shows as its snippet.
 * `hasText` says which content records count (a text-less stub's may, as a candidate).
 */
export function scanSectionText(
  records: readonly (SearchRecord | undefined)[],
  position: number,
  samePage?: (position: number) => boolean,
  hasText: (record: SearchRecord) => boolean = (record) => Boolean(record.content),
): {at: number} | {unloaded: number} {
  const heading = records[position];
  if (!heading || heading.type === 'content') return {at: -1};
  const depth = Number(heading.type.slice(3));
  const end = Math.min(records.length, position + 1 + SECTION_LOOKAHEAD);
  for (let next = position + 1; next < end; next += 1) {
    const record = records[next];
    if (!record) return samePage?.(next) ? {unloaded: next} : {at: -1};
    if (record.url_without_anchor !== heading.url_without_anchor) return {at: -1};
    if (record.type === 'content') {
      if (hasText(record)) return {at: next};
    } else if (Number(record.type.slice(3)) <= depth) return {at: -1};
  }
  return {at: -1};
}

/** The position of the first text of a heading's section among the records loaded, or -1. */
export function sectionTextPosition(records: readonly (SearchRecord | undefined)[], position: number): number {
  const found = scanSectionText(records, position);
  return 'at' in found ? found.at : -1;
}
