/**
 * A JSON Schema 2020-12 checker that interprets the schema as it walks the value. Ajv, the
 * validator of the build and the sandbox, compiles each schema into a function with
 * `new Function`, which the site's Content-Security-Policy forbids (no 'unsafe-eval'), so
 * the browser needs one that never evaluates code. It covers the keywords the API spec uses
 * (its unit test lists them and checks it agrees with Ajv on the spec's examples and on
 * broken copies of them); a keyword it does not know is not checked, never refused.
 *
 * Errors have Ajv's shape (`instancePath`, `keyword`, `params`), so one set of plain-word
 * messages serves both.
 */

export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

type Schema = boolean | {[key: string]: unknown};

/** The keywords checked; the test fails when the spec uses a validation keyword not listed. */
export const CHECKED_KEYWORDS = [
  '$ref', 'allOf', 'anyOf', 'oneOf', 'not', 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties',
  'minProperties', 'maxProperties', 'items', 'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format',
] as const;

const FORMATS: Record<string, (value: string) => boolean> = {
  'date-time': (v) => /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:?\d\d)$/.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T'))),
  date: (v) => /^\d{4}-\d\d-\d\d$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(v),
  ipv4: (v) => /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
};

const typeOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

/** Deep equality of JSON values, for `enum`, `const` and `uniqueItems`. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeOf(a) !== typeOf(b) || typeof a !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => equal(item, (b as unknown[])[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const escape = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

export class SchemaChecker {
  private readonly patterns = new Map<string, RegExp | null>();

  /** `root` is the document local `$ref`s (`#/components/…`) point into. */
  constructor(private readonly root: unknown) {}

  check(schema: Schema, value: unknown): SchemaError[] {
    const errors: SchemaError[] = [];
    this.walk(schema, value, '', errors, 0);
    return errors;
  }

  private resolve(ref: string): Schema {
    if (!ref.startsWith('#')) return true;
    let target: unknown = this.root;
    for (const part of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      target = target && typeof target === 'object' ? (target as Record<string, unknown>)[key] : undefined;
    }
    return target === undefined ? true : (target as Schema);
  }

  private regex(pattern: string): RegExp | null {
    if (!this.patterns.has(pattern)) {
      let made: RegExp | null = null;
      try {
        made = new RegExp(pattern, 'u');
      } catch {
        // A pattern JavaScript cannot read is not checked.
      }
      this.patterns.set(pattern, made);
    }
    return this.patterns.get(pattern)!;
  }

  private walk(schema: Schema, value: unknown, path: string, errors: SchemaError[], depth: number): void {
    if (schema === true) return;
    if (schema === false) {
      errors.push({instancePath: path, keyword: 'false schema', params: {}, message: 'is not allowed'});
      return;
    }
    // A spec whose references loop forever would otherwise never end.
    if (depth > 64) return;
    const s = schema;
    const fail = (keyword: string, params: Record<string, unknown> = {}, at = path) => errors.push({instancePath: at, keyword, params});

    if (typeof s.$ref === 'string') this.walk(this.resolve(s.$ref), value, path, errors, depth + 1);
    if (Array.isArray(s.allOf)) for (const part of s.allOf) this.walk(part as Schema, value, path, errors, depth + 1);
    if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf)) {
      const options = (s.anyOf ?? s.oneOf) as Schema[];
      const results = options.map((option) => {
        const found: SchemaError[] = [];
        this.walk(option, value, path, found, depth + 1);
        return found;
      });
      const passing = results.filter((found) => found.length === 0).length;
      if (Array.isArray(s.anyOf) && passing === 0) {
        // The branch that came closest says what is wrong, as Ajv lists every branch's errors.
        errors.push(...results.reduce((best, found) => (found.length < best.length ? found : best)));
        fail('anyOf');
      }
      if (Array.isArray(s.oneOf) && passing !== 1) {
        if (passing === 0) errors.push(...results.reduce((best, found) => (found.length < best.length ? found : best)));
        fail('oneOf', {passingSchemas: passing});
      }
    }
    if (s.not !== undefined) {
      const found: SchemaError[] = [];
      this.walk(s.not as Schema, value, path, found, depth + 1);
      if (found.length === 0) fail('not');
    }

    if (s.type !== undefined) {
      const types = ([] as string[]).concat(s.type as string | string[]);
      if (!types.some((type) => hasType(value, type))) {
        fail('type', {type: types.join(',')});
        return;
      }
    }
    if (Array.isArray(s.enum) && !s.enum.some((option) => equal(option, value))) fail('enum', {allowedValues: s.enum});
    if ('const' in s && !equal(s.const, value)) fail('const', {allowedValue: s.const});

    if (typeof value === 'number') {
      if (typeof s.minimum === 'number' && value < s.minimum) fail('minimum', {limit: s.minimum});
      if (typeof s.maximum === 'number' && value > s.maximum) fail('maximum', {limit: s.maximum});
      if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) fail('exclusiveMinimum', {limit: s.exclusiveMinimum});
      if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) fail('exclusiveMaximum', {limit: s.exclusiveMaximum});
      if (typeof s.multipleOf === 'number' && Math.abs(value / s.multipleOf - Math.round(value / s.multipleOf)) > 1e-9) fail('multipleOf', {multipleOf: s.multipleOf});
    }

    if (typeof value === 'string') {
      const length = [...value].length;
      if (typeof s.minLength === 'number' && length < s.minLength) fail('minLength', {limit: s.minLength});
      if (typeof s.maxLength === 'number' && length > s.maxLength) fail('maxLength', {limit: s.maxLength});
      if (typeof s.pattern === 'string' && this.regex(s.pattern)?.test(value) === false) fail('pattern', {pattern: s.pattern});
      if (typeof s.format === 'string' && FORMATS[s.format] && !FORMATS[s.format]!(value)) fail('format', {format: s.format});
    }

    if (Array.isArray(value)) {
      if (typeof s.minItems === 'number' && value.length < s.minItems) fail('minItems', {limit: s.minItems});
      if (typeof s.maxItems === 'number' && value.length > s.maxItems) fail('maxItems', {limit: s.maxItems});
      if (s.uniqueItems === true && value.some((item, i) => value.findIndex((other) => equal(other, item)) !== i)) fail('uniqueItems');
      if (s.items !== undefined && s.items !== true) {
        value.forEach((item, i) => this.walk(s.items as Schema, item, `${path}/${i}`, errors, depth + 1));
      }
    }

    if (typeOf(value) === 'object') {
      const object = value as Record<string, unknown>;
      const keys = Object.keys(object);
      if (typeof s.minProperties === 'number' && keys.length < s.minProperties) fail('minProperties', {limit: s.minProperties});
      if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) fail('maxProperties', {limit: s.maxProperties});
      if (Array.isArray(s.required)) for (const name of s.required as string[]) if (!(name in object)) fail('required', {missingProperty: name});
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      for (const key of keys) {
        if (Object.hasOwn(properties, key)) this.walk(properties[key]!, object[key], `${path}/${escape(key)}`, errors, depth + 1);
        else if (s.additionalProperties === false) fail('additionalProperties', {additionalProperty: key});
        else if (s.additionalProperties && typeof s.additionalProperties === 'object') this.walk(s.additionalProperties as Schema, object[key], `${path}/${escape(key)}`, errors, depth + 1);
      }
    }
  }
}
