// The RBAC facts the organization page renders are the spec's: its policies, its
// built-in roles, what its permission examples say each permission allows, and the
// `x-permission` of every operation. The GPU quota too: what counts against it is what the
// spec's quota descriptions say.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {operationsByPermission, permissionTables, PERMISSION_CATALOGUE, requiredPermission} from '../../plugins/openapi/permissions';
import {loadSpec, operations, type OpenApiDocument} from '../../plugins/openapi/spec';
import {deploymentStates} from './ai-studio';
import {masterFlavors} from './kubernetes';
import {builtInRoles, gpuQuota, inviteExpiryDays, NO_PERMISSION, permissions, permissionsOf, rbacPolicies, rolesGranting} from './organization';
import {flavors, policies} from './platform';

const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
type Json = Record<string, unknown>;
/** The JSON example of an operation's 200 response. */
function example(operationId: string): Json {
  const located = operations(spec).find((o) => o.operation.operationId === operationId);
  if (!located) throw new Error(`no operation ${operationId}`);
  const response = located.operation.responses?.['200'] as {content: {'application/json': {example: Json}}};
  return response.content['application/json'].example;
}

describe('RBAC data agrees with the spec', () => {
  it('has the policies listPolicies returns, with the same ids, descriptions and permissions', () => {
    const listed = (example('listPolicies').policies as Json[]).map((p) => ({id: p.id, name: p.name, description: p.description, permissions: p.permissions}));
    expect(rbacPolicies.map((p) => ({...p, permissions: [...p.permissions]}))).toEqual(listed);
  });

  it('has the built-in roles listRoles returns, with their policies', () => {
    const listed = (example('listRoles').roles as Json[])
      .filter((r) => r.built_in === true)
      .map((r) => ({id: r.id, name: r.name, description: r.description, policies: (r.policies as Json[]).map((p) => p.name)}));
    expect(builtInRoles.map((r) => ({...r, policies: [...r.policies]}))).toEqual(listed);
  });

  it('names the built-in roles the way createRole describes them', () => {
    const createRole = operations(spec).find((o) => o.operation.operationId === 'createRole')!;
    for (const role of builtInRoles) expect(createRole.operation.description).toContain(`\`${role.name}\``);
  });

  it('describes every permission the way the permission examples do', () => {
    const described = new Map<string, string>();
    for (const id of ['listMyPermissions', 'listMemberPermissions']) {
      for (const p of example(id).permissions as Json[]) described.set(p.name as string, p.description as string);
    }
    expect(described.size).toBeGreaterThan(0);
    for (const [name, description] of described) expect(permissions.find((p) => p.name === name)?.description, name).toBe(description);
  });

  it('knows every permission the policies grant, and no other', () => {
    const granted = new Set(rbacPolicies.flatMap((p) => p.permissions));
    expect(new Set(permissions.map((p) => p.name))).toEqual(granted);
    const pattern = new RegExp((spec.components.schemas as Record<string, {pattern: string}>).PermissionName.pattern);
    for (const name of granted) expect(name).toMatch(pattern);
  });

  it("gives the Owner key of getCurrentIdentity exactly the Owner role's permissions", () => {
    const identity = (operations(spec).find((o) => o.operation.operationId === 'getCurrentIdentity')!.operation.responses!['200'] as {content: {'application/json': {example: {identity: {role: {name: string}; permissions: string[]}}}}}).content['application/json'].example.identity;
    const role = builtInRoles.find((r) => r.name === identity.role.name)!;
    expect([...identity.permissions].sort()).toEqual(permissionsOf(role.policies).sort());
  });

  it('lets invitations expire when createInvite says', () => {
    const createInvite = operations(spec).find((o) => o.operation.operationId === 'createInvite')!;
    expect(createInvite.operation.description).toContain(`expires after ${inviteExpiryDays} days`);
  });

  it('rejects an unknown policy name', () => {
    expect(() => permissionsOf(['nope'])).toThrow(/Unknown policy "nope"/);
  });
});

describe('the built-in roles hold what the policy decisions give them', () => {
  const holds = (role: string) => permissionsOf(builtInRoles.find((r) => r.name === role)!.policies);

  it('gives the Owner every permission', () => {
    expect(holds('Owner')).toEqual(permissions.map((p) => p.name));
  });

  it('lets the Billing role top up, and nothing beyond billing and reading the organization', () => {
    expect(rolesGranting('billing:write')).toEqual(['Owner', 'Billing']);
    expect(builtInRoles.find((r) => r.name === 'Billing')!.policies).toEqual(['billing-admin', 'organization-viewer']);
  });

  it('lets Developers build in the AI studio and read logged prompts; Viewers read the studio but never the prompts', () => {
    for (const p of ['ai-studio:read', 'ai-studio:write', 'ai-logs:read']) expect(holds('Developer'), p).toContain(p);
    expect(holds('Viewer')).toContain('ai-studio:read');
    expect(holds('Viewer')).not.toContain('ai-logs:read');
    expect(holds('Viewer').filter((p) => p.endsWith(':write'))).toEqual([]);
  });
});

