/**
 * Fact tables of the AI studio, rendered from src/data/ai-studio.ts:
 * `<BaseModelTable />`, `<FineTuningPriceTable />`, `<DeploymentStateTable />`,
 * `<BenchmarkTable />`, and `<ModelPrice model="…" />` for one model's token prices in prose.
 */
import type {ReactNode} from 'react';
import {baseModel, baseModels, benchmarkSuites, deploymentStates, fineTuningMethods, formatCount} from '@site/src/data/ai-studio';
import {formatUsd} from '@site/src/data/prices';
import DataTable, {yesNo, type DataColumn} from '@site/src/components/DataTable';

type ModelColumn = 'name' | 'id' | 'parameters' | 'context' | 'licence' | 'input' | 'output' | 'flavors';
const modelHeadings: Record<ModelColumn, string> = {
  name: 'Model',
  id: 'Model id',
  parameters: 'Parameters',
  context: 'Context (tokens)',
  licence: 'Licence',
  input: 'Input, per 1M tokens',
  output: 'Output, per 1M tokens',
  flavors: 'Deployment flavors',
};

/** The base model catalogue; `columns` picks and orders the columns. */
export function BaseModelTable({columns = ['name', 'id', 'parameters', 'context', 'licence', 'input', 'output']}: {columns?: ModelColumn[]}): ReactNode {
  const cells: Record<ModelColumn, DataColumn<(typeof baseModels)[number]>['cell']> = {
    name: (m) => m.name,
    id: (m) => <code>{m.id}</code>,
    parameters: (m) => `${m.parametersBillions}B`,
    context: (m) => formatCount(m.contextTokens),
    licence: (m) => m.licence,
    input: (m) => formatUsd(m.inputPricePerMillionTokens),
    output: (m) => formatUsd(m.outputPricePerMillionTokens),
    flavors: (m) => m.deploymentFlavors.map((f, i) => <span key={f}>{i > 0 && ', '}<code>{f}</code></span>),
  };
  return <DataTable rows={baseModels} rowKey={(m) => m.id} columns={columns.map((c) => ({key: c, header: modelHeadings[c], cell: cells[c]}))} />;
}

/** Fine-tuning methods with their price per million training tokens for each size class. */
export function FineTuningPriceTable(): ReactNode {
  const sizes = (c: 'small' | 'large') => baseModels.filter((m) => m.sizeClass === c).map((m) => m.parametersBillions);
  const range = (c: 'small' | 'large') => `${Math.floor(Math.min(...sizes(c)))}B to ${Math.floor(Math.max(...sizes(c)))}B models`;
  const price = (usd: number | null) => (usd === null ? 'Not offered' : formatUsd(usd));
  return (
    <DataTable
      rows={fineTuningMethods}
      rowKey={(m) => m.id}
      columns={[
        {header: <>Method (<code>method</code>)</>, cell: (m) => <>{m.name} (<code>{m.id}</code>)</>},
        {header: 'What it trains', cell: (m) => m.summary},
        {header: <>Per 1M training tokens, {range('small')}</>, cell: (m) => price(m.pricePerMillionTrainingTokens.small)},
        {header: <>Per 1M training tokens, {range('large')}</>, cell: (m) => price(m.pricePerMillionTrainingTokens.large)},
      ]}
    />
  );
}

/** Every deployment status, its meaning, whether replicas are billed in it and whether their GPUs count against the quota. */
export function DeploymentStateTable(): ReactNode {
  return (
    <DataTable
      rows={deploymentStates}
      rowKey={(s) => s.status}
      columns={[
        {header: 'Status', cell: (s) => <code>{s.status}</code>},
        {header: 'What it means', cell: (s) => s.meaning},
        {header: 'Replicas billed', cell: (s) => yesNo(s.billed)},
        {header: 'Counts against the GPU quota', cell: (s) => yesNo(s.holdsGpus)},
      ]}
    />
  );
}

/** The benchmark suites, with items, shots, metric and the tokens one run processes. */
export function BenchmarkTable(): ReactNode {
  return (
    <DataTable
      rows={benchmarkSuites}
      rowKey={(s) => s.id}
      columns={[
        {header: <>Suite (<code>benchmarks</code>)</>, cell: (s) => <>{s.name} (<code>{s.id}</code>)</>},
        {header: 'What it measures', cell: (s) => s.measures},
        {header: 'Items', cell: (s) => formatCount(s.items)},
        {header: 'Shots', cell: (s) => s.shots},
        {header: 'Score', cell: (s) => s.metric},
        {header: 'Tokens per run (in / out)', cell: (s) => <>{s.approxInputMillionTokens}M / {s.approxOutputMillionTokens}M</>},
      ]}
    />
  );
}

/** One base model's serverless prices: "$0.10 per million input tokens and $0.20 per million output tokens". */
export function ModelPrice({model}: {model: string}): ReactNode {
  const m = baseModel(model);
  return (
    <span className="price">
      {formatUsd(m.inputPricePerMillionTokens)} per million input tokens and {formatUsd(m.outputPricePerMillionTokens)} per million output tokens
    </span>
  );
}
