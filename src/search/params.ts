/** Request parameters as Algolia's clients send them, read leniently, and written back for the response. */
import type {LocalSearchInput, LocalSearchRequest} from './clientTypes';

export type Params = Record<string, unknown>;

function parseParamString(params: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(params)) {
    out[key] = /^[[{]/.test(value) ? tryJson(value) : value;
  }
  return out;
}

function tryJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function normalizeRequests(input: LocalSearchInput): {indexName: string; params: Params}[] {
  const list: unknown = Array.isArray(input) ? input : (input as {requests?: unknown})?.requests;
  if (!Array.isArray(list)) throw new TypeError('search() takes {requests: [...]} or an array of {indexName, params}.');
  return list.map((item: unknown) => {
    const {indexName, params, type: _type, ...inline} = (item ?? {}) as LocalSearchRequest;
    const merged: Params = typeof params === 'string' ? parseParamString(params) : {...(params ?? {})};
    for (const [key, value] of Object.entries(inline)) if (value !== undefined) merged[key] = value;
    return {indexName: String(indexName ?? ''), params: merged};
  });
}

export function intParam(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : fallback;
}

export function boolParam(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/** A list given as an array, a JSON array string or a comma-separated string. */
export function listParam(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return undefined;
  if (value.startsWith('[')) {
    const parsed = tryJson(value);
    return Array.isArray(parsed) ? parsed : undefined;
  }
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export function stringListParam(value: unknown): string[] | undefined {
  return listParam(value)?.filter((item): item is string => typeof item === 'string');
}

/** Hits per page kept for one `url_without_anchor` (true = 1), or per `url` when the request says nothing (the crawler's index setting). */
export function distinctParam(value: unknown): {key: 'url' | 'url_without_anchor'; limit: number} | null {
  if (value === undefined || value === null || value === '') return {key: 'url', limit: 1};
  if (value === true || value === 'true') return {key: 'url_without_anchor', limit: 1};
  const limit = intParam(value, 0, 0, 4);
  return limit > 0 ? {key: 'url_without_anchor', limit} : null;
}

/** A lone surrogate (half an emoji) would make `encodeURIComponent` throw. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

export function serializeParams(params: Params): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))}`)
    .join('&');
}

