// The AI studio's facts and the API spec's part for it (openapi/parts/ai-studio.yaml)
// must agree: the reference renders the spec, the guides render this data.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {baseModels, benchmarkCost, benchmarkSuites, datasetLimits, deploymentCost, deploymentStates, deploymentStatusesOutsideGpuQuota, fineTuningCost, fineTuningDefaults, fineTuningMethods, fineTuningPricePerMillion, inferenceCost, logRetention, maxDeploymentReplicas, trainingTokens} from './ai-studio';
import {flavors} from './platform';
import {toMoney} from './prices';

const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
const schemas = spec.components.schemas as Record<string, any>;
const op = (id: string) => {
  for (const item of Object.values(spec.paths)) for (const o of Object.values(item as Record<string, any>)) if (o?.operationId === id) return o;
  throw new Error(`no operation ${id}`);
};

describe('AI studio data', () => {
  it('prices requests, fine-tuning, deployments and benchmarks from the catalogue', () => {
    expect(inferenceCost('meta-llama/Llama-3.1-8B-Instruct', 1200, 350)).toBeCloseTo(0.00019, 10);
    expect(fineTuningCost('meta-llama/Llama-3.1-8B-Instruct', 'lora', 1_935_000, 3)).toBeCloseTo(2.9025, 10);
    expect(fineTuningPricePerMillion('Qwen/Qwen2.5-72B-Instruct', 'full')).toBeNull();
    expect(() => fineTuningCost('Qwen/Qwen2.5-72B-Instruct', 'full', 1000, 1)).toThrow(/not offered/);
    expect(deploymentCost('n3-L40x1', 2, 730)).toBeCloseTo(flavors.find((f) => f.name === 'n3-L40x1')!.pricePerHour * 1460, 6);
    expect(benchmarkCost('meta-llama/Llama-3.1-8B-Instruct', 'mmlu')).toBeCloseTo(8.4 * 0.1 + 0.01 * 0.2, 10);
    expect(() => inferenceCost('gpt-4', 1, 1)).toThrow(/Unknown base model/);
  });

  it('deploys every model only on GPU flavors that exist', () => {
    for (const m of baseModels) for (const f of m.deploymentFlavors) expect(flavors.find((x) => x.name === f)?.gpu, `${m.id} on ${f}`).toBeTruthy();
  });
});

