/**
 * The platform's release timeline: one dated entry per change customers can use. The
 * release-notes pages render it year by year and the release-feed plugin publishes it
 * as an Atom feed (`/release-notes.xml`), so the pages and the feed cannot disagree.
 * Entries name flavors, regions and features as the other pages describe them; prices are
 * never written here (the pricebook renders them).
 */
import {flavors, regions} from './platform';
import {masterFlavors} from './kubernetes';
import type {LibraryId} from './libraries';

export type ReleaseArea = 'compute' | 'storage' | 'network' | 'kubernetes' | 'ai-studio' | 'api' | 'account' | 'billing' | 'regions';

export interface Release {
  /** Day the change reached every customer, UTC, `YYYY-MM-DD`. */
  date: string;
  /** Short, unique within its year; also the anchor of its entry. */
  slug: string;
  title: string;
  area: ReleaseArea;
  /** What changed and what a customer does with it: plain text, no Markdown. */
  summary: string;
  /** Flavor names the entry introduces: VM flavors of platform.ts or master flavors of kubernetes.ts. */
  flavors?: readonly string[];
  /**
   * Region ids the entry opens (must exist in platform.ts). Only for entries that open a region:
   * a flavor launched in an existing region names it in its summary, not here.
   */
  regions?: readonly string[];
  /**
   * Versions of the client libraries and the Terraform provider the entry publishes, as the
   * registry spells them; the newest entry naming a library gives the version libraries.ts documents.
   */
  libraries?: Readonly<Partial<Record<LibraryId, string>>>;
  /** Kubernetes minor versions (`1.35`) the entry makes available for new clusters. */
  kubernetes?: readonly string[];
}

