import type {ReactNode} from 'react';
import {images} from '@site/src/data/platform';
import DataTable from '@site/src/components/DataTable';

/** The OS images from the data, with their driver and CUDA: `<ImageTable />`, or `gpuOnly` for those with a driver. */
export default function ImageTable({gpuOnly = false}: {gpuOnly?: boolean}): ReactNode {
  return (
    <DataTable
      rows={images.filter((i) => !gpuOnly || i.driver)}
      rowKey={(i) => i.name}
      columns={[
        {header: 'Image', cell: (i) => i.name},
        {header: 'Operating system', cell: (i) => i.os},
        {header: 'NVIDIA driver', cell: (i) => i.driver ?? 'Not installed'},
        {header: 'CUDA', cell: (i) => i.cuda ?? 'Not installed'},
      ]}
    />
  );
}
