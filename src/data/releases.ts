/**
 * The platform's release timeline: one dated entry per change customers can use. The
 * release-notes pages render it year by year and the release-feed plugin publishes it
 * as an Atom feed (`/release-notes.xml`), so the pages and the feed cannot disagree.
 * Entries name flavors, regions and features as the other pages describe them; prices are
 * never written here (the pricebook renders them).
 */
import {flavors, regions} from './platform';

export type ReleaseArea = 'compute' | 'storage' | 'network' | 'kubernetes' | 'ai-studio' | 'api' | 'billing' | 'regions';

export interface Release {
  /** Day the change reached every customer, UTC, `YYYY-MM-DD`. */
  date: string;
  /** Short, unique within its year; also the anchor of its entry. */
  slug: string;
  title: string;
  area: ReleaseArea;
  /** What changed and what a customer does with it: plain text, no Markdown. */
  summary: string;
  /** Flavor names the entry introduces (must exist in platform.ts). */
  flavors?: readonly string[];
  /** Region ids the entry opens (must exist in platform.ts). */
  regions?: readonly string[];
}

export const releases: readonly Release[] = [
  {date: '2023-02-14', slug: 'launch', area: 'compute', title: 'General availability in Oslo', regions: ['no-osl-1'], flavors: ['n1-cpu-small', 'n3-RTX-A6000x1'],
    summary: 'Virtual machines with one NVIDIA RTX A6000, and a CPU-only flavor for utility hosts, open to every customer in the Oslo region. Cloud-SSD volumes, public IPv4 addresses, environments, keypairs, firewalls and the REST API v1 ship with them. Usage is billed per minute from prepaid credit.'},
  {date: '2023-04-18', slug: 'l40', area: 'compute', title: 'NVIDIA L40 flavor', flavors: ['n3-L40x1'],
    summary: 'A single-GPU NVIDIA L40 flavor with a large ephemeral disk, for rendering, inference and mid-size fine-tuning. It uses the same images and drivers as the RTX A6000 flavor.'},
  {date: '2023-05-30', slug: 'snapshots', area: 'compute', title: 'Snapshots of the boot volume',
    summary: 'Take a point-in-time copy of a VM\'s boot volume from the console or with createSnapshot, and restore it to a new VM. Snapshots are billed per GB of stored size; only used blocks are stored. Deleting a VM deletes its snapshots.'},
  {date: '2023-06-27', slug: 'hibernation', area: 'compute', title: 'Hibernation',
    summary: 'Hibernate a VM to save it to its boot volume and release its GPU: the flavor stops being billed while the VM is HIBERNATED, and volumes, snapshots and the public IP are kept. Restoring needs a free GPU of the flavor in the region. The ephemeral disk is erased on hibernation.'},
  {date: '2023-08-22', slug: 'montreal', area: 'regions', title: 'Montreal region', regions: ['ca-mtl-1'],
    summary: 'A second region in Montreal, Canada. Each resource lives in one region; environments, API keys and your credit balance work in every region.'},
  {date: '2023-09-19', slug: 'a100-sriov', area: 'network', title: 'NVIDIA A100 80GB PCIe with SR-IOV networking', flavors: ['n3-A100x1'],
    summary: 'A single-GPU A100 80GB flavor whose network interface is an SR-IOV virtual function: traffic skips the host\'s virtual switch, for lower latency and steadier throughput. No change is needed in the guest; current images carry the driver.'},
  {date: '2023-10-24', slug: 'python-terraform', area: 'api', title: 'Python client and Terraform provider',
    summary: 'An official Python client generated from the API spec, with typed models and retries, and a Terraform provider for environments, keypairs, VMs, volumes and firewalls. Both authenticate with an API key.'},
  {date: '2023-11-14', slug: 'custom-images', area: 'compute', title: 'Custom images',
    summary: 'Create an image from a VM, or import one from a URL, and boot new VMs from it. Custom images are private to your organization.'},
  {date: '2023-12-12', slug: 'callbacks', area: 'api', title: 'Status callbacks with signed payloads',
    summary: 'Register a callback URL on a VM or a volume and receive an HTTPS POST on every status change. Every payload is signed, so your endpoint can check that it came from the platform and reject forged calls.'},
  {date: '2024-01-23', slug: 'h100-pcie', area: 'compute', title: 'NVIDIA H100 80GB PCIe flavor', flavors: ['n3-H100x1'],
    summary: 'A single-GPU H100 PCIe flavor with SR-IOV networking. The current GPU images carry a driver that supports it.'},
  {date: '2024-02-27', slug: 'go-javascript', area: 'api', title: 'Go and JavaScript clients',
    summary: 'Official Go and JavaScript (TypeScript) clients join the Python client, generated from the same spec, with the same resource names and idempotency-key support.'},
  {date: '2024-03-19', slug: 'spot', area: 'compute', title: 'Spot virtual machines',
    summary: 'Create a VM with spot set to true on a flavor that offers a spot price and pay that lower price. When the capacity is needed, the VM gets a short notice (an ACPI shutdown request and a vm.spot_interrupted callback) and is hibernated; you restore it when capacity returns.'},
  {date: '2024-04-16', slug: 'shared-ssd', area: 'storage', title: 'Shared-SSD volumes',
    summary: 'A volume type that attaches to several VMs of one environment at once, for shared datasets and checkpoints.'},
  {date: '2024-05-21', slug: 'object-storage', area: 'storage', title: 'Object storage',
    summary: 'S3-compatible buckets with access keys managed in the console and the API. Storage is billed per GB stored; requests and data transfer are free.'},
  {date: '2024-06-04', slug: 'contracts', area: 'billing', title: 'Committed-use contracts and the pricebook API',
    summary: 'Contracts give a discounted hourly rate on a committed number of VMs of a flavor in one region. The pricebook endpoints list list prices, your contracts and the rate each resource is billed at.'},
  {date: '2024-06-18', slug: 'kubernetes', area: 'kubernetes', title: 'Managed Kubernetes',
    summary: 'Create Kubernetes clusters with GPU node groups from the console or the API. The control plane is managed and not billed; worker nodes are billed at their flavor price.'},
  {date: '2024-07-16', slug: 'dallas', area: 'regions', title: 'Dallas region', regions: ['us-dal-1'],
    summary: 'A third region in Dallas, United States. Check GPU stock per region before you plan a large deployment there.'},
  {date: '2024-08-20', slug: 'ai-studio', area: 'ai-studio', title: 'AI studio: deployments and fine-tuning',
    summary: 'Deploy open models behind a managed inference endpoint without running VMs yourself, and fine-tune them on your own datasets. The AI studio is billed on its own terms, described on its billing page.'},
  {date: '2024-09-17', slug: 'hp-file-storage', area: 'storage', title: 'High-performance file storage',
    summary: 'A parallel file system shared by every VM and cluster node of an environment, for training data that many GPUs read at once. It is billed per GB provisioned.'},
  {date: '2024-10-15', slug: 'confidential', area: 'compute', title: 'Confidential computing',
    summary: 'Create a VM with confidential set to true on a flavor that supports it: the VM\'s memory is encrypted and the GPU runs in confidential mode, so the host cannot read your data while it is in use.'},
  {date: '2024-11-12', slug: 'evaluations-synthesis', area: 'ai-studio', title: 'AI studio: evaluations and data synthesis',
    summary: 'Run benchmark and custom evaluations against deployed or fine-tuned models, follow training metrics, and generate synthetic datasets from a seed set and a prompt.'},
  {date: '2024-12-10', slug: 'h100-sxm', area: 'network', title: 'Eight-GPU H100 SXM5 with InfiniBand', flavors: ['n3-H100x8'], regions: ['no-osl-1'],
    summary: 'An eight-GPU H100 SXM5 flavor in Oslo, its GPUs linked by NVLink through NVSwitch, with an InfiniBand NDR fabric between VMs for multi-node training.'},
];

