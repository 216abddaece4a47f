/**
 * Facts about managed Kubernetes clusters that the Kubernetes pages render: the versions new
 * clusters can use, the control plane (master) flavors with their prices, what every new
 * cluster has installed, its storage classes and how load balancers are billed.
 * `src/data/kubernetes.test.ts` ties these to the API spec's examples and schema limits.
 */
import {flavors, images, policies} from './platform';
import {resourcePrices} from './prices';
import {storageKind, type StorageKindId} from './storage';

/** A Kubernetes version new clusters can be created with (`listKubernetesVersions`). */
export interface KubernetesVersion {
  /** `major.minor.patch`, as `kubernetes_version` takes it. */
  version: string;
  /** `DEPRECATED` versions still create clusters until `endOfSupport`. */
  status: 'SUPPORTED' | 'DEPRECATED';
  /** Used when a create request names no version; exactly one version is the default. */
  default: boolean;
  /** Last day new clusters can be created with this version (ISO date, UTC). */
  endOfSupport: string;
}

/**
 * Oldest first. A version leaves this list (and the spec's listKubernetesVersions example) on
 * its `endOfSupport` date: `src/data/kubernetes.test.ts` fails from the day after, so an
 * expired version cannot stay offered. Each minor version is introduced by an entry of
 * `src/data/releases.ts`.
 */
export const kubernetesVersions: readonly KubernetesVersion[] = [
  {version: '1.33.12', status: 'DEPRECATED', default: false, endOfSupport: '2027-02-26'},
  {version: '1.34.10', status: 'SUPPORTED', default: false, endOfSupport: '2027-06-30'},
  {version: '1.35.6', status: 'SUPPORTED', default: true, endOfSupport: '2027-10-29'},
];

/** The version a create request gets when it names none. */
export const defaultKubernetesVersion: KubernetesVersion = kubernetesVersions.find((v) => v.default)!;

/** `1.35.6` → `1.35`. */
export const minorVersion = (version: string): string => version.split('.').slice(0, 2).join('.');

/** The versions whose end of support is before `today` (compared as UTC dates): these must leave the list. */
export function expiredKubernetesVersions(today: Date, list: readonly KubernetesVersion[] = kubernetesVersions): KubernetesVersion[] {
  const day = today.toISOString().slice(0, 10);
  return list.filter((v) => v.endOfSupport < day);
}

/** A flavor for control plane nodes (`listMasterFlavors`): CPU only, never runs your pods. */
export interface MasterFlavor {
  name: string;
  vcpus: number;
  ramGb: number;
  ephemeralGb: number;
  /** USD per hour per master node, metered per minute. */
  pricePerHour: number;
  /** The size of cluster the flavor is sized for. */
  recommendedFor: string;
}

const small = flavors.find((f) => f.name === 'n1-cpu-small')!;

export const masterFlavors: readonly MasterFlavor[] = [
  {name: small.name, vcpus: small.vcpus, ramGb: small.ramGb, ephemeralGb: small.ephemeralGb, pricePerHour: small.pricePerHour, recommendedFor: 'Up to 20 worker nodes'},
  {name: 'n1-cpu-medium', vcpus: 8, ramGb: 32, ephemeralGb: 100, pricePerHour: 0.24, recommendedFor: 'Up to 60 worker nodes, or many operators and CRDs'},
  {name: 'n1-cpu-large', vcpus: 16, ramGb: 64, ephemeralGb: 200, pricePerHour: 0.48, recommendedFor: 'Up to 200 worker nodes'},
];

export function masterFlavor(name: string): MasterFlavor {
  const flavor = masterFlavors.find((f) => f.name === name);
  if (!flavor) throw new Error(`Unknown master flavor "${name}"; known: ${masterFlavors.map((f) => f.name).join(', ')}`);
  return flavor;
}

