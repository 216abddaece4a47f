/**
 * Hardware facts of the flavors: the labels derived from each flavor's features, the
 * GPU models behind them, and which NVIDIA driver and CUDA each image brings for each
 * model. Everything here is derived from, or keyed by, the flavors and images of
 * `platform.ts`, so the flavors table, the label pages and the compatibility matrix
 * read from one catalogue.
 */
import {flavors, images, type Flavor} from './platform';

/** One label key of the flavor vocabulary, as the API and the console show it. */
export interface FlavorLabelKey {
  /** The key, e.g. `gpu.model`; keys without `=value` are flags. */
  key: string;
  /** Example of the label as it appears on a flavor. */
  example: string;
  /** What the label says about the flavor, and which data field it comes from. */
  meaning: string;
}

/**
 * The label vocabulary. Labels are set by the platform, derived from the flavor's data
 * by `flavorLabels()`; you cannot add or remove them. Order is the order labels appear in.
 */
export const flavorLabelKeys: readonly FlavorLabelKey[] = [
  {key: 'gpu.model', example: 'gpu.model=h100', meaning: 'The GPU model in lower case, without vendor, memory size or form factor. Absent on CPU-only flavors.'},
  {key: 'gpu.count', example: 'gpu.count=8', meaning: 'GPUs per VM; `0` on CPU-only flavors.'},
  {key: 'gpu.memory', example: 'gpu.memory=80gb', meaning: 'Memory per GPU. Absent on CPU-only flavors.'},
  {key: 'gpu.form', example: 'gpu.form=sxm', meaning: 'How the GPU is mounted: `sxm` (socketed, on an NVLink baseboard) or `pcie` (a card). Absent where the model has one form only.'},
  {key: 'interconnect', example: 'interconnect=nvlink', meaning: 'A GPU-to-GPU link inside the VM faster than PCIe. Absent for one GPU or none.'},
  {key: 'network', example: 'network=infiniband', meaning: 'A dedicated high-speed fabric between VMs. Absent where VMs talk over Ethernet only.'},
  {key: 'sriov', example: 'sriov', meaning: 'The network interface is an SR-IOV virtual function, with no host vSwitch in the path.'},
  {key: 'confidential', example: 'confidential', meaning: 'The flavor can run as a confidential VM (`confidential: true` on create).'},
  {key: 'spot', example: 'spot', meaning: 'The flavor is offered as spot (`spot: true` on create) at its spot price.'},
];

