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
import DataTable, {type DataColumn} from '@site/src/components/DataTable';

const list = (items: ReactNode[]): ReactNode => items.map((item, i) => <span key={i}>{i > 0 && ', '}{item}</span>);
const lines = (items: ReactNode[]): ReactNode => items.map((item, i) => <span key={i}>{i > 0 && <br />}{item}</span>);

/** Every AI image: its `image_name`, the driver and CUDA of the image it builds on, its stack, models and boot volume. */
export default function AiImageTable(): ReactNode {
  return (
    <DataTable
      rows={aiImages}
      rowKey={(image) => image.slug}
      columns={[
        {header: <>Image (<code>image_name</code>)</>, cell: (image) => <code>{image.name}</code>},
        {header: 'Driver, CUDA', cell: (image) => <>{baseImageOf(image).driver}, CUDA {baseImageOf(image).cuda}</>},
        {header: 'Serving stack', cell: (image) => list(image.stack.map((s) => `${s.name} ${s.version}`))},
        {header: 'Models', cell: (image) => lines(image.models.map((m) => `${m.name.replace(/^R1 Distill /, '')} (${formatParameters(m.parametersBillions)})`))},
        {header: 'Boot volume', cell: (image) => <>{bootVolumeGb(image)} GB</>},
      ]}
    />
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
  const cells: Record<ModelColumn, DataColumn<(typeof image.models)[number]>['cell']> = {
    model: (m) => <code>{m.id}</code>,
    name: (m) => m.name,
    parameters: (m) => formatParameters(m.parametersBillions),
    base: (m) => m.baseModel,
    context: (m) => formatTokens(m.contextTokens),
    licence: (m) => m.licence,
    weights: (m) => <>{formatGb(weightsGb(m))}<br />{m.precision}</>,
    needs: (m) => <>{formatGb(memoryNeededGb(m, image.maxModelLen))}<br />(+{formatGb(kvCacheGb(m, image.maxModelLen))} KV)</>,
    fits: (m) => lines(fittingFlavors(image, m).map((f) => <code key={f.name}>{f.name}</code>)),
    default: (m) => {
      const on = flavors.filter((f) => defaultModel(image, f)?.id === m.id);
      return on.length ? lines(on.map((f) => <code key={f.name}>{f.name}</code>)) : 'None';
    },
  };
  return (
    <DataTable
      rows={image.models}
      rowKey={(m) => m.id}
      columns={columns.map((c) => ({key: c, header: c === 'model' ? <>Model (<code>model</code>)</> : modelHeadings[c], cell: cells[c]}))}
    />
  );
}

/** The longest `--max-model-len` each model of an image can have on each GPU flavor, with the tensor-parallel size on multi-GPU flavors. */
export function AiContextTable({image: slug}: {image: string}): ReactNode {
  const image = aiImage(slug);
  const gpuFlavors = flavors.filter((f) => f.gpuCount > 0);
  return (
    <DataTable
      rows={image.models}
      rowKey={(m) => m.id}
      columns={[
        {key: 'model', header: 'Model', cell: (m) => m.name},
        ...gpuFlavors.map((f) => ({
          key: f.name,
          header: <code>{f.name}</code>,
          cell: (m: (typeof image.models)[number]) => {
            const len = maxModelLenOn(m, f);
            return len < image.maxModelLen ? 'Does not fit' : `${formatTokens(len)}${f.gpuCount > 1 ? ` (TP ${defaultTensorParallel(m, f)})` : ''}`;
          },
        })),
      ]}
    />
  );
}
