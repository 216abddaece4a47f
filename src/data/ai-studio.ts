/**
 * Facts of the AI studio: the base models and their per-token prices, the fine-tuning
 * methods and their prices, deployment states, benchmark suites, dataset limits and log
 * retention. The AI studio pages render these, and `src/data/ai-studio.test.ts` ties the
 * API spec (`openapi/parts/ai-studio.yaml`) to them.
 *
 * Billing model, in one place:
 * - Base models answer serverless: each request is billed per token, input and output at
 *   the model's own rate per million tokens. Nothing is billed while you send nothing.
 * - Fine-tuned models run on dedicated deployments: each replica is billed the hourly
 *   price of its GPU flavor (src/data/platform.ts), metered per minute while the
 *   deployment is `ACTIVE`; tokens through a deployment are not billed on top.
 * - Fine-tuning is billed per million training tokens (`trainingTokens`: the tokens of the
 *   examples it trains on, after the validation split, times the epochs) at the method's rate
 *   for the model's size class. Validation examples are not billed.
 * - Evaluations and data synthesis are billed per token at the serverless rates of the
 *   base model that does the work (for a fine-tuned model, its base model's rates).
 * - Datasets are stored at the object storage price (`<Price of="objectStorage" />`).
 */
import {flavors} from './platform';

/** Size class of a base model; fine-tuning prices differ by class. */
export type SizeClass = 'small' | 'large';

/** An open-weight base model you can call serverless, fine-tune and deploy. */
export interface BaseModel {
  /** Model id as the API and the `model` field of inference requests take it. */
  id: string;
  /** Name as the console shows it. */
  name: string;
  /** Publisher of the weights. */
  publisher: string;
  /** Parameters, in billions, as the publisher states them. */
  parametersBillions: number;
  /** Longest context (prompt plus completion) the model accepts, in tokens. */
  contextTokens: number;
  /** The licence the weights are published under. */
  licence: string;
  /** Serverless price in USD per million input (prompt) tokens. */
  inputPricePerMillionTokens: number;
  /** Serverless price in USD per million output (completion) tokens. */
  outputPricePerMillionTokens: number;
  /** Size class that sets the fine-tuning price. */
  sizeClass: SizeClass;
  /** GPU flavors a dedicated deployment of this model (or of a model tuned from it) can use, smallest first. */
  deploymentFlavors: readonly string[];
}

export const baseModels: readonly BaseModel[] = [
  {id: 'meta-llama/Llama-3.1-8B-Instruct', name: 'Llama 3.1 8B Instruct', publisher: 'Meta', parametersBillions: 8.03, contextTokens: 131072, licence: 'Llama 3.1 Community License', inputPricePerMillionTokens: 0.1, outputPricePerMillionTokens: 0.2, sizeClass: 'small', deploymentFlavors: ['n3-L40x1', 'n3-A100x1', 'n3-H100x1']},
  {id: 'mistralai/Mistral-7B-Instruct-v0.3', name: 'Mistral 7B Instruct v0.3', publisher: 'Mistral AI', parametersBillions: 7.25, contextTokens: 32768, licence: 'Apache 2.0', inputPricePerMillionTokens: 0.1, outputPricePerMillionTokens: 0.2, sizeClass: 'small', deploymentFlavors: ['n3-L40x1', 'n3-A100x1', 'n3-H100x1']},
  {id: 'Qwen/Qwen2.5-7B-Instruct', name: 'Qwen2.5 7B Instruct', publisher: 'Alibaba Cloud (Qwen)', parametersBillions: 7.61, contextTokens: 131072, licence: 'Apache 2.0', inputPricePerMillionTokens: 0.1, outputPricePerMillionTokens: 0.2, sizeClass: 'small', deploymentFlavors: ['n3-L40x1', 'n3-A100x1', 'n3-H100x1']},
  {id: 'meta-llama/Llama-3.1-70B-Instruct', name: 'Llama 3.1 70B Instruct', publisher: 'Meta', parametersBillions: 70.6, contextTokens: 131072, licence: 'Llama 3.1 Community License', inputPricePerMillionTokens: 0.6, outputPricePerMillionTokens: 0.9, sizeClass: 'large', deploymentFlavors: ['n3-H100x8']},
  {id: 'Qwen/Qwen2.5-72B-Instruct', name: 'Qwen2.5 72B Instruct', publisher: 'Alibaba Cloud (Qwen)', parametersBillions: 72.7, contextTokens: 131072, licence: 'Qwen License Agreement', inputPricePerMillionTokens: 0.65, outputPricePerMillionTokens: 0.95, sizeClass: 'large', deploymentFlavors: ['n3-H100x8']},
];

