/** `facetFilters` (as masks over record positions) and `facets` counts. */
import {listParam, stringListParam} from './params';
import type {SearchRecord} from './records';
import type {Index} from './searchIndex';

function attributeValues(record: SearchRecord, attribute: string): string[] {
  let value: unknown = record;
  for (const key of attribute.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return value === null || value === undefined ? [] : [String(value)];
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
  return (record) => attributeValues(record, attribute).includes(value) !== negated;
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

/** The records `facetFilters` keeps, as a mask over record positions; null when it filters nothing. */
export function filterMask(index: Index, value: unknown): Uint8Array | null {
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
  const mask = new Uint8Array(index.records.length);
  index.records.forEach((record, position) => {
    mask[position] = predicate(record) ? 1 : 0;
  });
  if (key !== undefined) index.filters.set(key, mask);
  return mask;
}

const ALL_FACETS = ['language', 'docusaurus_tag', 'type'];

export function facetCounts(records: SearchRecord[], ids: number[], value: unknown): Record<string, Record<string, number>> {
  const names = stringListParam(value);
  if (!names || names.length === 0) return {};
  const attributes = names.includes('*') ? ALL_FACETS : names;
  const counts: Record<string, Record<string, number>> = {};
  for (const attribute of attributes) {
    const bucket: Record<string, number> = {};
    for (const id of ids) for (const v of attributeValues(records[id], attribute)) bucket[v] = (bucket[v] ?? 0) + 1;
    counts[attribute] = bucket;
  }
  return counts;
}

