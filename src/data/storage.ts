/**
 * The places data can live, compared on one table by the storage pages and priced by the
 * billing pages. Prices are USD per GB per hour of provisioned size (object storage: of
 * data stored); `null` means the storage is part of the flavor price.
 */
import {flavors, policies, regions} from './platform';
import {formatRate} from './prices';

export type StorageKindId = 'ephemeral' | 'local-nvme' | 'cloud-ssd' | 'shared-ssd' | 'hp-file' | 'object';

export interface StorageKind {
  id: StorageKindId;
  /** Name as the console shows it; for volumes also the API's `volume_type`. */
  name: string;
  /** USD per GB per hour, or null when included in the flavor price. */
  pricePerGbHour: number | null;
  /** How many VMs can use one unit of it at once. */
  attachesTo: string;
  /** The most VMs one unit attaches to at once; null when not attached to VMs (object storage). */
  maxAttachments: number | null;
  /** How the data is protected against the loss of a disk or server. */
  durability: string;
  /** Sequential throughput and random IOPS one unit delivers. */
  performance: string;
  /** Whether the data is still there after the VM is stopped (`SHUTOFF`) and started. */
  survivesStop: boolean;
  /** Whether the data is still there after the VM is hibernated and restored. */
  survivesHibernate: boolean;
  /** Whether the data is still there after the VM that uses it is deleted. */
  survivesVmDelete: boolean;
  /** When it is billed. */
  billedWhen: string;
  /** The sizes one unit can have. */
  size: string;
}

export const storageKinds: readonly StorageKind[] = [
  {
    id: 'ephemeral', name: 'Ephemeral disk', pricePerGbHour: null, attachesTo: 'Its own VM only', maxAttachments: 1,
    durability: 'One copy, on the local SSDs of the VM\'s host; lost if the host fails',
    performance: 'Up to 2,000 MB/s and 150,000 IOPS',
    survivesStop: true, survivesHibernate: false, survivesVmDelete: false,
    billedWhen: 'Included in the flavor price', size: 'Fixed by the flavor',
  },
  {
    id: 'local-nvme', name: 'Local NVMe', pricePerGbHour: null, attachesTo: 'Its own VM only', maxAttachments: 1,
    durability: 'No redundancy: each drive is one physical device in the host',
    performance: 'Per drive up to 6,500 MB/s read, 3,500 MB/s write and 1,000,000 read IOPS',
    survivesStop: true, survivesHibernate: false, survivesVmDelete: false,
    billedWhen: 'Included in the flavor price', size: 'Fixed by the flavor',
  },
  {
    id: 'cloud-ssd', name: 'Cloud-SSD', pricePerGbHour: policies.volumePricePerGbHour, attachesTo: 'One VM at a time', maxAttachments: 1,
    durability: 'Three copies on three storage servers of the region',
    performance: 'Up to 1,000 MB/s and 16,000 IOPS per volume',
    survivesStop: true, survivesHibernate: true, survivesVmDelete: true,
    billedWhen: 'From creation to deletion, attached or not', size: '1 to 16,384 GB',
  },
  {
    id: 'shared-ssd', name: 'Shared-SSD', pricePerGbHour: 0.00013, attachesTo: 'Up to 8 VMs of one environment', maxAttachments: 8,
    durability: 'Three copies on three storage servers of the region',
    performance: 'Up to 1,000 MB/s and 16,000 IOPS per volume, shared by its VMs',
    survivesStop: true, survivesHibernate: true, survivesVmDelete: true,
    billedWhen: 'From creation to deletion, attached or not', size: '1 to 16,384 GB',
  },
  {
    id: 'hp-file', name: 'High-performance file storage', pricePerGbHour: 0.00019, attachesTo: 'Every VM and cluster node of one environment', maxAttachments: null,
    durability: 'Erasure-coded across storage servers of the region; survives the loss of two',
    performance: 'Up to 2,000 MB/s per VM and 20,000 MB/s per share',
    survivesStop: true, survivesHibernate: true, survivesVmDelete: true,
    billedWhen: 'From creation to deletion, on the provisioned size', size: '1,000 to 500,000 GB',
  },
  {
    id: 'object', name: 'Object storage', pricePerGbHour: policies.objectStoragePricePerGbHour, attachesTo: 'Any S3 client, anywhere', maxAttachments: null,
    durability: 'Erasure-coded across storage servers of the region; survives the loss of two',
    performance: 'About 150 MB/s per connection; scales with parallel requests',
    survivesStop: true, survivesHibernate: true, survivesVmDelete: true,
    billedWhen: 'On the data stored; requests and transfer are free', size: 'Up to 5 TiB per object',
  },
];