/** Shape limits of clusters and node groups, as the spec's schemas state them. */
export const clusterLimits = {
  /** Allowed `master_count` values: 3 keeps the API server up when one master fails. */
  masterCounts: [1, 3] as const,
  /** Node groups one create request may carry. */
  nodeGroupsPerCreate: 10,
  /** Largest `max_count` of a node group. */
  nodesPerGroupMax: 20,
  /**
   * Smallest `min_count` of a node group: nothing you do scales a group to zero. Only the end
   * of the grace period after a zero credit balance removes its nodes (`runoutRules` in billing.ts).
   */
  nodesPerGroupMin: 1,
  /** Longest cluster name (node names are derived from it). */
  clusterNameMaxLength: 40,
  /** Longest node group name. */
  nodeGroupNameMaxLength: 30,
} as const;

/** The image every node boots from; its driver is the one the GPU operator uses. */
export const nodeImage = images.find((i) => i.name === 'Ubuntu Server 24.04 LTS R570 CUDA 12.8')!;

/** A component installed and kept up to date on every new cluster. */
export interface ClusterAddon {
  name: string;
  /** Minor version on clusters of the default Kubernetes version. */
  version: string;
  namespace: string;
  /** What it does on the cluster. */
  role: string;
}

export const clusterAddons: readonly ClusterAddon[] = [
  {name: 'Cilium', version: '1.18', namespace: 'kube-system', role: 'CNI: pod networking (VXLAN overlay on the environment network) and NetworkPolicy enforcement'},
  {name: 'CoreDNS', version: '1.12', namespace: 'kube-system', role: 'Cluster DNS for Services and pods'},
  {name: 'NVIDIA GPU Operator', version: '25.3', namespace: 'gpu-operator', role: `Device plugin (nvidia.com/gpu), container toolkit, GPU feature discovery labels and the DCGM exporter; the driver (${nodeImage.driver}, CUDA ${nodeImage.cuda}) comes with the node image`},
  {name: 'Block storage CSI driver', version: '2.4', namespace: 'kube-system', role: 'Creates, attaches and resizes Cloud-SSD volumes for PersistentVolumeClaims'},
  {name: 'File storage CSI driver', version: '1.6', namespace: 'kube-system', role: 'Mounts High-performance file storage shares for ReadWriteMany claims'},
  {name: 'Cloud controller manager', version: minorVersion(defaultKubernetesVersion.version), namespace: 'kube-system', role: 'Node addresses and labels, and a load balancer for each Service of type LoadBalancer'},
  {name: 'Cluster autoscaler', version: minorVersion(defaultKubernetesVersion.version), namespace: 'kube-system', role: 'Moves each node group between its min_count and max_count as pods need room'},
  {name: 'metrics-server', version: '0.8', namespace: 'kube-system', role: 'CPU and memory metrics for kubectl top and the HorizontalPodAutoscaler'},
];

/**
 * Address ranges inside every cluster, apart from the environment's network (nodes take their
 * addresses from that one): pods get theirs from `podCidr`, Services of type `ClusterIP` from
 * `serviceCidr`. Both are reachable from the cluster's nodes and pods only.
 */
export const clusterNetwork = {podCidr: '10.244.0.0/16', serviceCidr: '10.96.0.0/12'} as const;

/** Things a new cluster deliberately does not have; you install them when you need them. */
export const notInstalled = ['an ingress controller', 'cert-manager', 'the Kubernetes Dashboard', 'a monitoring stack (Prometheus, Grafana)'] as const;

/** A StorageClass present on every new cluster. */
export interface StorageClassFact {
  name: string;
  /** The storage kind of `src/data/storage.ts` the class provisions, and its price. */
  kind: StorageKindId;
  accessModes: string;
  reclaimPolicy: 'Delete' | 'Retain';
  isDefault: boolean;
  provisioner: string;
}

