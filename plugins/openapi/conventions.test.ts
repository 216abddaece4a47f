// House conventions of the real spec that the overview page promises and lint cannot see.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {deref, mergeAllOf} from './schema';
import {loadSpec, operations, resolvePointer} from './spec';

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
