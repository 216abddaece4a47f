/**
 * Cross-checks of the guide pages against `src/data` and the API spec: what a page names,
 * the numbers it writes, the operations it says do not exist and the requests it describes
 * in words. Every checker is a pure function of one page and the facts (`loadFacts()`), so
 * a test feeds it a small fixture and expects the finding, then the real site and expects
 * none. Findings name the file and the line of the file (front matter counted).
 *
 * Prices typed in prose are `typedFacts()`'s job (src/content/typedFacts.ts, run by
 * tests/content.test.ts); the checks here reuse its view of prose and add what it does not
 * see: prices in output samples, and the other numbers (CIDRs, MTU, drivers, CUDA,
 * Kubernetes versions), which a page may type as long as they equal the data.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {operations, resolvePointer, type OpenApiDocument} from '../plugins/openapi/spec';
import {blank, withoutFencedCode} from '../src/content/mdxText';
import {flavors, images, policies, regions, vmStates} from '../src/data/platform';
import {builtInRoles, gpuQuota, permissions} from '../src/data/organization';
import {billableResourceTypes, contractCosts} from '../src/data/billing';
import {baseModels, deploymentStates, fineTuningMethods} from '../src/data/ai-studio';
import * as hardware from '../src/data/hardware';
import {clusterLimits, clusterNetwork, kubernetesVersions, masterFlavors} from '../src/data/kubernetes';
import {privateNetwork} from '../src/data/network';
import {storageKinds} from '../src/data/storage';
import {settledStates, vmActions} from '../src/data/virtual-machines';
import {readDocs, siteDir} from './docs';

export type CheckName = 'names' | 'numbers' | 'cannot' | 'requests' | 'policies';

export interface Finding {
  file: string;
  /** Line in the file, front matter counted. */
  line: number;
  check: CheckName;
  message: string;
}

/** A page as the checkers read it: its MDX body and the lines of front matter above it. */
export interface Page {
  /** Path relative to the site, e.g. `docs/faq.mdx`. */
  file: string;
  body: string;
  /** Lines before the body in the file (the front matter), so findings give file lines. */
  lineOffset?: number;
  /** The docs path relative links are resolved from, when not `file` (a fixture posing as a page). */
  at?: string;
}

/** Every guide page (the generated API reference pages left out: the spec checks those). */
export function readGuidePages(): Page[] {
  return readDocs()
    .filter((d) => !d.file.startsWith('docs/api-reference/') || !d.body.includes('<ApiOperation'))
    .map((d) => {
      const raw = readFileSync(path.join(siteDir, d.file), 'utf8');
      return {file: d.file, body: d.body, lineOffset: raw.slice(0, raw.length - d.body.length).split('\n').length - 1};
    });
}

// ---------------------------------------------------------------------------------------
// Facts: the valid names and numbers, from src/data and the spec.

/** What the spec and the data say about one operation, for the checks of requests. */
export interface OperationFacts {
  id: string;
  method: string;
  /** Fields of its request body (at any depth, read-only ones left out) and its parameters. */
  requestFields: Set<string>;
  /** Statuses its resource must be in, when the data or the description says; else null. */
  acceptedStates: string[] | null;
  /** Its `x-error-codes`. */
  errorCodes: string[];
}

export interface Facts {
  permissions: Set<string>;
  roles: Set<string>;
  /** Every status value of the data and of the spec's enums. */
  statuses: Set<string>;
  /** Statuses of one kind of resource, by the spec's schema name (`VirtualMachine`). */
  statusesOf: Map<string, Set<string>>;
  resourceTypes: Set<string>;
  billingUnits: Set<string>;
  /** Error codes with the HTTP status each comes with. */
  errorCodes: Map<string, number>;
  /** Codes of `details[]` entries of an error (`too_long`). */
  detailCodes: Set<string>;
  /** Every property and parameter name of the spec. */
  fieldNames: Set<string>;
  flavors: Map<string, {price: number; spot: number | null}>;
  regions: Set<string>;
  /** Every unit price of the data (per hour, per GB-hour, per million tokens), and the worked contract's. */
  unitPrices: number[];
  cidrs: string[];
  privateNetwork: {cidr: string; reservedFrom: string; reservedTo: string; platformAddresses: string[]};
  mtus: Set<number>;
  driverBranches: Set<string>;
  driverVersions: Set<string>;
  cudaVersions: Set<string>;
  kubernetesVersions: Set<string>;
  operations: Map<string, OperationFacts>;
  /** operationId by the route of its reference page (`/docs/api-reference/…`). */
  operationByRoute: Map<string, string>;
}

type Json = Record<string, unknown>;

/** Calls `visit` for every value under `node`, with its key. */
function walk(node: unknown, visit: (value: unknown, key: string | undefined) => void, key?: string): void {
  visit(node, key);
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit, key));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, visit, k);
}

const deref = (spec: OpenApiDocument, node: unknown): Json | undefined => {
  let current = node as Json | undefined;
  for (let i = 0; i < 20 && current && typeof current.$ref === 'string'; i++) current = resolvePointer(spec, current.$ref) as Json | undefined;
  return current;
};

/** Property names a request body schema accepts, at any depth (read-only ones left out). */
function schemaFields(spec: OpenApiDocument, node: unknown, into: Set<string>, seen = new Set<unknown>()): void {
  const schema = deref(spec, node);
  if (!schema || seen.has(schema)) return;
  seen.add(schema);
  for (const [name, prop] of Object.entries((schema.properties ?? {}) as Json)) {
    if ((deref(spec, prop) as Json | undefined)?.readOnly === true || (prop as Json)?.readOnly === true) continue;
    into.add(name);
    schemaFields(spec, prop, into, seen);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) for (const part of (schema[key] ?? []) as unknown[]) schemaFields(spec, part, into, seen);
  if (schema.items) schemaFields(spec, schema.items, into, seen);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') schemaFields(spec, schema.additionalProperties, into, seen);
}

const STATE_LIST = /((?:`[A-Z][A-Z_]+`(?:,\s*|\s+or\s+|\s+and\s+|,\s+or\s+)?)+)/;
const statesIn = (text: string): string[] => [...text.matchAll(/`([A-Z][A-Z_]+)`/g)].map((m) => m[1]);

/**
 * The statuses an operation's description says its resource must be in: "The VM must be
 * `ACTIVE` or `SHUTOFF`", "Moves an `ACTIVE` or `SHUTOFF` virtual machine…", "in any
 * settled status (`ACTIVE`, …)". Null when it says nothing of the kind.
 */
export function statesFromDescription(description: string): string[] | null {
  const found = new Set<string>();
  for (const m of description.matchAll(new RegExp(`must be ${STATE_LIST.source}`, 'g'))) statesIn(m[1]).forEach((s) => found.add(s));
  const first = /^[A-Z][a-z]+s (?:an?|the) ((?:`[A-Z][A-Z_]+`(?:,\s*|\s+or\s+)?)+)\s+[a-z]/.exec(description.trim());
  if (first) statesIn(first[1]).forEach((s) => found.add(s));
  const settled = /settled status \(([^)]*)\)/.exec(description);
  if (settled) statesIn(settled[1]).forEach((s) => found.add(s));
  return found.size > 0 ? [...found] : null;
}

