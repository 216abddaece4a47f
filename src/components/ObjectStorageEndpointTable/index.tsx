import type {ReactNode} from 'react';
import {regionEndpoints} from '@site/src/data/regions';
import DataTable from '@site/src/components/DataTable';

/** Each region with its location and S3 endpoint, from `src/data/regions.ts`: `<ObjectStorageEndpointTable />`. */
export default function ObjectStorageEndpointTable(): ReactNode {
  return (
    <DataTable
      rows={regionEndpoints()}
      rowKey={(r) => r.id}
      columns={[
        {header: 'Region', cell: (r) => <code>{r.id}</code>},
        {header: 'Location', cell: (r) => r.location},
        {header: 'Object storage endpoint', cell: (r) => <code>{r.objectStorageEndpoint}</code>},
      ]}
    />
  );
}