/** A way to fine-tune a base model. */
export interface FineTuningMethod {
  /** Value of `method` in the API. */
  id: 'lora' | 'full';
  name: string;
  /** What it changes, for the tables. */
  summary: string;
  /** USD per million training tokens (`trainingTokens`) per size class; null where the method is not offered. */
  pricePerMillionTrainingTokens: Record<SizeClass, number | null>;
}

export const fineTuningMethods: readonly FineTuningMethod[] = [
  {id: 'lora', name: 'LoRA', summary: 'Trains small low-rank adapter matrices; the base weights stay frozen.', pricePerMillionTrainingTokens: {small: 0.5, large: 3.0}},
  {id: 'full', name: 'Full fine-tuning', summary: 'Updates every weight of the model.', pricePerMillionTrainingTokens: {small: 1.5, large: null}},
];

/**
 * What a fine-tuning job is billed on, in the words the fine-tuning page and the spec's
 * `createFineTuningJob` use: the validation split is held out before counting, and validation
 * passes are free. The spec's example (dataset 5301, 2,150,000 tokens, split 0.1, 3 epochs)
 * trains 5,805,000 tokens.
 */
export const trainingTokens = 'the tokens of the examples it trains on (after the validation split) times the number of epochs';

/** Defaults and bounds of the fine-tuning hyperparameters the API accepts. */
export const fineTuningDefaults = {
  epochs: {default: 3, min: 1, max: 10},
  loraRank: {default: 16, allowed: [8, 16, 32, 64]},
  learningRate: {lora: 0.0001, full: 0.00001},
  /** Share of the training set held out for validation when no validation dataset is given. */
  validationSplit: {default: 0.1, max: 0.2},
  /** Steps between two metric points (training loss is logged every step, averaged over this window). */
  metricsEverySteps: 10,
} as const;

/** A state of a dedicated deployment: whether its replicas are billed, hold GPUs and answer requests in it. */
export interface DeploymentState {
  status: string;
  meaning: string;
  /** Whether each replica is billed its flavor's hourly price. */
  billed: boolean;
  /**
   * Whether the deployment holds its replicas' GPUs, which then count against the GPU quota
   * (`gpuQuota` in organization.ts takes the statuses that do not from here).
   */
  holdsGpus: boolean;
  /**
   * How `createChatCompletion` answers a request naming the deployment: `answers`, or the
   * error it returns (the spec's description says the same, `ai-studio.test.ts`).
   */
  inference: 'answers' | '409 invalid_state' | '404 not_found';
}

export const deploymentStates: readonly DeploymentState[] = [
  {status: 'CREATING', meaning: 'GPUs are being placed and the model weights loaded; requests are refused.', billed: false, holdsGpus: true, inference: '409 invalid_state'},
  {status: 'ACTIVE', meaning: 'The deployment answers requests on every replica.', billed: true, holdsGpus: true, inference: 'answers'},
  {status: 'UPDATING', meaning: 'Replicas are being added or removed; the ones already running keep answering.', billed: true, holdsGpus: true, inference: 'answers'},
  {status: 'ERROR', meaning: 'The model could not be loaded or a replica failed; no GPU is held, and requests are refused.', billed: false, holdsGpus: false, inference: '409 invalid_state'},
  {status: 'DELETING', meaning: 'Replicas are stopping and their GPUs are being released; new requests get 404.', billed: false, holdsGpus: true, inference: '404 not_found'},
];

/** Deployment statuses whose replicas hold no GPUs, so they do not count against the GPU quota. */
export const deploymentStatusesOutsideGpuQuota: readonly string[] = deploymentStates.filter((s) => !s.holdsGpus).map((s) => s.status);

/** Largest number of replicas one deployment may run. */
export const maxDeploymentReplicas = 4;

/** A benchmark suite you can run as an evaluation. */
export interface BenchmarkSuite {
  /** Value of `benchmarks[]` in the API. */
  id: string;
  name: string;
  /** What it measures. */
  measures: string;
  /** Items scored. */
  items: number;
  /** Few-shot examples in each prompt. */
  shots: number;
  /** The score the evaluation reports. */
  metric: string;
  /** Tokens one run processes on a model of the Llama 3.1 tokenizer, in millions (input and output). */
  approxInputMillionTokens: number;
  approxOutputMillionTokens: number;
}