const numberOf = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v && typeof v === 'object' && 'amount' in v) return numberOf((v as Json).amount);
  return undefined;
};

/** The valid names and numbers, from src/data and the merged spec. */
export function loadFacts(spec: OpenApiDocument): Facts {
  const schemas = (spec.components?.schemas ?? {}) as Record<string, Json>;
  const enumOf = (name: string): string[] => ((deref(spec, schemas[name])?.enum ?? []) as unknown[]).filter((v): v is string => typeof v === 'string');

  const statuses = new Set<string>([...vmStates.map((s) => s.status), ...deploymentStates.map((s) => s.status), ...kubernetesVersions.map((v) => v.status)]);
  walk(spec, (value, key) => {
    if (key === 'enum' && Array.isArray(value)) for (const v of value) if (typeof v === 'string' && /^[A-Z][A-Z_]+$/.test(v)) statuses.add(v);
  });
  const statusesOf = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(schemas)) {
    const status = deref(spec, (schema.properties as Json | undefined)?.status);
    const values = ((status?.enum ?? []) as unknown[]).filter((v): v is string => typeof v === 'string');
    if (values.length > 0) statusesOf.set(name, new Set(values));
  }
  statusesOf.set('VirtualMachine', new Set([...(statusesOf.get('VirtualMachine') ?? []), ...vmStates.map((s) => s.status)]));

  const errorSchema = deref(spec, schemas.ErrorCode) ?? {};
  const xStatuses = (errorSchema['x-statuses'] ?? {}) as Record<string, number>;
  const errorCodes = new Map(enumOf('ErrorCode').map((c) => [c, xStatuses[c] ?? 0]));
  const detailCodes = new Set<string>();
  walk(schemas.ErrorDetail ?? schemas.ErrorDetails, (value, key) => {
    if (key === 'enum' && Array.isArray(value)) value.forEach((v) => typeof v === 'string' && detailCodes.add(v));
  });

  const fieldNames = new Set<string>();
  walk(spec, (value, key) => {
    if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((k) => fieldNames.add(k));
    if (key === 'parameters' && Array.isArray(value)) for (const p of value) if (p && typeof p === 'object' && typeof (p as Json).name === 'string') fieldNames.add((p as Json).name as string);
  });
  for (const p of Object.values((spec.components?.parameters ?? {}) as Record<string, Json>)) if (typeof p.name === 'string') fieldNames.add(p.name);

  const flavorFacts = new Map<string, {price: number; spot: number | null}>();
  for (const f of flavors) flavorFacts.set(f.name, {price: f.pricePerHour, spot: f.spotPricePerHour});
  for (const f of masterFlavors) flavorFacts.set(f.name, {price: f.pricePerHour, spot: null});

  const unitPrices = new Set<number>();
  walk({flavors, policies, storageKinds, masterFlavors, baseModels, fineTuningMethods}, (value, key) => {
    if (key && /price/i.test(key)) {
      if (typeof value === 'number') unitPrices.add(value);
      else if (value && typeof value === 'object' && !Array.isArray(value)) for (const v of Object.values(value)) if (typeof v === 'number') unitPrices.add(v);
    }
  });
  // The contract of the worked example on the contracts page (list price, contract price).
  const contract = contractCosts();
  unitPrices.add(contract.list).add(contract.contractPrice);

  const [reservedFrom, reservedTo] = privateNetwork.reservedRange.split(/\s+to\s+/);

  // Drivers and CUDA versions: every one the images and the hardware module name.
  const driverBranches = new Set<string>();
  const driverVersions = new Set<string>();
  const cudaVersions = new Set<string>();
  walk({images, hardware}, (value, key) => {
    if (typeof value !== 'string') return;
    if (/^R\d{3}$/.test(value)) driverBranches.add(value);
    if (key && /driver/i.test(key) && /^\d{3}\.\d+\.\d+$/.test(value)) driverVersions.add(value);
    if (key && /cuda/i.test(key) && /^\d+\.\d+$/.test(value)) cudaVersions.add(value);
  });

  const ops = new Map<string, OperationFacts>();
  const operationByRoute = new Map<string, string>();
  for (const {method, operation} of operations(spec)) {
    if (!operation.operationId) continue;
    const requestFields = new Set<string>();
    const body = deref(spec, operation.requestBody);
    for (const media of Object.values((body?.content ?? {}) as Record<string, Json>)) schemaFields(spec, media.schema, requestFields);
    for (const p of (operation.parameters ?? []) as unknown[]) {
      const param = deref(spec, p);
      if (typeof param?.name === 'string') requestFields.add(param.name);
    }
    const action = vmActions.find((a) => a.operationId === operation.operationId && a.from.length > 0);
    const acceptedStates = action ? [...action.from] : statesFromDescription(operation.description ?? '');
    const errorCodes = ((operation['x-error-codes'] ?? []) as unknown[]).filter((c): c is string => typeof c === 'string');
    ops.set(operation.operationId, {id: operation.operationId, method, requestFields, acceptedStates, errorCodes});
    if (operation['x-doc-path']) operationByRoute.set(operation['x-doc-path'], operation.operationId);
  }

  return {
    permissions: new Set(permissions.map((p) => p.name)),
    roles: new Set(builtInRoles.map((r) => r.name)),
    statuses,
    statusesOf,
    resourceTypes: new Set([...enumOf('BillingResourceType'), ...billableResourceTypes.map((t) => t.id)]),
    billingUnits: new Set(enumOf('BillingUnit')),
    errorCodes,
    detailCodes,
    fieldNames,
    flavors: flavorFacts,
    regions: new Set([...regions.map((r) => r.id), ...enumOf('RegionName')]),
    unitPrices: [...unitPrices],
    cidrs: [privateNetwork.cidr, clusterNetwork.podCidr, clusterNetwork.serviceCidr],
    privateNetwork: {cidr: privateNetwork.cidr, reservedFrom, reservedTo, platformAddresses: [privateNetwork.gateway, privateNetwork.dnsResolver]},
    mtus: new Set([privateNetwork.mtu]),
    driverBranches,
    driverVersions,
    cudaVersions,
    kubernetesVersions: new Set(kubernetesVersions.map((v) => v.version)),
    operations: ops,
    operationByRoute,
  };
}

// ---------------------------------------------------------------------------------------
// Reading a page.

/** `{…}` expressions blanked, nested braces included; inline code in prose is left alone. */
function withoutExpressions(text: string): string {
  let out = '';
  let depth = 0;
  let inCode = false;
  for (const char of text) {
    if (depth === 0 && char === '`') inCode = !inCode;
    if (char === '\n') inCode = false;
    if (!inCode && char === '{') depth += 1;
    if (depth > 0) {
      out += char === '\n' ? '\n' : ' ';
      if (char === '}') depth -= 1;
    } else out += char;
  }
  return out;
}

/**
 * The prose of a page, line for line: code blocks, imports and exports, `{expressions}` and
 * JSX tags blanked (the text between tags stays), inline code kept.
 */
export function proseOf(body: string): string[] {
  return withoutExpressions(
    withoutFencedCode(body)
      .replace(/^import\s[^\n]*$/gm, blank)
      .replace(/^export\s[\s\S]*?(?=\n\s*\n|$(?![\s\S]))/gm, blank),
  )
    .replace(/<\/?[A-Za-z][^>\n]*>/g, blank)
    .split('\n');
}