export const storageClasses: readonly StorageClassFact[] = [
  {name: 'cloud-ssd', kind: 'cloud-ssd', accessModes: 'ReadWriteOnce', reclaimPolicy: 'Delete', isDefault: true, provisioner: 'block.csi.cloud.internal'},
  {name: 'cloud-ssd-retain', kind: 'cloud-ssd', accessModes: 'ReadWriteOnce', reclaimPolicy: 'Retain', isDefault: false, provisioner: 'block.csi.cloud.internal'},
  {name: 'hp-file', kind: 'hp-file', accessModes: 'ReadWriteMany', reclaimPolicy: 'Delete', isDefault: false, provisioner: 'file.csi.cloud.internal'},
];

/** The storage price per GB per hour of a storage class. */
export function storageClassPricePerGbHour(name: string): number {
  const sc = storageClasses.find((s) => s.name === name);
  if (!sc) throw new Error(`Unknown storage class "${name}"`);
  return storageKind(sc.kind).pricePerGbHour ?? 0;
}

/** How a Service of type LoadBalancer is served and billed. */
export const loadBalancer = {
  /** Public IPv4 addresses one LoadBalancer Service gets. */
  publicIpsPerService: 1,
  /** The load balancer itself is not charged; its public IP is, at the public IP price. */
  pricePerHour: policies.publicIpPricePerHour,
  /** Typical minutes until `EXTERNAL-IP` is filled in. */
  provisioningMinutes: 2,
  /** Layer 4 only: TLS and HTTP routing are the ingress controller's job. */
  protocols: 'TCP and UDP',
  /**
   * How its address shows in usage costs: a line of the `public_ip` type (billing.ts) per
   * Service, whose `resource_id` is the cluster and `resource_name` the address; the spec's
   * `UsageCost` says the same (`tests/billing-spec.test.ts`).
   */
  usage: {resourceType: 'public_ip', resourceId: 'the cluster', resourceName: 'the address'},
} as const;

/** One line of a cluster cost breakdown. */
export interface CostLine {
  what: string;
  quantity: number;
  /** USD per hour for the whole line. */
  perHour: number;
}

export interface ClusterShape {
  masterFlavor: string;
  masterCount: 1 | 3;
  nodeGroups: {flavor: string; count: number}[];
  /** GB of persistent volumes per storage class. */
  volumes?: {storageClass: string; gb: number}[];
  loadBalancers?: number;
}

/** What a cluster of this shape costs per hour, line by line. */
export function clusterCost(shape: ClusterShape): {lines: CostLine[]; perHour: number} {
  const lines: CostLine[] = [];
  const master = masterFlavor(shape.masterFlavor);
  lines.push({what: `Control plane: ${shape.masterCount} × ${master.name}`, quantity: shape.masterCount, perHour: master.pricePerHour * shape.masterCount});
  for (const group of shape.nodeGroups) {
    const flavor = flavors.find((f) => f.name === group.flavor);
    if (!flavor) throw new Error(`Unknown flavor "${group.flavor}"`);
    lines.push({what: `Node group: ${group.count} × ${flavor.name}`, quantity: group.count, perHour: flavor.pricePerHour * group.count});
  }
  for (const v of shape.volumes ?? []) lines.push({what: `Volumes: ${v.gb} GB of ${v.storageClass}`, quantity: v.gb, perHour: storageClassPricePerGbHour(v.storageClass) * v.gb});
  if (shape.loadBalancers) lines.push({what: `Load balancers: ${shape.loadBalancers} public IPv4`, quantity: shape.loadBalancers, perHour: resourcePrices.publicIp.perHour * shape.loadBalancers});
  return {lines, perHour: lines.reduce((sum, l) => sum + l.perHour, 0)};
}

/** The cluster the guides build: one small master, two H100 nodes, 200 GB for weights, one load balancer. */
export const exampleCluster: ClusterShape = {
  masterFlavor: 'n1-cpu-small',
  masterCount: 1,
  nodeGroups: [{flavor: 'n3-H100x1', count: 2}],
  volumes: [{storageClass: 'cloud-ssd', gb: 200}],
  loadBalancers: 1,
};

/** The same workload with a highly available control plane. */
export const productionCluster: ClusterShape = {...exampleCluster, masterFlavor: 'n1-cpu-medium', masterCount: 3};
