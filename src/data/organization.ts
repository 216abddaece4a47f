/**
 * Role-based access control as the API defines it: the permissions, the platform-managed
 * policies that group them, and the four built-in roles. The organization page renders
 * these; `src/data/organization.test.ts` checks them against the spec's examples of
 * listPolicies, listRoles and the permission operations, and every operation's
 * `x-permission` against the catalogue, so the two cannot drift. Which operations need a
 * permission is read from the spec (`plugins/openapi/permissions.ts`), never listed here.
 *
 * Also the GPU quota: what counts against it and what does not (`gpuQuota`).
 */
import {deploymentStatusesOutsideGpuQuota} from './ai-studio';
import {policies} from './platform';

/** A permission, `<area>:read` or `<area>:write` (`write` covers create, change and delete). */
export interface PermissionFact {
  name: string;
  /** What it allows: the text the permission operations of the API return. */
  description: string;
  /**
   * Where the permission is checked when no operation of the API names it in
   * `x-permission` (the operations that do are read from the spec, never listed here):
   * only in the console, or on some fields of an operation that needs another permission.
   * A permission with operations of its own has none. `fields` are the response fields
   * that come back null to a key without the permission; the operation's page says so.
   */
  checkedBy?:
    | {kind: 'console'; what: string}
    | {kind: 'fields'; operationId: string; fields: readonly string[]; what: string};
}

export const permissions: readonly PermissionFact[] = [
  {name: 'compute:read', description: 'Read environments, keypairs, VMs, volumes, file shares, snapshots, images, networking and Kubernetes clusters, and the regions, flavors, GPU stock and dashboard.'},
  {name: 'compute:write', description: 'Create, change and delete environments, keypairs, VMs, volumes, file shares, snapshots, images, networking and Kubernetes clusters; start, stop and resize VMs and open their consoles.'},
  {name: 'object-storage:read', description: 'List buckets and object storage access keys.'},
  {name: 'object-storage:write', description: 'Create and delete buckets and object storage access keys.'},
  {name: 'billing:read', description: 'Read the credit balance, usage costs, payments, pricebook and contracts.'},
  {
    name: 'billing:write',
    description: 'Top up credit, manage payment methods and request refunds.',
    checkedBy: {kind: 'console', what: 'The console checks it on the Billing page; no operation of the API tops up, pays or refunds.'},
  },
  {name: 'ai-studio:read', description: 'List and read models, deployments, fine-tuning jobs and their metrics, evaluations, datasets, and the metadata of logged inference requests.'},
  {name: 'ai-studio:write', description: 'Create, change and delete deployments, fine-tuning jobs, evaluations and datasets, synthesize datasets, delete models and send inference requests.'},
  {
    name: 'ai-logs:read',
    description: 'Read the prompts and completions recorded in inference logs.',
    checkedBy: {kind: 'fields', operationId: 'listInferenceLogs', fields: ['messages', 'completion'], what: 'The inference logs need `ai-studio:read`; without `ai-logs:read` every entry comes with `messages` and `completion` set to null.'},
  },
  {name: 'organization:read', description: 'Read the organization, its members, their permissions and its invitations.'},
  {name: 'organization:write', description: 'Rename the organization, invite and remove members.'},
  {name: 'roles:read', description: 'Read roles and policies.'},
  {name: 'roles:write', description: 'Create, change and delete custom roles, and assign and revoke roles.'},
  {name: 'api-keys:read', description: "List the organization's API keys."},
  {name: 'api-keys:write', description: 'Generate, change and delete API keys.'},
];

/**
 * The `x-permission` of an operation any valid API key may call (who am I, what may I do).
 * Public operations (`security: []`, health checks) carry no `x-permission` at all.
 */
export const NO_PERMISSION = 'none';

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
  {id: 8, name: 'billing-admin', description: 'Read billing, top up credit, manage payment methods and request refunds.', permissions: ['billing:read', 'billing:write']},
  {id: 9, name: 'ai-studio-admin', description: 'Full control of AI studio deployments, fine-tuning jobs, evaluations and datasets, and inference requests.', permissions: ['ai-studio:read', 'ai-studio:write']},
  {id: 10, name: 'ai-studio-viewer', description: 'Read-only access to the AI studio, without logged prompts and completions.', permissions: ['ai-studio:read']},
  {id: 11, name: 'ai-logs-viewer', description: 'Read the prompts and completions recorded in inference logs.', permissions: ['ai-logs:read']},
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
  {id: 1, name: 'Owner', description: 'Full access, including billing top-ups, logged prompts, members, roles and API keys.', policies: ['compute-admin', 'object-storage-admin', 'billing-admin', 'ai-studio-admin', 'ai-logs-viewer', 'organization-admin']},
  {id: 2, name: 'Developer', description: 'Manages compute, object storage and the AI studio, reads logged prompts; reads the organization.', policies: ['compute-admin', 'object-storage-admin', 'ai-studio-admin', 'ai-logs-viewer', 'organization-viewer']},
  {id: 3, name: 'Billing', description: 'Manages billing, top-ups included; reads the organization.', policies: ['billing-admin', 'organization-viewer']},
  {id: 4, name: 'Viewer', description: 'Read-only access to everything except secrets and logged prompts.', policies: ['compute-viewer', 'object-storage-viewer', 'billing-viewer', 'ai-studio-viewer', 'organization-viewer']},
];

