import type {ReactNode} from 'react';
import {callbackEvents} from '@site/src/data/callbacks';
import DataTable from '@site/src/components/DataTable';

/** Renders `a \`code\` b` with the backticked parts as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** The callback event types, from `src/data/callbacks.ts`: `<CallbackEventTable />`. */
export default function CallbackEventTable(): ReactNode {
  return (
    <DataTable
      rows={callbackEvents}
      rowKey={(event) => event.type}
      columns={[
        {header: 'Event type', cell: (event) => <code>{event.type}</code>},
        {header: 'Sent to the callback of', cell: (event) => event.resource},
        {header: <>Resource under <code>data</code></>, cell: (event) => <code>{event.dataKey}</code>},
        {header: 'Sent when', cell: (event) => withCode(event.sentWhen)},
      ]}
    />
  );
}
