/**
 * The places data can live, compared on one table by the storage pages and priced by the
 * billing pages. Prices are USD per GB per hour of provisioned size (object storage: of
 * data stored); `null` means the storage is part of the flavor price.
 */
import {policies} from './platform';

export type StorageKindId = 'ephemeral' | 'local-nvme' | 'cloud-ssd' | 'shared-ssd' | 'hp-file' | 'object';

export interface StorageKind {
  id: StorageKindId;
  /** Name as the console shows it; for volumes also the API's `volume_type`. */
  name: string;
  /** USD per GB per hour, or null when included in the flavor price. */
  pricePerGbHour: number | null;
  /** How many VMs can use one unit of it at once. */
  attachesTo: string;
}

export const storageKinds: readonly StorageKind[] = [
  {id: 'ephemeral', name: 'Ephemeral disk', pricePerGbHour: null, attachesTo: 'Its own VM only'},
  {id: 'local-nvme', name: 'Local NVMe', pricePerGbHour: null, attachesTo: 'Its own VM only'},
  {id: 'cloud-ssd', name: 'Cloud-SSD', pricePerGbHour: policies.volumePricePerGbHour, attachesTo: 'One VM at a time'},
  {id: 'shared-ssd', name: 'Shared-SSD', pricePerGbHour: 0.00013, attachesTo: 'Up to 8 VMs of one environment'},
  {id: 'hp-file', name: 'High-performance file storage', pricePerGbHour: 0.00019, attachesTo: 'Every VM and cluster node of one environment'},
  {id: 'object', name: 'Object storage', pricePerGbHour: policies.objectStoragePricePerGbHour, attachesTo: 'Any S3 client, anywhere'},
];

export function storageKind(id: StorageKindId): StorageKind {
  const kind = storageKinds.find((k) => k.id === id);
  if (!kind) throw new Error(`Unknown storage kind "${id}"; known: ${storageKinds.map((k) => k.id).join(', ')}`);
  return kind;
}
