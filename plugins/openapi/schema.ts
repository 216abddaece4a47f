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
  deprecated?: boolean;
  [SCHEMA_NAME]?: string;
  [TARGET_DESCRIPTION]?: string;
  [key: string]: unknown;
};

/** The component name of a schema reached through `$ref: '#/components/schemas/…'`. */
export const SCHEMA_NAME = Symbol('component schema name');
/** The `$ref` target's own description, when a sibling `description` gives one in context. */
export const TARGET_DESCRIPTION = Symbol('description of the referenced schema');

const SCHEMAS = '#/components/schemas/';

/** Keeps both descriptions when a context one (a `$ref` sibling, a wrapper) meets the target's. */
function withDescriptions(target: Record<string | symbol, unknown>, context: Record<string | symbol, unknown>): Record<string | symbol, unknown> {
  const out = {...target, ...context};
  if (typeof context.description === 'string' && typeof target.description === 'string' && context.description !== target.description) {
    out[TARGET_DESCRIPTION] = target.description;
  }
  return out;
}

/**
 * Replaces local `$ref`s by what they name (a copy), down to `maxDepth` levels so a
 * recursive schema cannot loop. Sibling keys of a `$ref` win, except that the target's
 * description is kept beside a sibling one; a component schema keeps its name.
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
    const resolved = deref(doc, target, [...seen, ref]) as Record<string | symbol, unknown>;
    const out = withDescriptions(resolved, deref(doc, siblings, seen));
    if (ref.startsWith(SCHEMAS) && resolved && typeof resolved === 'object') {
      out[SCHEMA_NAME] = decodeURIComponent(ref.slice(SCHEMAS.length)).replace(/~1/g, '/').replace(/~0/g, '~');
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = deref(doc, value, seen);
  return out as T;
}

const isNullSchema = (s: Schema) => s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null') || (s.const === null && !s.type);

/**
 * `oneOf`/`anyOf` with a `{type: 'null'}` branch is how 3.1 makes a `$ref` nullable: the
 * other branch with `nullable` set, so it renders as `X | null` and not as two options.
 */
export function unwrapNullable(schema: Schema): Schema {
  const key = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
  if (!key) return schema;
  const variants = schema[key]!;
  const rest = variants.filter((v) => !isNullSchema(v));
  if (rest.length === variants.length || rest.length === 0) return schema;
  const {[key]: _drop, ...outer} = schema;
  if (rest.length > 1) return {...outer, [key]: rest, nullable: true};
  return {...(withDescriptions(mergeAllOf(rest[0]!) as Record<string, unknown>, outer as Record<string, unknown>) as Schema), nullable: true};
}

/** Folds `allOf` into one object schema (properties and required lists merged). */
export function mergeAllOf(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const {allOf, ...rest} = schema;
  // `allOf: [{$ref}]` beside a description is the 3.0 way to describe a reference in context.
  if (allOf.length === 1 && !rest.properties) return withDescriptions(mergeAllOf(allOf[0]!) as Record<string, unknown>, rest as Record<string, unknown>) as Schema;
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
  const schema = unwrapNullable(mergeAllOf(input));
  if (schema.oneOf || schema.anyOf) return isNullable(schema) ? 'one of | null' : 'one of';
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [schema.properties ? 'object' : 'any']).filter((t) => t !== 'null');
  let label = types.join(' | ') || 'any';
  if (label === 'array' && schema.items) label = `array of ${typeLabel(schema.items)}`;
  if (schema.format) label += ` (${schema.format})`;
  if (isNullable(schema)) label += ' | null';
  return label;
}

/** True when a schema has fields worth listing one by one. */
export function hasFields(input: Schema): boolean {
  const schema = unwrapNullable(mergeAllOf(input));
  if (schema.properties && Object.keys(schema.properties).length > 0) return true;
  if (schema.oneOf || schema.anyOf) return true;
  if (schema.items) return hasFields(schema.items);
  return typeof schema.additionalProperties === 'object' && hasFields(schema.additionalProperties);
}
