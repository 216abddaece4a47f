import type {ReactNode} from 'react';
import {billableResourceTypes, runoutTimeline, stateBilling, storagePriceRows} from '@site/src/data/billing';
import {formatRate} from '@site/src/data/prices';

/** Text with `inline code` spans, as the data writes API values. */
export function CodeText({text}: {text: string}): ReactNode {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
    </>
  );
}

/** Every `resource_type` the billing API reports, its unit and when it is billed: `<ResourceTypeTable />`. */
export function ResourceTypeTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>
            <code>resource_type</code>
          </th>
          <th>What is billed</th>
          <th>Unit</th>
          <th>Billed</th>
        </tr>
      </thead>
      <tbody>
        {billableResourceTypes.map((t) => (
          <tr key={t.id}>
            <td>
              <code>{t.id}</code>
            </td>
            <td>{t.what}</td>
            <td>
              <code>{t.unit}</code>
            </td>
            <td>{t.billedWhen}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a VM keeps and pays for in each state, and after deletion: `<StateBillingTable />`. */
export function StateBillingTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>State</th>
          <th>Flavor billed</th>
          <th>GPU</th>
          <th>Ephemeral disk</th>
          <th>Boot volume</th>
          <th>Other volumes</th>
          <th>Public IP</th>
          <th>Snapshots</th>
        </tr>
      </thead>
      <tbody>
        {stateBilling.map((s) => (
          <tr key={s.status}>
            <td>{s.status === 'deleted' ? 'Deleted' : <code>{s.status}</code>}</td>
            <td>{s.flavorBilled ? 'Yes' : 'No'}</td>
            <td>{s.gpu}</td>
            <td>{s.ephemeralDisk}</td>
            <td>{s.bootVolume}</td>
            <td>{s.volumes}</td>
            <td>{s.publicIp}</td>
            <td>{s.snapshots}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What happens, and when, after the credit balance reaches zero: `<RunoutTable />`. */
export function RunoutTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Hours after zero</th>
          <th>When</th>
          <th>What happens</th>
        </tr>
      </thead>
      <tbody>
        {runoutTimeline().map((step) => (
          <tr key={step.when}>
            <td>{step.atHours === null ? 'Before' : step.atHours.toLocaleString('en-US')}</td>
            <td>{step.when}</td>
            <td>
              <CodeText text={step.what} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Storage kinds with a price of their own, per GB per hour and per GB per month: `<StoragePriceTable />`. */
export function StoragePriceTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Storage</th>
          <th>Price per GB per hour</th>
          <th>Per GB per month</th>
          <th>Used by</th>
        </tr>
      </thead>
      <tbody>
        {storagePriceRows.map((k) => (
          <tr key={k.id}>
            <td>{k.name}</td>
            <td>{formatRate(k.pricePerGbHour ?? 0, {unit: ''}).trim()}</td>
            <td>{formatRate(k.pricePerGbHour ?? 0, {per: 'month'}).replace(' per month', '')}</td>
            <td>{k.attachesTo}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
