/**
 * What the client libraries and the Terraform provider call each operation of the spec,
 * derived from the spec alone so the library pages cannot drift from it. Pure functions
 * of a merged document; `clients.test.ts` holds the rules' examples.
 *
 * Clients: the resource is the operation's tag, the method its operationId without the
 * tag's words (`createVirtualMachine` in "Virtual machines" → `virtual_machines.create`).
 * Terraform: a resource per schema with a create, a get and a delete; a data source per
 * get or list operation.
 */
import {operations, resolvePointer, SpecError, type LocatedOperation, type OpenApiDocument} from './spec';

export const CLIENT_LANGUAGES = ['python', 'go', 'javascript'] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];

export function isClientLanguage(value: unknown): value is ClientLanguage {
  return typeof value === 'string' && (CLIENT_LANGUAGES as readonly string[]).includes(value);
}

/** An operation as the clients expose it. */
export interface ClientMethod {
  operationId: string;
  tag: string;
  httpMethod: string;
  path: string;
  /** Route of the operation's reference page. */
  docPath: string;
  /** The property of the client that groups the tag's operations, per language. */
  resource: Record<ClientLanguage, string>;
  /** The method on that property, per language. */
  method: Record<ClientLanguage, string>;
  /** List methods iterate every page (`x-pagination`). */
  paginated: boolean;
  /** The statuses a `202` operation settles in (`x-async` success), empty for a delete that waits for 404. */
  settlesIn?: readonly string[];
}

// ---------------------------------------------------------------- words and cases

