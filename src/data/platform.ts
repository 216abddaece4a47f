/**
 * Product facts that several pages repeat. Pages render these through components
 * instead of retyping them, so the flavors page, the pricebook and the guides agree.
 */

/** A data-centre region a resource lives in. */
export interface Region {
  /** Identifier used by the API and the console, e.g. `no-osl-1`. */
  id: string;
  /** City and country, as shown in the console. */
  location: string;
  /** Whether the region accepts new resources; resources that already run in a closed region keep running. */
  open: boolean;
}

export const regions: readonly Region[] = [
  {id: 'no-osl-1', location: 'Oslo, Norway', open: true},
  {id: 'ca-mtl-1', location: 'Montreal, Canada', open: true},
  {id: 'us-dal-1', location: 'Dallas, United States', open: true},
];

/** A virtual machine size. */
export interface Flavor {
  /** Name used by the API and the console. */
  name: string;
  /** GPU model, or null for CPU-only flavors. */
  gpu: string | null;
  gpuCount: number;
  /** Memory per GPU in GB. */
  gpuMemoryGb: number;
  vcpus: number;
  ramGb: number;
  /** Size of the ephemeral (local, non-persistent) disk in GB. */
  ephemeralGb: number;
  /** On-demand price in USD per hour while the VM is billed. */
  pricePerHour: number;
  /** Spot price in USD per hour, or null where the flavor is not offered as spot. */
  spotPricePerHour: number | null;
  /** Bandwidth of the VM's network interface (public and private traffic), in Gbit/s. */
  networkGbps: number;
  /** GPU-to-GPU link inside the VM, or null for one GPU or none. */
  interconnect: string | null;
  /** The dedicated high-speed fabric between VMs, or null where the flavor has none. */
  highSpeedNetwork: string | null;
  /** Whether the network interface is an SR-IOV virtual function (lower latency, no host vSwitch). */
  sriov: boolean;
  /** Whether the flavor can run as a confidential VM (memory encrypted, GPU in confidential mode). */
  confidentialComputing: boolean;
}

export const flavors: readonly Flavor[] = [
  {name: 'n1-cpu-small', gpu: null, gpuCount: 0, gpuMemoryGb: 0, vcpus: 4, ramGb: 16, ephemeralGb: 50, pricePerHour: 0.12, spotPricePerHour: null, networkGbps: 10, interconnect: null, highSpeedNetwork: null, sriov: false, confidentialComputing: false},
  {name: 'n3-RTX-A6000x1', gpu: 'NVIDIA RTX A6000', gpuCount: 1, gpuMemoryGb: 48, vcpus: 28, ramGb: 58, ephemeralGb: 100, pricePerHour: 0.5, spotPricePerHour: 0.2, networkGbps: 10, interconnect: null, highSpeedNetwork: null, sriov: false, confidentialComputing: false},
  {name: 'n3-L40x1', gpu: 'NVIDIA L40', gpuCount: 1, gpuMemoryGb: 48, vcpus: 28, ramGb: 58, ephemeralGb: 725, pricePerHour: 1.0, spotPricePerHour: 0.4, networkGbps: 25, interconnect: null, highSpeedNetwork: null, sriov: false, confidentialComputing: false},
  {name: 'n3-A100x1', gpu: 'NVIDIA A100 80GB PCIe', gpuCount: 1, gpuMemoryGb: 80, vcpus: 28, ramGb: 120, ephemeralGb: 750, pricePerHour: 1.35, spotPricePerHour: 0.54, networkGbps: 25, interconnect: null, highSpeedNetwork: null, sriov: true, confidentialComputing: false},
  {name: 'n3-H100x1', gpu: 'NVIDIA H100 80GB PCIe', gpuCount: 1, gpuMemoryGb: 80, vcpus: 28, ramGb: 180, ephemeralGb: 750, pricePerHour: 1.9, spotPricePerHour: 0.76, networkGbps: 25, interconnect: null, highSpeedNetwork: null, sriov: true, confidentialComputing: true},
  {name: 'n3-H100x8', gpu: 'NVIDIA H100 80GB SXM5', gpuCount: 8, gpuMemoryGb: 80, vcpus: 192, ramGb: 1800, ephemeralGb: 32000, pricePerHour: 19.0, spotPricePerHour: 7.6, networkGbps: 100, interconnect: 'NVLink 4 through NVSwitch, 900 GB/s per GPU', highSpeedNetwork: 'InfiniBand NDR, 8 × 400 Gbit/s', sriov: true, confidentialComputing: false},
];

