import type {ReactNode} from 'react';
import {formatStoragePrice, storageKinds, type StorageKind, type StorageKindId} from '@site/src/data/storage';
import DataTable, {pickColumns, yesNo, type DataColumn} from '@site/src/components/DataTable';

export type StorageColumn = 'name' | 'durability' | 'performance' | 'stop' | 'hibernate' | 'vmDelete' | 'billedWhen' | 'size' | 'attachesTo' | 'price';

const COLUMNS: Record<StorageColumn, Omit<DataColumn<StorageKind>, 'key'>> = {
  name: {header: 'Storage', cell: (k) => <strong>{k.name}</strong>},
  durability: {header: 'Durability', cell: (k) => k.durability},
  performance: {header: 'Throughput and IOPS', cell: (k) => k.performance},
  stop: {header: 'Survives stop', cell: (k) => yesNo(k.survivesStop)},
  hibernate: {header: 'Survives hibernation', cell: (k) => yesNo(k.survivesHibernate)},
  vmDelete: {header: 'Survives VM deletion', cell: (k) => yesNo(k.survivesVmDelete)},
  billedWhen: {header: 'Billed', cell: (k) => k.billedWhen},
  size: {header: 'Size', cell: (k) => k.size},
  attachesTo: {header: 'Used by', cell: (k) => k.attachesTo},
  price: {header: 'Price', cell: (k) => formatStoragePrice(k.id)},
};

export const ALL_STORAGE_COLUMNS = Object.keys(COLUMNS) as StorageColumn[];

/**
 * The storage kinds compared, from `src/data/storage.ts`: `<StorageTable />` shows every kind
 * and column; `kinds={['cloud-ssd', 'shared-ssd']}` and `columns={['name', 'price']}` narrow it.
 */
export default function StorageTable({kinds, columns = ALL_STORAGE_COLUMNS}: {kinds?: StorageKindId[]; columns?: StorageColumn[]}): ReactNode {
  for (const id of kinds ?? []) {
    if (!storageKinds.some((k) => k.id === id)) throw new Error(`StorageTable: unknown storage kind "${id}"`);
  }
  const rows = storageKinds.filter((k) => !kinds || kinds.includes(k.id));
  return <DataTable className="storage-table" rows={rows} rowKey={(k) => k.id} columns={pickColumns(COLUMNS, columns)} />;
}
