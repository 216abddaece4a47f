// House conventions of the real spec that the overview page promises and lint cannot see.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {deref, mergeAllOf} from './schema';
import {loadSpec, operations, resolvePointer} from './spec';
import {regions} from '../../src/data/platform';

const doc = loadSpec(path.resolve(__dirname, '../../openapi'));
const schemas = doc.components.schemas as Record<string, {enum?: string[]; properties?: Record<string, unknown>}>;
type Response = {$ref?: string; content?: {'application/json'?: {schema?: {$ref?: string}; example?: {instance?: {status?: string}}}}};

describe('the API spec', () => {
  it('lets every POST take an Idempotency-Key, as the overview says', () => {
    const without = operations(doc)
      .filter((o) => o.method === 'post')
      .filter((o) => !(o.operation.parameters ?? []).some((p) => (p as {$ref?: string}).$ref === '#/components/parameters/IdempotencyKey'))
      .map((o) => o.operation.operationId);
    expect(without).toEqual([]);
  });

  describe('VM state model', () => {
    const statuses = schemas.VmStatus.enum ?? [];
    const settled = ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR'];
    const actions = ['startVirtualMachine', 'stopVirtualMachine', 'rebootVirtualMachine', 'hibernateVirtualMachine', 'restoreVirtualMachine', 'resizeVirtualMachine', 'deleteVirtualMachine'];

    it('answers every VM action with the VM in a transitional status of its own', () => {
      const shown = actions.map((id) => {
        const located = operations(doc).find((o) => o.operation.operationId === id);
        const accepted = located?.operation.responses?.['202'] as Response | undefined;
        const media = accepted?.content?.['application/json'];
        expect(media?.schema?.$ref, id).toBe('#/components/schemas/VirtualMachineResponse');
        return media?.example?.instance?.status ?? `${id}: no status`;
      });
      for (const status of shown) {
        expect(statuses).toContain(status);
        expect(settled).not.toContain(status);
      }
      expect(new Set(shown).size).toBe(actions.length);
    });

    it('counts every status on the dashboard', () => {
      const dashboard = Object.values(schemas).find((s) => s.properties?.virtual_machines) as {
        properties: {virtual_machines: {properties: {by_status: {required: string[]}}}};
      };
      expect([...dashboard.properties.virtual_machines.properties.by_status.required].sort()).toEqual([...statuses].sort());
    });
  });
});

