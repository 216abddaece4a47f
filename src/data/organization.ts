/**
 * Role-based access control as the API defines it: the permissions, the platform-managed
 * policies that group them, and the four built-in roles. The organization page renders
 * these; `src/data/organization.test.ts` checks them against the spec's examples of
 * listPolicies, listRoles and the permission operations, so the two cannot drift.
 */

/** A permission, `<area>:read` or `<area>:write` (`write` covers create, change and delete). */
export interface PermissionFact {
  name: string;
  description: string;
}

export const permissions: readonly PermissionFact[] = [
  {name: 'compute:read', description: 'Read environments, keypairs, VMs, volumes, networking and Kubernetes clusters.'},
  {name: 'compute:write', description: 'Create, change and delete environments, keypairs, VMs, volumes, networking and Kubernetes clusters.'},
  {name: 'object-storage:read', description: 'List buckets and object storage access keys.'},
  {name: 'object-storage:write', description: 'Create and delete buckets and object storage access keys.'},
  {name: 'billing:read', description: 'Read the credit balance, usage costs, payments, pricebook and contracts.'},
  {name: 'organization:read', description: 'Read the organization, its members and its invitations.'},
  {name: 'organization:write', description: 'Rename the organization, invite and remove members.'},
  {name: 'roles:read', description: 'Read roles, policies and the permissions of members.'},
  {name: 'roles:write', description: 'Create, change and delete custom roles, and assign and revoke roles.'},
  {name: 'api-keys:read', description: "List the organization's API keys."},
  {name: 'api-keys:write', description: 'Generate, change and delete API keys.'},
];

/** A platform-managed set of permissions; roles are built from these. */
export interface PolicyFact {
  id: number;
  name: string;
  description: string;
  permissions: readonly string[];
}

export const rbacPolicies: readonly PolicyFact[] = [
  {id: 1, name: 'compute-admin', description: 'Full control of environments, keypairs, VMs, volumes, networking and Kubernetes clusters.', permissions: ['compute:read', 'compute:write']},
  {id: 2, name: 'compute-viewer', description: 'Read-only access to compute resources.', permissions: ['compute:read']},
  {id: 3, name: 'object-storage-admin', description: 'Full control of buckets and object storage access keys.', permissions: ['object-storage:read', 'object-storage:write']},
  {id: 4, name: 'object-storage-viewer', description: 'Read-only access to buckets and object storage access keys.', permissions: ['object-storage:read']},
  {id: 5, name: 'billing-viewer', description: 'Read the credit balance, usage, payments, pricebook and contracts.', permissions: ['billing:read']},
  {id: 6, name: 'organization-admin', description: 'Manage the organization, its members, roles and API keys.', permissions: ['organization:read', 'organization:write', 'roles:read', 'roles:write', 'api-keys:read', 'api-keys:write']},
  {id: 7, name: 'organization-viewer', description: 'Read the organization, its members, roles and API keys.', permissions: ['organization:read', 'roles:read', 'api-keys:read']},
];

/** A role every organization has; it cannot be changed or deleted. */
export interface BuiltInRoleFact {
  id: number;
  name: 'Owner' | 'Developer' | 'Billing' | 'Viewer';
  description: string;
  /** Names of its policies. */
  policies: readonly string[];
}

export const builtInRoles: readonly BuiltInRoleFact[] = [
  {id: 1, name: 'Owner', description: 'Full access, including members, roles and API keys.', policies: ['compute-admin', 'object-storage-admin', 'billing-viewer', 'organization-admin']},
  {id: 2, name: 'Developer', description: 'Manages compute and object storage; reads the organization.', policies: ['compute-admin', 'object-storage-admin', 'organization-viewer']},
  {id: 3, name: 'Billing', description: 'Reads billing and the organization.', policies: ['billing-viewer', 'organization-viewer']},
  {id: 4, name: 'Viewer', description: 'Read-only access to everything except secrets.', policies: ['compute-viewer', 'object-storage-viewer', 'billing-viewer', 'organization-viewer']},
];

/** The permissions a set of policies grants, in the order of `permissions`. */
export function permissionsOf(policyNames: readonly string[]): string[] {
  const granted = new Set<string>();
  for (const name of policyNames) {
    const policy = rbacPolicies.find((p) => p.name === name);
    if (!policy) throw new Error(`Unknown policy "${name}"; known: ${rbacPolicies.map((p) => p.name).join(', ')}`);
    policy.permissions.forEach((p) => granted.add(p));
  }
  return permissions.map((p) => p.name).filter((p) => granted.has(p));
}

/** Days an invitation stays valid before the person must be invited again. */
export const inviteExpiryDays = 7;
