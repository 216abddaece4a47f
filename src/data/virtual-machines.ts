/**
 * Facts of the virtual-machines section: what each settled VM status keeps and bills (the one
 * table the VM, hibernation, spot, billing and tutorial pages render), the actions that move
 * a VM between statuses, the boot volume, custom image formats and the order of cloud-init's
 * stages. Pages render these; `virtual-machines.test.ts` ties them to the spec and to
 * `vmStates`.
 */
import {limits} from './limits';
import {vmStatusesOutsideGpuQuota} from './organization';
import {vmStates} from './platform';

/** A status a VM rests in, or `deleted`. */
export type SettledStatus = 'ACTIVE' | 'SHUTOFF' | 'HIBERNATED' | 'ERROR' | 'deleted';

/** A status a VM rests in, and what it does with its resources there. */
export interface SettledState {
  status: SettledStatus;
  /** Whether the flavor is billed: taken from `vmStates` (platform.ts), never typed here. */
  flavorBilled: boolean;
  /** What happens to the VM's GPUs. */
  gpu: string;
  /**
   * Whether the VM's GPUs count against the organization's GPU quota: derived from
   * `vmStatusesOutsideGpuQuota` (organization.ts, the VM row of `gpuQuota`), never typed here.
   */
  countsAgainstGpuQuota: boolean;
  ephemeralDisk: string;
  /** The boot volume is an ordinary volume: billed at the volume price in every status. */
  bootVolume: string;
  volumes: string;
  snapshots: string;
  publicIp: string;
}

const settled: readonly Omit<SettledState, 'flavorBilled' | 'countsAgainstGpuQuota'>[] = [
  {status: 'ACTIVE', gpu: 'Attached', ephemeralDisk: 'Kept', bootVolume: 'Kept, billed at the volume price', volumes: 'Attached, billed', snapshots: 'Kept, billed', publicIp: 'Kept, billed'},
  {status: 'SHUTOFF', gpu: 'Reserved for the VM', ephemeralDisk: 'Kept', bootVolume: 'Kept, billed at the volume price', volumes: 'Attached, billed', snapshots: 'Kept, billed', publicIp: 'Kept, billed'},
  {status: 'HIBERNATED', gpu: 'Released', ephemeralDisk: 'Erased', bootVolume: 'Holds the saved VM, billed at the volume price', volumes: 'Attached, billed', snapshots: 'Kept, billed', publicIp: 'Kept, billed'},
  {status: 'ERROR', gpu: 'Held until you delete the VM or it recovers', ephemeralDisk: 'Kept unless the host failed', bootVolume: 'Kept, billed at the volume price', volumes: 'Attached, billed', snapshots: 'Kept, billed', publicIp: 'Kept, billed'},
  {status: 'deleted', gpu: 'Released', ephemeralDisk: 'Erased', bootVolume: 'Deleted with the VM; a volume given as `boot_volume_name` or `boot_volume_id` is kept, and billed', volumes: 'Detached, kept, billed', snapshots: 'Erased', publicIp: 'Released'},
];

/** The settled statuses, with the flavor billing of `vmStates` and the GPU quota of `gpuQuota`. */
export const settledStates: readonly SettledState[] = settled.map((s) => ({
  ...s,
  flavorBilled: s.status !== 'deleted' && vmStates.find((v) => v.status === s.status)!.billed,
  countsAgainstGpuQuota: s.status !== 'deleted' && !vmStatusesOutsideGpuQuota.includes(s.status),
}));

/** One action of the API and the statuses it moves a VM through. */
export interface VmAction {
  action: string;
  operationId: string;
  /** Statuses the action is accepted in. */
  from: readonly string[];
  transitional: string;
  /** Where the VM settles when the action succeeds. */
  to: string;
}

export const vmActions: readonly VmAction[] = [
  {action: 'Create', operationId: 'createVirtualMachine', from: [], transitional: 'CREATING', to: 'ACTIVE'},
  {action: 'Stop', operationId: 'stopVirtualMachine', from: ['ACTIVE'], transitional: 'STOPPING', to: 'SHUTOFF'},
  {action: 'Start', operationId: 'startVirtualMachine', from: ['SHUTOFF'], transitional: 'STARTING', to: 'ACTIVE'},
  {action: 'Reboot', operationId: 'rebootVirtualMachine', from: ['ACTIVE'], transitional: 'REBOOTING', to: 'ACTIVE'},
  {action: 'Hibernate', operationId: 'hibernateVirtualMachine', from: ['ACTIVE', 'SHUTOFF'], transitional: 'HIBERNATING', to: 'HIBERNATED'},
  {action: 'Restore', operationId: 'restoreVirtualMachine', from: ['HIBERNATED'], transitional: 'RESTORING', to: 'ACTIVE'},
  {action: 'Resize', operationId: 'resizeVirtualMachine', from: ['ACTIVE', 'SHUTOFF'], transitional: 'RESIZING', to: 'ACTIVE or SHUTOFF, as before'},
  {action: 'Delete', operationId: 'deleteVirtualMachine', from: ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR'], transitional: 'DELETING', to: 'deleted'},
];

/**
 * The boot volume of a VM booted from an image: created from the image at first boot and
 * billed as an ordinary volume, at the volume price (`volume` usage lines), in every status
 * from the VM's creation until it is deleted with the VM. A custom image larger than this
 * gets a boot volume of its own size.
 */
export const bootVolume = {sizeGb: 100} as const;

/** Disk image formats `importImage` accepts (the spec's `format` enum). */
export const imageImportFormats: readonly {format: string; what: string}[] = [
  {format: 'qcow2', what: 'QEMU copy-on-write v2 or v3, compressed or not; only used blocks are downloaded and stored.'},
  {format: 'raw', what: 'A plain disk image, byte for byte; the file size is the virtual disk size.'},
];

/** The rules an imported or saved image must meet to boot. */
export const customImageRules = {
  maxGb: limits.customImageMaxGb.value,
  perOrganization: limits.customImagesPerOrganization.value,
  /** The URL `importImage` downloads must use this scheme. */
  urlScheme: 'https',
  /** How long the platform keeps trying to download an import before it fails. */
  downloadTimeoutHours: 6,
} as const;

/**
 * The parts of user data cloud-init runs at every boot: reboots, starts, resizes and restores
 * after a hibernation included. Everything else (`runcmd`, `packages`, `write_files`, disk and
 * file system set-up, mounts, a shell script) runs once per VM, because cloud-init records the
 * VM's id. Each is one of the modules `cloudInitStages` names.
 */
export const cloudInitEveryBoot: readonly string[] = ['bootcmd'];

/** cloud-init's stages in the order they run on first boot, and what runs in each. */
export const cloudInitStages: readonly {stage: string; service: string; runs: string}[] = [
  {stage: 'Local', service: 'cloud-init-local.service', runs: 'Reads the metadata and user data from the config drive, before the network is up, and writes the network configuration.'},
  {stage: 'Network', service: 'cloud-init.service', runs: 'Runs `bootcmd`, writes `write_files`, grows the root partition, mounts disks, sets the hostname, creates users and groups (the default user among them), installs the keypair for the default user and applies the `ssh` settings.'},
  {stage: 'Config', service: 'cloud-config.service', runs: 'Applies the remaining configuration modules: `apt` sources, NTP, timezone and locale, and writes `runcmd` into a script that the Final stage runs.'},
  {stage: 'Final', service: 'cloud-final.service', runs: 'Installs `packages`, runs `runcmd` and shell-script user data, and reports that cloud-init finished.'},
];
