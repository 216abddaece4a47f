import type {ReactNode} from 'react';
import {settledStates, vmActions} from '@site/src/data/virtual-machines';

/**
 * The VM lifecycle from `src/data/virtual-machines.ts`:
 * `<VmLifecycleTable show="resources" />` says what each settled status keeps, erases and bills;
 * `<VmLifecycleTable show="actions" />` lists each API action with the statuses it moves a VM through.
 */
export default function VmLifecycleTable({show}: {show: 'resources' | 'actions'}): ReactNode {
  if (show === 'actions') {
    return (
      <table>
        <thead>
          <tr>
            <th>Action</th>
            <th>Accepted in</th>
            <th>Passes through</th>
            <th>Settles in</th>
            <th>Operation</th>
          </tr>
        </thead>
        <tbody>
          {vmActions.map((a) => (
            <tr key={a.action}>
              <td>{a.action}</td>
              <td>{a.from.length ? a.from.map((s, i) => <span key={s}>{i > 0 && ', '}<code>{s}</code></span>) : 'a new VM'}</td>
              <td><code>{a.transitional}</code></td>
              <td>{/^[A-Z]+$/.test(a.to) ? <code>{a.to}</code> : a.to}</td>
              <td><code>{a.operationId}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <table>
      <thead>
        <tr>
          <th>Status</th>
          <th>Flavor billed</th>
          <th>GPU</th>
          <th>Ephemeral disk</th>
          <th>Boot volume</th>
          <th>Volumes</th>
          <th>Snapshots</th>
          <th>Public IP</th>
          <th>Counts against GPU quota</th>
        </tr>
      </thead>
      <tbody>
        {settledStates.map((s) => (
          <tr key={s.status}>
            <td>{s.status === 'deleted' ? 'Deleted' : <code>{s.status}</code>}</td>
            <td>{s.flavorBilled ? 'Yes' : 'No'}</td>
            <td>{s.gpu}</td>
            <td>{s.ephemeralDisk}</td>
            <td>{s.bootVolume}</td>
            <td>{s.volumes}</td>
            <td>{s.snapshots}</td>
            <td>{s.publicIp}</td>
            <td>{s.countsAgainstQuota ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
