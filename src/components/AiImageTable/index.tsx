/**
 * Tables of the AI images, rendered from src/data/ai-images.ts:
 * `<AiImageTable />` lists the images; `<AiModelTable image="deepseek-r1" />` the models of
 * one image with their size, the GPU memory they need and the flavors that fit (computed
 * from the flavors' GPU memory); `<AiContextTable image="deepseek-r1" />` the longest
 * context each model can have on each GPU flavor.
 */
import type {ReactNode} from 'react';
import {flavors} from '@site/src/data/platform';
import {
  aiImage,
  aiImages,
  baseImageOf,
  bootVolumeGb,
  defaultModel,
  defaultTensorParallel,
  fittingFlavors,
  formatGb,
  formatParameters,
  formatTokens,
  kvCacheGb,
  maxModelLenOn,
  memoryNeededGb,
  weightsGb,
} from '@site/src/data/ai-images';

const list = (items: ReactNode[]): ReactNode => items.map((item, i) => <span key={i}>{i > 0 && ', '}{item}</span>);
const lines = (items: ReactNode[]): ReactNode => items.map((item, i) => <span key={i}>{i > 0 && <br />}{item}</span>);

/** Every AI image: its `image_name`, the driver and CUDA of the image it builds on, its stack, models and boot volume. */
export default function AiImageTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Image (<code>image_name</code>)</th>
          <th>Driver, CUDA</th>
          <th>Serving stack</th>
          <th>Models</th>
          <th>Boot volume</th>
        </tr>
      </thead>
      <tbody>
        {aiImages.map((image) => {
          const base = baseImageOf(image);
          return (
            <tr key={image.slug}>
              <td><code>{image.name}</code></td>
              <td>{base.driver}, CUDA {base.cuda}</td>
              <td>{list(image.stack.map((s) => `${s.name} ${s.version}`))}</td>
              <td>{lines(image.models.map((m) => `${m.name.replace(/^R1 Distill /, '')} (${formatParameters(m.parametersBillions)})`))}</td>
              <td>{bootVolumeGb(image)} GB</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

type ModelColumn = 'model' | 'name' | 'parameters' | 'base' | 'context' | 'licence' | 'weights' | 'needs' | 'fits' | 'default';
const modelHeadings: Record<ModelColumn, string> = {
  model: 'Model (`model`)',
  name: 'Model',
  parameters: 'Parameters',
  base: 'Trained from',
  context: 'Context (tokens)',
  licence: 'Licence',
  weights: 'Weights',
  needs: 'GPU memory needed',
  fits: 'Flavors that fit',
  default: 'Served by default on',
};

/** The models of one image; `columns` picks and orders the columns. */
export function AiModelTable({image: slug, columns = ['name', 'parameters', 'weights', 'needs', 'fits', 'default']}: {image: string; columns?: ModelColumn[]}): ReactNode {
  const image = aiImage(slug);
  return (
    <table>
      <thead>
        <tr>{columns.map((c) => <th key={c}>{c === 'model' ? <>Model (<code>model</code>)</> : modelHeadings[c]}</th>)}</tr>
      </thead>
      <tbody>
        {image.models.map((m) => (
          <tr key={m.id}>
            {columns.map((c) => (
              <td key={c}>
                {c === 'model' && <code>{m.id}</code>}
                {c === 'name' && m.name}
                {c === 'parameters' && formatParameters(m.parametersBillions)}
                {c === 'base' && m.baseModel}
                {c === 'context' && formatTokens(m.contextTokens)}
                {c === 'licence' && m.licence}
                {c === 'weights' && <>{formatGb(weightsGb(m))}<br />{m.precision}</>}
                {c === 'needs' && <>{formatGb(memoryNeededGb(m, image.maxModelLen))}<br />(+{formatGb(kvCacheGb(m, image.maxModelLen))} KV)</>}
                {c === 'fits' && lines(fittingFlavors(image, m).map((f) => <code key={f.name}>{f.name}</code>))}
                {c === 'default' && (() => {
                  const on = flavors.filter((f) => defaultModel(image, f)?.id === m.id);
                  return on.length ? lines(on.map((f) => <code key={f.name}>{f.name}</code>)) : 'None';
                })()}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The longest `--max-model-len` each model of an image can have on each GPU flavor, with the tensor-parallel size on multi-GPU flavors. */
export function AiContextTable({image: slug}: {image: string}): ReactNode {
  const image = aiImage(slug);
  const gpuFlavors = flavors.filter((f) => f.gpuCount > 0);
  return (
    <table>
      <thead>
        <tr>
          <th>Model</th>
          {gpuFlavors.map((f) => <th key={f.name}><code>{f.name}</code></th>)}
        </tr>
      </thead>
      <tbody>
        {image.models.map((m) => (
          <tr key={m.id}>
            <td>{m.name}</td>
            {gpuFlavors.map((f) => {
              const len = maxModelLenOn(m, f);
              return (
                <td key={f.name}>
                  {len < image.maxModelLen ? 'Does not fit' : `${formatTokens(len)}${f.gpuCount > 1 ? ` (TP ${defaultTensorParallel(m, f)})` : ''}`}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
