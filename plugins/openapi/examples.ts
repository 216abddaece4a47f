/**
 * Keeps the JSON examples of hand-written pages true to the spec. A ```json code block
 * names what it shows in its meta, next to the title Docusaurus reads:
 *
 *   ```json title="Response" operation="hibernateVirtualMachine" status="202"
 *   ```json title="Request body" operation="createVirtualMachine" request
 *   ```json title="Response" schema="Error"
 *
 * and checkExamples validates each marked block against that schema of the spec, with
 * the rules the spec's own examples are linted with: unknown properties are errors.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {deref, mergeAllOf, type Schema} from './schema';
import {operations, type OpenApiDocument} from './spec';

/** A ```json block of a page and what its meta says it shows. */
export interface PageExample {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The code block's meta attributes; a bare word (`request`) maps to ''. */
  marks: Record<string, string>;
  source: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*json\b(.*)$/;
const MARK = /([A-Za-z][\w-]*)(?:="([^"]*)")?/g;
/** The meta attributes that say which schema a block shows. */
export const SCHEMA_MARKS = ['operation', 'status', 'request', 'schema'] as const;

/** Every ```json block of an MDX source, with its meta attributes. */
export function pageExamples(file: string, source: string): PageExample[] {
  const lines = source.split(/\r?\n/);
  const out: PageExample[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const marks: Record<string, string> = {};
    for (const [, key, value] of open[2].matchAll(MARK)) marks[key] = value ?? '';
    const close = new RegExp(`^ {0,3}${open[1][0]}{${open[1].length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end])) end += 1;
    out.push({file, line: i + 1, marks, source: lines.slice(i + 1, end).join('\n')});
    i = end;
  }
  return out;
}

/** True when a block says which schema it shows. */
export function isMarked(example: PageExample): boolean {
  return SCHEMA_MARKS.some((mark) => mark in example.marks);
}

/**
 * A schema as the lint reads examples: references resolved, allOf folded into one
 * object, and objects closed to properties they do not declare.
 */
export function closedSchema(doc: OpenApiDocument, schema: Schema): Schema {
  const close = (node: Schema): Schema => {
    const merged = mergeAllOf(node);
    const out: Schema = {...merged};
    if (merged.properties) {
      out.properties = Object.fromEntries(Object.entries(merged.properties).map(([k, v]) => [k, close(v)]));
      if (merged.additionalProperties === undefined) out.additionalProperties = false;
    }
    if (merged.items) out.items = close(merged.items);
    if (typeof merged.additionalProperties === 'object') out.additionalProperties = close(merged.additionalProperties);
    for (const key of ['oneOf', 'anyOf'] as const) if (merged[key]) out[key] = merged[key]!.map(close);
    return out;
  };
  return close(deref(doc, schema));
}

/** The schema a marked block must match, or why there is none. */
export function markedSchema(doc: OpenApiDocument, marks: Record<string, string>): {schema: Schema} | {problem: string} {
  if (marks.schema !== undefined) {
    const schema = (doc.components.schemas ?? {})[marks.schema] as Schema | undefined;
    return schema ? {schema} : {problem: `schema="${marks.schema}" is not in components.schemas`};
  }
  const id = marks.operation;
  if (!id) return {problem: 'a marked block needs operation="…" (with status="…" or request) or schema="…"'};
  const located = operations(doc).find((o) => o.operation.operationId === id);
  if (!located) return {problem: `operation="${id}" is not an operation of the spec`};
  const operation = deref(doc, located.operation);
  if ('request' in marks) {
    const schema = (operation.requestBody as {content?: Record<string, {schema?: Schema}>} | undefined)?.content?.['application/json']?.schema;
    return schema ? {schema} : {problem: `${id} takes no JSON request body`};
  }
  if (marks.status === undefined) return {problem: `operation="${id}" needs status="…" or request`};
  const response = (operation.responses ?? {})[marks.status] as {content?: Record<string, {schema?: Schema}>} | undefined;
  if (!response) return {problem: `${id} has no ${marks.status} response`};
  const schema = response.content?.['application/json']?.schema;
  return schema ? {schema} : {problem: `the ${marks.status} response of ${id} has no JSON body`};
}

/** Problems of the marked blocks, each naming file and line; unmarked blocks are skipped. */
export function checkExamples(doc: OpenApiDocument, examples: PageExample[]): string[] {
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  const problems: string[] = [];
  for (const example of examples.filter(isMarked)) {
    const where = `${example.file}:${example.line}`;
    const found = markedSchema(doc, example.marks);
    if ('problem' in found) {
      problems.push(`${where}: ${found.problem}`);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(example.source);
    } catch (error) {
      problems.push(`${where}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const validate = ajv.compile(closedSchema(doc, found.schema));
    if (!validate(value)) {
      for (const error of validate.errors ?? []) {
        const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as {additionalProperty: string}).additionalProperty})` : '';
        problems.push(`${where}: ${error.instancePath || '/'} ${error.message}${extra}`);
      }
    }
  }
  return problems;
}
