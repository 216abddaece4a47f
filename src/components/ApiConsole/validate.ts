/**
 * Checks what the reader typed against the operation's schemas as the sandbox does (the
 * spec is OpenAPI 3.1, whose schemas are JSON Schema 2020-12; see ./schemaCheck for why
 * not Ajv in the browser), and says what is wrong in plain words, each with where it is:
 * `body.name`, `query.region`, `path.vm_id`, the places the sandbox's own answers name.
 */
import type {ConsoleOperation, ConsoleParameter, Json, OpenApiDocument, SchemaObject} from './operation';
import {SchemaChecker, type SchemaError} from './schemaCheck';

type ErrorObject = SchemaError;

export interface Violation {
  where: string;
  message: string;
}

export interface Validator {
  /** What is wrong with a parameter's text, empty when nothing. */
  parameter(parameter: ConsoleParameter, text: string): Violation[];
  /** The body's text parsed, and what is wrong with it. */
  body(operation: ConsoleOperation, text: string): {value: Json | undefined; violations: Violation[]};
}

const quoted = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(', ');

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** One error of Ajv as a sentence a reader understands. */
export function plainMessage(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `Required field "${String(params.missingProperty)}" is missing.`;
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const field = params.additionalProperty ?? params.unevaluatedProperty;
      return `"${String(field)}" is not a field of this object.`;
    }
    case 'type': {
      const types = String(params.type).split(',');
      return `Must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}.`;
    }
    case 'enum':
      return `Must be one of ${quoted(params.allowedValues as unknown[])}.`;
    case 'const':
      return `Must be ${JSON.stringify(params.allowedValue)}.`;
    case 'minimum':
      return `Must be ${String(params.limit)} or more.`;
    case 'maximum':
      return `Must be ${String(params.limit)} or less.`;
    case 'exclusiveMinimum':
      return `Must be more than ${String(params.limit)}.`;
    case 'exclusiveMaximum':
      return `Must be less than ${String(params.limit)}.`;
    case 'minLength':
      return Number(params.limit) === 1 ? 'Must not be empty.' : `Must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `Must be at most ${String(params.limit)} characters long.`;
    case 'minItems':
      return `Must hold at least ${String(params.limit)} item${Number(params.limit) === 1 ? '' : 's'}.`;
    case 'maxItems':
      return `Must hold at most ${String(params.limit)} items.`;
    case 'uniqueItems':
      return 'Must not repeat an item.';
    case 'pattern':
      return `Must match the pattern ${String(params.pattern)}.`;
    case 'format':
      return `Must be a valid ${String(params.format)}.`;
    case 'multipleOf':
      return `Must be a multiple of ${String(params.multipleOf)}.`;
    case 'oneOf':
    case 'anyOf':
      return 'Does not match any of the allowed shapes.';
    default:
      return error.message ? `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.` : 'Is not valid.';
  }
}

/** `/labels/team` → `labels.team`, with the missing or extra field's name where Ajv points at its parent. */
function whereOf(prefix: string, error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = error.params as Record<string, unknown>;
  const field = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  if (typeof field === 'string') parts.push(field);
  return [prefix, ...parts].join('.');
}

/** Ajv's errors as violations, without the echo "does not match any shape" when a branch said more. */
export function violationsOf(prefix: string, errors: readonly ErrorObject[] | null | undefined): Violation[] {
  const list = errors ?? [];
  const specific = list.filter((error) => error.keyword !== 'oneOf' && error.keyword !== 'anyOf' && error.keyword !== 'if');
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const error of specific.length ? specific : list) {
    const violation = {where: whereOf(prefix, error), message: plainMessage(error)};
    const key = `${violation.where}\0${violation.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    violations.push(violation);
  }
  return violations;
}

/** A parameter's text as the value its schema expects: numbers and booleans parsed, lists split at commas. */
export function parameterValue(schema: SchemaObject, text: string): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as SchemaObject;
    return text === '' ? [] : text.split(',').map((part) => parameterValue(items, part.trim()));
  }
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text.trim())) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

export function createValidator(doc: OpenApiDocument): Validator {
  const checker = new SchemaChecker(doc);
  return {
    parameter(parameter, text) {
      const where = `${parameter.in}.${parameter.name}`;
      if (text === '') return parameter.required ? [{where, message: 'Required: give a value.'}] : [];
      const errors = checker.check(parameter.schema, parameterValue(parameter.schema, text));
      // A parameter is one value: its violations are the parameter's, whatever part of it they name.
      return violationsOf(where, errors).map((v) => ({...v, where}));
    },
    body(operation, text) {
      if (!operation.body) return {value: undefined, violations: []};
      if (text.trim() === '') return {value: undefined, violations: operation.body.required ? [{where: 'body', message: 'This operation needs a body.'}] : []};
      let value: Json;
      try {
        value = JSON.parse(text) as Json;
      } catch (error) {
        return {value: undefined, violations: [{where: 'body', message: `Not valid JSON: ${(error as Error).message}`}]};
      }
      return {value, violations: violationsOf('body', checker.check(operation.body.schema, value))};
    },
  };
}
