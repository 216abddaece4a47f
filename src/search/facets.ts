/** `facetFilters` (as filters of record positions) and `facets` counts. */
import {listParam, stringListParam} from './params';
import type {SearchRecord} from './records';
import type {Index} from './searchIndex';

/** The value at a dotted attribute path (`hierarchy.lvl0`) of a record. */
function valueAt(record: SearchRecord, path: readonly string[]): unknown {
  let value: unknown = record;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function attributeValues(record: SearchRecord, path: readonly string[]): string[] {
  const value = valueAt(record, path);
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return value === null || value === undefined ? [] : [String(value)];
}

/** Whether the record has `wanted` among the values at `path` (what `attributeValues(...).includes` says, without building the list: a filter asks it of every record). */
function hasValue(record: SearchRecord, path: readonly string[], wanted: string): boolean {
  const value = valueAt(record, path);
  if (Array.isArray(value)) return value.some((v) => v !== null && v !== undefined && String(v) === wanted);
  return value !== null && value !== undefined && String(value) === wanted;
}

type Predicate = (record: SearchRecord) => boolean;

/** `attribute:value`, `attribute:-value` (not), `attribute:\-value` (a value starting with `-`). */
function facetPredicate(filter: string): Predicate {
  const colon = filter.indexOf(':');
  if (colon < 0) return () => false;
  const attribute = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  else if (value.startsWith('\\-')) value = value.slice(1);
  const path = attribute.split('.');
  return (record) => hasValue(record, path, value) !== negated;
}

/** AND of the list, OR inside nested lists. */
function facetFiltersPredicate(value: unknown): Predicate | null {
  const list = typeof value === 'string' && !value.startsWith('[') ? [value] : listParam(value);
  if (!list || list.length === 0) return null;
  const clauses = list.map((clause): Predicate => {
    if (Array.isArray(clause)) {
      const any = clause.filter((f): f is string => typeof f === 'string').map(facetPredicate);
      return (record) => any.some((p) => p(record));
    }
    return typeof clause === 'string' ? facetPredicate(clause) : () => true;
  });
  return (record) => clauses.every((p) => p(record));
}

/**
 * Which records a `facetFilters` value keeps. A record is judged the first time a query asks
 * about it, then remembered: a query asks about its matches, a few hundred of the index's
 * records, and judging all of them up front was a fifth of a new worker's first search.
 */
export class RecordFilter {
  /** Per record: 0 not judged yet, 1 kept, 2 filtered out. */
  private readonly judged: Uint8Array;

  constructor(
    private readonly records: readonly SearchRecord[],
    private readonly predicate: Predicate,
  ) {
    this.judged = new Uint8Array(records.length);
  }

  keeps(position: number): boolean {
    let verdict = this.judged[position];
    if (verdict === undefined) return false;
    if (verdict === 0) this.judged[position] = verdict = this.predicate(this.records[position]) ? 1 : 2;
    return verdict === 1;
  }
}

/** The filter of a `facetFilters` value, made once per value and index; null when it filters nothing. */
export function recordFilter(index: Index, value: unknown): RecordFilter | null {
  const predicate = facetFiltersPredicate(value);
  if (!predicate) return null;
  let key: string | undefined;
  try {
    key = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    key = undefined;
  }
  const cached = key === undefined ? undefined : index.filters.get(key);
  if (cached) return cached;
  const filter = new RecordFilter(index.records, predicate);
  if (key !== undefined) index.filters.set(key, filter);
  return filter;
}

const ALL_FACETS = ['language', 'docusaurus_tag', 'type'];

export function facetCounts(records: SearchRecord[], ids: number[], value: unknown): Record<string, Record<string, number>> {
  const names = stringListParam(value);
  if (!names || names.length === 0) return {};
  const attributes = names.includes('*') ? ALL_FACETS : names;
  const counts: Record<string, Record<string, number>> = {};
  for (const attribute of attributes) {
    const bucket: Record<string, number> = {};
    const path = attribute.split('.');
    for (const id of ids) for (const v of attributeValues(records[id], path)) bucket[v] = (bucket[v] ?? 0) + 1;
    counts[attribute] = bucket;
  }
  return counts;
}