export const releases: readonly Release[] = [
  {date: '2023-02-14', slug: 'launch', area: 'compute', title: 'General availability in Oslo', regions: ['no-osl-1'], flavors: ['n1-cpu-small', 'n3-RTX-A6000x1'],
    summary: 'Virtual machines with one NVIDIA RTX A6000, and a CPU-only flavor for utility hosts, open to every customer in the Oslo region. Cloud-SSD volumes, public IPv4 addresses, environments, keypairs, firewalls and the REST API v1 ship with them. Usage is billed per minute from prepaid credit.'},
  {date: '2023-04-18', slug: 'l40', area: 'compute', title: 'NVIDIA L40 flavor', flavors: ['n3-L40x1'],
    summary: 'A single-GPU NVIDIA L40 flavor with a large ephemeral disk, for rendering, inference and mid-size fine-tuning. It uses the same images and drivers as the RTX A6000 flavor.'},
  {date: '2023-05-30', slug: 'snapshots', area: 'compute', title: 'Snapshots of the boot volume',
    summary: 'Take a point-in-time copy of a VM\'s boot volume from the console or with createSnapshot, and restore it to a new VM. Snapshots are billed per GB of stored size from this release on, as usage lines of their own (resource type snapshot); only used blocks are stored. Deleting a VM deletes its snapshots.'},
  {date: '2023-06-27', slug: 'hibernation', area: 'compute', title: 'Hibernation',
    summary: 'Hibernate a VM to save it to its boot volume and release its GPU: the flavor stops being billed while the VM is HIBERNATED, and volumes, snapshots and the public IP are kept. Restoring needs a free GPU of the flavor in the region. The ephemeral disk is erased on hibernation.'},
  {date: '2023-08-22', slug: 'montreal', area: 'regions', title: 'Montreal region', regions: ['ca-mtl-1'],
    summary: 'A second region in Montreal, Canada. Each environment is created in one region, and the VMs, volumes and other resources in it live there; to work in Montreal, create an environment there. API keys, members and your credit balance are the organization\'s and work in every region.'},
  {date: '2023-09-19', slug: 'a100-sriov', area: 'network', title: 'NVIDIA A100 80GB PCIe with SR-IOV networking', flavors: ['n3-A100x1'],
    summary: 'A single-GPU A100 80GB flavor whose network interface is an SR-IOV virtual function: traffic skips the host\'s virtual switch, for lower latency and steadier throughput. No change is needed in the guest; current images carry the driver.'},
  {date: '2023-10-24', slug: 'python-terraform', area: 'api', title: 'Python client and Terraform provider', libraries: {python: '1.0.0', terraform: '1.0.0'},
    summary: 'An official Python client generated from the API spec, with typed models and retries, and a Terraform provider for environments, keypairs, VMs, volumes and firewalls. Both authenticate with an API key.'},
  {date: '2023-11-14', slug: 'custom-images', area: 'compute', title: 'Custom images',
    summary: 'Create an image from a VM, or import one from a URL, and boot new VMs from it. Custom images are private to your organization.'},
  {date: '2023-12-12', slug: 'callbacks', area: 'api', title: 'Status callbacks with signed payloads',
    summary: 'Register a callback URL on a VM or a volume and receive an HTTPS POST on every status change. Every payload is signed, so your endpoint can check that it came from the platform and reject forged calls.'},
  {date: '2024-01-23', slug: 'h100-pcie', area: 'compute', title: 'NVIDIA H100 80GB PCIe flavor', flavors: ['n3-H100x1'],
    summary: 'A single-GPU H100 PCIe flavor with SR-IOV networking. The current GPU images carry a driver that supports it.'},
  {date: '2024-02-27', slug: 'go-javascript', area: 'api', title: 'Go and JavaScript clients', libraries: {go: 'v1.0.0', javascript: '1.0.0'},
    summary: 'Official Go and JavaScript (TypeScript) clients join the Python client, generated from the same spec, with the same resource names and idempotency-key support.'},
  {date: '2024-03-19', slug: 'spot', area: 'compute', title: 'Spot virtual machines',
    summary: 'Create a VM with spot set to true on a flavor that offers a spot price and pay that lower price. When the capacity is needed, the VM gets a short notice (an ACPI shutdown request and a vm.spot_interrupted callback) and is hibernated; you restore it when capacity returns.'},
  {date: '2024-04-16', slug: 'shared-ssd', area: 'storage', title: 'Shared-SSD volumes',
    summary: 'A volume type that attaches to several VMs of one environment at once, for shared datasets and checkpoints.'},
  {date: '2024-04-30', slug: 'gpu-stock', area: 'compute', title: 'GPU stock per region and flavor',
    summary: 'See how many GPUs of each flavor are free in each region, on the flavor list of the console and with getGpuStock, before you create a VM, resize one or restore a hibernated one.'},
  {date: '2024-05-21', slug: 'object-storage', area: 'storage', title: 'Object storage',
    summary: 'S3-compatible buckets with access keys managed in the console and the API. Storage is billed per GB stored; requests and data transfer are free.'},
  {date: '2024-06-04', slug: 'contracts', area: 'billing', title: 'Committed-use contracts and the pricebook API',
    summary: 'Contracts give a discounted hourly rate on a committed number of VMs of a flavor in one region. The pricebook endpoints list list prices, your contracts and the rate each resource is billed at.'},
  {date: '2024-06-18', slug: 'kubernetes', area: 'kubernetes', title: 'Managed Kubernetes',
    summary: 'Create Kubernetes clusters with GPU node groups from the console or the API. The platform runs and patches the control plane on master nodes of a master flavor, and bills each master node at that flavor\'s hourly price from the cluster\'s creation until its deletion; worker nodes are billed at their node group\'s flavor price while they exist.'},
  {date: '2024-07-16', slug: 'dallas', area: 'regions', title: 'Dallas region', regions: ['us-dal-1'],
    summary: 'A third region in Dallas, United States. Check GPU stock per region before you plan a large deployment there.'},
  {date: '2024-08-20', slug: 'ai-studio', area: 'ai-studio', title: 'AI studio: deployments and fine-tuning',
    summary: 'Deploy open models behind a managed inference endpoint without running VMs yourself, and fine-tune them on your own datasets. The AI studio is billed on its own terms, described on its billing page.'},
  {date: '2024-09-17', slug: 'hp-file-storage', area: 'storage', title: 'High-performance file storage',
    summary: 'A parallel file system shared by every VM and cluster node of an environment, for training data that many GPUs read at once. It is billed per GB provisioned.'},
  {date: '2024-10-15', slug: 'confidential', area: 'compute', title: 'Confidential computing',
    summary: 'Create a VM with confidential set to true on a flavor that supports it: the VM\'s memory is encrypted and the GPU runs in confidential mode, so the host cannot read your data while it is in use.'},
  {date: '2024-11-12', slug: 'evaluations-synthesis', area: 'ai-studio', title: 'AI studio: evaluations and data synthesis',
    summary: 'Run benchmark and custom evaluations against base or fine-tuned models, with no deployment needed, follow training metrics, and generate synthetic datasets from a seed set and a prompt.'},
  {date: '2024-12-10', slug: 'h100-sxm', area: 'network', title: 'Eight-GPU H100 SXM5 with InfiniBand', flavors: ['n3-H100x8'],
    summary: 'An eight-GPU H100 SXM5 flavor in Oslo, its GPUs linked by NVLink through NVSwitch, with an InfiniBand NDR fabric between VMs for multi-node training.'},

  {date: '2025-01-21', slug: 'metrics-events', area: 'compute', title: 'Performance metrics and events history of VMs',
    summary: 'The platform records GPU utilization, GPU memory, temperature and power, CPU, RAM and network traffic of every running VM from the hypervisor, with no agent in the guest, and lists every status change of a VM with who caused it. Read both on the VM\'s page or with getVirtualMachineMetrics and listVirtualMachineEvents, for example to find idle GPUs or to work out billed time.'},
  {date: '2025-02-11', slug: 'two-factor', area: 'account', title: 'Two-factor authentication for console sign-in',
    summary: 'Protect your console sign-in with an authenticator app: after the password, the console asks for the time-based code the app shows. Turning it on gives you a set of one-time recovery codes for the day the phone is not at hand. API keys are not affected.'},
  {date: '2025-02-25', slug: 'console-logs-vnc', area: 'compute', title: 'Console logs and the VNC console',
    summary: 'Read what a VM wrote to its serial console (kernel, boot and cloud-init output) from its page or with requestConsoleLog and getConsoleLog, also when it is in ERROR or SSH does not answer. When you need to type, open the graphical VNC console from the console or ask getVncConsole for a single-use URL.'},
  {date: '2025-03-11', slug: 'ubuntu-24-04-r570', area: 'compute', title: 'Ubuntu 24.04 GPU image with the R570 driver and CUDA 12.8',
    summary: 'A GPU image on Ubuntu Server 24.04 LTS with the NVIDIA R570 driver branch, CUDA 12.8, Fabric Manager and the InfiniBand stack, for every GPU flavor. The Ubuntu 22.04 image with R535 and CUDA 12.2 stays available for software that needs it.'},
  {date: '2025-03-25', slug: 'javascript-2', area: 'api', title: 'JavaScript client 2.0', libraries: {javascript: '2.0.0'},
    summary: 'The JavaScript client is now written in TypeScript with exact request types, so a misspelt field is a compile error, and ships as an ES module with a CommonJS build beside it. List methods return async iterables that fetch the next page only when you reach it.'},
  {date: '2025-04-08', slug: 'bootable-volumes', area: 'storage', title: 'Bootable volumes',
    summary: 'Create a volume from an image and boot a VM from it with boot_volume_name instead of image_name. The volume outlives the VM, with the operating system and everything you installed, and boots the next VM, of any flavor.'},
  {date: '2025-04-22', slug: 'custom-roles', area: 'account', title: 'Custom roles',
    summary: 'Build roles of your own from the platform\'s policies and assign them to members and API keys, so that automation gets only the permissions it needs. The built-in roles stay as they are.'},
  {date: '2025-05-13', slug: 'terraform-1-5', area: 'api', title: 'Terraform provider 1.5: every API resource', libraries: {terraform: '1.5.0'},
    summary: 'The Terraform provider gains a resource for every object of the API that you create, Kubernetes clusters and node groups, file shares and AI studio deployments included, and a data source for every read. Existing configurations keep working unchanged.'},
  {date: '2025-05-27', slug: 'flavor-labels', area: 'compute', title: 'Flavor labels',
    summary: 'Every flavor carries labels that say what its hardware can do: GPU model, count, memory and form factor, NVLink, InfiniBand, SR-IOV, confidential and spot. Filter listFlavors with the label parameter, or the flavor list in the console, to ask for a capability instead of a flavor name.'},
  {date: '2025-06-10', slug: 'serverless-inference', area: 'ai-studio', title: 'AI studio: serverless inference',
    summary: 'Call the catalogue\'s base models through the OpenAI-compatible chat completions endpoint without creating a deployment: shared GPUs answer, and you pay per million input and output tokens, nothing while you send nothing. Fine-tuned models are still served by deployments, behind the same endpoint.'},
  {date: '2025-06-24', slug: 'kubernetes-1-33', area: 'kubernetes', title: 'Kubernetes 1.33', kubernetes: ['1.33'],
    summary: 'New clusters can run Kubernetes 1.33. Existing clusters keep their version; to move one, build a cluster on the new version and move your workloads over.'},
  {date: '2025-07-08', slug: 'inference-logs', area: 'ai-studio', title: 'AI studio: request logs',
    summary: 'Every inference request is logged with its model, status, token counts, latency and token cost. Deployments created with log_bodies also keep the prompt and the completion, for a shorter time, and serverless requests never do. Filter the log in the console or with listInferenceLogs.'},
  {date: '2025-08-12', slug: 'master-flavors', area: 'kubernetes', title: 'Larger Kubernetes control planes', flavors: ['n1-cpu-medium', 'n1-cpu-large'],
    summary: 'Two larger master flavors for clusters with many nodes, operators or custom resources. Pick the master flavor when you create a cluster; each master node is billed at its flavor\'s hourly price, as the pricebook lists it.'},
  {date: '2025-08-26', slug: 'file-share-growth', area: 'storage', title: 'File shares grow online, and mount in Kubernetes',
    summary: 'Grow a high-performance file share from its page in the console or with updateFileShare while clients keep it mounted; they see the new size without a remount, and a share never shrinks. Kubernetes clusters gain the hp-file storage class for ReadWriteMany claims on file shares.'},
  {date: '2025-09-09', slug: 'ai-images', area: 'compute', title: 'AI images',
    summary: 'Public images that boot a GPU VM into a running vLLM model server, with the weights of open models already on the disk: DeepSeek-R1 distills, Llama Instruct with Open WebUI, and Qwen2.5 Coder. Pass one as image_name like any other image.'},
  {date: '2025-09-23', slug: 'callback-secret-rotation', area: 'api', title: 'Rotating callback secrets',
    summary: 'Send rotate_secret when you update a VM\'s or a volume\'s callback to get a new signing secret. For a while after the rotation every notification carries a signature for the old and the new secret, so you can deploy the new one without missing a notification.'},
  {date: '2025-10-14', slug: 'kubernetes-1-34', area: 'kubernetes', title: 'Kubernetes 1.34', kubernetes: ['1.34'],
    summary: 'New clusters can run Kubernetes 1.34, which becomes the default version for create requests that name none.'},
  {date: '2025-10-28', slug: 'python-2', area: 'api', title: 'Python client 2.0', libraries: {python: '2.0.0'},
    summary: 'The Python client raises one typed error carrying the code, status, message, details and request id of every failed call, and its list methods iterate over every page on their own. Python versions past their end of life are no longer supported.'},
  {date: '2025-11-11', slug: 'volume-environment', area: 'storage', title: 'Moving a volume to another environment',
    summary: 'Change a detached volume\'s environment with updateVolume, within its region. The move completes at once whatever the volume\'s size, and the volume keeps its id, name, type, data and callback.'},
  {date: '2025-12-09', slug: 'provisioning-profiles', area: 'compute', title: 'Provisioning profiles',
    summary: 'Save an environment, a flavor, an image, a keypair, the public IP choice, user data and labels as a named profile, and create VMs from it with profile_name; any field in the create request overrides the profile. A profile reserves no capacity: a VM created from it still needs a free GPU of its flavor.'},

  {date: '2026-01-20', slug: 'dashboard-api', area: 'api', title: 'The dashboard in the API',
    summary: 'getDashboard returns in one call what the console\'s dashboard shows: your resources by status, the GPUs you hold against your quota, and what the organization has spent this month, for status boards and budget alerts.'},
  {date: '2026-02-10', slug: 'kubernetes-1-35', area: 'kubernetes', title: 'Kubernetes 1.35, the new default', kubernetes: ['1.35'],
    summary: 'New clusters can run Kubernetes 1.35, now the default version. The list of Kubernetes versions gives each version\'s end-of-support date, after which it can no longer create clusters.'},
  {date: '2026-02-17', slug: 'security-keys-mfa', area: 'account', title: 'Security keys, passkeys and a second factor for every member',
    summary: 'Add security keys and passkeys as a second factor beside the authenticator app; unlike a code, they cannot be phished. An organization can require a second factor from every member, with a grace period for members who have none yet. API keys keep working unchanged.'},
  {date: '2026-03-24', slug: 'datasets-from-logs', area: 'ai-studio', title: 'AI studio: datasets from request logs',
    summary: 'With prompts and completions logged, create a dataset from a deployment\'s requests with from_logs instead of source_url: each logged request becomes one chat example, ready to fine-tune the next version of the model or to evaluate it.'},
  {date: '2026-05-12', slug: 'javascript-3', area: 'api', title: 'JavaScript client 3.0', libraries: {javascript: '3.0.0'},
    summary: 'Every call of the JavaScript client takes an AbortSignal that bounds it as a whole, retries and backoff included, and a timeout per HTTP attempt that you can set on the client or on one call. Aborting stops your code waiting; it does not undo what the API already accepted.'},
  {date: '2026-06-23', slug: 'cluster-events', area: 'kubernetes', title: 'Kubernetes cluster events',
    summary: 'A cluster\'s Events tab and listClusterEvents show what the platform did to the cluster and its node groups, and why a cluster or a group is in ERROR.'},
  {date: '2026-11-24', slug: 'api-for-generated-clients', area: 'api', title: 'API: ready for generated clients',
    summary: 'A breaking revision of /v1, made in place: the one exception to the versioning policy, announced to every organization\'s owners by email on October 27, with no overlap, as the previous shape stopped answering on this day. Money is an object with a decimal amount and a currency; one error code per cause replaces conflict; operations whose work goes on after the answer (creating volumes, snapshots, images and file shares, deleting volumes, snapshots and file shares, growing file shares, creating and synthesizing AI studio datasets, creating fine-tuning jobs and evaluations) answer 202 and name the operation to poll; requests take ids beside names; every resource with a status has status_reason and updated_at. New: single reads of keypairs, access keys, API keys and invitations, updates of VMs, firewalls, profiles and snapshots, online volume extension, and If-Match on replacing PUTs. The upgrade notes of the 2026 release notes say what to change in your code.'},
  {date: '2026-11-24', slug: 'member-mfa-api', area: 'api', title: 'API: members\' second factor',
    summary: 'Every member in the organization\'s responses carries mfa_enabled: whether the member signs in to the console with a second factor, of any kind. Use it to audit your organization before you require a second factor.'},
  {date: '2026-11-24', slug: 'clients-2026-11', area: 'api', title: 'Client libraries and Terraform provider for the revised API', libraries: {python: '2.4.0', go: 'v1.6.0', javascript: '3.1.0', terraform: '1.9.0'},
    summary: 'New versions of the three clients and the provider speak the revised API: money as decimal amounts, the new error codes, and polling of every asynchronous operation as the spec describes it. Clients generated before the revision fail on the changed fields, so upgrade before you rely on them. The JavaScript client now needs Node.js 20 or later and the Go client Go 1.24 or later, as older versions are out of support.'},
  {date: '2026-11-27', slug: 'ai-studio-billing-permissions', area: 'account', title: 'Permissions for the AI studio and for top-ups',
    summary: 'New permissions separate who may use the AI studio (ai-studio:read, ai-studio:write), who may read logged prompts and completions (ai-logs:read) and who may top up credit, manage payment methods and request refunds (billing:write), with the policies ai-studio-admin, ai-studio-viewer, ai-logs-viewer and billing-admin. The built-in roles hold them as the organization page shows, and every operation of the API reference names the permission it needs. The dashboard\'s month_to_date_cost is billing data: keys whose role lacks billing:read now get null.'},
  {date: '2026-11-27', slug: 'usage-resource-types', area: 'billing', title: 'Usage: a resource type for every charge',
    summary: 'Every charge now shows in usage costs and the pricebook under a resource type of its own, so each line of an invoice can be reconciled through the API. The cluster type is now a Kubernetes cluster\'s control plane only, its master nodes at their master flavor\'s price; worker nodes have the new node_group type. Also new: file_share for high-performance file shares, which were volume lines before, image for custom images, contract for a contract\'s committed hourly cost, ai_inference, ai_deployment, ai_fine_tuning, ai_evaluation and ai_synthesis for the AI studio, and dataset for stored AI studio datasets; token-based lines use the new million_tokens unit. More operations check the credit balance: from a zero balance, everything that would add a paid resource or start a billed status answers 403 insufficient_credit, as the billing policies list it. Reports that group usage by resource type need the new types.'},
];

