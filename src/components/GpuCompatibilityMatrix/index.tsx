import type {ReactNode} from 'react';
import {images} from '@site/src/data/platform';
import {compatibility, gpuModels, imageDrivers} from '@site/src/data/hardware';
import DataTable from '@site/src/components/DataTable';

interface Props {
  /**
   * `matrix` (default): each GPU model against each image that ships a driver;
   * `models`: each GPU model with its architecture and minimum driver and CUDA;
   * `images`: each image with its exact driver build, CUDA and extras.
   */
  view?: 'matrix' | 'models' | 'images';
}

/** The driver and CUDA compatibility of the GPU models and images, from `src/data/hardware.ts`. */
export default function GpuCompatibilityMatrix({view = 'matrix'}: Props): ReactNode {
  if (view === 'models') {
    return (
      <DataTable
        rows={gpuModels}
        rowKey={(m) => m.gpu}
        columns={[
          {header: 'GPU', cell: (m) => m.gpu},
          {header: 'Architecture', cell: (m) => m.architecture},
          {header: 'Compute capability', cell: (m) => m.computeCapability},
          {header: 'Oldest driver', cell: (m) => m.minimumDriver},
          {header: 'Oldest CUDA', cell: (m) => m.minimumCuda},
          {header: 'CUDA forward compatibility', cell: (m) => (m.forwardCompatible ? 'Yes' : 'No')},
        ]}
      />
    );
  }
  if (view === 'images') {
    return (
      <DataTable
        rows={imageDrivers}
        rowKey={(d) => d.image}
        columns={[
          {header: 'Image', cell: (d) => d.image},
          {header: 'Driver version', cell: (d) => <code>{d.driverVersion}</code>},
          {header: 'Highest CUDA without cuda-compat', cell: (d) => d.maxCuda},
          {header: 'Fabric Manager', cell: (d) => (d.fabricManager ? 'Installed, enabled' : 'Not installed')},
          {header: 'InfiniBand stack', cell: (d) => (d.infiniband ? 'Installed' : 'Not installed')},
        ]}
      />
    );
  }
  const withDriver = images.filter((i) => i.driver);
  return (
    <DataTable
      rows={gpuModels}
      rowKey={(m) => m.gpu}
      columns={[
        {key: 'gpu', header: 'GPU', cell: (m) => m.gpu},
        ...withDriver.map((i) => ({
          key: i.name,
          header: <>{i.os}, {i.driver}, CUDA {i.cuda}</>,
          cell: (m: (typeof gpuModels)[number]) => {
            const c = compatibility(m, i.name);
            return (
              <>
                <strong>{c.supported ? 'Supported' : 'Not supported'}</strong>
                {c.notes.length > 0 ? <><br />{c.notes.join('; ')}</> : null}
              </>
            );
          },
        })),
      ]}
    />
  );
}
