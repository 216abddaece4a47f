/** Dereferencing and describing JSON Schemas of the spec, for rendering. */
import {resolvePointer} from './spec';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  [key: string]: unknown;
};

/**
 * Replaces local `$ref`s by what they name (a copy), down to `maxDepth` levels so a
 * recursive schema cannot loop. Sibling keys of a `$ref` (a description) win.
 */
export function deref<T>(doc: unknown, node: T, seen: string[] = []): T {
  if (Array.isArray(node)) return node.map((item) => deref(doc, item, seen)) as T;
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') {
    const ref = record.$ref;
    if (seen.includes(ref) || seen.length > 12) return {description: `See ${ref.split('/').pop()}.`} as T;
    const target = resolvePointer(doc, ref);
    if (target === undefined) throw new Error(`$ref ${ref} does not resolve`);
    const {$ref: _drop, ...siblings} = record;
    return {...deref(doc, target, [...seen, ref]), ...deref(doc, siblings, seen)} as T;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = deref(doc, value, seen);
  return out as T;
}

/** Folds `allOf` into one object schema (properties and required lists merged). */
export function mergeAllOf(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const {allOf, ...rest} = schema;
  const merged: Schema = {...rest, properties: {...(rest.properties ?? {})}, required: [...(rest.required ?? [])]};
  for (const part of allOf.map(mergeAllOf)) {
    Object.assign(merged.properties!, part.properties ?? {});
    merged.required!.push(...(part.required ?? []));
    merged.type ??= part.type;
    merged.description ??= part.description;
  }
  if (merged.required!.length === 0) delete merged.required;
  if (Object.keys(merged.properties!).length === 0) delete merged.properties;
  return merged;
}

/** True when null is allowed (3.1 `type: [x, 'null']` or 3.0 `nullable`). */
export function isNullable(schema: Schema): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
}

/** A short type label: `string (date-time)`, `array of object`, `integer | null`. */
export function typeLabel(input: Schema): string {
  const schema = mergeAllOf(input);
  if (schema.oneOf || schema.anyOf) return 'one of';
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [schema.properties ? 'object' : 'any']).filter((t) => t !== 'null');
  let label = types.join(' | ') || 'any';
  if (label === 'array' && schema.items) label = `array of ${typeLabel(schema.items)}`;
  if (schema.format) label += ` (${schema.format})`;
  if (isNullable(schema)) label += ' | null';
  return label;
}

/** True when a schema has fields worth listing one by one. */
export function hasFields(input: Schema): boolean {
  const schema = mergeAllOf(input);
  if (schema.properties && Object.keys(schema.properties).length > 0) return true;
  if (schema.oneOf || schema.anyOf) return true;
  if (schema.items) return hasFields(schema.items);
  return typeof schema.additionalProperties === 'object' && hasFields(schema.additionalProperties);
}