describe('errors a client can branch on', () => {
  type Op = {operationId: string; security?: unknown[]; responses: Record<string, {$ref?: string; headers?: Record<string, unknown>; content?: Record<string, {schema?: Record<string, unknown>; example?: unknown}>}>; parameters?: {$ref?: string}[]} & Record<string, unknown>;
  const ops = operations(doc).map((o) => ({...o, op: o.operation as unknown as Op}));
  const codes = schemas.ErrorCode.enum ?? [];
  // The errors page is where readers look codes up: its table is the code -> status map the spec is checked against.
  const errorsPage = readFileSync(path.resolve(__dirname, '../../docs/api-reference/errors.mdx'), 'utf8');
  const table = [...errorsPage.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], m[2]] as const);
  const statusOf = new Map(table);

  it('documents every code of the spec, and no other, on the errors page, with the status the spec gives it', () => {
    expect(table.map(([code]) => code).sort()).toEqual([...codes].sort());
    const statuses = (schemas.ErrorCode as {'x-statuses'?: Record<string, number>})['x-statuses'] ?? {};
    expect(Object.fromEntries(table.map(([code, status]) => [code, Number(status)]))).toEqual(statuses);
  });

  it('lists on every operation the codes it returns, each with its status among the responses', () => {
    const problems: string[] = [];
    for (const {op} of ops) {
      const listed = (op['x-error-codes'] ?? []) as string[];
      if (listed.length === 0) problems.push(`${op.operationId}: no x-error-codes`);
      for (const code of listed) {
        if (!codes.includes(code)) problems.push(`${op.operationId}: unknown code ${code}`);
        else if (!op.responses[statusOf.get(code)!] && !(statusOf.get(code)!.startsWith('5') && op.responses.default)) problems.push(`${op.operationId}: lists ${code} but has no ${statusOf.get(code)} response`);
      }
      for (const status of Object.keys(op.responses).filter((s) => /^[45]/.test(s))) {
        if (!listed.some((code) => statusOf.get(code) === status)) problems.push(`${op.operationId}: answers ${status} but lists no code for it`);
      }
      if (op.responses.default?.$ref !== '#/components/responses/UnexpectedError') problems.push(`${op.operationId}: no default error`);
      const authenticated = !(Array.isArray(op.security) && op.security.length === 0);
      for (const code of [...(authenticated ? ['unauthorized', 'forbidden'] : []), 'rate_limited', 'internal_error', 'unavailable']) {
        if (!listed.includes(code)) problems.push(`${op.operationId}: does not list ${code}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a page_size over its maximum with 422 on every operation that takes one, as the overview says', () => {
    const takesPageSize = operations(doc).filter((o) => (o.operation.parameters ?? []).some((p) => (p as {$ref?: string}).$ref === '#/components/parameters/PageSize'));
    expect(takesPageSize.length).toBeGreaterThan(0);
    const without = takesPageSize.filter((o) => !((o.operation as {'x-error-codes'?: string[]})['x-error-codes'] ?? []).includes('validation_failed')).map((o) => o.operation.operationId);
    expect(without).toEqual([]);
  });

  it('lets every POST refuse a reused idempotency key', () => {
    const without = ops.filter((o) => o.method === 'post' && !((o.op['x-error-codes'] ?? []) as string[]).includes('idempotency_key_reused')).map((o) => o.op.operationId);
    expect(without).toEqual([]);
  });

  it('returns every code of the enum from at least one operation', () => {
    const used = new Set(ops.flatMap((o) => (o.op['x-error-codes'] ?? []) as string[]));
    expect(codes.filter((c) => !used.has(c))).toEqual([]);
  });

  it('types the details of validation errors', () => {
    const details = schemas.ErrorDetails as {additionalProperties?: boolean; properties?: Record<string, {items?: {$ref?: string}}>};
    expect(details.additionalProperties).toBe(false);
    expect(details.properties?.fields?.items?.$ref).toBe('#/components/schemas/FieldError');
  });
});

describe('headers', () => {
  const responses = doc.components.responses as Record<string, {headers?: Record<string, unknown>}>;
  it('carries a request id on every response, and rate-limit headers on every success of an authenticated operation', () => {
    const problems: string[] = [];
    for (const {operation} of operations(doc)) {
      const authenticated = !(Array.isArray(operation.security) && operation.security.length === 0);
      for (const [status, raw] of Object.entries(operation.responses ?? {}) as [string, {$ref?: string; headers?: Record<string, unknown>}][]) {
        const response = raw.$ref ? responses[raw.$ref.split('/').pop()!] : raw;
        const headers = Object.keys(response?.headers ?? {});
        if (!headers.includes('X-Request-Id')) problems.push(`${operation.operationId} ${status}: no X-Request-Id`);
        if (authenticated && /^2/.test(status)) {
          for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) if (!headers.includes(h)) problems.push(`${operation.operationId} ${status}: no ${h}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('sends Retry-After where the docs tell clients to honour it: 429 and 503', () => {
    expect(Object.keys(responses.RateLimited.headers ?? {})).toContain('Retry-After');
    expect(Object.keys(responses.UnexpectedError.headers ?? {})).toContain('Retry-After');
  });
});

describe('what generators need', () => {
  it('names every response envelope instead of repeating it inline', () => {
    const inline = operations(doc).flatMap(({operation}) =>
      Object.entries((operation.responses ?? {}) as Record<string, {content?: Record<string, {schema?: {$ref?: string; type?: string}}>}>)
        .filter(([, r]) => {
          const schema = r.content?.['application/json']?.schema;
          return schema && !schema.$ref && schema.type === 'object';
        })
        .map(([status]) => `${operation.operationId} ${status}`),
    );
    expect(inline).toEqual([]);
  });

  it('gives every list operation a pagination hint that names the array of its page', () => {
    const problems: string[] = [];
    for (const {operation} of operations(doc)) {
      const paged = (operation.parameters ?? []).some((p) => (p as {$ref?: string}).$ref === '#/components/parameters/Page');
      const hint = operation['x-pagination'] as {items?: string} | undefined;
      if (paged !== Boolean(hint)) problems.push(`${operation.operationId}: ${paged ? 'no x-pagination' : 'x-pagination without Page'}`);
      if (!hint) continue;
      const example = ((operation.responses?.['200'] as {content?: {'application/json'?: {example?: Record<string, unknown>}}})?.content?.['application/json']?.example ?? {}) as Record<string, unknown>;
      if (!Array.isArray(example[hint.items ?? ''])) problems.push(`${operation.operationId}: x-pagination items "${hint.items}" is not an array of its 200 example`);
      for (const key of ['page', 'page_size', 'total']) if (typeof example[key] !== 'number') problems.push(`${operation.operationId}: 200 example has no ${key}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('values a client must be ready for', () => {
  const reachable = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const ref = (node as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.split('/').pop()!;
      if (!reachable.has(name)) {
        reachable.add(name);
        walk(schemas[name]);
      }
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples') walk(value);
  };
  for (const {operation} of operations(doc)) walk(operation.responses);
  walk(doc.components.responses);
  walk(doc.webhooks);

  it('marks every enum a response can carry as one that may grow', () => {
    const closed: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (Array.isArray(record.enum) && record['x-extensible-enum'] !== true) closed.push(where);
      for (const [key, value] of Object.entries(record)) if (!['example', 'examples', 'enum'].includes(key)) visit(value, `${where}.${key}`);
    };
    for (const name of reachable) visit(schemas[name], name);
    expect(reachable.has('VmStatus')).toBe(true);
    expect(closed).toEqual([]);
  });

  it('refers to regions by one schema whose ids are the regions of the platform', () => {
    const inline: string[] = [];
    const visit = (node: unknown, where: string, parent?: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}[${i}]`, parent));
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (record.name === 'region' && (record.schema as {$ref?: string})?.$ref !== '#/components/schemas/RegionName') inline.push(`${where} (parameter)`);
      for (const [key, value] of Object.entries(record)) {
        if (key === 'example' || key === 'examples') continue;
        const region = value as {$ref?: string; oneOf?: {$ref?: string}[]};
        if (key === 'region' && parent === 'properties' && region.$ref !== '#/components/schemas/RegionName' && region.oneOf?.[0]?.$ref !== '#/components/schemas/RegionName') inline.push(where);
        visit(value, `${where}.${key}`, key);
      }
    };
    visit(doc.paths, 'paths');
    visit(doc.components, 'components');
    expect(inline).toEqual([]);
    expect(schemas.RegionName.enum).toEqual(regions.map((r) => r.id));
  });

  it('marks secrets the API returns once as readOnly and what it never returns as writeOnly', () => {
    const flags = new Map<string, Set<string>>();
    const visit = (node: unknown, parent?: string): void => {
      if (Array.isArray(node)) return node.forEach((n) => visit(n, parent));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (key === 'example' || key === 'examples') continue;
        if (parent === 'properties' && value && typeof value === 'object') {
          const v = value as {readOnly?: boolean; writeOnly?: boolean; $ref?: string};
          const target = v.$ref ? (schemas[v.$ref.split('/').pop()!] as typeof v) : v;
          const flag = v.readOnly || target.readOnly ? 'readOnly' : v.writeOnly || target.writeOnly ? 'writeOnly' : 'none';
          flags.set(key, (flags.get(key) ?? new Set()).add(flag));
        }
        visit(value, key);
      }
    };
    visit(doc.components.schemas);
    for (const secret of ['key', 'secret_key', 'secret', 'kubeconfig']) expect([...(flags.get(secret) ?? [])], secret).toEqual(['readOnly']);
    expect(flags.get('public_key')).toEqual(new Set(['writeOnly']));
    expect(flags.get('user_data')).toContain('writeOnly');
  });
});

describe('references by id', () => {
  // A resource you create is referenced by its id (canonical, never changes) or its name; flavors are
  // catalogue entries whose name is their key across regions, so they keep `flavor_name` alone.
  const pairs = {environment_name: 'environment_id', image_name: 'image_id', key_name: 'key_id', profile_name: 'profile_id', boot_volume_name: 'boot_volume_id', node_group_name: 'node_group_id'};
  type Obj = {properties?: Record<string, unknown>; required?: string[]};
  it('accepts and returns an id beside every name of a resource', () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(schemas as Record<string, Obj>)) {
      for (const [nameKey, idKey] of Object.entries(pairs)) {
        if (!schema.properties?.[nameKey]) continue;
        if (!schema.properties[idKey]) missing.push(`${name}.${idKey}`);
        if (schema.required?.includes(nameKey) && !schema.required.includes(idKey)) missing.push(`${name}: ${idKey} not required beside ${nameKey}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lets every list filter by id wherever it filters by name', () => {
    const missing = operations(doc).flatMap(({operation}) => {
      const names = ((operation.parameters ?? []) as {name?: string}[]).map((p) => p.name ?? '');
      return Object.entries(pairs).filter(([n, id]) => names.includes(n) && !names.includes(id)).map(([, id]) => `${operation.operationId}: ${id}`);
    });
    expect(missing).toEqual([]);
  });
});

// Money: one representation (the Money object) and one naming rule, as openapi/README.md says.
describe('money in the API spec', () => {
  const MONEY = '#/components/schemas/Money';
  /** Property names that read as money; each must be a Money object or be listed below. */
  const looksLikeMoney = /price|cost|balance|amount|usd|spend/i;
  /** Prices `price_per_<unit>`, amounts over a period or totals `<what>_cost` or `amount`, balances `balance`. */
  const moneyName = /^(?:[a-z0-9]+_)*(?:price_per_[a-z0-9_]+|cost|amount|balance)$/;
  /** Property names that look like money but never hold an amount, with the reason. */
  const notMoney: Record<string, string> = {
    credit_balance: 'the envelope of the CreditBalance resource, whose fields are Money',
    usage_costs: 'the list of UsageCost lines',
    pricebook_entries: 'the list of PricebookEntry items',
  };

  type Schema = {$ref?: string; properties?: Record<string, Schema>; oneOf?: Schema[]; anyOf?: Schema[]; type?: unknown};
  /** Money itself, or Money-or-null. */
  const isMoney = (s: Schema) => {
    const branches = [...(s.oneOf ?? []), ...(s.anyOf ?? [])];
    return s.$ref === MONEY || (branches.some((b) => b.$ref === MONEY) && branches.every((b) => b.$ref === MONEY || b.type === 'null'));
  };

  /** Every problem with money properties in a document: each named property of every schema, examples left out. */
  function moneyProblems(root: unknown): string[] {
    const problems: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
      const object = node as Record<string, unknown>;
      // Money itself is the representation: its amount is the decimal string.
      if (at === 'components/schemas/Money') return;
      if (object.properties && typeof object.properties === 'object' && !Array.isArray(object.properties)) {
        for (const [name, property] of Object.entries(object.properties as Record<string, Schema>)) {
          const where = `${at}.${name}`;
          const money = isMoney(property);
          if (/usd/i.test(name)) problems.push(`${where}: names a currency; Money carries it`);
          if (money && !moneyName.test(name)) problems.push(`${where}: a money field is named price_per_<unit>, <what>_cost, amount or balance`);
          if (money && /^(?:rate|cost)_/.test(name)) problems.push(`${where}: no rate_ or cost_ prefix`);
          if (!money && looksLikeMoney.test(name) && !(name in notMoney)) problems.push(`${where}: not a Money object (or list it in notMoney with a reason)`);
        }
      }
      for (const [key, value] of Object.entries(object)) if (key !== 'example' && key !== 'examples') visit(value, at ? `${at}/${key}` : key);
    };
    visit(root, '');
    return problems;
  }

  it('finds a float price, a currency in a name and a Money field named against the rule', () => {
    const fixture = {
      components: {
        schemas: {
          Old: {type: 'object', properties: {hourly_cost_usd: {type: 'number'}, price: {type: 'number'}, rate_usd: {$ref: MONEY}, cost_total: {$ref: MONEY}, learning_rate: {type: 'number'}}},
          New: {type: 'object', properties: {hourly_cost: {$ref: MONEY}, spot_price_per_hour: {oneOf: [{type: 'null'}, {$ref: MONEY}]}}},
        },
      },
    };
    expect(moneyProblems(fixture)).toEqual([
      'components/schemas/Old.hourly_cost_usd: names a currency; Money carries it',
      'components/schemas/Old.hourly_cost_usd: not a Money object (or list it in notMoney with a reason)',
      'components/schemas/Old.price: not a Money object (or list it in notMoney with a reason)',
      'components/schemas/Old.rate_usd: names a currency; Money carries it',
      'components/schemas/Old.rate_usd: a money field is named price_per_<unit>, <what>_cost, amount or balance',
      'components/schemas/Old.rate_usd: no rate_ or cost_ prefix',
      'components/schemas/Old.cost_total: a money field is named price_per_<unit>, <what>_cost, amount or balance',
      'components/schemas/Old.cost_total: no rate_ or cost_ prefix',
    ]);
  });

  it('makes every money field of every schema a Money object named by the rule', () => {
    expect(moneyProblems(doc)).toEqual([]);
  });

  it('names no parameter after a currency', () => {
    const names: string[] = [];
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (typeof object.name === 'string' && typeof object.in === 'string') names.push(object.name);
      for (const value of Object.values(object)) visit(value);
    };
    visit(doc);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => /usd/i.test(n))).toEqual([]);
  });

  it('writes every amount in the examples with 2 to 6 decimals, in a currency the Currency schema accepts', () => {
    const amount = new RegExp((schemas.Money.properties?.amount as {pattern: string}).pattern);
    const currency = new RegExp((schemas.Currency as {pattern?: string}).pattern ?? '^$');
    const seen: string[] = [];
    const wrong: string[] = [];
    const visit = (node: unknown, at: string, inExample: boolean): void => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (inExample && Object.keys(object).sort().join() === 'amount,currency') {
        seen.push(at);
        if (typeof object.amount !== 'string' || !amount.test(object.amount) || !/\.[0-9]{2,6}$/.test(object.amount)) wrong.push(`${at}: amount ${JSON.stringify(object.amount)}`);
        if (typeof object.currency !== 'string' || !currency.test(object.currency)) wrong.push(`${at}: currency ${JSON.stringify(object.currency)}`);
      }
      for (const [key, value] of Object.entries(object)) visit(value, `${at}/${key}`, inExample || key === 'example' || key === 'examples');
    };
    visit(doc, '', false);
    expect(seen.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});

// The rules of openapi/README.md for asynchronous work and for what a client (a Terraform
// provider) needs to manage a resource: read it alone, update it, replace it safely.
describe('asynchronous operations and CRUD', () => {
  type Media = {schema?: unknown; example?: unknown; examples?: Record<string, {value?: unknown}>};
  type Resp = {$ref?: string; headers?: Record<string, unknown>; content?: {'application/json'?: Media}; links?: Record<string, {operationId?: string; parameters?: Record<string, string>}>};
  type Obj = {properties?: Record<string, Obj & {$ref?: string; items?: {$ref?: string}}>; required?: string[]; additionalProperties?: unknown; minProperties?: number; allOf?: Obj[]; $ref?: string};
  type XAsync = {poll?: string; status?: string; success?: string[]; failure?: string[]; gone?: boolean};
  const all = operations(doc);
  const byId = new Map(all.map((o) => [o.operation.operationId, o]));
  const name = (o: (typeof all)[number]) => o.operation.operationId ?? `${o.method} ${o.path}`;
  const response = (r: unknown): Resp => deref(doc, r as Resp);
  const media = (r: unknown) => response(r).content?.['application/json'];
  const bodies = (m: Media | undefined): unknown[] => [m?.example, ...Object.values(m?.examples ?? {}).map((e) => e.value)].filter((e) => e !== undefined);
  const pointer = (value: unknown, p: string): unknown => p.split('/').slice(1).reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
  // A status is transitional when work is still under way; PENDING of an invite waits for a person, not for the platform.
  const transitional = (status: unknown) => typeof status === 'string' && (status === 'QUEUED' || (/ING$/.test(status) && status !== 'PENDING'));
  /** The schema a response wraps under its one key (`{"volume": {…}}`), by name, with that key. */
  const wrapped = (r: unknown): {key: string; schema: string} | undefined => {
    const schema = mergeAllOf((shallow<Obj>(shallow<Resp>(r)?.content?.['application/json']?.schema) ?? {}) as never) as Obj;
    const keys = Object.keys(schema.properties ?? {});
    if (keys.length !== 1) return undefined;
    const prop = schema.properties![keys[0]];
    const ref = prop.$ref ?? prop.items?.$ref;
    return ref ? {key: keys[0], schema: ref.split('/').pop()!} : undefined;
  };
  // Follows $refs at the top only, so the names of the schemas below stay visible.
  const shallow = <T,>(node: unknown): T | undefined => {
    const ref = (node as {$ref?: string} | undefined)?.$ref;
    return ref ? shallow<T>(resolvePointer(doc, ref)) : (node as T | undefined);
  };
  const success = (o: (typeof all)[number]) => Object.entries(o.operation.responses ?? {}).filter(([code]) => /^2/.test(code));

  it('answers 202 only with x-async and a poll link to the GET it names', () => {
    const problems: string[] = [];
    for (const o of all) {
      const accepted = o.operation.responses?.['202'];
      if (!accepted) continue;
      const x = o.operation['x-async'] as XAsync | undefined;
      const link = response(accepted).links?.poll;
      if (!x) problems.push(`${name(o)}: 202 without x-async`);
      if (!link) problems.push(`${name(o)}: 202 without a poll link`);
      else if (x && link.operationId !== x.poll) problems.push(`${name(o)}: the poll link names ${link.operationId}, x-async ${x.poll}`);
      if (link && Object.keys(link.parameters ?? {}).length === 0) problems.push(`${name(o)}: the poll link passes no parameters`);
    }
    expect(problems).toEqual([]);
  });

  it('names in x-async a GET whose 200 example has the status at the pointer, and says what ends the wait', () => {
    const problems: string[] = [];
    for (const o of all) {
      const x = o.operation['x-async'] as XAsync | undefined;
      if (!x) continue;
      const target = byId.get(x.poll);
      if (!target || target.method !== 'get') {
        problems.push(`${name(o)}: x-async.poll ${x.poll} is not a GET operation`);
        continue;
      }
      const found = bodies(media(target.operation.responses?.['200'])).map((b) => pointer(b, x.status ?? ''));
      if (!x.status?.startsWith('/') || !found.some((s) => typeof s === 'string')) problems.push(`${name(o)}: ${x.status} does not resolve in the 200 example of ${x.poll}`);
      if (!Array.isArray(x.success) || !Array.isArray(x.failure) || typeof x.gone !== 'boolean') problems.push(`${name(o)}: x-async needs success, failure and gone`);
      else if (!x.gone && x.success.length === 0) problems.push(`${name(o)}: nothing in success ends the wait`);
      for (const s of [...(x.success ?? []), ...(x.failure ?? [])]) if (transitional(s)) problems.push(`${name(o)}: ${s} is transitional, not settled`);
    }
    expect(problems).toEqual([]);
  });

  it('shows a transitional status only in a 202 response (reads excepted)', () => {
    const problems: string[] = [];
    for (const o of all.filter((x) => x.method !== 'get')) {
      for (const [code, r] of success(o)) {
        if (code === '202') continue;
        for (const body of bodies(media(r))) {
          for (const value of Object.values((body ?? {}) as Record<string, unknown>)) {
            for (const item of Array.isArray(value) ? value : [value]) {
              const status = (item as {status?: unknown} | null)?.status;
              if (transitional(status)) problems.push(`${name(o)}: ${code} shows ${String(status)}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every resource with a status (an id, a status, a created_at) status_reason and updated_at', () => {
    const problems: string[] = [];
    for (const [schemaName, raw] of Object.entries(doc.components.schemas as Record<string, Obj>)) {
      const schema = mergeAllOf(deref(doc, raw) as never) as Obj;
      const props = schema.properties ?? {};
      if (!props.status || !props.id || !props.created_at) continue;
      for (const field of ['status_reason', 'updated_at']) {
        if (!props[field]) problems.push(`${schemaName} lacks ${field}`);
        else if (!schema.required?.includes(field)) problems.push(`${schemaName} does not require ${field}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('guards every replace-style PUT with If-Match and 412, and sends ETag on the PUT and the resource GET', () => {
    const problems: string[] = [];
    for (const o of all.filter((x) => x.method === 'put')) {
      if (!(o.operation.parameters ?? []).some((p) => (p as {$ref?: string}).$ref === '#/components/parameters/IfMatch')) problems.push(`${name(o)}: no IfMatch`);
      if ((o.operation.responses?.['412'] as Resp | undefined)?.$ref !== '#/components/responses/PreconditionFailed') problems.push(`${name(o)}: no 412 PreconditionFailed`);
      for (const [code, r] of success(o)) if (!response(r).headers?.ETag) problems.push(`${name(o)}: ${code} without ETag`);
      // The resource a PUT replaces part of is the path above its last segment: its GET tells the ETag.
      const parent = o.path.replace(/\/[^/{}]+$/, '');
      const get = all.find((x) => x.method === 'get' && x.path === parent);
      if (!get) problems.push(`${name(o)}: no GET ${parent}`);
      else if (!response(get.operation.responses?.['200']).headers?.ETag) problems.push(`${name(get)}: 200 without ETag`);
    }
    expect(problems).toEqual([]);
  });

  it('reads alone every resource a create operation makes', () => {
    const singles = all.filter((o) => o.method === 'get' && o.path.endsWith('}')).map((o) => wrapped(o.operation.responses?.['200'])).filter((w) => w !== undefined);
    const problems: string[] = [];
    for (const o of all.filter((x) => /^(create|import|generate)[A-Z]/.test(x.operation.operationId ?? ''))) {
      const made = success(o).map(([, r]) => wrapped(r)).find((w) => w !== undefined);
      if (!made) continue;
      if (!singles.some((s) => s.schema === made.schema || s.key === made.key)) problems.push(`${name(o)}: no GET returns ${made.key} (${made.schema})`);
    }
    expect(problems).toEqual([]);
  });

  it('updates the resources a provider manages with a PATCH of optional fields, closed and not empty', () => {
    const managed = ['VirtualMachine', 'Volume', 'Firewall', 'Profile', 'Snapshot', 'Keypair'];
    const patches = all.filter((o) => o.method === 'patch');
    const updated = new Set(patches.flatMap((o) => success(o).map(([, r]) => wrapped(r)?.schema)));
    const problems = managed.filter((s) => !updated.has(s)).map((s) => `${s}: no PATCH returns it`);
    for (const o of patches) {
      const body = deref(doc, ((o.operation.requestBody as {content?: {'application/json'?: {schema?: Obj}}})?.content?.['application/json']?.schema ?? {}) as Obj);
      if (body.additionalProperties !== false) problems.push(`${name(o)}: body open to unknown fields`);
      if (body.minProperties !== 1) problems.push(`${name(o)}: an empty body is allowed`);
      if ((body.required ?? []).length > 0) problems.push(`${name(o)}: requires ${body.required!.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});
