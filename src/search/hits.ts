/** Shaping hits: the retrieved attributes, absolute URLs, highlights and snippets, as Algolia returns them. */
import type {LocalSearchHit} from './clientTypes';
import {FIELDS, fieldText, LEVELS, type Field} from './engine';
import {highlightText, snippetText, wordSpans, type MarkOptions, type WordSpan} from './highlight';
import {intParam, stringListParam} from './params';
import {sectionTextPosition, type SearchRecord} from './records';
import type {Index} from './searchIndex';

/** Index settings of the DocSearch crawler when a request does not say. */
const DEFAULT_SNIPPET_WORDS = 10;
const DEFAULT_ATTRIBUTES_TO_SNIPPET = ['content:10'];
export const DEFAULT_ELLIPSIS = '…';

function absoluteUrl(url: string, origin: string | undefined): string {
  if (!origin || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  return `${origin.replace(/\/+$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function pageOrigin(): string | undefined {
  return typeof window !== 'undefined' && window.location ? window.location.origin : undefined;
}

/** `attributesToRetrieve` (default all); `objectID` always. */
function retrieve(record: SearchRecord, attributes: string[] | undefined): Partial<SearchRecord> {
  if (!attributes || attributes.includes('*')) return {...record, hierarchy: {...record.hierarchy}};
  const out: Record<string, unknown> = {};
  for (const path of attributes) {
    const [head, child] = path.split('.');
    const value = (record as unknown as Record<string, unknown>)[head];
    if (value === undefined) continue;
    if (child === undefined) out[head] = value && typeof value === 'object' ? {...value} : value;
    else if (value && typeof value === 'object' && child in value) {
      out[head] = {...((out[head] as object) ?? {}), [child]: (value as Record<string, unknown>)[child]};
    }
  }
  return out as Partial<SearchRecord>;
}

/** `content:10`, `hierarchy.lvl1`, `hierarchy` or `*` to fields and word counts. */
export function snippetFields(value: unknown): Map<Field, number> {
  const fields = new Map<Field, number>();
  for (const spec of stringListParam(value) ?? DEFAULT_ATTRIBUTES_TO_SNIPPET) {
    const [name, count] = spec.split(':');
    const words = intParam(count, DEFAULT_SNIPPET_WORDS, 1, 100);
    const targets: Field[] =
      name === '*' ? FIELDS : name === 'hierarchy' ? [...LEVELS] : name === 'content' ? ['content'] : LEVELS.filter((l) => name === `hierarchy.${l}`);
    for (const field of targets) fields.set(field, words);
  }
  return fields;
}

export function highlightFields(value: unknown): Set<Field> {
  const list = stringListParam(value);
  if (!list || list.includes('*')) return new Set(FIELDS);
  const fields = new Set<Field>();
  for (const name of list) {
    if (name === 'hierarchy') LEVELS.forEach((l) => fields.add(l));
    else if (name === 'content') fields.add('content');
    else for (const l of LEVELS) if (name === `hierarchy.${l}`) fields.add(l);
  }
  return fields;
}

export interface HitOptions {
  origin: string | undefined;
  mark: MarkOptions;
  retrieve: string[] | undefined;
  highlight: Set<Field>;
  snippet: Map<Field, number>;
  ellipsis: string;
}

function fieldSpans(index: Index, position: number, field: Field, text: string): WordSpan[] {
  const key = `${position}\u0000${field}`;
  let spans = index.spans.get(key);
  if (!spans) index.spans.set(key, (spans = wordSpans(text)));
  return spans;
}

function wantsContent(attributes: string[] | undefined): boolean {
  return !attributes || attributes.includes('*') || attributes.includes('content');
}

export function buildHit(index: Index, position: number, options: HitOptions): LocalSearchHit {
  const record = index.shown[position];
  if (!record) throw new Error(`The text of search record ${position} was not loaded before shaping its hit.`);
  const hit = {...retrieve(record, options.retrieve), objectID: String(record.objectID)} as LocalSearchHit;
  if (typeof hit.url === 'string') hit.url = absoluteUrl(hit.url, options.origin);
  // A hit on a title alone shows the first words of its section, as its content.
  const textAt = record.content === null ? sectionTextPosition(index.shown, position) : position;
  if (textAt !== position && textAt >= 0 && wantsContent(options.retrieve)) hit.content = index.shown[textAt]!.content;
  const highlighted: LocalSearchHit['_highlightResult'] = {};
  const snippets: LocalSearchHit['_snippetResult'] = {};
  for (const field of FIELDS) {
    const at = field === 'content' ? textAt : position;
    const text = at >= 0 ? fieldText(index.shown[at]!, field) : null;
    if (text === null) continue;
    const words = options.snippet.get(field);
    const highlight = options.highlight.has(field);
    if (!highlight && words === undefined) continue;
    // Split once for both the highlight and the snippet (spans are only read).
    const spans = fieldSpans(index, at, field, text);
    if (field === 'content') {
      if (highlight) highlighted.content = highlightText(text, options.mark, spans);
      if (words !== undefined) snippets.content = snippetText(text, words, options.ellipsis, options.mark, spans);
    } else {
      if (highlight) (highlighted.hierarchy ??= {})[field] = highlightText(text, options.mark, spans);
      if (words !== undefined) (snippets.hierarchy ??= {})[field] = snippetText(text, words, options.ellipsis, options.mark, spans);
    }
  }
  hit._highlightResult = highlighted;
  hit._snippetResult = snippets;
  return hit;
}

export function randomQueryId(): string {
  const bytes = new Uint8Array(16);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
