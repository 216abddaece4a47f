import type {ReactNode} from 'react';
import {images} from '@site/src/data/platform';
import {compatibility, gpuModels, imageDrivers} from '@site/src/data/hardware';

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
      <table>
        <thead>
          <tr>
            <th>GPU</th>
            <th>Architecture</th>
            <th>Compute capability</th>
            <th>Oldest driver</th>
            <th>Oldest CUDA</th>
            <th>CUDA forward compatibility</th>
          </tr>
        </thead>
        <tbody>
          {gpuModels.map((m) => (
            <tr key={m.gpu}>
              <td>{m.gpu}</td>
              <td>{m.architecture}</td>
              <td>{m.computeCapability}</td>
              <td>{m.minimumDriver}</td>
              <td>{m.minimumCuda}</td>
              <td>{m.forwardCompatible ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (view === 'images') {
    return (
      <table>
        <thead>
          <tr>
            <th>Image</th>
            <th>Driver version</th>
            <th>Highest CUDA without cuda-compat</th>
            <th>Fabric Manager</th>
            <th>InfiniBand stack</th>
          </tr>
        </thead>
        <tbody>
          {imageDrivers.map((d) => (
            <tr key={d.image}>
              <td>{d.image}</td>
              <td><code>{d.driverVersion}</code></td>
              <td>{d.maxCuda}</td>
              <td>{d.fabricManager ? 'Installed, enabled' : 'Not installed'}</td>
              <td>{d.infiniband ? 'Installed' : 'Not installed'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const columns = images.filter((i) => i.driver);
  return (
    <table>
      <thead>
        <tr>
          <th>GPU</th>
          {columns.map((i) => (
            <th key={i.name}>
              {i.os}, {i.driver}, CUDA {i.cuda}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {gpuModels.map((m) => (
          <tr key={m.gpu}>
            <td>{m.gpu}</td>
            {columns.map((i) => {
              const c = compatibility(m, i.name);
              return (
                <td key={i.name}>
                  <strong>{c.supported ? 'Supported' : 'Not supported'}</strong>
                  {c.notes.length > 0 ? <><br />{c.notes.join('; ')}</> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
