import type {ReactNode} from 'react';
import {formatDuration, formatElapsed, retrySchedule} from '@site/src/data/callbacks';

/** Every delivery attempt of one callback event, from `src/data/callbacks.ts`: `<CallbackRetryTable />`. */
export default function CallbackRetryTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Attempt</th>
          <th>Waits after the previous attempt</th>
          <th>Time since the first attempt</th>
        </tr>
      </thead>
      <tbody>
        {retrySchedule().map((row) => (
          <tr key={row.attempt}>
            <td>{row.attempt === 1 ? '1 (first delivery)' : row.attempt}</td>
            <td>{row.delaySeconds === 0 ? 'None' : formatDuration(row.delaySeconds)}</td>
            <td>{formatElapsed(row.sinceFirstSeconds)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
