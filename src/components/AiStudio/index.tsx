/**
 * Fact tables of the AI studio, rendered from src/data/ai-studio.ts:
 * `<BaseModelTable />`, `<FineTuningPriceTable />`, `<DeploymentStateTable />`,
 * `<BenchmarkTable />`, and `<ModelPrice model="…" />` for one model's token prices in prose.
 */
import type {ReactNode} from 'react';
import {baseModel, baseModels, benchmarkSuites, deploymentStates, fineTuningMethods, formatCount} from '@site/src/data/ai-studio';
import {formatUsd} from '@site/src/data/prices';

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
  return (
    <table>
      <thead>
        <tr>{columns.map((c) => <th key={c}>{modelHeadings[c]}</th>)}</tr>
      </thead>
      <tbody>
        {baseModels.map((m) => (
          <tr key={m.id}>
            {columns.map((c) => (
              <td key={c}>
                {c === 'name' && m.name}
                {c === 'id' && <code>{m.id}</code>}
                {c === 'parameters' && `${m.parametersBillions}B`}
                {c === 'context' && formatCount(m.contextTokens)}
                {c === 'licence' && m.licence}
                {c === 'input' && formatUsd(m.inputPricePerMillionTokens)}
                {c === 'output' && formatUsd(m.outputPricePerMillionTokens)}
                {c === 'flavors' && m.deploymentFlavors.map((f, i) => <span key={f}>{i > 0 && ', '}<code>{f}</code></span>)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Fine-tuning methods with their price per million training tokens for each size class. */
export function FineTuningPriceTable(): ReactNode {
  const sizes = (c: 'small' | 'large') => baseModels.filter((m) => m.sizeClass === c).map((m) => m.parametersBillions);
  const range = (c: 'small' | 'large') => `${Math.floor(Math.min(...sizes(c)))}B to ${Math.floor(Math.max(...sizes(c)))}B models`;
  return (
    <table>
      <thead>
        <tr>
          <th>Method (<code>method</code>)</th>
          <th>What it trains</th>
          <th>Per 1M training tokens, {range('small')}</th>
          <th>Per 1M training tokens, {range('large')}</th>
        </tr>
      </thead>
      <tbody>
        {fineTuningMethods.map((m) => (
          <tr key={m.id}>
            <td>
              {m.name} (<code>{m.id}</code>)
            </td>
            <td>{m.summary}</td>
            <td>{m.pricePerMillionTrainingTokens.small === null ? 'Not offered' : formatUsd(m.pricePerMillionTrainingTokens.small)}</td>
            <td>{m.pricePerMillionTrainingTokens.large === null ? 'Not offered' : formatUsd(m.pricePerMillionTrainingTokens.large)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every deployment status, its meaning and whether replicas are billed in it. */
export function DeploymentStateTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Status</th>
          <th>What it means</th>
          <th>Replicas billed</th>
        </tr>
      </thead>
      <tbody>
        {deploymentStates.map((s) => (
          <tr key={s.status}>
            <td>
              <code>{s.status}</code>
            </td>
            <td>{s.meaning}</td>
            <td>{s.billed ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The benchmark suites, with items, shots, metric and the tokens one run processes. */
export function BenchmarkTable(): ReactNode {
  return (
    <table>
      <thead>
        <tr>
          <th>Suite (<code>benchmarks</code>)</th>
          <th>What it measures</th>
          <th>Items</th>
          <th>Shots</th>
          <th>Score</th>
          <th>Tokens per run (in / out)</th>
        </tr>
      </thead>
      <tbody>
        {benchmarkSuites.map((s) => (
          <tr key={s.id}>
            <td>
              {s.name} (<code>{s.id}</code>)
            </td>
            <td>{s.measures}</td>
            <td>{formatCount(s.items)}</td>
            <td>{s.shots}</td>
            <td>{s.metric}</td>
            <td>
              {s.approxInputMillionTokens}M / {s.approxOutputMillionTokens}M
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
