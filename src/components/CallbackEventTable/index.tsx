import type {ReactNode} from 'react';
import {callbackEvents} from '@site/src/data/callbacks';

/** Renders `a \`code\` b` with the backticked parts as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}

/** The callback event types, from `src/data/callbacks.ts`: `<CallbackEventTable />`. */
export default function CallbackEventTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Event type</th>
          <th>Sent to the callback of</th>
          <th>
            Resource under <code>data</code>
          </th>
          <th>Sent when</th>
        </tr>
      </thead>
      <tbody>
        {callbackEvents.map((event) => (
          <tr key={event.type}>
            <td>
              <code>{event.type}</code>
            </td>
            <td>{event.resource}</td>
            <td>
              <code>{event.dataKey}</code>
            </td>
            <td>{withCode(event.sentWhen)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
