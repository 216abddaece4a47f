import type {ReactNode} from 'react';
import {formatRate, HOURS_PER_MONTH} from '@site/src/data/prices';
import {storageKind} from '@site/src/data/storage';
import {
  clusterAddons,
  clusterCost,
  exampleCluster,
  kubernetesVersions,
  masterFlavors,
  productionCluster,
  storageClasses,
  storageClassPricePerGbHour,
  type ClusterShape,
} from '@site/src/data/kubernetes';
import DataTable, {yesNo} from '@site/src/components/DataTable';

/** The Kubernetes versions new clusters can use, with their end-of-support dates. */
export function KubernetesVersionTable(): ReactNode {
  return (
    <DataTable
      rows={kubernetesVersions}
      rowKey={(v) => v.version}
      columns={[
        {header: 'Version', cell: (v) => <code>{v.version}</code>},
        {header: 'Status', cell: (v) => <code>{v.status}</code>},
        {header: 'Default', cell: (v) => yesNo(v.default)},
        {header: 'End of support', cell: (v) => v.endOfSupport},
      ]}
    />
  );
}

/** The control plane flavors with their sizes and prices per node. */
export function MasterFlavorTable(): ReactNode {
  return (
    <DataTable
      rows={masterFlavors}
      rowKey={(f) => f.name}
      columns={[
        {header: 'Master flavor', cell: (f) => <code>{f.name}</code>},
        {header: 'vCPUs', cell: (f) => f.vcpus},
        {header: 'RAM', cell: (f) => <>{f.ramGb} GB</>},
        {header: 'Disk', cell: (f) => <>{f.ephemeralGb} GB</>},
        {header: 'Price per node', cell: (f) => formatRate(f.pricePerHour)},
        {header: 'Sized for', cell: (f) => f.recommendedFor},
      ]}
    />
  );
}

/** What every new cluster has installed. */
export function ClusterAddonTable(): ReactNode {
  return (
    <DataTable
      rows={clusterAddons}
      rowKey={(a) => a.name}
      columns={[
        {header: 'Component', cell: (a) => a.name},
        {header: 'Version', cell: (a) => a.version},
        {header: 'Namespace', cell: (a) => <code>{a.namespace}</code>},
        {header: 'What it does', cell: (a) => a.role},
      ]}
    />
  );
}

/** The storage classes of a new cluster, with what they provision and its price. */
export function StorageClassTable(): ReactNode {
  return (
    <DataTable
      rows={storageClasses}
      rowKey={(s) => s.name}
      columns={[
        {header: 'StorageClass', cell: (s) => <code>{s.name}</code>},
        {header: 'Provisions', cell: (s) => storageKind(s.kind).name},
        {header: 'Access mode', cell: (s) => <code>{s.accessModes}</code>},
        {header: 'Reclaim policy', cell: (s) => <code>{s.reclaimPolicy}</code>},
        {header: 'Default', cell: (s) => yesNo(s.isDefault)},
        {header: 'Price', cell: (s) => formatRate(storageClassPricePerGbHour(s.name), {unit: 'per GB per hour'})},
      ]}
    />
  );
}

/**
 * A cluster's cost, line by line, per hour and per month (730 hours):
 * `<ClusterCostTable />` for the guides' example, `shape="production"` for three masters.
 */
export function ClusterCostTable({shape = 'example'}: {shape?: 'example' | 'production' | ClusterShape}): ReactNode {
  const chosen = shape === 'example' ? exampleCluster : shape === 'production' ? productionCluster : shape;
  const cost = clusterCost(chosen);
  // The total is the last row, in bold.
  const rows = [...cost.lines.map((l) => ({what: l.what, perHour: l.perHour, total: false})), {what: 'Total', perHour: cost.perHour, total: true}];
  const bold = (total: boolean, text: string): ReactNode => (total ? <strong>{text}</strong> : text);
  return (
    <DataTable
      rows={rows}
      rowKey={(l) => l.what}
      columns={[
        {header: 'Item', cell: (l) => bold(l.total, l.what)},
        {header: 'Per hour', cell: (l) => bold(l.total, formatRate(l.perHour, {hours: 1}))},
        {header: 'Per month', cell: (l) => bold(l.total, formatRate(l.perHour, {hours: HOURS_PER_MONTH}))},
      ]}
    />
  );
}
