import type {ReactNode} from 'react';
import {regions} from '@site/src/data/platform';

/** The regions from the data: `<RegionTable />`, or `<RegionTable openOnly />` for those taking new resources. */
export default function RegionTable({openOnly = false}: {openOnly?: boolean}): ReactNode {
  const rows = regions.filter((r) => !openOnly || r.open);
  return (
    <table>
      <thead>
        <tr>
          <th>Region</th>
          <th>Location</th>
          {!openOnly && <th>Open to new resources</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <code>{r.id}</code>
            </td>
            <td>{r.location}</td>
            {!openOnly && <td>{r.open ? 'Yes' : 'No'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