describe('the AI studio spec agrees with the data', () => {
  it('enumerates the base models, methods, deployment states and benchmark suites of the data', () => {
    expect(schemas.BaseModelName.enum).toEqual(baseModels.map((m) => m.id));
    expect(schemas.FineTuningMethod.enum).toEqual(fineTuningMethods.map((m) => m.id));
    expect(schemas.DeploymentStatus.enum).toEqual(deploymentStates.map((s) => s.status));
    expect(schemas.BenchmarkSuite.enum).toEqual(benchmarkSuites.map((s) => s.id));
  });

  it('says which deployment statuses bill, hold GPUs and answer requests, as deploymentStates does', () => {
    const flat = (id: string) => String(op(id).description).replace(/\s+/g, ' ');
    const list = (statuses: string[]) => statuses.map((s) => `\`${s}\``).join(statuses.length === 2 ? ' or ' : ', ');
    const where = (pick: (s: (typeof deploymentStates)[number]) => boolean) => deploymentStates.filter(pick).map((s) => s.status);
    expect(flat('listDeployments')).toContain(`a deployment is billed while it is ${list(where((s) => s.billed))}`);
    expect(flat('createDeployment')).toContain(`while the deployment is ${list(where((s) => s.billed))}`);
    const chat = flat('createChatCompletion');
    expect(chat).toContain(`A deployment answers while it is ${list(where((s) => s.inference === 'answers'))}.`);
    expect(chat).toContain(`One in ${list(where((s) => s.inference === '409 invalid_state'))} answers \`409 invalid_state\``);
    for (const s of where((x) => x.inference === '404 not_found')) expect(chat).toContain(`answers \`404 not_found\`, and so does a deployment from the moment it is deleted (\`${s}\`)`);
    // A status that holds no GPU says so, and the spec says such a deployment does not count against the quota.
    expect(deploymentStatusesOutsideGpuQuota).toEqual(['ERROR']);
    for (const s of deploymentStates) expect(/no GPU is held/.test(s.meaning), s.status).toBe(!s.holdsGpus);
    for (const s of deploymentStatusesOutsideGpuQuota) expect(flat('getDeployment')).toContain(`an \`${s}\` deployment holds no GPU, does not count against your organization's GPU quota`);
  });

  it('lists every base model in the models example with the facts and prices of the data', () => {
    const models = op('listModels').responses['200'].content['application/json'].example.models as any[];
    for (const m of baseModels) {
      const shown = models.find((x) => x.name === m.id);
      expect(shown, m.id).toBeDefined();
      expect(shown).toMatchObject({
        parameters_billions: m.parametersBillions,
        context_tokens: m.contextTokens,
        licence: m.licence,
        input_price_per_million_tokens: toMoney(m.inputPricePerMillionTokens),
        output_price_per_million_tokens: toMoney(m.outputPricePerMillionTokens),
        deployment_flavors: [...m.deploymentFlavors],
        fine_tuning_methods: fineTuningMethods.filter((f) => f.pricePerMillionTrainingTokens[m.sizeClass] !== null).map((f) => f.id),
      });
    }
  });

  it('states the limits, defaults and retention of the data', () => {
    const text = (JSON.stringify(spec.paths['/ai/datasets']) + JSON.stringify(spec.paths['/ai/datasets/synthesize']) + JSON.stringify(spec.paths['/ai/logs']) + JSON.stringify(spec.paths['/ai/fine-tuning/jobs/{job_id}/metrics'])).replace(/\\n/g, ' ');
    expect(text).toContain(`at most ${datasetLimits.maxFileGb} GB`);
    expect(text).toContain(`${datasetLimits.minExamples} to ${datasetLimits.maxExamples.toLocaleString('en-US')} examples`);
    expect(text).toContain(`up to ${datasetLimits.maxSynthesizedExamples.toLocaleString('en-US')} examples`);
    expect(text).toContain(`kept for ${logRetention.requestMetadataDays} days`);
    expect(text).toContain(`kept for ${logRetention.requestBodiesDays} days`);
    expect(text).toContain(`at least ${logRetention.trainingMetricsDays} days`);
    expect(text).toContain(`one point every ${fineTuningDefaults.metricsEverySteps} steps`);
    expect(schemas.DatasetSynthesize.properties.examples.maximum).toBe(datasetLimits.maxSynthesizedExamples);
    expect(schemas.DeploymentCreate.properties.replicas.maximum).toBe(maxDeploymentReplicas);
    expect(schemas.DeploymentUpdate.properties.replicas.maximum).toBe(maxDeploymentReplicas);
    const hp = schemas.Hyperparameters.properties;
    expect([hp.epochs.default, hp.epochs.minimum, hp.epochs.maximum]).toEqual([fineTuningDefaults.epochs.default, fineTuningDefaults.epochs.min, fineTuningDefaults.epochs.max]);
    expect(hp.lora_rank.enum.filter((v: unknown) => v !== null)).toEqual([...fineTuningDefaults.loraRank.allowed]);
    expect(schemas.FineTuningJobCreate.properties.validation_split.maximum).toBe(fineTuningDefaults.validationSplit.max);
  });

  it('bills fine-tuning on the tokens left after the validation split, as the data says and the examples count', () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    expect(flat(op('createFineTuningJob').description)).toContain(trainingTokens);
    expect(schemas.FineTuningJob.properties.estimated_cost.description).toContain(trainingTokens);
    const job = op('getFineTuningJob').responses['200'].content['application/json'].example.fine_tuning_job;
    const dataset = op('listDatasets').responses['200'].content['application/json'].example.datasets.find((d: any) => d.id === job.training_dataset_id);
    expect(job.trained_tokens).toBeCloseTo(dataset.tokens * (1 - job.validation_split) * job.hyperparameters.epochs, 6);
    expect(job.estimated_cost).toEqual(toMoney(fineTuningCost(job.base_model, job.method, dataset.tokens * (1 - job.validation_split), job.hyperparameters.epochs)));
  });

  it('applies the example limits to every dataset, synthesized ones included', () => {
    expect(schemas.DatasetSynthesize.properties.examples.minimum).toBe(datasetLimits.minExamples);
    expect(String(op('createDataset').description).replace(/\s+/g, ' ')).toMatch(/examples, whatever it is for/);
  });

  it('deletes training metrics with the model, and keeps those of a job without a model the days of the data', () => {
    const text = String(op('listFineTuningMetrics').description).replace(/\s+/g, ' ');
    expect(text).toContain('are deleted with it (`deleteModel`)');
    expect(text).toContain(`a job that produced no model, because it failed or was cancelled, keeps them for at least ${logRetention.trainingMetricsDays} days`);
    expect(String(op('deleteModel').description)).toMatch(/its training\s+metrics/);
  });

  it('prices the examples of jobs, deployments, evaluations and logs as the data does', () => {
    const job = op('getFineTuningJob').responses['200'].content['application/json'].example.fine_tuning_job;
    expect(job.estimated_cost).toEqual(toMoney((job.trained_tokens * fineTuningPricePerMillion(job.base_model, job.method)!) / 1e6));
    const cancelled = op('cancelFineTuningJob').responses['200'].content['application/json'].example.fine_tuning_job;
    expect(cancelled.cost).toEqual(toMoney((cancelled.trained_tokens * fineTuningPricePerMillion(cancelled.base_model, cancelled.method)!) / 1e6));
    for (const id of ['createDeployment', 'getDeployment', 'updateDeployment', 'deleteDeployment']) {
      const res = op(id).responses['202'] ?? op(id).responses['200'];
      const d = res.content['application/json'].example.deployment;
      expect(d.hourly_cost, id).toEqual(toMoney(deploymentCost(d.flavor_name, d.replicas, 1)));
    }
    const evaluation = op('getEvaluation').responses['200'].content['application/json'].example.evaluation;
    const base = op('listModels').responses['200'].content['application/json'].example.models.find((m: any) => m.name === evaluation.model).base_model;
    expect(evaluation.cost).toEqual(toMoney(inferenceCost(base, evaluation.input_tokens, evaluation.output_tokens)));
    expect(evaluation.cost).toEqual(toMoney(evaluation.benchmarks.reduce((sum: number, b: string) => sum + benchmarkCost(base, b), 0)));
    for (const entry of op('listInferenceLogs').responses['200'].content['application/json'].example.logs) {
      expect(entry.cost).toEqual(toMoney(entry.deployment_id === null ? inferenceCost(entry.model, entry.input_tokens, entry.output_tokens) : 0));
    }
  });
});
