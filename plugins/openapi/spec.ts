/**
 * The API spec: its parts merged into one OpenAPI 3.1 document, with the checks that
 * keep the reference complete (every operation on exactly one page, every $ref known).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation | unknown>>;
  components: Record<string, Record<string, unknown>>;
  tags: {name: string; description?: string}[];
  [key: string]: unknown;
};

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
  'x-doc-path'?: string;
  [key: string]: unknown;
}

export interface LocatedOperation {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operation: Operation;
}

export class SpecError extends Error {
  constructor(problems: string[]) {
    super(`The API spec has problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SpecError';
  }
}

/** Reads `parts/*.yaml` of a spec folder; `common.yaml` first, then the others by name. */
export function loadParts(dir: string): {file: string; doc: Record<string, unknown>}[] {
  const partsDir = path.join(dir, 'parts');
  const files = readdirSync(partsDir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort((a, b) => (a === 'common.yaml' ? -1 : b === 'common.yaml' ? 1 : a.localeCompare(b)));
  return files.map((file) => {
    const text = readFileSync(path.join(partsDir, file), 'utf8');
    try {
      return {file: `parts/${file}`, doc: (parse(text) ?? {}) as Record<string, unknown>};
    } catch (error) {
      throw new SpecError([`parts/${file} is not valid YAML: ${(error as Error).message}`]);
    }
  });
}

/** Merges parts into one document; a path+method or component defined twice is an error. */
export function mergeParts(parts: {file: string; doc: Record<string, unknown>}[]): OpenApiDocument {
  const problems: string[] = [];
  const [base, ...rest] = parts;
  if (!base || base.file !== 'parts/common.yaml') throw new SpecError(['parts/common.yaml is missing']);
  const merged = structuredClone(base.doc) as OpenApiDocument;
  merged.paths ??= {};
  merged.components ??= {};
  merged.tags ??= [];
  const owner = new Map<string, string>();
  for (const {file, doc} of rest) {
    for (const [p, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, unknown>>)) {
      merged.paths[p] ??= {};
      for (const [method, operation] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${p}`;
        if (owner.has(key)) problems.push(`${key} is defined in ${owner.get(key)} and ${file}`);
        owner.set(key, file);
        merged.paths[p][method] = operation;
      }
    }
    for (const [kind, entries] of Object.entries((doc.components ?? {}) as Record<string, Record<string, unknown>>)) {
      merged.components[kind] ??= {};
      for (const [name, value] of Object.entries(entries)) {
        const key = `components.${kind}.${name}`;
        if (Object.hasOwn(merged.components[kind], name)) problems.push(`${key} is defined in ${owner.get(key) ?? 'parts/common.yaml'} and ${file}`);
        owner.set(key, file);
        merged.components[kind][name] = value;
      }
    }
    for (const tag of (doc.tags ?? []) as {name: string}[]) {
      if (merged.tags.some((t) => t.name === tag.name)) problems.push(`tag "${tag.name}" is declared twice (again in ${file})`);
      else merged.tags.push(tag);
    }
  }
  if (problems.length > 0) throw new SpecError(problems);
  return merged;
}

/** Every operation of a document, in path order. */
export function operations(doc: OpenApiDocument): LocatedOperation[] {
  const out: LocatedOperation[] = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, unknown>)[method] as Operation | undefined;
      if (operation) out.push({method, path: p, operation});
    }
  }
  return out;
}

/** Every local `$ref` that does not resolve, with where it appears. */
export function unresolvedRefs(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${where}[${i}]`));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          if (!resolvePointer(doc, value)) problems.push(`${where}: $ref ${value} does not resolve`);
        } else visit(value, `${where}.${key}`);
      }
    }
  };
  visit(doc, '#');
  return problems;
}

/** The value a local JSON pointer (`#/components/schemas/Error`) names, or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Checks the spec against the pages that show it: every operation has an id and an
 * `x-doc-path`, ids are unique, every page names a known operation, no operation is on
 * two pages, and every operation's page exists.
 */
export function checkCompleteness(doc: OpenApiDocument, pages: {file: string; route: string; operationIds: string[]}[]): string[] {
  const problems = [...unresolvedRefs(doc)];
  const byId = new Map<string, LocatedOperation>();
  for (const located of operations(doc)) {
    const {operation, method, path: p} = located;
    const name = `${method.toUpperCase()} ${p}`;
    if (!operation.operationId) {
      problems.push(`${name} has no operationId`);
      continue;
    }
    if (byId.has(operation.operationId)) problems.push(`operationId ${operation.operationId} is used twice (${name})`);
    byId.set(operation.operationId, located);
    if (!operation['x-doc-path']) problems.push(`${operation.operationId} (${name}) has no x-doc-path`);
  }
  const shownOn = new Map<string, string>();
  for (const page of pages) {
    for (const id of page.operationIds) {
      const located = byId.get(id);
      if (!located) {
        problems.push(`${page.file} shows operation ${id}, which the spec does not have`);
        continue;
      }
      if (shownOn.has(id)) problems.push(`operation ${id} is shown on two pages: ${shownOn.get(id)} and ${page.file}`);
      shownOn.set(id, page.file);
      const docPath = located.operation['x-doc-path'];
      if (docPath && docPath !== page.route) problems.push(`${id} has x-doc-path ${docPath} but is shown on ${page.route} (${page.file})`);
    }
  }
  for (const [id, located] of byId) {
    if (!shownOn.has(id)) problems.push(`operation ${id} (${located.method.toUpperCase()} ${located.path}) has no page (x-doc-path ${located.operation['x-doc-path'] ?? 'missing'})`);
  }
  return problems;
}

/** The merged spec of a folder (`openapi/`), or a SpecError listing what is wrong. */
export function loadSpec(dir: string): OpenApiDocument {
  const doc = mergeParts(loadParts(dir));
  const refs = unresolvedRefs(doc);
  if (refs.length > 0) throw new SpecError(refs);
  return doc;
}