/** The years that have release notes, newest first. */
export function releaseYears(): number[] {
  return [...new Set(releases.map((r) => Number(r.date.slice(0, 4))))].sort((a, b) => b - a);
}

/** One year's entries, newest first. */
export function releasesOf(year: number): Release[] {
  return releases.filter((r) => r.date.startsWith(`${year}-`)).sort((a, b) => b.date.localeCompare(a.date));
}

/** Problems with the timeline: unknown flavors or regions, bad dates or versions, duplicate slugs. */
export function releaseProblems(list: readonly Release[] = releases): string[] {
  const problems: string[] = [];
  const flavorNames = new Set([...flavors.map((f) => f.name), ...masterFlavors.map((f) => f.name)]);
  const regionIds = new Set(regions.map((r) => r.id));
  const slugs = new Set<string>();
  for (const r of list) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date) || Number.isNaN(Date.parse(`${r.date}T00:00:00Z`))) problems.push(`${r.slug}: bad date ${r.date}`);
    const key = `${r.date.slice(0, 4)}/${r.slug}`;
    if (slugs.has(key)) problems.push(`${r.slug}: duplicate slug in ${r.date.slice(0, 4)}`);
    slugs.add(key);
    for (const f of r.flavors ?? []) if (!flavorNames.has(f)) problems.push(`${r.slug}: unknown flavor ${f}`);
    for (const g of r.regions ?? []) if (!regionIds.has(g)) problems.push(`${r.slug}: unknown region ${g}`);
    for (const [id, version] of Object.entries(r.libraries ?? {})) {
      if (!/^v?\d+\.\d+\.\d+$/.test(version ?? '')) problems.push(`${r.slug}: bad ${id} version ${version}`);
    }
    for (const k of r.kubernetes ?? []) if (!/^1\.\d+$/.test(k)) problems.push(`${r.slug}: bad Kubernetes minor version ${k}`);
  }
  return problems;
}

/** `1.10.0` > `1.9.0`: compares `major.minor.patch` versions, a leading `v` ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/, '').split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Each library's versions in release order, oldest first: `{python: ['1.0.0', '2.0.0', …]}`. */
export function libraryReleases(list: readonly Release[] = releases): Partial<Record<LibraryId, {date: string; version: string}[]>> {
  const out: Partial<Record<LibraryId, {date: string; version: string}[]>> = {};
  for (const r of [...list].sort((a, b) => a.date.localeCompare(b.date))) {
    for (const [id, version] of Object.entries(r.libraries ?? {}) as [LibraryId, string][]) (out[id] ??= []).push({date: r.date, version});
  }
  return out;
}

/** "March 19, 2024", in UTC. */
export function releaseDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});
}
