/**
 * Facts of the AI images: public images that boot a GPU virtual machine straight into a
 * model server. Each builds on one of the platform's GPU images (`images` in `platform.ts`),
 * so its NVIDIA driver and CUDA version are that image's, and carries the weights of its
 * models on the boot volume, so nothing is downloaded at boot.
 *
 * Which flavors fit a model is never typed: it is computed from the flavors' GPU memory in
 * `platform.ts`. A model fits a flavor when its weights plus the KV cache of one sequence of
 * the image's maximum model length fit in the share of the flavor's total GPU memory the
 * server may take (`gpuMemoryUtilization`); that is the check vLLM itself makes at start-up.
 * The pages render these through `src/components/AiImageTable`, and
 * `src/data/ai-images.test.ts` checks them.
 */
import {flavors, images, type Flavor} from './platform';

/** Share of each GPU's memory vLLM may take (its `--gpu-memory-utilization`, the image keeps the default). The rest holds the CUDA context, activations and CUDA graphs. */
export const gpuMemoryUtilization = 0.9;

/** Bytes one parameter takes, per precision the images ship. */
export const bytesPerParameter = {BF16: 2, FP8: 1} as const;
export type Precision = keyof typeof bytesPerParameter;

/** Bytes of one KV-cache element: the images keep the cache in the model's 16-bit type. */
export const kvCacheElementBytes = 2;

/** The transformer shape that sets the size of the KV cache and the tensor-parallel sizes. */
export interface Architecture {
  /** The model class in its `config.json`. */
  family: 'Qwen2' | 'Llama';
  layers: number;
  attentionHeads: number;
  /** Key/value heads (grouped-query attention). */
  kvHeads: number;
  headDim: number;
}

/** An open-weight model an AI image serves. */
export interface AiModel {
  /** Hugging Face repository id; also the `model` you send, and the folder under `/opt/models`. */
  id: string;
  /** Short name for tables. */
  name: string;
  publisher: string;
  /** Parameters in billions, as counted in the published weights. */
  parametersBillions: number;
  /** The model it was trained or distilled from. */
  baseModel: string;
  /** Longest context (prompt plus completion) the model accepts as shipped, in tokens. */
  contextTokens: number;
  /** Longer context the publisher supports with YaRN rope scaling (off in the image), or undefined. */
  yarnContextTokens?: number;
  /** Licence of the published weights. */
  licence: string;
  /** Precision of the weights on the image (as published). */
  precision: Precision;
  architecture: Architecture;
}

/** A component of an image's serving stack, with the version the image ships. */
export interface StackPart {
  name: string;
  version: string;
}

/** A systemd service of the image and what it listens on. */
export interface ImageService {
  /** systemd unit name. */
  unit: string;
  /** TCP port. */
  port: number;
  /** Address it binds: loopback only, so the port is never reachable from the network. */
  bind: '127.0.0.1';
  /** What it answers. */
  serves: string;
}

/** An AI image. */
export interface AiImage {
  /** The image's name, as passed as `image_name` when you create a VM. */
  name: string;
  /** Short id used for anchors and links. */
  slug: string;
  /** The platform image it builds on: a `name` in `images` of `platform.ts`. */
  baseImage: string;
  /** One sentence on what it is for. */
  purpose: string;
  /** The serving stack, outermost first. */
  stack: readonly StackPart[];
  /** The models whose weights the image carries, smallest first. */
  models: readonly AiModel[];
  /** vLLM's `--max-model-len` the image starts with, in tokens (prompt plus completion). */
  maxModelLen: number;
  /** vLLM's `--reasoning-parser`, or null for models that do not reason in `<think>` tags. */
  reasoningParser: 'deepseek_r1' | null;
  /** The services that serve, first the model server. */
  services: readonly ImageService[];
  /** Disk the operating system, CUDA and the Python environments take besides the weights, in GB. */
  systemGb: number;
}

/** The API every image's model server speaks. */
export const servingApi = {
  name: 'OpenAI-compatible chat completions',
  path: '/v1/chat/completions',
  /** File the first boot writes the server's API key to (readable by root). */
  apiKeyFile: '/etc/ai-image/api-key',
  /** File the model server reads its settings from. */
  settingsFile: '/etc/ai-image/serving.env',
  /** Where the weights live, one folder per repository id. */
  modelsDir: '/opt/models',
  /** The one-shot unit that writes the settings and the key at first boot. */
  firstBootUnit: 'ai-image-setup.service',
} as const;

