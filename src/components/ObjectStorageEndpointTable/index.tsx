import type {ReactNode} from 'react';
import {regionEndpoints} from '@site/src/data/regions';

/** Each region with its location and S3 endpoint, from `src/data/regions.ts`: `<ObjectStorageEndpointTable />`. */
export default function ObjectStorageEndpointTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Region</th>
          <th>Location</th>
          <th>Object storage endpoint</th>
        </tr>
      </thead>
      <tbody>
        {regionEndpoints().map((r) => (
          <tr key={r.id}>
            <td>
              <code>{r.id}</code>
            </td>
            <td>{r.location}</td>
            <td>
              <code>{r.objectStorageEndpoint}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