/** `NVIDIA H100 80GB SXM5` → `h100`; `NVIDIA RTX A6000` → `rtx-a6000`. */
export function gpuModelSlug(gpu: string): string {
  return gpu
    .replace(/^NVIDIA\s+/i, '')
    .replace(/\s+\d+GB\b/i, '')
    .replace(/\s+(PCIe|SXM\d*)$/i, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');
}

/** `sxm` or `pcie` when the GPU name states its form factor, else null. */
export function gpuForm(gpu: string): 'sxm' | 'pcie' | null {
  if (/\bSXM\d*\b/i.test(gpu)) return 'sxm';
  if (/\bPCIe\b/i.test(gpu)) return 'pcie';
  return null;
}

/** The labels of a flavor, in vocabulary order, derived from its data fields. */
export function flavorLabels(flavor: Flavor): string[] {
  const labels: string[] = [];
  if (flavor.gpu) labels.push(`gpu.model=${gpuModelSlug(flavor.gpu)}`);
  labels.push(`gpu.count=${flavor.gpuCount}`);
  if (flavor.gpu) labels.push(`gpu.memory=${flavor.gpuMemoryGb}gb`);
  const form = flavor.gpu ? gpuForm(flavor.gpu) : null;
  if (form) labels.push(`gpu.form=${form}`);
  if (flavor.interconnect && /nvlink/i.test(flavor.interconnect)) labels.push('interconnect=nvlink');
  if (flavor.highSpeedNetwork && /infiniband/i.test(flavor.highSpeedNetwork)) labels.push('network=infiniband');
  if (flavor.sriov) labels.push('sriov');
  if (flavor.confidentialComputing) labels.push('confidential');
  if (flavor.spotPricePerHour !== null) labels.push('spot');
  return labels;
}

/**
 * The flavors that carry every label asked for, as `label` filters of listFlavors do
 * (a flavor matches when it has all of them; an empty list matches every flavor).
 */
export function flavorsWithLabels(wanted: readonly string[]): Flavor[] {
  return flavors.filter((f) => {
    const own = flavorLabels(f);
    return wanted.every((label) => own.includes(label));
  });
}

/** A GPU model the flavors use, with what its driver and CUDA support depend on. */
export interface GpuModel {
  /** The GPU name exactly as `Flavor.gpu` gives it. */
  gpu: string;
  architecture: 'Ampere' | 'Ada Lovelace' | 'Hopper';
  /** CUDA compute capability, what `nvidia-smi --query-gpu=compute_cap` prints. */
  computeCapability: string;
  /** Oldest NVIDIA driver branch that supports the model. */
  minimumDriver: string;
  /** Oldest CUDA toolkit that compiles native code for it. */
  minimumCuda: string;
  /** Whether the CUDA forward-compatibility package (`cuda-compat`) works on it. */
  forwardCompatible: boolean;
  /** Whether the driver needs NVIDIA Fabric Manager running (NVSwitch systems). */
  needsFabricManager: boolean;
}

export const gpuModels: readonly GpuModel[] = [
  {gpu: 'NVIDIA RTX A6000', architecture: 'Ampere', computeCapability: '8.6', minimumDriver: 'R455', minimumCuda: '11.1', forwardCompatible: false, needsFabricManager: false},
  {gpu: 'NVIDIA L40', architecture: 'Ada Lovelace', computeCapability: '8.9', minimumDriver: 'R520', minimumCuda: '11.8', forwardCompatible: true, needsFabricManager: false},
  {gpu: 'NVIDIA A100 80GB PCIe', architecture: 'Ampere', computeCapability: '8.0', minimumDriver: 'R450', minimumCuda: '11.0', forwardCompatible: true, needsFabricManager: false},
  {gpu: 'NVIDIA H100 80GB PCIe', architecture: 'Hopper', computeCapability: '9.0', minimumDriver: 'R520', minimumCuda: '11.8', forwardCompatible: true, needsFabricManager: false},
  {gpu: 'NVIDIA H100 80GB SXM5', architecture: 'Hopper', computeCapability: '9.0', minimumDriver: 'R520', minimumCuda: '11.8', forwardCompatible: true, needsFabricManager: true},
];

/** The exact driver build and extras of each image that ships a driver. */
export interface ImageDriver {
  /** The image name exactly as `platform.ts` `images` gives it. */
  image: string;
  /** Full driver version, what `nvidia-smi` prints as "Driver Version". */
  driverVersion: string;
  /** Highest CUDA version the driver runs without the forward-compatibility package. */
  maxCuda: string;
  /** Whether NVIDIA Fabric Manager, matching the driver, is installed and enabled. */
  fabricManager: boolean;
  /** Whether the image brings the InfiniBand stack (rdma-core, perftest, the NCCL RDMA plugin). */
  infiniband: boolean;
  /**
   * Whether the image holds the driver packages with `apt-mark hold`, so `apt upgrade` never
   * replaces the driver under the loaded kernel module; kernel updates still install, and DKMS
   * rebuilds the module for each. The driver compatibility and images pages say so
   * (`tests/hardware-data.test.ts`).
   */
  driverPackagesHeld: boolean;
}

export const imageDrivers: readonly ImageDriver[] = [
  {image: 'Ubuntu Server 24.04 LTS R570 CUDA 12.8', driverVersion: '570.133.20', maxCuda: '12.8', fabricManager: true, infiniband: true, driverPackagesHeld: true},
  {image: 'Ubuntu Server 22.04 LTS R535 CUDA 12.2', driverVersion: '535.230.02', maxCuda: '12.2', fabricManager: true, infiniband: true, driverPackagesHeld: true},
];

/**
 * Oldest driver branch of the CUDA 12 series: an application built with any CUDA 12.x
 * toolkit runs on it and on every later branch (CUDA minor version compatibility).
 */
export const cuda12MinimumDriver = 'R525';

/** Oldest driver branch that runs an H100 in confidential-computing mode. */
export const confidentialMinimumDriver = 'R550';

/** What confidential VMs can and cannot do, for the confidential-computing page. */
export const confidentialVm = {
  /** CPU memory encryption technology of the hosts of confidential flavors. */
  cpuTechnology: 'AMD SEV-SNP',
  /** The host CPU generation, the processor model AMD's key server signs reports for. */
  cpu: 'AMD EPYC 9004 (Genoa)',
  /** Extra charge on top of the flavor price, USD per hour. */
  surchargePerHour: 0,
  /** Confidential VMs cannot be hibernated: their encrypted memory cannot be saved by the host. */
  hibernation: false,
  /** So they cannot be spot either (a spot interruption hibernates the VM). */
  spot: false,
} as const;

/** `R570` → 570. */
export function driverBranch(driver: string): number {
  const m = /^R(\d+)$/.exec(driver);
  if (!m) throw new Error(`Not a driver branch: "${driver}"`);
  return Number(m[1]);
}

/** One cell of the compatibility matrix: a GPU model on an image. */
export interface Compatibility {
  supported: boolean;
  /** Short remarks for the cell (fabric manager, confidential mode, no driver). */
  notes: string[];
}

/** Whether an image's driver runs a GPU model, and what to know when it does. */
export function compatibility(model: GpuModel, imageName: string): Compatibility {
  const image = images.find((i) => i.name === imageName);
  if (!image) throw new Error(`Unknown image "${imageName}"`);
  if (!image.driver) return {supported: false, notes: ['No driver: install one yourself']};
  const supported = driverBranch(image.driver) >= driverBranch(model.minimumDriver);
  const notes: string[] = [];
  if (!supported) return {supported, notes: [`Needs ${model.minimumDriver} or later`]};
  const extras = imageDrivers.find((d) => d.image === imageName);
  if (model.needsFabricManager) notes.push(extras?.fabricManager ? 'Fabric Manager included' : 'Install Fabric Manager');
  const confidential = flavors.some((f) => f.gpu === model.gpu && f.confidentialComputing);
  if (confidential) notes.push(driverBranch(image.driver) >= driverBranch(confidentialMinimumDriver) ? 'Confidential mode supported' : `No confidential mode (needs ${confidentialMinimumDriver})`);
  return {supported, notes};
}
