/**
 * Checks the code blocks of the library pages against the spec: every client call names
 * a method the client has (`plugins/openapi/clients.ts` derives them), every Terraform
 * block a resource or data source the provider has, and the request fields they pass are
 * fields of the operation (Python keyword arguments, the keys of a JavaScript object
 * literal, the fields of a Go struct literal, a Terraform block's arguments).
 */
import {caseFor, clientCall, clientMethods, terraformDataSources, terraformResources, type ClientLanguage, type ClientMethod} from '../plugins/openapi/clients';
import {versionConstraint, type Library, type LibraryId} from '../src/data/libraries';
import {operations, resolvePointer, type LocatedOperation, type OpenApiDocument} from '../plugins/openapi/spec';

export interface CodeProblem {
  file: string;
  line: number;
  message: string;
}

export interface CodeBlock {
  lang: string;
  /** Line of the block's first code line in the file (1-based). */
  line: number;
  code: string;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})([^\n`]*)\n([\s\S]*?)^ {0,3}\2[`~]*[ \t]*$/gm;

/** Every fenced code block of an MDX source, with its language and where it starts. */
export function codeBlocks(source: string): CodeBlock[] {
  const out: CodeBlock[] = [];
  for (const match of source.matchAll(FENCE)) {
    const line = source.slice(0, match.index).split('\n').length + 1;
    out.push({lang: match[3].trim().split(/\s+/)[0]?.toLowerCase() ?? '', line, code: match[4]});
  }
  return out;
}

const LANGUAGES: Record<string, ClientLanguage | 'terraform'> = {
  python: 'python', py: 'python',
  go: 'go',
  javascript: 'javascript', js: 'javascript', mjs: 'javascript', typescript: 'javascript', ts: 'javascript', jsx: 'javascript', tsx: 'javascript',
  hcl: 'terraform', terraform: 'terraform', tf: 'terraform',
};

// Any `client.<a>.<b>(`, whatever its case, so a name in another language's case is caught too.
const CALL = /\bclient\.([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)\s*\(/g;

type Schema = {$ref?: string; properties?: Record<string, unknown>; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[]; readOnly?: boolean};

/** Property names of a schema, through `$ref`, `allOf`, `oneOf` and `anyOf`. */
function propertyNames(doc: OpenApiDocument, schema: Schema | undefined, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (!schema) return out;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return out;
    seen.add(schema.$ref);
    return propertyNames(doc, resolvePointer(doc, schema.$ref) as Schema, seen);
  }
  for (const name of Object.keys(schema.properties ?? {})) out.add(name);
  for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) for (const n of propertyNames(doc, part, seen)) out.add(n);
  return out;
}

interface Parameter {
  name: string;
  in: string;
}

function parametersOf(doc: OpenApiDocument, located: LocatedOperation): Parameter[] {
  const item = doc.paths[located.path] as {parameters?: unknown[]};
  return [...(item.parameters ?? []), ...(located.operation.parameters ?? [])]
    .map((p) => ((p as {$ref?: string}).$ref ? resolvePointer(doc, (p as {$ref: string}).$ref) : p) as Parameter)
    .filter((p): p is Parameter => typeof p?.name === 'string');
}

function requestBodyFields(doc: OpenApiDocument, located: LocatedOperation): Set<string> {
  const body = located.operation.requestBody as {$ref?: string; content?: Record<string, {schema?: Schema}>} | undefined;
  const resolved = (body?.$ref ? resolvePointer(doc, body.$ref) : body) as typeof body;
  return propertyNames(doc, resolved?.content?.['application/json']?.schema);
}

function responseFields(doc: OpenApiDocument, located: LocatedOperation): Set<string> {
  const out = new Set<string>();
  for (const [status, raw] of Object.entries(located.operation.responses ?? {})) {
    if (!/^2/.test(status)) continue;
    const response = ((raw as {$ref?: string}).$ref ? resolvePointer(doc, (raw as {$ref: string}).$ref) : raw) as {content?: Record<string, {schema?: Schema}>};
    // Through the envelope (`{"instance": {...}}`) to the resource's own fields.
    for (const key of propertyNames(doc, response?.content?.['application/json']?.schema)) out.add(key);
    const envelope = response?.content?.['application/json']?.schema;
    const resolved = (envelope?.$ref ? resolvePointer(doc, envelope.$ref) : envelope) as Schema | undefined;
    for (const inner of Object.values(resolved?.properties ?? {}) as (Schema & {items?: Schema})[]) {
      for (const key of propertyNames(doc, inner.items ?? inner)) out.add(key);
    }
  }
  return out;
}

/** What a call may pass by name: body fields, path and query parameters, and header parameters in the language's case. */
function callFields(doc: OpenApiDocument, located: LocatedOperation, language: ClientLanguage): Set<string> {
  const params = parametersOf(doc, located);
  const pathParams = [...located.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const jsonNames = [...requestBodyFields(doc, located), ...pathParams, ...params.filter((p) => p.in === 'path' || p.in === 'query').map((p) => p.name)];
  const headers = params.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase().split('-'));
  // Go struct fields are the JSON names in Go's case; Python and JavaScript use the JSON names.
  const names = language === 'go' ? jsonNames.map((n) => caseFor.go(n.split('_'))) : jsonNames;
  const headerNames = headers.map((h) => (language === 'python' ? h.join('_') : language === 'go' ? caseFor.go(h) : caseFor.javascript(h)));
  return new Set([...names, ...headerNames]);
}

/**
 * The text between the bracket at `open` and its match, strings and comments skipped;
 * `undefined` when it is not closed in the block.
 */
function enclosed(code: string, open: number, comment: '#' | '//'): string | undefined {
  let depth = 0;
  for (let i = open; i < code.length; i += 1) {
    const c = code[i];
    if (c === '"' || c === "'" || c === '`') {
      const triple = code.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      let end = i + triple.length;
      while (end < code.length && !code.startsWith(triple, end)) end += code[end] === '\\' ? 2 : 1;
      if (end >= code.length) return undefined;
      i = end + triple.length - 1;
    } else if (code.startsWith(comment, i)) {
      const end = code.indexOf('\n', i);
      i = end === -1 ? code.length : end;
    } else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) {
      depth -= 1;
      if (depth === 0) return code.slice(open + 1, i);
    }
  }
  return undefined;
}