const qwen7b: Architecture = {family: 'Qwen2', layers: 28, attentionHeads: 28, kvHeads: 4, headDim: 128};
const qwen14b: Architecture = {family: 'Qwen2', layers: 48, attentionHeads: 40, kvHeads: 8, headDim: 128};
const qwen32b: Architecture = {family: 'Qwen2', layers: 64, attentionHeads: 40, kvHeads: 8, headDim: 128};
const llama8b: Architecture = {family: 'Llama', layers: 32, attentionHeads: 32, kvHeads: 8, headDim: 128};
const llama70b: Architecture = {family: 'Llama', layers: 80, attentionHeads: 64, kvHeads: 8, headDim: 128};

const DISTILL_LICENCE_QWEN = 'MIT (base model: Apache 2.0)';

const vllm: StackPart = {name: 'vLLM', version: '0.10.0'};
const torch: StackPart = {name: 'PyTorch', version: '2.7.1'};
const python: StackPart = {name: 'Python', version: '3.12'};
const vllmService: ImageService = {unit: 'vllm.service', port: 8000, bind: '127.0.0.1', serves: 'The OpenAI-compatible API (`/v1/chat/completions`, `/v1/completions`, `/v1/models`) and `/health`'};

export const aiImages: readonly AiImage[] = [
  {
    name: 'Ubuntu 24.04 DeepSeek-R1 Distill vLLM',
    slug: 'deepseek-r1',
    baseImage: 'Ubuntu Server 24.04 LTS R570 CUDA 12.8',
    purpose: 'Reasoning models distilled from DeepSeek-R1, which think step by step before they answer.',
    stack: [vllm, torch, python],
    models: [
      {id: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', name: 'R1 Distill Qwen 7B', publisher: 'DeepSeek', parametersBillions: 7.62, baseModel: 'Qwen2.5-Math-7B', contextTokens: 131072, licence: DISTILL_LICENCE_QWEN, precision: 'BF16', architecture: qwen7b},
      {id: 'deepseek-ai/DeepSeek-R1-Distill-Llama-8B', name: 'R1 Distill Llama 8B', publisher: 'DeepSeek', parametersBillions: 8.03, baseModel: 'Llama-3.1-8B', contextTokens: 131072, licence: 'MIT (base model: Llama 3.1 Community License)', precision: 'BF16', architecture: llama8b},
      {id: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-14B', name: 'R1 Distill Qwen 14B', publisher: 'DeepSeek', parametersBillions: 14.77, baseModel: 'Qwen2.5-14B', contextTokens: 131072, licence: DISTILL_LICENCE_QWEN, precision: 'BF16', architecture: qwen14b},
      {id: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B', name: 'R1 Distill Qwen 32B', publisher: 'DeepSeek', parametersBillions: 32.76, baseModel: 'Qwen2.5-32B', contextTokens: 131072, licence: DISTILL_LICENCE_QWEN, precision: 'BF16', architecture: qwen32b},
      {id: 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B', name: 'R1 Distill Llama 70B', publisher: 'DeepSeek', parametersBillions: 70.55, baseModel: 'Llama-3.3-70B-Instruct', contextTokens: 131072, licence: 'MIT (base model: Llama 3.3 Community License)', precision: 'BF16', architecture: llama70b},
    ],
    maxModelLen: 16384,
    reasoningParser: 'deepseek_r1',
    services: [vllmService],
    systemGb: 40,
  },
  {
    name: 'Ubuntu 24.04 Llama Instruct vLLM Open WebUI',
    slug: 'llama-instruct',
    baseImage: 'Ubuntu Server 24.04 LTS R570 CUDA 12.8',
    purpose: 'General chat and instruction following, with a browser chat interface beside the API.',
    stack: [{name: 'Open WebUI', version: '0.6.18'}, vllm, torch, python],
    models: [
      {id: 'meta-llama/Llama-3.1-8B-Instruct', name: 'Llama 3.1 8B Instruct', publisher: 'Meta', parametersBillions: 8.03, baseModel: 'Llama-3.1-8B', contextTokens: 131072, licence: 'Llama 3.1 Community License', precision: 'BF16', architecture: llama8b},
      {id: 'meta-llama/Llama-3.3-70B-Instruct', name: 'Llama 3.3 70B Instruct', publisher: 'Meta', parametersBillions: 70.55, baseModel: 'Llama-3.3-70B', contextTokens: 131072, licence: 'Llama 3.3 Community License', precision: 'BF16', architecture: llama70b},
    ],
    maxModelLen: 16384,
    reasoningParser: null,
    services: [vllmService, {unit: 'open-webui.service', port: 8080, bind: '127.0.0.1', serves: 'Open WebUI, a chat interface in the browser that talks to the model server'}],
    systemGb: 45,
  },
  {
    name: 'Ubuntu 24.04 Qwen2.5 Coder vLLM',
    slug: 'qwen-coder',
    baseImage: 'Ubuntu Server 24.04 LTS R570 CUDA 12.8',
    purpose: 'Code generation, completion and review, for editor assistants that speak the OpenAI API.',
    stack: [vllm, torch, python],
    models: [
      {id: 'Qwen/Qwen2.5-Coder-7B-Instruct', name: 'Qwen2.5 Coder 7B Instruct', publisher: 'Alibaba Cloud (Qwen)', parametersBillions: 7.62, baseModel: 'Qwen2.5-Coder-7B', contextTokens: 32768, yarnContextTokens: 131072, licence: 'Apache 2.0', precision: 'BF16', architecture: qwen7b},
      {id: 'Qwen/Qwen2.5-Coder-32B-Instruct', name: 'Qwen2.5 Coder 32B Instruct', publisher: 'Alibaba Cloud (Qwen)', parametersBillions: 32.76, baseModel: 'Qwen2.5-Coder-32B', contextTokens: 32768, yarnContextTokens: 131072, licence: 'Apache 2.0', precision: 'BF16', architecture: qwen32b},
    ],
    maxModelLen: 16384,
    reasoningParser: null,
    services: [vllmService],
    systemGb: 40,
  },
];

/**
 * DeepSeek-R1 itself, which no image serves: a mixture-of-experts model whose FP8 weights
 * alone are larger than the GPU memory of the largest flavor.
 */
export const deepSeekR1 = {
  id: 'deepseek-ai/DeepSeek-R1',
  totalParametersBillions: 671,
  activeParametersBillions: 37,
  /** The published checkpoint adds a multi-token-prediction module to the main model. */
  checkpointParametersBillions: 685,
  contextTokens: 131072,
  precision: 'FP8' as Precision,
  licence: 'MIT',
} as const;

/** GB (10^9 bytes) the weights of a model take at its precision. */
export function weightsGb(model: Pick<AiModel, 'parametersBillions' | 'precision'>): number {
  return model.parametersBillions * bytesPerParameter[model.precision];
}

/** GB of the main model's FP8 weights of DeepSeek-R1 (without the KV cache). */
export const deepSeekR1WeightsGb = deepSeekR1.totalParametersBillions * bytesPerParameter[deepSeekR1.precision];

/** Bytes of KV cache one token takes: keys and values, every layer, every KV head. */
export function kvBytesPerToken(model: AiModel): number {
  const a = model.architecture;
  return 2 * a.layers * a.kvHeads * a.headDim * kvCacheElementBytes;
}

/** GB of KV cache for `tokens` tokens. */
export function kvCacheGb(model: AiModel, tokens: number): number {
  return (kvBytesPerToken(model) * tokens) / 1e9;
}

/** GPU memory a model needs in GB: its weights plus the KV cache of one sequence of `maxModelLen` tokens. */
export function memoryNeededGb(model: AiModel, maxModelLen: number): number {
  return weightsGb(model) + kvCacheGb(model, maxModelLen);
}

/** All GPU memory of a flavor, in GB. */
export function totalGpuMemoryGb(flavor: Flavor): number {
  return flavor.gpuCount * flavor.gpuMemoryGb;
}

/** The GPU memory the model server may take on a flavor, in GB. */
export function usableGpuMemoryGb(flavor: Flavor): number {
  return totalGpuMemoryGb(flavor) * gpuMemoryUtilization;
}

/** Whether a model, with a context of `maxModelLen` tokens, fits a flavor's GPUs. */
export function fits(model: AiModel, flavor: Flavor, maxModelLen: number): boolean {
  return flavor.gpuCount > 0 && memoryNeededGb(model, maxModelLen) <= usableGpuMemoryGb(flavor);
}

/** The flavors a model of an image fits at the image's maximum model length, cheapest first. */
export function fittingFlavors(image: AiImage, model: AiModel): Flavor[] {
  return flavors.filter((f) => fits(model, f, image.maxModelLen)).sort((a, b) => a.pricePerHour - b.pricePerHour);
}

/** The cheapest flavor a model of an image fits. */
export function cheapestFlavor(image: AiImage, model: AiModel): Flavor {
  const found = fittingFlavors(image, model)[0];
  if (!found) throw new Error(`${model.id} fits no flavor`);
  return found;
}

/** The model the image serves by default on a flavor: the largest that fits, or null. */
export function defaultModel(image: AiImage, flavor: Flavor): AiModel | null {
  const candidates = image.models.filter((m) => fits(m, flavor, image.maxModelLen));
  return candidates.length ? candidates.reduce((a, b) => (weightsGb(b) > weightsGb(a) ? b : a)) : null;
}

/** Tensor-parallel sizes vLLM accepts for a model on `gpus` GPUs: they divide the attention heads, and divide or are divided by the KV heads. */
export function tensorParallelSizes(model: AiModel, gpus: number): number[] {
  const {attentionHeads, kvHeads} = model.architecture;
  const sizes: number[] = [];
  for (let tp = 1; tp <= gpus; tp *= 2) if (attentionHeads % tp === 0 && (kvHeads % tp === 0 || tp % kvHeads === 0)) sizes.push(tp);
  return sizes;
}

/** The tensor-parallel size the image starts a model with on a flavor: the largest accepted. */
export function defaultTensorParallel(model: AiModel, flavor: Flavor): number {
  const sizes = tensorParallelSizes(model, flavor.gpuCount);
  return sizes[sizes.length - 1];
}

/**
 * The longest `--max-model-len` a model can be given on a flavor, rounded down to 1,024
 * tokens and capped at the model's context, or 0 when its weights do not fit.
 */
export function maxModelLenOn(model: AiModel, flavor: Flavor): number {
  const free = usableGpuMemoryGb(flavor) * 1e9 - weightsGb(model) * 1e9;
  if (flavor.gpuCount === 0 || free <= 0) return 0;
  return Math.min(model.contextTokens, Math.floor(free / kvBytesPerToken(model) / 1024) * 1024);
}

/** Size of the boot volume a VM from the image gets, in GB: the weights and the system, rounded up to 10 GB. */
export function bootVolumeGb(image: AiImage): number {
  const total = image.models.reduce((sum, m) => sum + weightsGb(m), 0) + image.systemGb;
  return Math.ceil(total / 10) * 10;
}

/** The AI image with this slug. */
export function aiImage(slug: string): AiImage {
  const found = aiImages.find((i) => i.slug === slug);
  if (!found) throw new Error(`Unknown AI image "${slug}"; known: ${aiImages.map((i) => i.slug).join(', ')}`);
  return found;
}

/** A model of an image by repository id. */
export function aiModel(image: AiImage, id: string): AiModel {
  const found = image.models.find((m) => m.id === id);
  if (!found) throw new Error(`${image.name} has no model "${id}"`);
  return found;
}

/** The platform image an AI image builds on, with its driver and CUDA. */
export function baseImageOf(image: AiImage): (typeof images)[number] {
  const found = images.find((i) => i.name === image.baseImage);
  if (!found) throw new Error(`${image.name} builds on unknown image "${image.baseImage}"`);
  return found;
}

/** The flavor with this name. */
export function flavorNamed(name: string): Flavor {
  const found = flavors.find((f) => f.name === name);
  if (!found) throw new Error(`Unknown flavor "${name}"`);
  return found;
}

/** "7.62B", "14.8B": parameters as model cards write them. */
export function formatParameters(billions: number): string {
  return `${billions < 10 ? billions.toFixed(2) : (Math.round(billions * 10 + 1e-6) / 10).toFixed(1)}B`;
}

// Made once, when first needed: making a formatter costs far more than using one.
let gbFormat: Intl.NumberFormat | undefined;

/** "15.2 GB": a size in GB with one decimal. */
export function formatGb(gb: number): string {
  gbFormat ??= new Intl.NumberFormat('en-US', {maximumFractionDigits: 1, minimumFractionDigits: 1});
  return `${gbFormat.format(gb)} GB`;
}

/** "16,384". */
export const formatTokens = (n: number): string => n.toLocaleString('en-US');
