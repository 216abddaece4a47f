// The AI images' facts: each builds on a real GPU image of the platform, has unique names,
// and the flavors said to fit each model are exactly those whose GPU memory holds it.
import {describe, expect, it} from 'vitest';
import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {flavors, images} from './platform';
import {
  aiImage,
  aiImages,
  aiModel,
  baseImageOf,
  bootVolumeGb,
  cheapestFlavor,
  deepSeekR1WeightsGb,
  defaultModel,
  defaultTensorParallel,
  fittingFlavors,
  flavorNamed,
  formatParameters,
  gpuMemoryUtilization,
  kvBytesPerToken,
  maxModelLenOn,
  memoryNeededGb,
  tensorParallelSizes,
  weightsGb,
} from './ai-images';
import AiImageTable, {AiContextTable, AiModelTable} from '../components/AiImageTable';

const r1 = aiImage('deepseek-r1');

describe('AI images', () => {
  it('build on a GPU image of the platform', () => {
    for (const image of aiImages) {
      const base = images.find((i) => i.name === image.baseImage);
      expect(base, `${image.name}: base image "${image.baseImage}"`).toBeDefined();
      expect(base!.driver, `${image.name} needs a driver`).not.toBeNull();
      expect(baseImageOf(image)).toBe(base);
    }
  });

  it('have unique names and slugs, never a platform image name, and unique model ids per image', () => {
    const names = aiImages.map((i) => i.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(aiImages.map((i) => i.slug)).size).toBe(aiImages.length);
    for (const name of names) expect(images.map((i) => i.name)).not.toContain(name);
    for (const image of aiImages) expect(new Set(image.models.map((m) => m.id)).size).toBe(image.models.length);
  });

  it('list their models smallest first and serve on loopback ports that do not clash', () => {
    for (const image of aiImages) {
      const sizes = image.models.map((m) => m.parametersBillions);
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
      expect(image.services[0].unit).toBe('vllm.service');
      const ports = image.services.map((s) => s.port);
      expect(new Set(ports).size).toBe(ports.length);
      expect(image.services.every((s) => s.bind === '127.0.0.1')).toBe(true);
      for (const m of image.models) expect(image.maxModelLen).toBeLessThanOrEqual(m.contextTokens);
    }
  });

  it('compute weights and KV cache from the model', () => {
    const qwen32 = aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B');
    expect(weightsGb(qwen32)).toBeCloseTo(65.52, 2);
    expect(kvBytesPerToken(qwen32)).toBe(262144);
    expect(memoryNeededGb(qwen32, 16384)).toBeCloseTo(65.52 + 4.294967, 4);
    expect(kvBytesPerToken(aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B'))).toBe(327680);
  });

  it('fit every model on at least one flavor, exactly where the GPU memory holds it', () => {
    for (const image of aiImages) {
      for (const model of image.models) {
        const fitting = fittingFlavors(image, model);
        expect(fitting.length, `${model.id} fits nothing`).toBeGreaterThan(0);
        for (const f of flavors) {
          const room = f.gpuCount * f.gpuMemoryGb * gpuMemoryUtilization;
          const expected = f.gpuCount > 0 && memoryNeededGb(model, image.maxModelLen) <= room;
          expect(fitting.includes(f), `${model.id} on ${f.name}`).toBe(expected);
        }
        expect(fitting.every((f) => f.gpu !== null)).toBe(true);
      }
    }
  });

  it('place the distilled models as their sizes demand', () => {
    const names = (id: string) => fittingFlavors(r1, aiModel(r1, id)).map((f) => f.name);
    expect(names('deepseek-ai/DeepSeek-R1-Distill-Qwen-7B')).toContain('n3-L40x1');
    expect(names('deepseek-ai/DeepSeek-R1-Distill-Qwen-14B')).toContain('n3-RTX-A6000x1');
    expect(names('deepseek-ai/DeepSeek-R1-Distill-Qwen-32B')).not.toContain('n3-L40x1');
    expect(names('deepseek-ai/DeepSeek-R1-Distill-Qwen-32B')).toContain('n3-A100x1');
    expect(names('deepseek-ai/DeepSeek-R1-Distill-Llama-70B')).toEqual(['n3-H100x8']);
    expect(cheapestFlavor(r1, aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B')).name).toBe('n3-A100x1');
    expect(defaultModel(r1, flavorNamed('n3-L40x1'))?.id).toBe('deepseek-ai/DeepSeek-R1-Distill-Qwen-14B');
    expect(defaultModel(r1, flavorNamed('n3-H100x8'))?.id).toBe('deepseek-ai/DeepSeek-R1-Distill-Llama-70B');
    expect(defaultModel(r1, flavorNamed('n1-cpu-small'))).toBeNull();
  });

  it('state honestly that DeepSeek-R1 itself fits no flavor', () => {
    const largest = Math.max(...flavors.map((f) => f.gpuCount * f.gpuMemoryGb));
    expect(deepSeekR1WeightsGb).toBeGreaterThan(largest);
  });

  it('pick tensor-parallel sizes that divide the attention heads', () => {
    const h100x8 = flavorNamed('n3-H100x8');
    expect(tensorParallelSizes(aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B'), 8)).toEqual([1, 2, 4]);
    expect(defaultTensorParallel(aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B'), h100x8)).toBe(8);
    for (const image of aiImages) for (const m of image.models) for (const tp of tensorParallelSizes(m, 8)) expect(m.architecture.attentionHeads % tp).toBe(0);
  });

  it('give the longest context a flavor holds, and boot volumes that hold the weights', () => {
    const qwen32 = aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B');
    expect(maxModelLenOn(qwen32, flavorNamed('n3-H100x1'))).toBe(24576);
    expect(maxModelLenOn(qwen32, flavorNamed('n3-L40x1'))).toBe(0);
    expect(maxModelLenOn(aiModel(r1, 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B'), flavorNamed('n3-H100x8'))).toBe(131072);
    for (const image of aiImages) {
      for (const m of image.models) for (const f of fittingFlavors(image, m)) expect(maxModelLenOn(m, f)).toBeGreaterThanOrEqual(image.maxModelLen);
      expect(bootVolumeGb(image)).toBeGreaterThanOrEqual(image.models.reduce((s, m) => s + weightsGb(m), 0) + image.systemGb);
    }
    expect(formatParameters(7.62)).toBe('7.62B');
    expect(formatParameters(70.55)).toBe('70.6B');
  });

  it('render the tables from the data', () => {
    const list = renderToStaticMarkup(h(AiImageTable));
    for (const image of aiImages) expect(list).toContain(image.name);
    const models = renderToStaticMarkup(h(AiModelTable, {image: 'deepseek-r1'}));
    expect(models.match(/<tr>/g)!.length - 1).toBe(r1.models.length);
    expect(models).toContain('n3-H100x8');
    const context = renderToStaticMarkup(h(AiContextTable, {image: 'deepseek-r1'}));
    expect(context).toContain('24,576');
    expect(() => renderToStaticMarkup(h(AiModelTable, {image: 'nope'}))).toThrow(/Unknown AI image/);
  });
});