/** The years that have release notes, newest first. */
export function releaseYears(): number[] {
  return [...new Set(releases.map((r) => Number(r.date.slice(0, 4))))].sort((a, b) => b - a);
}

/** One year's entries, newest first. */
export function releasesOf(year: number): Release[] {
  return releases.filter((r) => r.date.startsWith(`${year}-`)).sort((a, b) => b.date.localeCompare(a.date));
}

/** Problems with the timeline: unknown flavors or regions, bad dates, duplicate slugs. */
export function releaseProblems(list: readonly Release[] = releases): string[] {
  const problems: string[] = [];
  const flavorNames = new Set(flavors.map((f) => f.name));
  const regionIds = new Set(regions.map((r) => r.id));
  const slugs = new Set<string>();
  for (const r of list) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date) || Number.isNaN(Date.parse(`${r.date}T00:00:00Z`))) problems.push(`${r.slug}: bad date ${r.date}`);
    const key = `${r.date.slice(0, 4)}/${r.slug}`;
    if (slugs.has(key)) problems.push(`${r.slug}: duplicate slug in ${r.date.slice(0, 4)}`);
    slugs.add(key);
    for (const f of r.flavors ?? []) if (!flavorNames.has(f)) problems.push(`${r.slug}: unknown flavor ${f}`);
    for (const g of r.regions ?? []) if (!regionIds.has(g)) problems.push(`${r.slug}: unknown region ${g}`);
  }
  return problems;
}