/** Lower-case words of an identifier or a tag: `getVncConsole` → get, vnc, console; `API keys` → api, keys. */
export function words(identifier: string): string[] {
  return (identifier.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((w) => w.toLowerCase());
}

/** A crude singular, only for comparing a tag's words with an operationId's. */
function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

/**
 * The operationId's words without the tag's: the whole tag if it occurs after the verb
 * (`createVirtualMachine`, "Virtual machines" → create), else its longest trailing part
 * that does (`listFineTuningJobs`, "AI fine-tuning" → list, jobs), in singular or plural.
 * The verb always stays, so a method never loses its meaning.
 */
export function methodWords(operationId: string, tag: string): string[] {
  const op = words(operationId);
  const tagWords = words(tag).map(singular);
  for (let start = 0; start < tagWords.length; start += 1) {
    const part = tagWords.slice(start);
    for (let i = 1; i + part.length <= op.length; i += 1) {
      if (part.every((w, j) => singular(op[i + j]) === w)) return [...op.slice(0, i), ...op.slice(i + part.length)];
    }
  }
  return op;
}

// Python keywords are not valid attribute names (`client.keypairs.import(...)` is a
// syntax error); PEP 8 appends an underscore.
const PYTHON_KEYWORDS = new Set(['false', 'none', 'true', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield']);
// Go spells initialisms in one case (`AttachFloatingIP`, `APIKeys`), as gofmt'd code and golint expect.
const GO_INITIALISMS = new Set(['ai', 'api', 'cpu', 'dns', 'gpu', 'http', 'id', 'ip', 'json', 'ssh', 'tcp', 'url', 'vnc']);

const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export const caseFor: Record<ClientLanguage, (ws: string[]) => string> = {
  python: (ws) => {
    const name = ws.join('_');
    return PYTHON_KEYWORDS.has(name) ? `${name}_` : name;
  },
  go: (ws) => ws.map((w) => (GO_INITIALISMS.has(w) ? w.toUpperCase() : capital(w))).join(''),
  javascript: (ws) => ws.map((w, i) => (i === 0 ? w : capital(w))).join(''),
};

/** `client.virtual_machines.create`, `client.VirtualMachines.Create`, `client.virtualMachines.create`. */
export function clientCall(method: ClientMethod, language: ClientLanguage): string {
  return `client.${method.resource[language]}.${method.method[language]}`;
}

// ---------------------------------------------------------------- client methods

const idOf = (o: LocatedOperation) => o.operation.operationId ?? `${o.method.toUpperCase()} ${o.path}`;

interface AsyncRule {
  poll: string;
  success: string[];
  failure: string[];
  gone: boolean;
}
const asyncRule = (o: LocatedOperation) => o.operation['x-async'] as AsyncRule | undefined;

/**
 * Every operation's method in each client, tags in the spec's order. Fails, listing
 * them, on operations without a tag or an id and on two operations that would get the
 * same method in one client.
 */
export function clientMethods(doc: OpenApiDocument): ClientMethod[] {
  const problems: string[] = [];
  const tagOrder = new Map(doc.tags.map((t, i) => [t.name, i]));
  const out: ClientMethod[] = [];
  for (const located of operations(doc)) {
    const {operation} = located;
    const tag = operation.tags?.[0];
    if (!operation.operationId || !tag) {
      problems.push(`${idOf(located)} needs an operationId and a tag to get a client method`);
      continue;
    }
    const resourceWords = words(tag);
    const verbWords = methodWords(operation.operationId, tag);
    const rule = asyncRule(located);
    out.push({
      operationId: operation.operationId,
      tag,
      httpMethod: located.method.toUpperCase(),
      path: located.path,
      docPath: operation['x-doc-path'] ?? '',
      resource: Object.fromEntries(CLIENT_LANGUAGES.map((l) => [l, caseFor[l](resourceWords)])) as Record<ClientLanguage, string>,
      method: Object.fromEntries(CLIENT_LANGUAGES.map((l) => [l, caseFor[l](verbWords)])) as Record<ClientLanguage, string>,
      paginated: operation['x-pagination'] !== undefined,
      ...(rule ? {settlesIn: rule.gone ? [] : rule.success} : {}),
    });
  }
  for (const language of CLIENT_LANGUAGES) {
    const seen = new Map<string, string>();
    for (const m of out) {
      const call = clientCall(m, language);
      if (seen.has(call)) problems.push(`${seen.get(call)} and ${m.operationId} would both be ${call} in the ${language} client; rename one operationId`);
      else seen.set(call, m.operationId);
    }
  }
  if (problems.length > 0) throw new SpecError(problems);
  const order = (m: ClientMethod) => tagOrder.get(m.tag) ?? Number.MAX_SAFE_INTEGER;
  return out.map((m, i) => ({m, i})).sort((a, b) => order(a.m) - order(b.m) || a.i - b.i).map(({m}) => m);
}

// ---------------------------------------------------------------- Terraform

/** One operation a Terraform resource or data source uses. */
export interface OperationRef {
  operationId: string;
  docPath: string;
}

export interface TerraformResource {
  /** `gpucloud_virtual_machine`. */
  name: string;
  /** The component schema the resource manages. */
  schema: string;
  create: OperationRef;
  /** For a sub-resource, the parent's get: the provider finds the resource inside the parent. */
  read: OperationRef;
  update?: OperationRef;
  delete: OperationRef;
  /** The statuses an asynchronous create waits for (`x-async` success). */
  createWaitsFor?: readonly string[];
  /** The delete answers 202 and the provider waits until the get answers 404. */
  deleteWaits: boolean;
  /** Set for a sub-resource: the attribute of the parent that lists it. */
  parentAttribute?: string;
}

export interface TerraformDataSource {
  /** `gpucloud_virtual_machine`, `gpucloud_virtual_machines`. */
  name: string;
  operation: OperationRef;
  kind: 'single' | 'list';
}

export const TERRAFORM_PREFIX = 'gpucloud_';

type Schema = {$ref?: string; type?: unknown; items?: Schema; properties?: Record<string, Schema>; allOf?: Schema[]};

const refName = (schema: Schema | undefined) => schema?.$ref?.startsWith('#/components/schemas/') ? schema.$ref.split('/').pop() : undefined;
const ref = (o: LocatedOperation): OperationRef => ({operationId: o.operation.operationId ?? '', docPath: o.operation['x-doc-path'] ?? ''});
const snake = (name: string) => words(name).join('_');

/**
 * The schema a variant extends: a schema made of `allOf` with one `$ref` (`ApiKeyWithSecret`,
 * `ClusterDetails`) is its base for naming, so the create and the get of one resource
 * agree even when one of them returns more fields.
 */
function baseSchema(doc: OpenApiDocument, name: string): string {
  const schema = doc.components.schemas?.[name] as Schema | undefined;
  const bases = (schema?.allOf ?? []).map(refName).filter((n): n is string => n !== undefined);
  return bases.length === 1 && !schema?.properties ? baseSchema(doc, bases[0]) : name;
}

/** The resource schema a success response wraps (`{"instance": {...}}` or `{"instances": [...]}`), by status. */
function returned(doc: OpenApiDocument, o: LocatedOperation): Map<string, {schema: string; many: boolean}> {
  const out = new Map<string, {schema: string; many: boolean}>();
  for (const [status, raw] of Object.entries(o.operation.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    const response = (raw as {$ref?: string}).$ref ? resolvePointer(doc, (raw as {$ref: string}).$ref) : raw;
    const body = (response as {content?: Record<string, {schema?: Schema}>})?.content?.['application/json']?.schema;
    const envelopeName = refName(body);
    const envelope = (envelopeName ? doc.components.schemas?.[envelopeName] : body) as Schema | undefined;
    const properties = Object.values(envelope?.properties ?? {});
    // An envelope holds one resource; lists (allOf with Pagination) and bare objects hold none.
    if (properties.length !== 1) continue;
    const [inner] = properties;
    const single = refName(inner);
    const many = inner.type === 'array' ? refName(inner.items) : undefined;
    if (single) out.set(status, {schema: baseSchema(doc, single), many: false});
    else if (many) out.set(status, {schema: baseSchema(doc, many), many: true});
  }
  return out;
}

const isItemPath = (p: string) => /\/\{[^/]+\}$/.test(p);
const parentPath = (p: string) => p.replace(/\/[^/]+$/, '');
const verbOf = (o: LocatedOperation) => words(o.operation.operationId ?? '')[0];

/** A POST answering 201 or 202 with one or more of `schema`, the create-like operations. */
function createsOf(doc: OpenApiDocument, all: LocatedOperation[], schema: string, itemPath: string | undefined): LocatedOperation[] {
  return all.filter((o) => {
    if (o.method !== 'post') return false;
    const answers = returned(doc, o);
    const made = answers.get('201') ?? answers.get('202');
    if (made?.schema !== schema) return false;
    // A POST under an existing resource's path acts on it (start, resize), it creates nothing.
    return itemPath === undefined || !(o.path === itemPath || o.path.startsWith(`${itemPath}/`));
  });
}

/**
 * The resources the provider manages, by rule:
 * - a schema with a single GET (path ending in a parameter), a DELETE on that path and a
 *   create-like POST is a resource `gpucloud_<schema>`; the POST on the collection path
 *   wins over others (`createImage` over `importImage`), whatever its verb (`importKeypair`,
 *   `generateApiKey`, `addClusterNodes`); a PATCH (else PUT) on the item path is its update;
 * - a schema without a GET of its own, created by a POST below a resource's path and
 *   deleted at that path plus an id, is a sub-resource when the parent's schema lists it
 *   (firewall rules inside a firewall): the provider reads it through the parent's GET;
 * - `x-async` on the create or delete makes the provider wait for the settled status, or for 404.
 */
export function terraformResources(doc: OpenApiDocument): TerraformResource[] {
  const all = operations(doc);
  const resources: TerraformResource[] = [];
  const gets = new Map<string, LocatedOperation>();
  for (const o of all) {
    if (o.method !== 'get' || !isItemPath(o.path)) continue;
    const answer = returned(doc, o).get('200');
    if (answer && !answer.many && !gets.has(answer.schema)) gets.set(answer.schema, o);
  }
  const at = (method: string, p: string) => all.find((o) => o.method === method && o.path === p);
  const waitsFor = (o: LocatedOperation) => {
    const rule = asyncRule(o);
    return rule && !rule.gone ? {createWaitsFor: rule.success} : {};
  };

  for (const [schema, get] of gets) {
    const del = at('delete', get.path);
    const creates = createsOf(doc, all, schema, get.path).sort((a, b) => Number(b.path === parentPath(get.path)) - Number(a.path === parentPath(get.path)));
    if (!del || creates.length === 0) continue;
    const update = at('patch', get.path) ?? at('put', get.path);
    resources.push({
      name: TERRAFORM_PREFIX + snake(schema),
      schema,
      create: ref(creates[0]),
      read: ref(get),
      ...(update ? {update: ref(update)} : {}),
      delete: ref(del),
      ...waitsFor(creates[0]),
      deleteWaits: asyncRule(del)?.gone === true,
    });
  }

  const schemas = doc.components.schemas ?? {};
  for (const o of all) {
    if (o.method !== 'post') continue;
    const made = returned(doc, o).get('201') ?? returned(doc, o).get('202');
    if (!made || gets.has(made.schema) || resources.some((r) => r.schema === made.schema)) continue;
    const del = all.find((d) => d.method === 'delete' && isItemPath(d.path) && parentPath(d.path) === o.path);
    // The nearest resource above the POST's path whose schema lists the new one.
    const parent = [...gets.entries()]
      .filter(([, g]) => o.path.startsWith(`${g.path}/`))
      .sort(([, a], [, b]) => b.path.length - a.path.length)[0];
    if (!del || !parent) continue;
    const parentSchema = schemas[parent[0]] as Schema;
    const attribute = Object.entries(parentSchema.properties ?? {}).find(([, p]) => refName(p) === made.schema || refName(p.items) === made.schema)?.[0];
    if (!attribute) continue;
    const update = at('patch', del.path) ?? at('put', del.path);
    resources.push({
      name: TERRAFORM_PREFIX + snake(made.schema),
      schema: made.schema,
      create: ref(o),
      read: ref(parent[1]),
      ...(update ? {update: ref(update)} : {}),
      delete: ref(del),
      ...waitsFor(o),
      deleteWaits: asyncRule(del)?.gone === true,
      parentAttribute: attribute,
    });
  }
  return resources.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The data sources: every GET whose verb is `get` (one object) or `list` (every page),
 * named after its operationId without the verb (`getVirtualMachine` →
 * `gpucloud_virtual_machine`, `listVirtualMachines` → `gpucloud_virtual_machines`), so a
 * resource and the data source reading it share a name. Health and availability checks
 * are not data.
 */
export function terraformDataSources(doc: OpenApiDocument): TerraformDataSource[] {
  const out: TerraformDataSource[] = [];
  const problems: string[] = [];
  for (const o of operations(doc)) {
    const verb = verbOf(o);
    if (o.method !== 'get' || (verb !== 'get' && verb !== 'list')) continue;
    const name = TERRAFORM_PREFIX + words(o.operation.operationId ?? '').slice(1).join('_');
    const clash = out.find((d) => d.name === name);
    if (clash) problems.push(`${clash.operation.operationId} and ${o.operation.operationId} would both be the data source ${name}`);
    out.push({name, operation: ref(o), kind: o.operation['x-pagination'] !== undefined || verb === 'list' ? 'list' : 'single'});
  }
  if (problems.length > 0) throw new SpecError(problems);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