describe('every operation names its permission, from the catalogue', () => {
  const all = operations(spec);
  const byPermission = operationsByPermission(spec);
  const catalogue = new Set(permissions.map((p) => p.name));

  it('gives every authenticated operation an x-permission, and no public one', () => {
    for (const located of all) expect(() => requiredPermission(spec, located), located.operation.operationId).not.toThrow();
    const publicOps = all.filter((o) => requiredPermission(spec, o).kind === 'public').map((o) => o.operation.operationId);
    expect(publicOps.sort()).toEqual(['checkBillingAlive', 'checkObjectStorageHealth']);
    const anyKey = all.filter((o) => requiredPermission(spec, o).kind === 'none').map((o) => o.operation.operationId);
    expect(anyKey.sort()).toEqual(['getCurrentIdentity', 'listMyPermissions']);
  });

  it('names only permissions of the catalogue', () => {
    expect([...byPermission.keys()].filter((name) => !catalogue.has(name))).toEqual([]);
    expect(catalogue.has(NO_PERMISSION)).toBe(false);
  });

  it('uses every permission of the catalogue in an operation, or says where else it is checked', () => {
    for (const permission of permissions) {
      const ops = byPermission.get(permission.name) ?? [];
      // A permission is either named by operations or checked elsewhere, never both: when an
      // operation starts needing billing:write, its console-only note must go.
      if (permission.checkedBy) expect(ops.map((o) => o.operation.operationId), permission.name).toEqual([]);
      else expect(ops.length, `${permission.name}: no operation needs it and it has no checkedBy`).toBeGreaterThan(0);
    }
  });

  it('checks a fields-only permission on fields the operation has, and the operation says so', () => {
    for (const permission of permissions) {
      const by = permission.checkedBy;
      if (by?.kind !== 'fields') continue;
      const located = all.find((o) => o.operation.operationId === by.operationId);
      expect(located, by.operationId).toBeDefined();
      expect(located!.operation.description).toContain(`\`${permission.name}\``);
      const text = JSON.stringify(spec.components.schemas);
      for (const field of by.fields) expect(text, field).toMatch(new RegExp(`"${field}":\\{[^}]*"description":"[^"]*\`${permission.name}\``));
    }
  });

  it('agrees with every description that names the permission an operation needs', () => {
    const wrong: string[] = [];
    for (const located of all) {
      const description = String(located.operation.description ?? '');
      const required = requiredPermission(spec, located);
      const id = located.operation.operationId;
      for (const m of description.matchAll(/It needs the `([a-z-]+:(?:read|write))` permission/g)) {
        if (required.kind !== 'permission' || required.name !== m[1]) wrong.push(`${id}: says ${m[1]}, x-permission ${JSON.stringify(required)}`);
      }
      if (/It needs no permission/.test(description) && required.kind !== 'none') wrong.push(`${id}: says it needs no permission`);
    }
    expect(wrong).toEqual([]);
  });

  it('follows the areas of the tags: reads need read, the rest write', () => {
    const areaOf: Record<string, string> = {'API keys': 'api-keys', Billing: 'billing', Pricebook: 'billing', 'Object storage': 'object-storage', Organization: 'organization', Permissions: 'organization', Policies: 'roles', Roles: 'roles'};
    // Opening a VM's console gives control of the machine, so it needs write though it reads.
    const exceptions: Record<string, string> = {getVncConsole: 'compute:write'};
    const wrong: string[] = [];
    for (const located of all) {
      const required = requiredPermission(spec, located);
      if (required.kind !== 'permission') continue;
      const tag = located.operation.tags?.[0] ?? '';
      const area = tag.startsWith('AI ') ? 'ai-studio' : (areaOf[tag] ?? 'compute');
      const expected = exceptions[located.operation.operationId!] ?? `${area}:${located.method === 'get' ? 'read' : 'write'}`;
      if (required.name !== expected) wrong.push(`${located.operation.operationId} (${tag}): ${required.name}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists per permission the operations that need it, on the page the API pages link', () => {
    const page = readFileSync(path.resolve(__dirname, '../../docs/resource-management/organization.mdx'), 'utf8');
    const [route, anchor] = PERMISSION_CATALOGUE.split('#');
    expect(route).toBe('/docs/resource-management/organization');
    expect(page).toMatch(new RegExp(`^## ${anchor[0].toUpperCase()}${anchor.slice(1)}$`, 'm'));
    expect(page).toMatch(/^<ApiPermissions \/>$/m);
    const groups = permissionTables(spec, 'organization.mdx') as unknown as {children: {type: string; children?: {value?: string}[]}[]}[];
    expect(groups).toHaveLength(permissions.length);
    for (const [i, group] of groups.entries()) expect(group.children[0].children?.[0]?.value).toBe(permissions[i].name);
  });

  it('refuses an x-permission the catalogue does not know', () => {
    const doc = structuredClone(spec) as OpenApiDocument;
    (doc.paths['/core/keypairs'] as Record<string, Record<string, unknown>>).get['x-permission'] = 'keypairs:read';
    expect(() => permissionTables(doc, 'page.mdx')).toThrow(/x-permission names keypairs:read/);
  });
});

describe('the GPU quota', () => {
  const all = operations(spec);
  const op = (id: string) => {
    const located = all.find((o) => o.operation.operationId === id);
    if (!located) throw new Error(`no operation ${id}`);
    return located.operation;
  };
  const codes = (id: string) => (op(id)['x-error-codes'] ?? []) as string[];
  const counted = gpuQuota.uses.filter((u) => u.counts).flatMap((u) => u.operations);

  it('is the default quota of the data, in the examples of the organization and the dashboard', () => {
    expect(gpuQuota.default).toBe(policies.defaultGpuQuota);
    const organization = example('getOrganization').organization as Json;
    expect(organization.gpu_quota).toBe(gpuQuota.default);
    expect((example('getDashboard').dashboard as Json).gpu_quota).toBe(gpuQuota.default);
  });

  it('lets every operation that adds GPUs to the count answer quota_exceeded, and says so', () => {
    for (const id of counted) {
      expect(codes(id), id).toContain('quota_exceeded');
      expect(op(id).description, id).toMatch(/GPU\s+quota/);
    }
  });

  it('counts no other operation against the GPU quota', () => {
    // Other quotas (file shares per environment, custom images) have numbers of their own.
    const gpuQuotaOps = all.filter((o) => codes(o.operation.operationId!).includes('quota_exceeded') && /GPU\s+quota/.test(String(o.operation.description))).map((o) => o.operation.operationId);
    expect(gpuQuotaOps.sort()).toEqual([...counted].sort());
  });

  it('never checks the quota on what does not count, and the spec says why', () => {
    for (const use of gpuQuota.uses.filter((u) => !u.counts)) {
      for (const id of use.operations) {
        expect(codes(id), id).not.toContain('quota_exceeded');
        expect(op(id).description, id).toMatch(/(does not count|do not count|stops counting)\s+against\s+your\s+(organization's\s+)?GPU\s+quota/);
      }
    }
  });

  it('states what counts in the same words wherever the spec says it', () => {
    const schemas = spec.components.schemas as Record<string, {properties: Record<string, {description: string}>}>;
    expect(op('getOrganization').description).toContain(gpuQuota.summary);
    expect(schemas.Organization.properties.gpu_quota.description).toContain(gpuQuota.summary);
    const dashboard = Object.values(schemas).find((s) => s.properties?.gpus_in_use)!;
    expect(dashboard.properties.gpus_in_use.description).toContain(gpuQuota.summary);
  });

  it('does not count AI studio deployments in a status that holds no GPU', () => {
    expect(gpuQuota.deploymentStatusesNotCounted).toEqual(deploymentStates.filter((s) => !s.holdsGpus).map((s) => s.status));
    expect(gpuQuota.deploymentStatusesNotCounted).toContain('ERROR');
    expect(gpuQuota.summary).toContain('of your AI studio deployment replicas in every status except `ERROR`');
    expect(gpuQuota.uses.find((u) => u.what === 'AI studio deployments')!.detail).toContain('`ERROR` holds no GPU and does not count');
  });

  it('leaves out the control plane because its flavors have no GPUs', () => {
    for (const master of masterFlavors) expect(flavors.find((f) => f.name === master.name)?.gpuCount ?? 0, master.name).toBe(0);
  });
});

/**
 * Permission and policy names a page writes (`compute:write`, `ai-studio-admin`) that the
 * catalogue does not have, each as `file:line: name`. Built-in role names are checked where
 * pages render them (`<RolesGranting />` throws on an unknown permission).
 */
function unknownAccessNames(file: string, text: string): string[] {
  const permissionNames = new Set(permissions.map((p) => p.name));
  const policyNames = new Set(rbacPolicies.map((p) => p.name));
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/[`"']([a-z][a-z-]*:(?:read|write))[`"']/g)) if (!permissionNames.has(m[1])) found.push(`${file}:${i + 1}: ${m[1]}`);
    for (const m of line.matchAll(/`([a-z][a-z-]*-(?:admin|viewer))`/g)) if (!policyNames.has(m[1])) found.push(`${file}:${i + 1}: ${m[1]}`);
  });
  return found;
}

describe('pages name only permissions and policies of the catalogue', () => {
  it('finds a permission or policy the catalogue lacks', () => {
    const page = 'Top-ups need `billing:write`; reading logs needs `logs:read`.\nAsk for the `gpu-admin` policy, or `compute-admin`.';
    expect(unknownAccessNames('fixture.mdx', page)).toEqual(['fixture.mdx:1: logs:read', 'fixture.mdx:2: gpu-admin']);
  });

  it('finds none in the docs', () => {
    const docsDir = path.resolve(__dirname, '../../docs');
    const files = readdirSync(docsDir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.mdx'));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((f) => unknownAccessNames(`docs/${f}`, readFileSync(path.join(docsDir, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
