import type {ReactNode} from 'react';
import {callbackEvents} from '@site/src/data/callbacks';
import DataTable, {CodeText} from '@site/src/components/DataTable';

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
        {header: 'Sent when', cell: (event) => <CodeText text={event.sentWhen} />},
      ]}
    />
  );
}
