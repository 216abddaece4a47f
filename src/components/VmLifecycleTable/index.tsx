import type {ReactNode} from 'react';
import DataTable, {yesNo} from '@site/src/components/DataTable';
import {CodeText} from '@site/src/components/BillingTables';
import {settledStates, vmActions, type SettledStatus} from '@site/src/data/virtual-machines';

const status = (s: string) => (/^[A-Z]+$/.test(s) ? <code>{s}</code> : s);

/**
 * The VM lifecycle from `src/data/virtual-machines.ts`:
 * `<VmLifecycleTable show="resources" />` says what each settled status keeps, erases and bills
 * (the one VM state table: the VM, hibernation, spot, billing and tutorial pages render it);
 * `<VmLifecycleTable show="actions" />` lists each API action with the statuses it moves a VM through.
 * `states={['HIBERNATED']}` keeps only those rows of the resources table.
 */
export default function VmLifecycleTable({show, states}: {show: 'resources' | 'actions'; states?: readonly SettledStatus[]}): ReactNode {
  if (show === 'actions') {
    return (
      <DataTable
        rows={vmActions}
        rowKey={(a) => a.action}
        columns={[
          {header: 'Action', cell: (a) => a.action},
          {header: 'Accepted in', cell: (a) => (a.from.length ? a.from.map((s, i) => <span key={s}>{i > 0 && ', '}<code>{s}</code></span>) : 'a new VM')},
          {header: 'Passes through', cell: (a) => <code>{a.transitional}</code>},
          {header: 'Settles in', cell: (a) => status(a.to)},
          {header: 'Operation', cell: (a) => <code>{a.operationId}</code>},
        ]}
      />
    );
  }
  return (
    <DataTable
      rows={states ? settledStates.filter((s) => states.includes(s.status)) : settledStates}
      rowKey={(s) => s.status}
      columns={[
        {header: 'Status', cell: (s) => (s.status === 'deleted' ? 'Deleted' : <code>{s.status}</code>)},
        {header: 'Flavor billed', cell: (s) => yesNo(s.flavorBilled)},
        {header: 'GPU', cell: (s) => s.gpu},
        {header: 'Counts against GPU quota', cell: (s) => yesNo(s.countsAgainstGpuQuota)},
        {header: 'Ephemeral disk', cell: (s) => s.ephemeralDisk},
        {header: 'Boot volume', cell: (s) => <CodeText text={s.bootVolume} />},
        {header: 'Other volumes', cell: (s) => s.volumes},
        {header: 'Snapshots', cell: (s) => s.snapshots},
        {header: 'Public IP', cell: (s) => s.publicIp},
      ]}
    />
  );
}
