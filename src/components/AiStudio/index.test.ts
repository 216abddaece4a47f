// The AI studio fact tables render the data, server-side, as the build does.
import {createElement as h, type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {BaseModelTable, BenchmarkTable, DeploymentStateTable, FineTuningPriceTable, ModelPrice} from './index';
import {baseModels, benchmarkSuites, deploymentStates} from '../../data/ai-studio';

const render = <P extends object>(component: ComponentType<P>, props?: P) => renderToStaticMarkup(h(component as ComponentType<object>, props ?? {}));
const rows = (html: string) => html.match(/<tr>/g)!.length - 1;
const cells = (html: string) => [...html.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('AI studio fact tables', () => {
  it('BaseModelTable lists every base model with its prices in the one format, and the columns asked for', () => {
    const html = render(BaseModelTable);
    expect(rows(html)).toBe(baseModels.length);
    expect(cells(html)).toContain('131,072');
    expect(cells(html)).toContain('$0.10');
    expect(cells(render(BaseModelTable, {columns: ['name', 'output']})).slice(0, 4)).toEqual(['Model', 'Output, per 1M tokens', 'Llama 3.1 8B Instruct', '$0.20']);
  });

  it('FineTuningPriceTable gives each method its price per size class, or says it is not offered', () => {
    const html = render(FineTuningPriceTable);
    expect(cells(html)).toContain('Per 1M training tokens, 7B to 8B models');
    expect(cells(html)).toContain('Per 1M training tokens, 70B to 72B models');
    expect(cells(html)).toContain('Not offered');
    expect(cells(html)).toContain('$3.00');
  });

  it('DeploymentStateTable and BenchmarkTable list every state and suite', () => {
    expect(rows(render(DeploymentStateTable))).toBe(deploymentStates.length);
    expect(rows(render(BenchmarkTable))).toBe(benchmarkSuites.length);
    expect(cells(render(BenchmarkTable))).toContain('14,042');
  });

  it('ModelPrice states both token prices of one model', () => {
    expect(render(ModelPrice, {model: 'meta-llama/Llama-3.1-70B-Instruct'})).toContain('$0.60 per million input tokens and $0.90 per million output tokens');
  });
});
