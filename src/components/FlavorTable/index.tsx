import type {ReactNode} from 'react';
import {flavors, type Flavor} from '@site/src/data/platform';
import {formatRate} from '@site/src/data/prices';
import DataTable, {pickColumns, yesNo, type DataColumn} from '@site/src/components/DataTable';

export type FlavorColumn =
  | 'name' | 'gpu' | 'vcpus' | 'ram' | 'ephemeral' | 'price' | 'priceMonth' | 'spotPrice'
  | 'network' | 'interconnect' | 'highSpeedNetwork' | 'sriov' | 'confidential';

const COLUMNS: Record<FlavorColumn, Omit<DataColumn<Flavor>, 'key'>> = {
  name: {header: 'Flavor', cell: (f) => <code>{f.name}</code>},
  gpu: {header: 'GPU', cell: (f) => (f.gpu ? `${f.gpuCount} × ${f.gpu} (${f.gpuMemoryGb} GB)` : 'None')},
  vcpus: {header: 'vCPUs', cell: (f) => f.vcpus},
  ram: {header: 'RAM (GB)', cell: (f) => f.ramGb.toLocaleString('en-US')},
  ephemeral: {header: 'Ephemeral disk (GB)', cell: (f) => f.ephemeralGb.toLocaleString('en-US')},
  price: {header: 'Price', cell: (f) => formatRate(f.pricePerHour)},
  priceMonth: {header: 'Price per month', cell: (f) => formatRate(f.pricePerHour, {per: 'month'}).replace(' per month', '')},
  spotPrice: {header: 'Spot price', cell: (f) => (f.spotPricePerHour === null ? 'Not offered' : formatRate(f.spotPricePerHour))},
  network: {header: 'Network (Gbit/s)', cell: (f) => f.networkGbps},
  interconnect: {header: 'GPU interconnect', cell: (f) => f.interconnect ?? 'None'},
  highSpeedNetwork: {header: 'High-speed network', cell: (f) => f.highSpeedNetwork ?? 'None'},
  sriov: {header: 'SR-IOV', cell: (f) => yesNo(f.sriov)},
  confidential: {header: 'Confidential computing', cell: (f) => yesNo(f.confidentialComputing)},
};

interface Props {
  /** Only these flavors, in this order. */
  names?: string[];
  /** Only flavors whose GPU model contains this text, e.g. "H100". */
  gpu?: string;
  /** Only CPU flavors (true) or only GPU flavors (false). */
  cpuOnly?: boolean;
  columns?: FlavorColumn[];
}

/** The flavor catalogue from the data: `<FlavorTable gpu="H100" columns={['name', 'gpu', 'price']} />`. */
export default function FlavorTable({names, gpu, cpuOnly, columns = ['name', 'gpu', 'vcpus', 'ram', 'ephemeral', 'price']}: Props): ReactNode {
  let rows = names ? names.map((n) => flavors.find((f) => f.name === n) ?? missing(n)) : [...flavors];
  if (gpu !== undefined) rows = rows.filter((f) => f.gpu?.includes(gpu));
  if (cpuOnly !== undefined) rows = rows.filter((f) => (f.gpu === null) === cpuOnly);
  return <DataTable rows={rows} rowKey={(f) => f.name} columns={pickColumns(COLUMNS, columns)} />;
}

function missing(name: string): never {
  throw new Error(`<FlavorTable names>: unknown flavor "${name}"; known: ${flavors.map((f) => f.name).join(', ')}`);
}