export interface CodeBlock {
  lang: string;
  meta: string;
  /** `title="…"` of the block's meta, if any. */
  title?: string;
  /** Line of the body where the block's first line of code is. */
  firstLine: number;
  lines: string[];
}

export function codeBlocksOf(body: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const m of body.matchAll(/^([ \t]*)(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)^\1\2[ \t]*$/gm)) {
    const [lang = '', ...rest] = m[3].trim().split(/\s+/);
    const meta = rest.join(' ');
    const indent = m[1].length;
    blocks.push({
      lang,
      meta,
      title: /title="([^"]*)"/.exec(meta)?.[1],
      firstLine: body.slice(0, m.index).split('\n').length + 1,
      lines: m[4].replace(/\n$/, '').split('\n').map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length))),
    });
  }
  return blocks;
}

interface Sentence {
  /** Line of the body (1-based). */
  line: number;
  text: string;
}

/** The sentences of each prose line (a Markdown paragraph is one line on this site). */
function sentencesOf(prose: string[]): Sentence[] {
  const out: Sentence[] = [];
  prose.forEach((text, i) => {
    for (const part of text.split(/(?<=[.!?:])\s+(?=[A-Z`*[<(-])/)) if (part.trim()) out.push({line: i + 1, text: part.trim()});
  });
  return out;
}

/** Findings in the order of the page's lines (stable: one line's findings keep their order). */
const byLine = (findings: Finding[]): Finding[] => findings.sort((a, b) => a.line - b.line);

/** A function that records a finding of `check` on `page` at a line of its body. */
const reporter = (page: Page, check: CheckName, into: Finding[]) => (bodyLine: number, message: string): void => {
  into.push({file: page.file, line: bodyLine + (page.lineOffset ?? 0), check, message});
};

/**
 * Genuine non-facts a check would otherwise take for a claim: values a page shows as wrong
 * on purpose or as the reader's own. Each entry says why. Never list a real contradiction.
 */
export const EXEMPT: readonly {file: string; value: string; why: string}[] = [
  {file: 'docs/api-reference/getting-started-api/create-environment.mdx', value: 'no-oslo-1', why: 'the example of a typo that the API refuses'},
  {file: 'docs/hardware/gpu-driver-compability.mdx', value: 'CUDA 12.4', why: 'the CUDA of a PyTorch wheel the reader may bring, not a version the platform ships'},
];

const exempt = (page: Page, value: string) => EXEMPT.some((e) => e.file === page.file && e.value === value);

// ---------------------------------------------------------------------------------------
// 1. Names exist.

/** The noun a status is attached to ("a `SHUTOFF` VM", "the volume is `ATTACHED`"), and its schema. */
const STATUS_NOUNS: readonly [RegExp, string][] = [
  [/^(?:VMs?|virtual machines?)$/i, 'VirtualMachine'],
  [/^node groups?$/i, 'NodeGroup'],
  [/^(?:cluster )?nodes?$/i, 'ClusterNode'],
  [/^clusters?$/i, 'Cluster'],
  [/^deployments?$/i, 'Deployment'],
  [/^volumes?$/i, 'Volume'],
  [/^snapshots?$/i, 'Snapshot'],
  [/^(?:custom )?images?$/i, 'Image'],
  [/^(?:file )?shares?$/i, 'FileShare'],
  [/^datasets?$/i, 'Dataset'],
  [/^(?:fine-tuning )?jobs?$/i, 'FineTuningJob'],
  [/^evaluations?$/i, 'Evaluation'],
  [/^payments?$/i, 'Payment'],
  [/^contracts?$/i, 'Contract'],
  [/^invit(?:e|es|ation|ations)$/i, 'Invite'],
];
const NOUN = '(VMs?|virtual machines?|node groups?|cluster nodes?|nodes?|clusters?|deployments?|volumes?|snapshots?|custom images?|images?|file shares?|shares?|datasets?|fine-tuning jobs?|jobs?|evaluations?|payments?|contracts?|invites?|invitations?)';
const STATE_AFTER_NOUN = new RegExp(`\\b${NOUN}(?:'s)?\\s+(?:is|are|was|were|in|turns|turned|stays|stay|settles in|settle in|becomes|become|goes to|moves to|back to|returns to|enters|enter|reaches|ends in|comes back|still in)\\s+\`([A-Z][A-Z_]+)\``, 'g');
const STATE_BEFORE_NOUN = new RegExp(`\`([A-Z][A-Z_]+)\`\\s+${NOUN}\\b`, 'g');
const schemaOfNoun = (noun: string) => STATUS_NOUNS.find(([re]) => re.test(noun))?.[1];

/** Words in backticks that are never statuses: HTTP methods. */
const NOT_STATUSES = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

export function checkNames(page: Page, facts: Facts): Finding[] {
  const found: Finding[] = [];
  const add = reporter(page, 'names', found);
  const prose = proseOf(page.body);
  const blocks = codeBlocksOf(page.body);
  // Roles the page creates itself (a custom role's name, or a role object with its own policies).
  const customRoles = new Set<string>();
  for (const m of page.body.matchAll(/custom role (?:named |called )?`([^`]+)`/g)) customRoles.add(m[1]);
  const jsonOf = new Map(blocks.map((b) => [b, jsonValues(b.lines.join('\n'))]));
  for (const values of jsonOf.values()) {
    for (const record of records(values ?? [])) if (typeof record.name === 'string' && Array.isArray(record.policies) && record.id === undefined) customRoles.add(record.name);
  }

  // A permission is `<area>:<verb>`: one of the catalogue's areas, or the verb read or write.
  const areas = new Set([...facts.permissions].map((p) => p.split(':')[0]));
  const isPermissionLike = (name: string) => areas.has(name.split(':')[0]) || /:(read|write)$/.test(name);
  const checkPermission = (line: number, name: string) => {
    if (isPermissionLike(name) && !facts.permissions.has(name)) add(line, `permission \`${name}\` is not in the catalogue (src/data/organization.ts): ${[...facts.permissions].join(', ')}`);
  };
  const checkRole = (line: number, name: string) => {
    if (!facts.roles.has(name) && !customRoles.has(name)) add(line, `role "${name}" is not a built-in role (${[...facts.roles].join(', ')})`);
  };
  const checkResourceType = (line: number, name: string) => {
    if (!facts.resourceTypes.has(name)) add(line, `usage resource_type \`${name}\` is not in BillingResourceType (${[...facts.resourceTypes].join(', ')})`);
  };
  const checkCode = (line: number, code: string, status?: number, details = false) => {
    if (facts.errorCodes.has(code)) {
      const expected = facts.errorCodes.get(code)!;
      if (status !== undefined && expected && status !== expected) add(line, `error code \`${code}\` comes with HTTP ${expected}, not ${status}`);
    } else if (!(details && facts.detailCodes.has(code))) add(line, `error code \`${code}\` is not in the spec's ErrorCode enum`);
  };
  const checkFlavorsAndRegions = (line: number, text: string) => {
    for (const m of text.matchAll(/(?<![\w.-])(n\d+-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?![\w-])/g)) {
      if (!facts.flavors.has(m[1]) && !exempt(page, m[1])) add(line, `flavor \`${m[1]}\` is not a flavor of src/data (platform.ts flavors, kubernetes.ts master flavors)`);
    }
    for (const m of text.matchAll(/(?<![\w.-])([a-z]{2}-[a-z]{3,}-\d+)(?![\w-])/g)) {
      if (!facts.regions.has(m[1]) && !exempt(page, m[1])) add(line, `region \`${m[1]}\` is not a region of src/data/platform.ts or the spec's RegionName`);
    }
  };

  for (const s of sentencesOf(prose)) {
    const {line, text} = s;
    for (const m of text.matchAll(/`([a-z][a-z-]*:[a-z][a-z-]*)`/g)) checkPermission(line, m[1]);
    // Roles: "`Billing` role", "role `Owner`", "the Admin role".
    for (const m of text.matchAll(/`([A-Z][A-Za-z-]+)`\s+roles?\b|\broles?\s+`([A-Z][A-Za-z-]+)`|\b(?:the|a|an)\s+(?:built-in\s+)?([A-Z][a-z]+)\s+role\b/g)) {
      const name = m[1] ?? m[2] ?? m[3];
      if (m[3] && /^(Custom|Built|New|Same|Other|Only|Right|One|Each|Every)$/.test(name)) continue;
      checkRole(line, name);
    }
    // Statuses.
    const statusSentence = /\b(status|statuses|state|states)\b/i.test(text);
    for (const m of text.matchAll(/`([A-Z][A-Z_]{2,})`/g)) {
      const word = m[1];
      if (facts.statuses.has(word) || NOT_STATUSES.has(word)) continue;
      const looksLikeStatus = /^[A-Z]+(ING|ED)$/.test(word) || (statusSentence && !word.includes('_'));
      if (looksLikeStatus) add(line, `status \`${word}\` is not a status of the data or the spec`);
    }
    for (const re of [STATE_AFTER_NOUN, STATE_BEFORE_NOUN]) {
      for (const m of text.matchAll(re)) {
        const [noun, word] = re === STATE_AFTER_NOUN ? [m[1], m[2]] : [m[2], m[1]];
        const schema = schemaOfNoun(noun);
        const known = schema ? facts.statusesOf.get(schema) : undefined;
        if (known && facts.statuses.has(word) && !known.has(word)) add(line, `\`${word}\` is not a status of a ${noun.replace(/s$/, '')} (${schema}: ${[...known].join(', ')})`);
      }
    }
    // Usage resource types.
    for (const m of text.matchAll(/resource_type=([a-z_]+)/g)) checkResourceType(line, m[1]);
    if (/`resource_type`/.test(text) || (/\bresource types?\b/i.test(text) && /\b(usage|billing|billable|billed|pricebook)\b/i.test(text))) {
      for (const m of text.matchAll(/`([a-z][a-z0-9_]*)`/g)) {
        const word = m[1];
        if (word === 'resource_type' || facts.billingUnits.has(word) || facts.fieldNames.has(word) || !/^[a-z]+(_[a-z]+)*$/.test(word)) continue;
        checkResourceType(line, word);
      }
    }
    // Error codes: "`409 invalid_state`", "code `not_found`", "`quota_exceeded` error".
    for (const m of text.matchAll(/`([1-5]\d\d) ([a-z][a-z_]+)`/g)) checkCode(line, m[2], Number(m[1]));
    for (const m of text.matchAll(/\bcode\s+`([a-z][a-z_]+)`|`([a-z]+_[a-z_]+)`\s+(?:error|code)\b/g)) checkCode(line, m[1] ?? m[2], undefined, true);
    checkFlavorsAndRegions(line, text);
  }

  for (const block of blocks) {
    // Roles in a JSON answer: `"roles": [{"id": 1, "name": "Owner"}]`, `"role": {…}`.
    const values = jsonOf.get(block);
    if (values) {
      for (const record of records(values)) {
        const roles = [record.roles, record.role].flat().filter((r): r is Json => !!r && typeof r === 'object' && typeof (r as Json).name === 'string');
        for (const role of roles) {
          const name = role.name as string;
          if (/^[A-Z]/.test(name)) checkRole(block.firstLine + Math.max(0, block.lines.findIndex((l) => l.includes(`"${name}"`))), name);
        }
      }
    }
    block.lines.forEach((text, i) => {
      const line = block.firstLine + i;
      for (const m of text.matchAll(/"([a-z][a-z-]*:[a-z][a-z-]*)"/g)) checkPermission(line, m[1]);
      if (!values) for (const m of text.matchAll(/"roles?":\s*\[?\s*\{[^}]*"name":\s*"([^"]+)"/g)) if (/^[A-Z]/.test(m[1])) checkRole(line, m[1]);
      for (const m of text.matchAll(/resource_type=([a-z_]+)|"resource_type":\s*"([a-z_]+)"|\.resource_type\s*==\s*"([a-z_]+)"/g)) checkResourceType(line, m[1] ?? m[2] ?? m[3]);
      for (const m of text.matchAll(/"code":\s*"([a-z][a-z_]+)"|\.code\s*==\s*"([a-z][a-z_]+)"/g)) checkCode(line, m[1] ?? m[2], undefined, true);
      checkFlavorsAndRegions(line, text);
    });
  }
  return byLine(found);
}

// ---------------------------------------------------------------------------------------
// 2. Numbers agree.

const ipToInt = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inBlock = (ip: string, cidr: string): boolean => {
  const [base, bits] = cidr.split('/');
  const size = Number(bits);
  const mask = size === 0 ? 0 : (0xffffffff << (32 - size)) >>> 0;
  return ((ipToInt(ip) & mask) >>> 0) === ((ipToInt(base) & mask) >>> 0);
};
/** Ranges that are never a claim about the platform: anywhere, loopback, and the documentation ranges (RFC 5737) pages use for the reader's own addresses. */
const NOT_PLATFORM_RANGES = ['0.0.0.0/0', '127.0.0.0/8', '192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'];
const isNonFactAddress = (ip: string, prefix?: number) =>
  (ip === '0.0.0.0' && (prefix === 0 || prefix === undefined)) || NOT_PLATFORM_RANGES.slice(1).some((r) => inBlock(ip, r) && (prefix === undefined || prefix >= Number(r.split('/')[1])));

/** The jq projection of a command (`[.name, .price_per_hour.amount] | @tsv`): the name of each column. */
export function jqColumns(command: string): string[] | null {
  const m = /\[\s*(\.[^\]|]*?)\s*\]\s*\|\s*@(tsv|csv)/.exec(command);
  if (!m) return null;
  return m[1].split(',').map((field) => {
    const parts = field.trim().replace(/^\./, '').split('.').filter((p) => p !== 'amount');
    return parts.join('.') || field.trim();
  });
}

/** Top-level JSON values of a text (one document, or a stream as jq prints it); null if none parse. */
function jsonValues(text: string): unknown[] | null {
  try {
    return [JSON.parse(text)];
  } catch {
    const values: unknown[] = [];
    let depth = 0;
    let start = -1;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') {
        if (depth === 0) start = i;
        depth++;
      } else if ((c === '}' || c === ']') && depth > 0) {
        depth--;
        if (depth === 0) {
          try {
            values.push(JSON.parse(text.slice(start, i + 1)));
          } catch {
            return values.length > 0 ? values : null;
          }
        }
      }
    }
    return values.length > 0 ? values : null;
  }
}

const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.005, Math.abs(b) * 1e-4);

/** Checks one record of an output sample (a JSON object, or a row of a jq projection). */
function checkPriceRecord(record: Json, facts: Facts, report: (message: string) => void): void {
  const named = ['name', 'flavor_name', 'flavor', 'item'].map((k) => record[k]).find((v): v is string => typeof v === 'string' && facts.flavors.has(v.replace(/ spot$/, '')));
  const flavor = named ? facts.flavors.get(named.replace(/ spot$/, '')) : undefined;
  const spotItem = named?.endsWith(' spot') || record.spot === true;
  const contract = record.contract_id !== undefined && record.contract_id !== null;
  let unitPrice: number | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (!/price/i.test(key) || /contract/i.test(key)) continue;
    const amount = numberOf(value);
    if (amount === undefined) continue;
    if (flavor) {
      if (contract && !key.startsWith('list_')) continue;
      const expected = /spot/i.test(key) || spotItem ? [flavor.spot] : key.startsWith('list_') ? [flavor.price] : [flavor.price, flavor.spot];
      if (!expected.some((e) => e !== null && close(amount, e))) report(`${key} ${amount} for ${named}, but src/data says ${expected.filter((e) => e !== null).join(' or ') || 'not offered'}`);
    } else if (!facts.unitPrices.some((p) => close(amount, p))) report(`${key} ${amount} is no unit price of src/data`);
    if (/^price_per_(unit|hour)$/.test(key)) unitPrice = amount;
  }
  const quantity = numberOf(record.quantity);
  const cost = numberOf(record.cost);
  const rate = unitPrice ?? (flavor && !contract ? (spotItem ? flavor.spot ?? undefined : flavor.price) : undefined);
  if (quantity !== undefined && cost !== undefined && rate !== undefined && !close(cost, quantity * rate)) {
    report(`cost ${cost} is not quantity ${quantity} × ${rate} = ${+(quantity * rate).toFixed(6)}`);
  }
}

/** Records of a value: every object in it, with nested objects checked on their own. */
function records(value: unknown): Json[] {
  const out: Json[] = [];
  walk(value, (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Json);
  });
  return out;
}

export function checkNumbers(page: Page, facts: Facts): Finding[] {
  const found: Finding[] = [];
  const add = reporter(page, 'numbers', found);
  const prose = proseOf(page.body);
  const blocks = codeBlocksOf(page.body);
  // A code block speaks of Kubernetes when it, or the command before its output, does.
  const kube = /kube|k8s/i;
  const textLines: {line: number; text: string; kubernetes: boolean}[] = [
    ...prose.map((text, i) => ({line: i + 1, text, kubernetes: kube.test(text)})),
    ...blocks.flatMap((b, n) => {
      const kubernetes = kube.test(b.lines.join('\n')) || (b.title === 'Output' && n > 0 && kube.test(blocks[n - 1].lines.join('\n')));
      return b.lines.map((text, i) => ({line: b.firstLine + i, text, kubernetes}));
    }),
  ];
  const {cidr, reservedFrom, reservedTo, platformAddresses} = facts.privateNetwork;

  for (const {line, text, kubernetes} of textLines) {
    // CIDRs, and addresses of the private network.
    for (const m of text.matchAll(/(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?:\/(\d{1,2}))?(?![\d.]*\d)/g)) {
      const [, ip, bits] = m;
      if (ip.split('.').some((o) => Number(o) > 255)) continue;
      const prefix = bits === undefined ? undefined : Number(bits);
      if (isNonFactAddress(ip, prefix) || exempt(page, m[0])) continue;
      if (prefix !== undefined) {
        const matches = facts.cidrs.some((c) => c === m[0] || (inBlock(ip, c) && Number(c.split('/')[1]) === prefix));
        if (!matches) add(line, `CIDR ${m[0]} is none of the networks of src/data (${facts.cidrs.join(', ')}), nor an address in one with its prefix`);
      } else if (ip.startsWith('10.')) {
        if (!facts.cidrs.some((c) => inBlock(ip, c))) add(line, `address ${ip} is in none of the networks of src/data (${facts.cidrs.join(', ')})`);
        else if (inBlock(ip, cidr) && ipToInt(ip) >= ipToInt(reservedFrom) && ipToInt(ip) <= ipToInt(reservedTo) && !platformAddresses.includes(ip) && ip !== cidr.split('/')[0]) {
          add(line, `address ${ip} is in the range the platform reserves (${reservedFrom} to ${reservedTo}); VMs get addresses from the first VM address on`);
        }
      }
    }
    // MTU.
    for (const m of text.matchAll(/\bmtu\b["'`]?\s*(?:[:=]\s*["']?|\s(?:is|of|to|at|stays at)\s+)?(\d{3,5})\b/gi)) {
      if (!facts.mtus.has(Number(m[1]))) add(line, `MTU ${m[1]}, but src/data/network.ts says ${[...facts.mtus].join(', ')}`);
    }
    // NVIDIA drivers: branches (R570), full versions (570.133.20), "driver 570".
    for (const m of text.matchAll(/\bR([3-9]\d\d)\b/g)) {
      if (!facts.driverBranches.has(`R${m[1]}`) && !exempt(page, m[0])) add(line, `driver branch R${m[1]} is not one of src/data (${[...facts.driverBranches].join(', ')})`);
    }
    for (const m of text.matchAll(/(?<![\d.])([3-9]\d\d\.\d{1,3}\.\d{1,3})(?![\d.]*\d)/g)) {
      if (/nvidia|driver/i.test(text) && !facts.driverVersions.has(m[1])) add(line, `driver version ${m[1]} is not one of src/data/hardware.ts (${[...facts.driverVersions].join(', ')})`);
    }
    for (const m of text.matchAll(/\bdriver\s+(?:version\s+|branch\s+)?([3-9]\d\d)(?![\d.])/gi)) {
      if (!facts.driverBranches.has(`R${m[1]}`)) add(line, `driver ${m[1]} is not one of src/data (${[...facts.driverBranches].join(', ')})`);
    }
    // CUDA.
    for (const m of text.matchAll(/\bCUDA(?:\s+Version:?|\s+toolkit)?\s+(\d+\.\d+)(?![\d.]*\d)|\bcuda:(\d+\.\d+)/g)) {
      const version = m[1] ?? m[2];
      if (!facts.cudaVersions.has(version) && !exempt(page, m[0])) add(line, `CUDA ${version} is not one of src/data (${[...facts.cudaVersions].join(', ')})`);
    }
    // Kubernetes versions.
    for (const m of text.matchAll(/(?<![\w.])(v?)(1\.(?:2\d|3\d)(?:\.\d+)?)(?![\w.]*\d)/g)) {
      const version = m[2];
      const labelled = m[1] === 'v' || /kubernetes_version|Kubernetes\s+v?$/.test(text.slice(0, m.index).slice(-40)) || /kubernetes_version"?\s*[:=]\s*"?$/.test(text.slice(0, m.index));
      if (!kubernetes || !labelled) continue;
      const known = [...facts.kubernetesVersions].some((v) => v === version || (version.split('.').length === 2 && v.startsWith(`${version}.`)));
      if (!known) add(line, `Kubernetes ${version} is not one of src/data/kubernetes.ts (${[...facts.kubernetesVersions].join(', ')})`);
    }
  }

  // Prices in output samples: JSON (a response, or jq's output) and jq projections to TSV.
  blocks.forEach((block, b) => {
    const report = (line: number) => (message: string) => add(line, `output sample: ${message}`);
    if (/^(json|text|jsonc)$/.test(block.lang)) {
      const values = jsonValues(block.lines.join('\n'));
      if (values) {
        for (const value of values) for (const record of records(value)) {
          const key = Object.keys(record).find((k) => /price|cost/.test(k));
          const at = key ? block.lines.findIndex((l) => l.includes(`"${key}"`)) : 0;
          checkPriceRecord(record, facts, report(block.firstLine + Math.max(0, at)));
        }
        return;
      }
    }
    if (block.title !== 'Output' || b === 0) return;
    const columns = jqColumns(blocks[b - 1].lines.join(' '));
    if (!columns) return;
    block.lines.forEach((text, i) => {
      const cells = text.split(text.includes('\t') ? '\t' : text.includes(',') ? ',' : /\s+/);
      if (cells.length !== columns.length) return;
      const record: Json = {};
      columns.forEach((c, j) => (record[c.split('.').filter((p) => !/^(amount|\[\])$/.test(p))[0] ?? c] = cells[j]));
      checkPriceRecord(record, facts, report(block.firstLine + i));
    });
  });
  return byLine(found);
}

// ---------------------------------------------------------------------------------------
// 3. "Cannot" claims.

/** Words of a page for a resource, where they differ from the operationIds' resource names. */
const RESOURCE_ALIASES: Record<string, string> = {
  vm: 'VirtualMachine',
  'virtual machine': 'VirtualMachine',
  'key pair': 'Keypair',
  'ssh key': 'Keypair',
  invitation: 'Invite',
  share: 'FileShare',
  'firewall rule': 'Rule',
  rule: 'Rule',
  organization: 'OrganizationName',
  'organization name': 'OrganizationName',
  label: 'Labels',
};

/** The operation verbs that would do what a page says cannot be done. */
const VERB_OPERATIONS: readonly [RegExp, RegExp, string | null][] = [
  // [verb on the page, operationId prefix, request field the operation must accept (or null)]
  [/^(edit|change|update|modif)/, /^update/, null],
  [/^rename/, /^(update|rename)/, 'name'],
  [/^resiz/, /^(resize|update|extend)/, null],
  [/^mov/, /^(move|update)/, 'environment'],
];

const pascal = (words: string) =>
  words
    .split(/[\s-]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('');

const singular = (word: string) => word.replace(/ies$/, 'y').replace(/(ss)$/, '$1').replace(/([^s])s$/, '$1');

/** The operations that do `verb` to the resource a page names, if any. */
export function operationsDoing(facts: Facts, resource: string, verb: string): string[] {
  const noun = singular(resource.toLowerCase().trim());
  const name = RESOURCE_ALIASES[noun] ?? pascal(noun);
  const rule = VERB_OPERATIONS.find(([v]) => v.test(verb.toLowerCase()));
  if (!rule) return [];
  const [, prefix, field] = rule;
  return [...facts.operations.values()]
    .filter((op) => {
      const verbPart = prefix.exec(op.id);
      if (!verbPart) return false;
      const rest = op.id.slice(verbPart[0].length);
      // The rest names the resource (`updateProfile`, not `updateProfileCallback`); rules and labels
      // sit under their owner (`updateVirtualMachineLabels`).
      const names = rest === name || ((name === 'Rule' || name === 'Labels') && rest.endsWith(name));
      return names && (field === null || [...op.requestFields].some((f) => f === field || f.startsWith(`${field}_`)));
    })
    .map((op) => op.id);
}

const CANNOT = /(?:^|[;:,]\s+(?:and\s+|but\s+|so\s+)?)(?:(?:a|an|the|your|this|that)\s+)?(?!(?:its|their)\b)((?:[A-Za-z-]+\s+){0,2}[A-Za-z-]+)\s+(?:cannot|can't|can not|can never)\s+(?:be\s+)?((?:edit|change|rename|update|resiz|mov|modif)[a-z]*)/gi;
const NO_WAY = /\bthere is no way to\s+((?:edit|change|rename|update|resize|move|modify))\s+(?:a|an|the|your|its)\s+((?:[A-Za-z-]+\s+){0,1}[A-Za-z-]+)/gi;
const NOT_RESOURCES = /^(you|it|they|this|that|which|who|one|choice|setting|value|mode|size|name|region)$/i;

export function checkCannotClaims(page: Page, facts: Facts): Finding[] {
  const found: Finding[] = [];
  const add = reporter(page, 'cannot', found);
  for (const {line, text} of sentencesOf(proseOf(page.body))) {
    const plain = text.replace(/[*_`]/g, '');
    const claims: {resource: string; verb: string; said: string}[] = [];
    for (const m of plain.matchAll(CANNOT)) claims.push({resource: m[1], verb: m[2], said: m[0].replace(/^[;:,]\s*/, '')});
    for (const m of plain.matchAll(NO_WAY)) claims.push({resource: m[2], verb: m[1], said: m[0]});
    for (const {resource, verb, said} of claims) {
      const last = resource.trim().split(/\s+/).pop()!;
      // "its key, fingerprint and environment cannot change": parts of another resource, not a resource.
      if (NOT_RESOURCES.test(last) || /\b(and|or)\b/i.test(resource)) continue;
      // The noun phrase as a whole, or its last word ("custom profiles" → Profile).
      const ops = [...new Set([...operationsDoing(facts, resource, verb), ...operationsDoing(facts, last, verb)])];
      if (ops.length > 0) add(line, `says "${said.trim()}", but the spec has ${ops.join(', ')}`);
    }
  }
  return byLine(found);
}

// ---------------------------------------------------------------------------------------
// 4. Requests in words.

interface OperationMention {
  id: string;
  start: number;
  end: number;
}

/** The operations a sentence points at, where: links to reference pages, and operationIds in the text. */
function operationMentions(page: Page, text: string, facts: Facts): OperationMention[] {
  const found: OperationMention[] = [];
  for (const m of text.matchAll(/\[[^\]]*\]\(([^)\s#]+\.mdx)(?:#[^)]*)?\)/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(page.at ?? page.file), m[1]));
    const id = facts.operationByRoute.get(`/${target.replace(/\.mdx$/, '').replace(/\/index$/, '')}`);
    if (id) found.push({id, start: m.index!, end: m.index! + m[0].length});
  }
  for (const m of text.matchAll(/(?<![\w(/])([a-z]+[A-Z][A-Za-z]+)\b/g)) {
    if (facts.operations.has(m[1]) && !found.some((f) => m.index! >= f.start && m.index! < f.end)) found.push({id: m[1], start: m.index!, end: m.index! + m[0].length});
  }
  return found.sort((x, y) => x.start - y.start);
}

const REQUEST_VERB = '(?:pass|passes|passing|send|sends|sending|give|gives|giving|set|sets|setting|add|adds|adding|include|includes|including|naming|turn|turns)';

/**
 * Backticked names a sentence asks the reader to send, with where they are: "pass
 * `boot_volume_name`", "send it as `user_data`", "naming the image in `image_name`",
 * "`from_logs` instead of `source_url`". A value ("set to `lora`") is not a field.
 */
function requestedFields(text: string): {field: string; start: number; end: number}[] {
  const fields: {field: string; start: number; end: number}[] = [];
  const re = new RegExp(`\\b${REQUEST_VERB}\\b(?:\\s+(?:the|a|an|its|it|your|their)\\b)?(?:[^\`.;:]{0,40}?\\b(?:as|in)\\b)?\\s*\`([a-z][a-z0-9_]*)\``, 'gi');
  for (const m of text.matchAll(re)) {
    const tick = m.index! + m[0].lastIndexOf('`', m[0].length - 2);
    if (!/^[a-z][a-z0-9_]*$/.test(m[1]) || /\bset\s+to\s*$/i.test(text.slice(0, tick))) continue;
    fields.push({field: m[1], start: tick, end: m.index! + m[0].length});
  }
  for (const m of text.matchAll(/`([a-z][a-z0-9_]*)`\s+instead of\s+`([a-z][a-z0-9_]*)`/g)) {
    fields.push({field: m[1], start: m.index!, end: m.index! + m[1].length + 2});
    const second = m.index! + m[0].lastIndexOf('`', m[0].length - 2);
    fields.push({field: m[2], start: second, end: m.index! + m[0].length});
  }
  return fields;
}

/**
 * The operations a field is sent to: a mention after it joined by "to", "in", "with",
 * "when you" ("pass `x` to [Create…]"), and the ones listed with it ("[a VM] or [a volume]");
 * or a mention before it that the field completes ("[Create a dataset] … with `from_logs`").
 */
function operationsOfField(text: string, field: {start: number; end: number}, mentions: OperationMention[]): string[] {
  const after = mentions.filter((m) => m.start >= field.end);
  const ids: string[] = [];
  let from = field.end;
  for (const m of after) {
    const between = text.slice(from, m.start);
    const joined = ids.length === 0 ? /^[^.;`]{0,60}?\b(?:to|in|into|with|for|when you|when you call|on|through)\s+(?:the\s+)?$/i.test(between) : /^\s*(?:,|or|and|, or|, and)\s*$/.test(between);
    if (!joined) break;
    ids.push(m.id);
    from = m.end;
  }
  if (ids.length > 0) return ids;
  // "[createVolume](…), naming the image in `image_name`", "[Create a dataset](…) … with `from_logs`".
  const before = mentions.filter((m) => m.end <= field.start).pop();
  if (before && /^(?:[^.;[]{0,50}?\bwith\b[^.;[]{0,30}|\s*,\s*(?:giving|passing|naming|setting|sending|with)\b[^.;[]{0,40})$/.test(text.slice(before.end, field.start))) return [before.id];
  // "Pass this as `user_data` when you create the VM".
  const create = new RegExp(`^[^.;\`]{0,30}?\\bwhen you create (?:a|an|the|your) (${Object.keys(CREATE_OPERATION).join('|')})\\b`, 'i').exec(text.slice(field.end));
  if (create) return [CREATE_OPERATION[create[1].toLowerCase()]];
  return [];
}

/** "create a bootable volume with `image_name` and `bootable`": the create operation of a resource, and the fields named. */
const CREATE_WITH = /\bcreate\s+(?:a|an|the)\s+((?:[a-z-]+\s+){0,2}?)(VM|virtual machine|volume|file share|cluster|node group|snapshot|profile|provisioning profile|firewall|environment|keypair|deployment|dataset|evaluation|fine-tuning job|API key|access key|bucket)\s+with\s+((?:`[a-z][a-z0-9_]*`(?:\s*,\s*|\s+and\s+)?)+)/gi;

const CREATE_OPERATION: Record<string, string> = {
  vm: 'createVirtualMachine', 'virtual machine': 'createVirtualMachine', volume: 'createVolume', 'file share': 'createFileShare', cluster: 'createCluster',
  'node group': 'createNodeGroup', snapshot: 'createSnapshot', profile: 'createProfile', 'provisioning profile': 'createProfile', firewall: 'createFirewall',
  environment: 'createEnvironment', keypair: 'importKeypair', deployment: 'createDeployment', dataset: 'createDataset', evaluation: 'createEvaluation',
  'fine-tuning job': 'createFineTuningJob', 'api key': 'generateApiKey', 'access key': 'createAccessKey',
};

/** The action a state requirement is about: the verbs of `vmActions`, and a few other operations. */
const ACTION_WORDS: readonly [RegExp, string][] = [
  ...vmActions.filter((a) => a.from.length > 0).map((a): [RegExp, string] => [new RegExp(`\\b${a.action.toLowerCase().replace(/e$/, '')}(?:e|es|ed|ing|ion)?\\b`, 'i'), a.operationId]),
  [/\bsnapshot\b/i, 'createSnapshot'],
  [/\bconsole log\b/i, 'requestConsoleLog'],
  [/\bVNC\b|\bgraphical console\b/i, 'getVncConsole'],
  [/\bpublic IP\b/i, 'attachFloatingIp'],
];

/** Words for a VM's state, as prose writes them. */
const STATE_ADJECTIVES: Record<string, string> = {hibernated: 'HIBERNATED', stopped: 'SHUTOFF', 'shut-off': 'SHUTOFF', running: 'ACTIVE'};
/** Things made from a VM, and the operation that makes them. */
const NOUN_ACTIONS: Record<string, string> = {snapshot: 'createSnapshot', 'custom image': 'createImage', image: 'createImage'};
const ACTION_ON_STATE = new RegExp(
  `(?:\\b(snapshot|custom image|image)\\s+of|\\b(${vmActions.filter((a) => a.from.length > 0).map((a) => a.action.toLowerCase()).join('|')}))\\s+(?:a|an|the|your|this)\\s+(?:\`([A-Z]+)\`|(hibernated|stopped|shut-off|running))\\s+(?:VM|virtual machine)(?:'s\\s+boot volume)?\\b`,
  'gi',
);

export function checkRequests(page: Page, facts: Facts): Finding[] {
  const found: Finding[] = [];
  const add = reporter(page, 'requests', found);
  const sentences = sentencesOf(proseOf(page.body));
  sentences.forEach(({line, text}, index) => {
    const mentions = operationMentions(page, text, facts);
    // Fields to send.
    for (const field of requestedFields(text)) {
      const ops = operationsOfField(text, field, mentions).map((id) => facts.operations.get(id)!).filter((op) => op.requestFields.size > 0);
      if (ops.length > 0 && !ops.some((op) => op.requestFields.has(field.field))) add(line, `asks to send \`${field.field}\`, which ${ops.map((op) => op.id).join(' / ')} does not take`);
    }
    // Errors an operation answers: "[Get a VNC console URL](…) answers `404`".
    const only = [...new Set(mentions.map((m) => m.id))];
    if (only.length === 1) {
      const op = facts.operations.get(only[0])!;
      for (const m of text.matchAll(/`([45]\d\d)(?: ([a-z][a-z_]+))?`/g)) {
        const status = Number(m[1]);
        const possible = op.errorCodes.filter((c) => (m[2] ? c === m[2] : facts.errorCodes.get(c) === status));
        if (possible.length === 0 && op.errorCodes.length > 0) add(line, `says ${op.id} can answer \`${m[0].replace(/`/g, '')}\`, which is not in its x-error-codes`);
      }
    }
    for (const m of text.matchAll(CREATE_WITH)) {
      const id = CREATE_OPERATION[m[2].toLowerCase()];
      const op = id ? facts.operations.get(id) : undefined;
      if (!op) continue;
      for (const f of m[3].matchAll(/`([a-z][a-z0-9_]*)`/g)) if (!op.requestFields.has(f[1])) add(line, `asks to create a ${m[2]} with \`${f[1]}\`, which ${op.id} does not take`);
    }
    // An action on a VM in a state: "a snapshot of the hibernated VM", "resize a `SHUTOFF` VM".
    for (const m of text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').matchAll(ACTION_ON_STATE)) {
      const [, noun, verb, tick, adjective] = m;
      const state = tick ?? STATE_ADJECTIVES[adjective.toLowerCase()];
      const id = noun ? NOUN_ACTIONS[noun.toLowerCase()] : vmActions.find((a) => a.action.toLowerCase() === verb.toLowerCase())?.operationId;
      const op = id ? facts.operations.get(id) : undefined;
      if (op?.acceptedStates && state && !op.acceptedStates.includes(state)) add(line, `speaks of ${m[0].trim()}, but ${op.id} accepts only ${op.acceptedStates.map((s) => `\`${s}\``).join(', ')}`);
    }
    // States an action needs: "the VM must be `SHUTOFF`".
    const need = /\b(?:must be|needs to be|has to be|only works (?:when|while) (?:it|the VM) is)\s+((?:`[A-Z][A-Z_]+`(?:,\s*|\s+or\s+|,\s+or\s+)?)+)/.exec(text);
    if (!need) return;
    const required = statesIn(need[1]);
    // The action: in this sentence, else the nearest earlier one of its paragraph or of the line before (a list step).
    const context = [text, ...sentences.slice(0, index).filter((x) => x.line === line || x.line === line - 1).map((x) => x.text).reverse()];
    let actionIds: string[] = [];
    for (const ctx of context) {
      actionIds = [...new Set(operationMentions(page, ctx, facts).map((m) => m.id))];
      if (actionIds.length === 0) {
        const plain = ctx.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`[^`]*`/g, '');
        actionIds = ACTION_WORDS.filter(([re]) => re.test(plain)).map(([, id]) => id);
      }
      if (actionIds.length > 0) break;
    }
    const judged = actionIds.map((id) => facts.operations.get(id)).filter((op): op is OperationFacts => !!op?.acceptedStates);
    if (judged.length !== 1) return;
    const [op] = judged;
    const accepted = new Set(op.acceptedStates);
    const wrong = required.filter((s) => !accepted.has(s));
    const missing = op.acceptedStates!.filter((s) => !required.includes(s));
    if (wrong.length > 0 || missing.length > 0) {
      add(line, `says the resource must be ${required.map((s) => `\`${s}\``).join(' or ')}, but ${op.id} accepts ${op.acceptedStates!.map((s) => `\`${s}\``).join(', ')}`);
    }
  });
  return byLine(found);
}

// ---------------------------------------------------------------------------------------
// 5. Policies restated against the data.

/** A way the prose can restate a policy wrongly, and the fact of `src/data` it contradicts. */
export interface PolicyRule {
  /** The policy, as a finding names it. */
  policy: string;
  /** True while the data says what makes `claim` wrong; a rule the data no longer backs is off. */
  holds: boolean;
  /** A sentence that states the policy otherwise. */
  claim: RegExp;
  /** A sentence that matches `claim` but denies it ("nothing you do scales a group to zero"). */
  unless?: RegExp;
}

const NEGATED = /\b(not|never|nothing|no|cannot|can't|isn't|aren't|neither|nor)\b/i;

/**
 * The policies pages used to restate in prose, each against the fact that settles it. The
 * pages render these facts (`<VmLifecycleTable>`, `<GpuQuotaTable>`, `<CreditRunoutTable>`…);
 * a sentence that says otherwise is a contradiction waiting to be read.
 */
export function policyRules(): PolicyRule[] {
  return [
    {
      policy: 'the boot volume is billed at the volume price, not in the flavor price',
      holds: settledStates.every((s) => !/flavor price/i.test(s.bootVolume)),
      claim: /\bboot (volume|disk)\b[^.]*\b(included in|part of|covered by|in) the flavor(?:'s)? (price|rate)\b/i,
      unless: /\b(not|never|isn't) (part of|included in|covered by|in)\b/i,
    },
    {
      policy: 'the Kubernetes control plane is billed (master nodes at their flavor price)',
      holds: masterFlavors.every((f) => f.pricePerHour > 0),
      claim: /\bcontrol planes?\b[^.]*\b(is|are) (not billed|free|included)\b|\bfree control plane/i,
    },
    {
      policy: `the GPU quota counts more than VMs (${gpuQuota.uses.filter((u) => u.counts).map((u) => u.what).join(', ')})`,
      holds: gpuQuota.uses.filter((u) => u.counts).length > 1,
      claim: /\b(quota|GPUs)\b[^.]*\b(across|over) (all )?(of )?(its|your|the organization's|their) (VMs|virtual machines)\b/i,
    },
    {
      policy: `a node group keeps at least ${clusterLimits.nodesPerGroupMin} node`,
      holds: clusterLimits.nodesPerGroupMin >= 1,
      claim: /\b(scal\w*|shrink\w*)\b[^.]{0,60}\bto zero\b/i,
      unless: NEGATED,
    },
    {
      policy: `a deployment has no stopped state (${deploymentStates.map((d) => d.status).join(', ')})`,
      holds: !deploymentStates.some((d) => /STOP/.test(d.status)),
      claim: /\bdeployments?\b[^.]{0,40}\b(are|is|get|gets|been) stopped\b|\bstop (a|the|your) deployment\b/i,
    },
    {
      policy: 'a public IP is released with its VM and cannot be kept or reserved',
      holds: settledStates.find((s) => s.status === 'deleted')?.publicIp === 'Released',
      claim: /\b(kept|keep|reserved?) (a |the |your )?public IP\b|\bpublic IP (that )?you (kept|reserved)\b/i,
      unless: NEGATED,
    },
  ];
}

/** Sentences that restate a policy of `rules` in a way the data contradicts. */
export function checkPolicyClaims(page: Page, _facts: Facts, rules: readonly PolicyRule[] = policyRules()): Finding[] {
  const found: Finding[] = [];
  const add = reporter(page, 'policies', found);
  for (const {line, text} of sentencesOf(proseOf(page.body))) {
    const plain = text.replace(/[*_`]/g, '');
    for (const rule of rules) {
      if (!rule.holds || !rule.claim.test(plain) || rule.unless?.test(plain)) continue;
      add(line, `contradicts the data (${rule.policy}): "${plain.slice(0, 140)}"`);
    }
  }
  return byLine(found);
}

/** Every check on one page. */
export function crossCheck(page: Page, facts: Facts): Finding[] {
  return [...checkNames(page, facts), ...checkNumbers(page, facts), ...checkCannotClaims(page, facts), ...checkRequests(page, facts), ...checkPolicyClaims(page, facts)];
}

export const formatFinding = (f: Finding): string => `${f.file}:${f.line}: [${f.check}] ${f.message}`;

