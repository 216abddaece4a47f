import type {ReactNode} from 'react';
import DataTable from '@site/src/components/DataTable';
import {formatResponseTarget, supportSeverities, type SupportSeverity} from '@site/src/data/support';

/** The severity levels of a support case with their first-response targets: `<SupportSeverityTable />`. */
export default function SupportSeverityTable(): ReactNode {
  return (
    <DataTable<SupportSeverity>
      rows={supportSeverities}
      rowKey={(s) => s.level}
      columns={[
        {header: 'Severity', cell: (s) => <><code>{s.level}</code> {s.name}</>},
        {header: 'When', cell: (s) => s.meaning},
        {header: 'For example', cell: (s) => s.examples},
        {header: 'First answer within', cell: (s) => `${formatResponseTarget(s.firstResponse)}${s.aroundTheClock ? ', around the clock' : ''}`},
        {header: 'Updates', cell: (s) => s.updates},
      ]}
    />
  );
}