/** The code without its comments, strings kept as they are. */
function withoutComments(code: string, comment: '#' | '//'): string {
  let out = '';
  for (let i = 0; i < code.length; i += 1) {
    const c = code[i];
    if (c === '"' || c === "'" || c === '`') {
      let end = i + 1;
      while (end < code.length && code[end] !== c && code[end] !== '\n') end += code[end] === '\\' ? 2 : 1;
      out += code.slice(i, end + 1);
      i = end;
    } else if (code.startsWith(comment, i)) {
      const end = code.indexOf('\n', i);
      i = (end === -1 ? code.length : end) - 1;
    } else out += c;
  }
  return out;
}

/** Top-level pieces of a comma-separated list, nested brackets and strings kept whole. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  let quote: string | undefined;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim()) parts.push(current);
  return parts;
}

/** The names a call passes: keyword arguments (Python), or the keys of its first object or struct literal. */
export function passedNames(args: string, language: ClientLanguage): string[] {
  const parts = splitTopLevel(withoutComments(args, language === 'python' ? '#' : '//'));
  if (language === 'python') {
    return parts.map((p) => /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(p)?.[1]).filter((n): n is string => n !== undefined);
  }
  const literal = parts.map((p) => p.trim()).find((p) => (language === 'javascript' ? p.startsWith('{') : /^&?[\w.]+\{/.test(p)));
  if (!literal) return [];
  const body = literal.slice(literal.indexOf('{') + 1, literal.lastIndexOf('}'));
  const key = language === 'javascript' ? /^\s*(?:(['"])([A-Za-z_$][\w$]*)\1|([A-Za-z_$][\w$]*))\s*:/ : /^\s*([A-Z]\w*)\s*:/;
  return splitTopLevel(body)
    .map((p) => key.exec(p))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => (language === 'javascript' ? m[2] ?? m[3] : m[1]));
}

const TF_META = new Set(['count', 'for_each', 'depends_on', 'provider', 'lifecycle', 'timeouts']);

/** The top-level arguments and block names of a Terraform block body. */
function terraformArguments(body: string): string[] {
  const names: string[] = [];
  let depth = 0;
  for (const rawLine of body.split('\n')) {
    const line = rawLine.replace(/#.*$|\/\/.*$/, '');
    if (depth === 0) {
      const match = /^\s*([a-z_][a-z0-9_]*)\s*(=|\{)/.exec(line);
      if (match) names.push(match[1]);
    }
    for (const c of line.replace(/"(?:[^"\\]|\\.)*"/g, '')) {
      if (c === '{' || c === '[' || c === '(') depth += 1;
      else if (c === '}' || c === ']' || c === ')') depth -= 1;
    }
  }
  return names;
}

const nearest = (wanted: string, names: string[]) => names.filter((n) => n.split(/[._]/)[0] === wanted.split(/[._]/)[0]).slice(0, 6);

/** Every problem of one page's code blocks. */
export function checkLibraryCode(file: string, source: string, doc: OpenApiDocument): CodeProblem[] {
  const problems: CodeProblem[] = [];
  const methods = clientMethods(doc);
  const located = new Map(operations(doc).map((o) => [o.operation.operationId ?? '', o]));
  const byCall = (language: ClientLanguage) => new Map(methods.map((m) => [clientCall(m, language), m] as [string, ClientMethod]));
  const calls = {python: byCall('python'), go: byCall('go'), javascript: byCall('javascript')};
  const resources = new Map(terraformResources(doc).map((r) => [r.name, r]));
  const dataSources = new Map(terraformDataSources(doc).map((d) => [d.name, d]));

  for (const block of codeBlocks(source)) {
    const language = LANGUAGES[block.lang];
    if (!language) continue;
    const lineOf = (offset: number) => block.line + block.code.slice(0, offset).split('\n').length - 1;
    const problem = (offset: number, message: string) => problems.push({file, line: lineOf(offset), message});

    if (language === 'terraform') {
      for (const match of block.code.matchAll(/^\s*(resource|data)\s+"(gpucloud_[a-z0-9_]+)"\s+"[^"]+"\s*\{/gm)) {
        const [, kind, type] = match;
        const body = enclosed(block.code, match.index + match[0].length - 1, '#') ?? '';
        if (kind === 'resource') {
          const resource = resources.get(type);
          if (!resource) {
            problem(match.index, `resource "${type}" is not a resource of the provider; it has ${[...resources.keys()].join(', ')}`);
            continue;
          }
          const create = located.get(resource.create.operationId)!;
          const allowed = new Set([...requestBodyFields(doc, create), ...[...create.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]), ...responseFields(doc, located.get(resource.read.operationId)!), ...TF_META]);
          for (const name of terraformArguments(body)) {
            if (!allowed.has(name)) problem(block.code.indexOf(name, match.index + match[0].length), `resource "${type}" sets "${name}", which ${resource.create.operationId} does not take and ${resource.read.operationId} does not return`);
          }
        } else {
          const source = dataSources.get(type);
          if (!source) {
            problem(match.index, `data "${type}" is not a data source of the provider; it has ${nearest(type, [...dataSources.keys()]).join(', ') || [...dataSources.keys()].join(', ')}`);
            continue;
          }
          const read = located.get(source.operation.operationId)!;
          const allowed = new Set([...parametersOf(doc, read).map((p) => p.name), ...[...read.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]), ...responseFields(doc, read), ...TF_META]);
          for (const name of terraformArguments(body)) {
            if (!allowed.has(name)) problem(block.code.indexOf(name, match.index + match[0].length), `data "${type}" sets "${name}", which ${source.operation.operationId} neither takes nor returns`);
          }
        }
      }
      continue;
    }

    for (const match of block.code.matchAll(CALL)) {
      const call = `client.${match[1]}.${match[2]}`;
      const method = calls[language].get(call);
      if (!method) {
        const known = [...calls[language].keys()].filter((c) => c.startsWith(`client.${match[1]}.`));
        problem(match.index, `${call}( is not a method of the ${language} client; ${known.length > 0 ? `client.${match[1]} has ${known.map((c) => c.split('.').pop()).join(', ')}` : `client.${match[1]} is not a resource of it`}`);
        continue;
      }
      const args = enclosed(block.code, match.index + match[0].length - 1, language === 'python' ? '#' : '//');
      if (args === undefined) continue;
      const allowed = callFields(doc, located.get(method.operationId)!, language);
      for (const name of passedNames(args, language)) {
        if (!allowed.has(name)) problem(Math.max(match.index, block.code.indexOf(name, match.index)), `${call}( passes "${name}", which ${method.operationId} does not take; it takes ${[...allowed].join(', ') || 'no named fields'}`);
      }
    }
  }
  return problems;
}

/**
 * Versions pinned in the pages' code (`gpucloud==…`, `gpucloud-go@v…`, `@gpucloud/client@…`,
 * the provider's `version = "…"`) must be the ones `src/data/libraries.ts` gives, so a
 * release is one edit there and the test points at every page still showing the old one.
 */
export function versionProblems(file: string, source: string, facts: Readonly<Record<LibraryId, Library>>): CodeProblem[] {
  const problems: CodeProblem[] = [];
  const pins: [RegExp, string][] = [
    [/\bgpucloud==([^\s"'\]]+)/g, facts.python.version],
    [/gpucloud-go@(v[^\s"']+)/g, facts.go.version],
    [/@gpucloud\/client@([^\s"']+)/g, facts.javascript.version],
    [/source\s*=\s*"gpucloud\/gpucloud"[^}]*?version\s*=\s*"([^"]+)"/g, versionConstraint(facts.terraform)],
  ];
  for (const block of codeBlocks(source)) {
    for (const [pattern, expected] of pins) {
      for (const match of block.code.matchAll(pattern)) {
        if (match[1] !== expected) {
          problems.push({file, line: block.line + block.code.slice(0, match.index).split('\n').length - 1, message: `pins ${match[1]}, but src/data/libraries.ts gives ${expected}`});
        }
      }
    }
  }
  return problems;
}
