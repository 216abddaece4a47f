import type {ReactNode} from 'react';
import DataTable, {yesNo} from '@site/src/components/DataTable';
import {vmStates} from '@site/src/data/platform';

/** Every VM status the API reports, what it means and whether the flavor is billed in it: `<VmStateTable />`. */
export default function VmStateTable({billed = true}: {billed?: boolean}): ReactNode {
  return (
    <DataTable
      rows={vmStates}
      rowKey={(s) => s.status}
      columns={[
        {header: 'Status', cell: (s) => <code>{s.status}</code>},
        {header: 'What it means', cell: (s) => s.meaning},
        ...(billed ? [{header: 'Flavor billed', cell: (s: (typeof vmStates)[number]) => yesNo(s.billed)}] : []),
      ]}
    />
  );
}
