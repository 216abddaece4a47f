import type {ReactNode} from 'react';
import DataTable, {CodeText, yesNo} from '@site/src/components/DataTable';
import {settledStates, vmActions, type SettledState, type SettledStatus} from '@site/src/data/virtual-machines';

const status = (s: string) => (/^[A-Z]+$/.test(s) ? <code>{s}</code> : s);

/**
 * The VM lifecycle from `src/data/virtual-machines.ts`:
 * `<VmLifecycleTable show="resources" />` says what each settled status keeps, erases and bills,
 * one column per status (the one VM state table: the VM, hibernation, spot, billing and tutorial
 * pages render it);
 * `<VmLifecycleTable show="actions" />` lists each API action with the statuses it moves a VM through.
 * `states={['HIBERNATED']}` keeps only those columns of the resources table.
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
  // One column per status and one row per part of the VM: nine columns of prose did not fit
  // beside the sidebar, while five statuses do.
  const shown = states ? settledStates.filter((s) => states.includes(s.status)) : settledStates;
  return (
    <DataTable
      rows={vmParts}
      rowKey={(p) => p.label}
      columns={[
        {key: 'part', header: 'Part of the VM', cell: (p) => p.label},
        ...shown.map((s) => ({key: s.status, header: s.status === 'deleted' ? 'Deleted' : <code>{s.status}</code>, cell: (p: VmPart) => p.cell(s)})),
      ]}
    />
  );
}

interface VmPart {
  label: string;
  cell: (s: SettledState) => ReactNode;
}

/** What `settledStates` says about each part of a VM, in the order a reader asks. */
const vmParts: readonly VmPart[] = [
  {label: 'Flavor billed', cell: (s) => yesNo(s.flavorBilled)},
  {label: 'GPU', cell: (s) => s.gpu},
  {label: 'Counts against GPU quota', cell: (s) => yesNo(s.countsAgainstGpuQuota)},
  {label: 'Ephemeral disk', cell: (s) => s.ephemeralDisk},
  {label: 'Boot volume', cell: (s) => <CodeText text={s.bootVolume} />},
  {label: 'Other volumes', cell: (s) => s.volumes},
  {label: 'Snapshots', cell: (s) => s.snapshots},
  {label: 'Public IP', cell: (s) => s.publicIp},
];
