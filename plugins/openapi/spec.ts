/**
 * The API spec: its parts merged into one OpenAPI 3.1 document, with the checks that
 * keep the reference complete (every operation on exactly one page, every $ref known).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {resolvePointer} from './pointer';

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

export {resolvePointer} from './pointer';

/** An MDX page of the API reference, as the completeness checks see it. */
export interface ReferencePage {
  /** Path of the page, for messages. */
  file: string;
  route: string;
  /** Front-matter title. */
  title?: string;
  /** The operationId of every `<ApiOperation>` on the page, in order. */
  operationIds: string[];
  /** `<ApiOperation` tags not of the form `<ApiOperation operationId="…" />`. */
  unreadableTags?: string[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/;
// Fenced code and inline code are not rendered as JSX, so a tag shown there is text.
const FENCED_CODE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[`~]*[ \t]*$/gm;
const INLINE_CODE = /`[^`\n]*`/g;
const TAG = /<ApiOperation\b[^>]*>?/g;
// The only forms the remark plugin accepts: a quoted string, no expression.
const OPERATION_ID = /^<ApiOperation\s+operationId=(?:"([^"{}]+)"|'([^'{}]+)')\s*\/?>$/;

/** Reads one page's title and `<ApiOperation>` tags from its MDX source. */
export function readPage(file: string, route: string, source: string): ReferencePage {
  const frontMatter = FRONT_MATTER.exec(source);
  let title: string | undefined;
  if (frontMatter) {
    const data = parse(frontMatter[1]) as {title?: unknown} | null;
    if (typeof data?.title === 'string') title = data.title;
  }
  const body = (frontMatter ? source.slice(frontMatter[0].length) : source).replace(FENCED_CODE, '').replace(INLINE_CODE, '');
  const operationIds: string[] = [];
  const unreadableTags: string[] = [];
  for (const [tag] of body.matchAll(TAG)) {
    const normalized = tag.replace(/\s+/g, ' ').trim();
    const match = OPERATION_ID.exec(normalized);
    if (match) operationIds.push(match[1] ?? match[2]);
    else unreadableTags.push(normalized);
  }
  return {file, route, title, operationIds, unreadableTags};
}

/** Every MDX page under `pagesDir`, with the route it is served at under `routeBase`. */
export function scanPages(options: {pagesDir: string; routeBase: string}): ReferencePage[] {
  const files = readdirSync(options.pagesDir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.mdx'))
    .sort();
  return files.map((relative) => {
    const posix = relative.split(path.sep).join('/');
    const source = readFileSync(path.join(options.pagesDir, relative), 'utf8');
    const route = `${options.routeBase}/${posix.replace(/\.mdx$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '');
    return readPage(path.relative(process.cwd(), path.join(options.pagesDir, relative)), route, source);
  });
}

/**
 * Checks the spec against the pages that show it: every operation has an id and an
 * `x-doc-path` of its own, ids are unique, every page names a known operation, a page
 * shows at most one operation, no operation is on two pages, every operation's page
 * exists, and an operation page's title is the operation's summary.
 */
export function checkCompleteness(doc: OpenApiDocument, pages: ReferencePage[]): string[] {
  const problems = [...unresolvedRefs(doc)];
  const byId = new Map<string, LocatedOperation>();
  const byDocPath = new Map<string, string>();
  for (const located of operations(doc)) {
    const {operation, method, path: p} = located;
    const name = `${method.toUpperCase()} ${p}`;
    if (!operation.operationId) {
      problems.push(`${name} has no operationId`);
      continue;
    }
    if (byId.has(operation.operationId)) problems.push(`operationId ${operation.operationId} is used twice (${name})`);
    byId.set(operation.operationId, located);
    const docPath = operation['x-doc-path'];
    if (!docPath) problems.push(`${operation.operationId} (${name}) has no x-doc-path`);
    else if (byDocPath.has(docPath)) problems.push(`operations ${byDocPath.get(docPath)} and ${operation.operationId} share x-doc-path ${docPath}; each operation needs a page of its own`);
    else byDocPath.set(docPath, operation.operationId);
  }
  const shownOn = new Map<string, string>();
  for (const page of pages) {
    for (const tag of page.unreadableTags ?? []) {
      problems.push(`${page.file} has an <ApiOperation> tag the checks cannot read (write it as <ApiOperation operationId="…" />): ${tag}`);
    }
    const distinct = [...new Set(page.operationIds)];
    if (distinct.length > 1) problems.push(`${page.file} shows ${distinct.length} operations (${distinct.join(', ')}); a page shows exactly one`);
    for (const id of distinct.filter((d) => page.operationIds.indexOf(d) !== page.operationIds.lastIndexOf(d))) {
      problems.push(`${page.file} shows operation ${id} more than once`);
    }
    for (const id of distinct) {
      const located = byId.get(id);
      if (!located) {
        problems.push(`${page.file} shows operation ${id}, which the spec does not have`);
        continue;
      }
      if (shownOn.has(id)) problems.push(`operation ${id} is shown on two pages: ${shownOn.get(id)} and ${page.file}`);
      shownOn.set(id, page.file);
      const docPath = located.operation['x-doc-path'];
      if (docPath && docPath !== page.route) problems.push(`${id} has x-doc-path ${docPath} but is shown on ${page.route} (${page.file})`);
      const summary = located.operation.summary;
      if (distinct.length === 1 && summary !== undefined && page.title !== summary) {
        problems.push(`${page.file} has title ${JSON.stringify(page.title ?? null)}, but the summary of ${id} is ${JSON.stringify(summary)}; they must match`);
      }
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
