import type {ReactNode} from 'react';
import {images} from '@site/src/data/platform';

/** The OS images from the data, with their driver and CUDA: `<ImageTable />`, or `gpuOnly` for those with a driver. */
export default function ImageTable({gpuOnly = false}: {gpuOnly?: boolean}): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Image</th>
          <th>Operating system</th>
          <th>NVIDIA driver</th>
          <th>CUDA</th>
        </tr>
      </thead>
      <tbody>
        {images
          .filter((i) => !gpuOnly || i.driver)
          .map((i) => (
            <tr key={i.name}>
              <td>{i.name}</td>
              <td>{i.os}</td>
              <td>{i.driver ?? 'Not installed'}</td>
              <td>{i.cuda ?? 'Not installed'}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
