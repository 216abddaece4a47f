import type {ReactNode} from 'react';
import {flavors, type Flavor} from '@site/src/data/platform';
import {formatRate} from '@site/src/data/prices';

export type FlavorColumn =
  | 'name' | 'gpu' | 'vcpus' | 'ram' | 'ephemeral' | 'price' | 'priceMonth' | 'spotPrice'
  | 'network' | 'interconnect' | 'highSpeedNetwork' | 'sriov' | 'confidential';

const COLUMNS: Record<FlavorColumn, {title: string; cell: (f: Flavor) => ReactNode}> = {
  name: {title: 'Flavor', cell: (f) => <code>{f.name}</code>},
  gpu: {title: 'GPU', cell: (f) => (f.gpu ? `${f.gpuCount} × ${f.gpu} (${f.gpuMemoryGb} GB)` : 'None')},
  vcpus: {title: 'vCPUs', cell: (f) => f.vcpus},
  ram: {title: 'RAM (GB)', cell: (f) => f.ramGb.toLocaleString('en-US')},
  ephemeral: {title: 'Ephemeral disk (GB)', cell: (f) => f.ephemeralGb.toLocaleString('en-US')},
  price: {title: 'Price', cell: (f) => formatRate(f.pricePerHour)},
  priceMonth: {title: 'Price per month', cell: (f) => formatRate(f.pricePerHour, {per: 'month'}).replace(' per month', '')},
  spotPrice: {title: 'Spot price', cell: (f) => (f.spotPricePerHour === null ? 'Not offered' : formatRate(f.spotPricePerHour))},
  network: {title: 'Network (Gbit/s)', cell: (f) => f.networkGbps},
  interconnect: {title: 'GPU interconnect', cell: (f) => f.interconnect ?? 'None'},
  highSpeedNetwork: {title: 'High-speed network', cell: (f) => f.highSpeedNetwork ?? 'None'},
  sriov: {title: 'SR-IOV', cell: (f) => (f.sriov ? 'Yes' : 'No')},
  confidential: {title: 'Confidential computing', cell: (f) => (f.confidentialComputing ? 'Yes' : 'No')},
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
  return (
    <table>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{COLUMNS[c].title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr key={f.name}>
            {columns.map((c) => (
              <td key={c}>{COLUMNS[c].cell(f)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function missing(name: string): never {
  throw new Error(`<FlavorTable names>: unknown flavor "${name}"; known: ${flavors.map((f) => f.name).join(', ')}`);
}
