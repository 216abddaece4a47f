import type {ReactNode} from 'react';
import DataTable, {CodeText, yesNo} from '@site/src/components/DataTable';
import {gpuQuota, type GpuQuotaUse} from '@site/src/data/organization';

/**
 * What counts against the organization's GPU quota and what does not, from `gpuQuota` in
 * `src/data/organization.ts`: `<GpuQuotaTable />`. The spec's quota descriptions are tied
 * to the same data by `src/data/organization.test.ts`.
 */
export default function GpuQuotaTable(): ReactNode {
  return (
    <DataTable<GpuQuotaUse>
      rows={gpuQuota.uses}
      rowKey={(use) => use.what}
      columns={[
        {header: 'What', cell: (use) => use.what},
        {header: 'Counts against the GPU quota', cell: (use) => yesNo(use.counts)},
        {header: 'How', cell: (use) => <CodeText text={use.detail} />},
      ]}
    />
  );
}