export const benchmarkSuites: readonly BenchmarkSuite[] = [
  {id: 'mmlu', name: 'MMLU', measures: 'Knowledge across 57 subjects, multiple choice', items: 14042, shots: 5, metric: 'accuracy', approxInputMillionTokens: 8.4, approxOutputMillionTokens: 0.01},
  {id: 'gsm8k', name: 'GSM8K', measures: 'Grade-school maths word problems, worked step by step', items: 1319, shots: 8, metric: 'exact match', approxInputMillionTokens: 1.2, approxOutputMillionTokens: 0.3},
  {id: 'hellaswag', name: 'HellaSwag', measures: 'Common-sense sentence completion', items: 10042, shots: 10, metric: 'normalized accuracy', approxInputMillionTokens: 9.0, approxOutputMillionTokens: 0.01},
  {id: 'arc_challenge', name: 'ARC-Challenge', measures: 'Grade-school science questions, the hard set', items: 1172, shots: 25, metric: 'normalized accuracy', approxInputMillionTokens: 2.3, approxOutputMillionTokens: 0.01},
  {id: 'truthfulqa_mc2', name: 'TruthfulQA (MC2)', measures: 'Resisting common misconceptions', items: 817, shots: 0, metric: 'MC2 score', approxInputMillionTokens: 0.2, approxOutputMillionTokens: 0.01},
  {id: 'ifeval', name: 'IFEval', measures: 'Following verifiable formatting instructions', items: 541, shots: 0, metric: 'prompt-level strict accuracy', approxInputMillionTokens: 0.05, approxOutputMillionTokens: 0.2},
];

/** Dataset formats and limits. */
export const datasetLimits = {
  /** Largest dataset file, in GB. */
  maxFileGb: 5,
  /**
   * Fewest examples any dataset may hold, whatever it is used for: `createDataset` marks a
   * smaller file `INVALID`, and `synthesizeDataset` generates at least this many.
   */
  minExamples: 10,
  /** Most examples any dataset may hold. */
  maxExamples: 1000000,
  /** Most examples one synthesis request may generate. */
  maxSynthesizedExamples: 10000,
} as const;

/** How long the AI studio keeps what it logs, in days. */
export const logRetention = {
  /** Request metadata: time, model, status, token counts, latency, cost. */
  requestMetadataDays: 30,
  /** Prompt and completion text, kept only for deployments created with `log_bodies: true`. */
  requestBodiesDays: 7,
  /**
   * Training metrics of a job that produced no model (failed or cancelled): kept at least this
   * long. A job's model keeps its metrics as long as it exists, and `deleteModel` deletes them
   * with it, whatever their age.
   */
  trainingMetricsDays: 90,
} as const;

/** The base model with this id. */
export function baseModel(id: string): BaseModel {
  const model = baseModels.find((m) => m.id === id);
  if (!model) throw new Error(`Unknown base model "${id}"; known: ${baseModels.map((m) => m.id).join(', ')}`);
  return model;
}

/** Serverless cost in USD of a request (or many) with these token counts. */
export function inferenceCost(modelId: string, inputTokens: number, outputTokens: number): number {
  const model = baseModel(modelId);
  return (inputTokens * model.inputPricePerMillionTokens + outputTokens * model.outputPricePerMillionTokens) / 1_000_000;
}

/** Price per million training tokens of a method on a model, or null where not offered. */
export function fineTuningPricePerMillion(modelId: string, method: FineTuningMethod['id']): number | null {
  const found = fineTuningMethods.find((m) => m.id === method);
  if (!found) throw new Error(`Unknown fine-tuning method "${method}"`);
  return found.pricePerMillionTrainingTokens[baseModel(modelId).sizeClass];
}

/**
 * Cost in USD of a fine-tuning job: the tokens it trains on (after the validation split) ×
 * epochs at the method's rate. `trainTokens` is what is left for training, not the dataset's
 * whole `tokens` when a split is held out.
 */
export function fineTuningCost(modelId: string, method: FineTuningMethod['id'], trainTokens: number, epochs: number): number {
  const price = fineTuningPricePerMillion(modelId, method);
  if (price === null) throw new Error(`${method} is not offered for ${modelId}`);
  return (trainTokens * epochs * price) / 1_000_000;
}

/** Cost in USD of a deployment: replicas × hours at its flavor's hourly price. */
export function deploymentCost(flavorName: string, replicas: number, hours: number): number {
  const flavor = flavors.find((f) => f.name === flavorName);
  if (!flavor) throw new Error(`Unknown flavor "${flavorName}"`);
  return flavor.pricePerHour * replicas * hours;
}

/** Cost in USD of running a benchmark suite once at a base model's serverless rates. */
export function benchmarkCost(modelId: string, suiteId: string): number {
  const suite = benchmarkSuites.find((s) => s.id === suiteId);
  if (!suite) throw new Error(`Unknown benchmark "${suiteId}"`);
  return inferenceCost(modelId, suite.approxInputMillionTokens * 1_000_000, suite.approxOutputMillionTokens * 1_000_000);
}

/** "131,072". */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