/** Operating system images offered for new VMs. */
export const images: readonly {name: string; os: string; driver: string | null; cuda: string | null}[] = [
  {name: 'Ubuntu Server 24.04 LTS R570 CUDA 12.8', os: 'Ubuntu 24.04', driver: 'R570', cuda: '12.8'},
  {name: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2', os: 'Ubuntu 22.04', driver: 'R535', cuda: '12.2'},
  {name: 'Ubuntu Server 24.04 LTS', os: 'Ubuntu 24.04', driver: null, cuda: null},
];

/**
 * Virtual machine states as the API reports them, and whether a VM in that state is
 * billed for its flavor. Volumes (the boot volume included) are billed in every state, and a
 * public IP while it is attached, whatever the state.
 */
export const vmStates: readonly {status: string; meaning: string; billed: boolean}[] = [
  {status: 'CREATING', meaning: 'The VM is being scheduled and its boot disk prepared.', billed: false},
  {status: 'ACTIVE', meaning: 'The VM is running.', billed: true},
  {status: 'STARTING', meaning: 'A stopped VM is booting.', billed: true},
  {status: 'STOPPING', meaning: 'The VM is shutting down; its GPU stays reserved.', billed: true},
  {status: 'SHUTOFF', meaning: 'The VM is stopped; its GPU stays reserved for it.', billed: true},
  {status: 'HIBERNATING', meaning: 'The VM is being saved to its boot volume and released.', billed: true},
  {status: 'HIBERNATED', meaning: 'The VM is saved and its GPU released; only its storage and an attached public IP are billed.', billed: false},
  {status: 'RESTORING', meaning: 'A hibernated VM is being placed on a host again.', billed: false},
  {status: 'REBOOTING', meaning: 'The VM is restarting.', billed: true},
  {status: 'RESIZING', meaning: 'The VM is moving to another flavor.', billed: true},
  {status: 'ERROR', meaning: 'An operation failed; the VM needs attention.', billed: false},
  {status: 'DELETING', meaning: 'The VM and its ephemeral disk are being removed.', billed: false},
];

/** Account and billing rules the guides quote. */
export const policies = {
  /** Compute, volumes and public IPs are metered and charged in this increment. */
  billingIncrement: 'minute',
  /** Credit is prepaid; the smallest top-up in USD. */
  minimumTopUpUsd: 10,
  /** Hours running resources keep working after the credit balance reaches zero. */
  negativeBalanceGraceHours: 24,
  /** Default quota of GPUs per organization, raised on request. */
  defaultGpuQuota: 8,
  /** Volume storage price in USD per GB per hour. */
  volumePricePerGbHour: 0.000096,
  /** Public IPv4 address price in USD per hour. */
  publicIpPricePerHour: 0.005,
  /** Snapshot storage price in USD per GB of snapshot size per hour. */
  snapshotPricePerGbHour: 0.00007,
  /** Object storage price in USD per GB stored per hour (requests are not charged). */
  objectStoragePricePerGbHour: 0.000027,
  /** Data transfer out to the internet, USD per GB: free on every flavor and storage kind. */
  egressPricePerGb: 0,
  /** Data transfer in, and between resources of one region, USD per GB. */
  ingressPricePerGb: 0,
  /** Notice a spot VM gets before it is interrupted, in seconds. */
  spotInterruptionNoticeSeconds: 30,
} as const;
