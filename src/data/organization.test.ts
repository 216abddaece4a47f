// The RBAC facts the organization page renders are the spec's: its policies, its
// built-in roles and what its permission examples say each permission allows.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../../plugins/openapi/spec';
import {builtInRoles, inviteExpiryDays, permissions, permissionsOf, rbacPolicies} from './organization';

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