export function storageKind(id: StorageKindId): StorageKind {
  const kind = storageKinds.find((k) => k.id === id);
  if (!kind) throw new Error(`Unknown storage kind "${id}"; known: ${storageKinds.map((k) => k.id).join(', ')}`);
  return kind;
}

/** The volume types of the API (`volume_type`), in the order listVolumeTypes returns them. */
export const volumeTypes = storageKinds.filter((k) => k.id === 'cloud-ssd' || k.id === 'shared-ssd');

/**
 * Flavors whose ephemeral storage is delivered as raw NVMe drives passed through to the VM
 * (`/dev/nvme0n1` …) instead of one virtual disk. `drives × driveGb` is the flavor's
 * `ephemeralGb`.
 */
export const localNvmeFlavors: readonly {flavor: string; drives: number; driveGb: number}[] = [
  {flavor: 'n3-H100x8', drives: 8, driveGb: 4000},
];

/** A number with a unit, as the storage pages state it. */
export interface StorageLimit {
  value: number;
  unit: string;
  what: string;
}

/** Limits of volumes, file shares and object storage. */
export const storageLimits = {
  /** Smallest and largest volume (both volume types). */
  volumeMinGb: {value: 1, unit: 'GB', what: 'Smallest volume'},
  volumeMaxGb: {value: 16384, unit: 'GB', what: 'Largest volume'},
  /** Smallest bootable volume (a Cloud-SSD volume created from an image). */
  bootableVolumeMinGb: {value: 50, unit: 'GB', what: 'Smallest bootable volume'},
  /** Volumes attached to one VM at once, boot volume included. */
  volumesPerVm: {value: 16, unit: 'volumes', what: 'Volumes attached to one VM'},
  /** VMs one Shared-SSD volume attaches to at once. */
  sharedSsdMaxAttachments: {value: 8, unit: 'VMs', what: 'VMs per Shared-SSD volume'},
  /** Smallest and largest file share. */
  fileShareMinGb: {value: 1000, unit: 'GB', what: 'Smallest file share'},
  fileShareMaxGb: {value: 500000, unit: 'GB', what: 'Largest file share'},
  /** File shares per environment. */
  fileSharesPerEnvironment: {value: 10, unit: 'file shares', what: 'File shares per environment'},
  /** Buckets one organization may have, over all regions. */
  bucketsPerOrganization: {value: 100, unit: 'buckets', what: 'Buckets per organization'},
  /** Largest object. */
  objectMaxSizeTiB: {value: 5, unit: 'TiB', what: 'Largest object'},
  /** Largest object one PUT may upload; larger objects need a multipart upload. */
  singlePutMaxGiB: {value: 5, unit: 'GiB', what: 'Largest single PUT'},
  /** Smallest part of a multipart upload, the last part excepted. */
  multipartMinPartMiB: {value: 5, unit: 'MiB', what: 'Smallest multipart part'},
  /** Largest part of a multipart upload. */
  multipartMaxPartGiB: {value: 5, unit: 'GiB', what: 'Largest multipart part'},
  /** Parts in one multipart upload. */
  multipartMaxParts: {value: 10000, unit: 'parts', what: 'Parts per multipart upload'},
  /** Days an unfinished multipart upload is kept before its parts are deleted. */
  multipartAbandonedDays: {value: 7, unit: 'days', what: 'Unfinished multipart uploads kept'},
  /** Longest validity of a presigned URL. */
  presignedUrlMaxDays: {value: 7, unit: 'days', what: 'Longest presigned URL validity'},
  /** Access keys per organization. */
  accessKeysPerOrganization: {value: 50, unit: 'access keys', what: 'Access keys per organization'},
} as const satisfies Record<string, StorageLimit>;