/** The built-in roles that grant a permission, in the order of `builtInRoles`. */
export function rolesGranting(permission: string): string[] {
  return builtInRoles.filter((role) => permissionsOf(role.policies).includes(permission)).map((role) => role.name);
}

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

/** Something that uses GPUs, and whether its GPUs count against the organization's GPU quota. */
export interface GpuQuotaUse {
  what: string;
  counts: boolean;
  /** How it counts, or why it does not. Backticks mark code. */
  detail: string;
  /**
   * The operations that add to the count (each can answer `403 quota_exceeded`), or, for
   * what does not count, the operations that start it and never check the quota.
   */
  operations: readonly string[];
}

/**
 * The VM statuses whose GPUs do not count against the GPU quota; a VM counts in every other
 * status, from `CREATING` until it is deleted. The one source of `settledStates[].countsAgainstGpuQuota`
 * (virtual-machines.ts) and of the VM row and summary of `gpuQuota` below.
 */
export const vmStatusesOutsideGpuQuota: readonly string[] = ['HIBERNATED'];
const everyStatusExcept = (statuses: readonly string[]) => `every status except ${statuses.map((s) => `\`${s}\``).join(' and ')}`;
const exceptVmStatuses = everyStatusExcept(vmStatusesOutsideGpuQuota);
const exceptDeploymentStatuses = everyStatusExcept(deploymentStatusesOutsideGpuQuota);

/** The GPU quota: the most GPUs an organization may hold at once. */
export const gpuQuota = {
  /** The quota of a new organization; support raises it on request. */
  default: policies.defaultGpuQuota,
  /** VM statuses that do not count (`vmStatusesOutsideGpuQuota`). */
  vmStatusesNotCounted: vmStatusesOutsideGpuQuota,
  /** AI studio deployment statuses that do not count: those that hold no GPU (`deploymentStates`, ai-studio.ts). */
  deploymentStatusesNotCounted: deploymentStatusesOutsideGpuQuota,
  /** What counts, in one phrase the spec repeats word for word (`gpus_in_use`, `gpu_quota`). */
  summary: `the GPUs of your VMs in ${exceptVmStatuses}, of your Kubernetes worker nodes and of your AI studio deployment replicas in ${exceptDeploymentStatuses}`,
  uses: [
    {
      what: 'Virtual machines',
      counts: true,
      detail: `The GPUs of the VM's flavor, in ${exceptVmStatuses}: from \`CREATING\` until the VM is deleted, \`SHUTOFF\` and \`ERROR\` included. Restoring a hibernated VM, resizing to more GPUs and restoring a snapshot into a new VM need quota.`,
      operations: ['createVirtualMachine', 'restoreVirtualMachine', 'resizeVirtualMachine', 'restoreSnapshot'],
    },
    {
      what: 'Kubernetes worker nodes',
      counts: true,
      detail: "The GPUs of the node group's flavor, for every node of its desired count, from the moment the nodes are requested.",
      operations: ['createCluster', 'createNodeGroup', 'updateNodeGroup', 'addClusterNodes'],
    },
    {
      what: 'AI studio deployments',
      counts: true,
      detail: `The GPUs of the deployment's flavor, once per replica, in ${exceptDeploymentStatuses}: from \`CREATING\` until the deployment is deleted. A deployment in ${deploymentStatusesOutsideGpuQuota.map((s) => `\`${s}\``).join(' or ')} holds no GPU and does not count. Raising \`replicas\` needs quota.`,
      operations: ['createDeployment', 'updateDeployment'],
    },
    {
      what: 'Hibernated VMs',
      counts: false,
      detail: 'A `HIBERNATED` VM has released its GPUs. Restoring it counts them again.',
      operations: ['hibernateVirtualMachine'],
    },
    {
      what: 'Fine-tuning jobs, evaluations and dataset synthesis',
      counts: false,
      detail: 'They run on platform capacity, not on GPUs your organization holds.',
      operations: ['createFineTuningJob', 'createEvaluation', 'synthesizeDataset'],
    },
    {
      what: 'Serverless inference',
      counts: false,
      detail: 'Requests to a base model by name run on platform capacity. Requests to your deployment run on its replicas, which already count.',
      operations: ['createChatCompletion'],
    },
    {
      what: 'CPU-only flavors',
      counts: false,
      detail: 'They have no GPUs.',
      operations: [],
    },
    {
      what: 'The Kubernetes control plane',
      counts: false,
      detail: 'Master nodes run on CPU-only flavors.',
      operations: [],
    },
  ] satisfies readonly GpuQuotaUse[] as readonly GpuQuotaUse[],
};
