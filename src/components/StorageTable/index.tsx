import type {ReactNode} from 'react';
import {formatStoragePrice, storageKinds, type StorageKind, type StorageKindId} from '@site/src/data/storage';

export type StorageColumn = 'name' | 'durability' | 'performance' | 'stop' | 'hibernate' | 'vmDelete' | 'billedWhen' | 'size' | 'attachesTo' | 'price';

const COLUMNS: Record<StorageColumn, {label: string; cell: (k: StorageKind) => ReactNode}> = {
  name: {label: 'Storage', cell: (k) => <strong>{k.name}</strong>},
  durability: {label: 'Durability', cell: (k) => k.durability},
  performance: {label: 'Throughput and IOPS', cell: (k) => k.performance},
  stop: {label: 'Survives stop', cell: (k) => yesNo(k.survivesStop)},
  hibernate: {label: 'Survives hibernation', cell: (k) => yesNo(k.survivesHibernate)},
  vmDelete: {label: 'Survives VM deletion', cell: (k) => yesNo(k.survivesVmDelete)},
  billedWhen: {label: 'Billed', cell: (k) => k.billedWhen},
  size: {label: 'Size', cell: (k) => k.size},
  attachesTo: {label: 'Used by', cell: (k) => k.attachesTo},
  price: {label: 'Price', cell: (k) => formatStoragePrice(k.id)},
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

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
  return (
    <table className="storage-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{COLUMNS[c].label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((k) => (
          <tr key={k.id}>
            {columns.map((c) => (
              <td key={c}>{COLUMNS[c].cell(k)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