export type StorageLimitName = keyof typeof storageLimits;

/** "16,384 GB". */
export const formatStorageLimit = (name: StorageLimitName): string => `${storageLimits[name].value.toLocaleString('en-US')} ${storageLimits[name].unit}`;

/** S3 features of object storage: which the endpoints implement and which they refuse. */
export const s3Features: readonly {feature: string; supported: boolean; note: string}[] = [
  {feature: 'Multipart upload', supported: true, note: 'Used by the AWS CLI and boto3 for large files automatically'},
  {feature: 'Presigned URLs (Signature V4)', supported: true, note: 'GET and PUT, valid up to 7 days'},
  {feature: 'Versioning', supported: true, note: 'Every version is billed as stored data'},
  {feature: 'Lifecycle rules', supported: true, note: 'Expiration and abort of unfinished multipart uploads only'},
  {feature: 'CORS configuration', supported: true, note: 'Per bucket'},
  {feature: 'Path-style and virtual-hosted-style addressing', supported: true, note: 'Both, on every regional endpoint'},
  {feature: 'Server-side encryption', supported: true, note: 'Always on, with platform keys; SSE-C and SSE-KMS are refused'},
  {feature: 'Public buckets and ACLs', supported: false, note: 'Buckets are private; share objects with presigned URLs'},
  {feature: 'Bucket policies', supported: false, note: 'Every access key reaches every bucket of the organization'},
  {feature: 'Static website hosting', supported: false, note: 'Serve files from a VM or a CDN instead'},
  {feature: 'Object Lock and legal holds', supported: false, note: 'Use versioning to keep old copies'},
  {feature: 'Cross-region replication', supported: false, note: 'Copy between regions with rclone or the AWS CLI'},
  {feature: 'Storage classes', supported: false, note: 'Every object is STANDARD'},
  {feature: 'S3 Select and Object Lambda', supported: false, note: 'Not implemented'},
];

/** Flavors named in `localNvmeFlavors`, checked against the flavor data. */
export function localNvmeFlavor(name: string): {flavor: string; drives: number; driveGb: number; ephemeralGb: number} {
  const entry = localNvmeFlavors.find((f) => f.flavor === name);
  const flavor = flavors.find((f) => f.name === name);
  if (!entry || !flavor) throw new Error(`"${name}" is not a flavor with local NVMe drives`);
  return {...entry, ephemeralGb: flavor.ephemeralGb};
}

/**
 * A storage kind's price in the site's one format: "$0.00013 per GB per hour", or with
 * `quantity` (GB) "$0.065 per hour" / `per: 'month'` "$47.45 per month"; kinds included in
 * the flavor read "Included in the flavor price".
 */
export function formatStoragePrice(id: StorageKindId, options: {quantity?: number; per?: 'hour' | 'month'} = {}): string {
  const kind = storageKind(id);
  if (kind.pricePerGbHour === null) return 'Included in the flavor price';
  const quantity = options.quantity ?? 1;
  return formatRate(kind.pricePerGbHour * quantity, {per: options.per, unit: options.quantity === undefined ? 'per GB per hour' : 'per hour'});
}

/**
 * The S3 endpoint of each region, as listObjectStorageRegions returns it. Written with the
 * default brand's domain, like every API value in code samples.
 */
export const objectStorageEndpoints: readonly {region: string; location: string; endpoint: string; open: boolean}[] = regions.map((r) => ({
  region: r.id,
  location: r.location,
  endpoint: `https://s3.${r.id}.example.com`,
  open: r.open,
}));
