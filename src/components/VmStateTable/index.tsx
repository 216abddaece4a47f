import type {ReactNode} from 'react';
import {vmStates} from '@site/src/data/platform';

/** Every VM status the API reports, what it means and whether the flavor is billed in it: `<VmStateTable />`. */
export default function VmStateTable({billed = true}: {billed?: boolean}): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Status</th>
          <th>What it means</th>
          {billed && <th>Flavor billed</th>}
        </tr>
      </thead>
      <tbody>
        {vmStates.map((s) => (
          <tr key={s.status}>
            <td>
              <code>{s.status}</code>
            </td>
            <td>{s.meaning}</td>
            {billed && <td>{s.billed ? 'Yes' : 'No'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
