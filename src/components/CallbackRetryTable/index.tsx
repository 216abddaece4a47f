import type {ReactNode} from 'react';
import {formatDuration, formatElapsed, retrySchedule} from '@site/src/data/callbacks';
import DataTable from '@site/src/components/DataTable';

/** Every delivery attempt of one callback event, from `src/data/callbacks.ts`: `<CallbackRetryTable />`. */
export default function CallbackRetryTable(): ReactNode {
  return (
    <DataTable
      rows={retrySchedule()}
      rowKey={(row) => row.attempt}
      columns={[
        {header: 'Attempt', cell: (row) => (row.attempt === 1 ? '1 (first delivery)' : row.attempt)},
        {header: 'Waits after the previous attempt', cell: (row) => (row.delaySeconds === 0 ? 'None' : formatDuration(row.delaySeconds))},
        {header: 'Time since the first attempt', cell: (row) => formatElapsed(row.sinceFirstSeconds)},
      ]}
    />
  );
}
