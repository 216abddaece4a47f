import type {ReactNode} from 'react';
import {regions, type Region} from '@site/src/data/platform';
import DataTable, {yesNo, type DataColumn} from '@site/src/components/DataTable';

/** The regions from the data: `<RegionTable />`, or `<RegionTable openOnly />` for those taking new resources. */
export default function RegionTable({openOnly = false}: {openOnly?: boolean}): ReactNode {
  const columns: DataColumn<Region>[] = [
    {header: 'Region', cell: (r) => <code>{r.id}</code>},
    {header: 'Location', cell: (r) => r.location},
    ...(openOnly ? [] : [{header: 'Open to new resources', cell: (r: Region) => yesNo(r.open)}]),
  ];
  return <DataTable rows={regions.filter((r) => !openOnly || r.open)} rowKey={(r) => r.id} columns={columns} />;
}
