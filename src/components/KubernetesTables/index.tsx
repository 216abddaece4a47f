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

/** The Kubernetes versions new clusters can use, with their end-of-support dates. */
export function KubernetesVersionTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr><th>Version</th><th>Status</th><th>Default</th><th>End of support</th></tr>
      </thead>
      <tbody>
        {kubernetesVersions.map((v) => (
          <tr key={v.version}>
            <td><code>{v.version}</code></td>
            <td><code>{v.status}</code></td>
            <td>{v.default ? 'Yes' : 'No'}</td>
            <td>{v.endOfSupport}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The control plane flavors with their sizes and prices per node. */
export function MasterFlavorTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr><th>Master flavor</th><th>vCPUs</th><th>RAM</th><th>Disk</th><th>Price per node</th><th>Sized for</th></tr>
      </thead>
      <tbody>
        {masterFlavors.map((f) => (
          <tr key={f.name}>
            <td><code>{f.name}</code></td>
            <td>{f.vcpus}</td>
            <td>{f.ramGb} GB</td>
            <td>{f.ephemeralGb} GB</td>
            <td>{formatRate(f.pricePerHour)}</td>
            <td>{f.recommendedFor}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What every new cluster has installed. */
export function ClusterAddonTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr><th>Component</th><th>Version</th><th>Namespace</th><th>What it does</th></tr>
      </thead>
      <tbody>
        {clusterAddons.map((a) => (
          <tr key={a.name}>
            <td>{a.name}</td>
            <td>{a.version}</td>
            <td><code>{a.namespace}</code></td>
            <td>{a.role}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The storage classes of a new cluster, with what they provision and its price. */
export function StorageClassTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr><th>StorageClass</th><th>Provisions</th><th>Access mode</th><th>Reclaim policy</th><th>Default</th><th>Price</th></tr>
      </thead>
      <tbody>
        {storageClasses.map((s) => (
          <tr key={s.name}>
            <td><code>{s.name}</code></td>
            <td>{storageKind(s.kind).name}</td>
            <td><code>{s.accessModes}</code></td>
            <td><code>{s.reclaimPolicy}</code></td>
            <td>{s.isDefault ? 'Yes' : 'No'}</td>
            <td>{formatRate(storageClassPricePerGbHour(s.name), {unit: 'per GB per hour'})}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A cluster's cost, line by line, per hour and per month (730 hours):
 * `<ClusterCostTable />` for the guides' example, `shape="production"` for three masters.
 */
export function ClusterCostTable({shape = 'example'}: {shape?: 'example' | 'production' | ClusterShape}): ReactNode {
  const chosen = shape === 'example' ? exampleCluster : shape === 'production' ? productionCluster : shape;
  const cost = clusterCost(chosen);
  return (
    <table>
      <thead>
        <tr><th>Item</th><th>Per hour</th><th>Per month</th></tr>
      </thead>
      <tbody>
        {cost.lines.map((l) => (
          <tr key={l.what}>
            <td>{l.what}</td>
            <td>{formatRate(l.perHour, {hours: 1})}</td>
            <td>{formatRate(l.perHour, {hours: HOURS_PER_MONTH})}</td>
          </tr>
        ))}
        <tr>
          <td><strong>Total</strong></td>
          <td><strong>{formatRate(cost.perHour, {hours: 1})}</strong></td>
          <td><strong>{formatRate(cost.perHour, {hours: HOURS_PER_MONTH})}</strong></td>
        </tr>
      </tbody>
    </table>
  );
}
