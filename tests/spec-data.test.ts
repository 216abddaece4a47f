// Every product fact the API spec states, in its examples, enums, schema limits and
// descriptions, equals src/data: the pages render the data, the reference renders the
// spec, and a reader must never see them disagree. The spec is walked as a whole, so
// new operations and examples are checked without being listed here.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';
import {flavors, images, policies, regions} from '../src/data/platform';
import {limits} from '../src/data/limits';
import {toMoney} from '../src/data/prices';

const spec = loadSpec(path.resolve(__dirname, '../openapi')) as unknown as Record<string, unknown>;
const components = spec.components as Record<string, Record<string, Record<string, unknown>>>;

type Visit = (value: unknown, key: string | undefined, where: string) => void;

/** Calls `visit` for every value in the document, with its key and a JSON-pointer-like path. */
function walk(node: unknown, visit: Visit, where = '', key?: string): void {
  visit(node, key, where);
  if (Array.isArray(node)) node.forEach((item, i) => walk(item, visit, `${where}/${i}`, key));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, visit, `${where}/${k}`, k);
}

/** Every example object in the spec (`example`, `examples.*.value`), with where it is. */
function examples(): {value: unknown; where: string}[] {
  const out: {value: unknown; where: string}[] = [];
  walk(spec, (value, key, where) => {
    if (key === 'example') out.push({value, where});
    if (key === 'examples' && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, ex] of Object.entries(value)) if (ex && typeof ex === 'object' && 'value' in ex) out.push({value: (ex as {value: unknown}).value, where: `${where}/${name}`});
    }
  });
  return out;
}

/** Every description string in the spec, with where it is. */
function descriptions(): {text: string; where: string}[] {
  const out: {text: string; where: string}[] = [];
  walk(spec, (value, key, where) => {
    if (key === 'description' && typeof value === 'string') out.push({text: value, where});
  });
  return out;
}

const flavorNames = new Set(flavors.map((f) => f.name));
const regionIds = new Set(regions.map((r) => r.id));
const imageNames = new Set(images.map((i) => i.name));

describe('the API spec agrees with src/data', () => {
  const all = examples();

  it('has examples to check', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it('names only flavors, regions and images that exist, in every example', () => {
    const wrong: string[] = [];
    for (const {value, where} of all) {
      walk(value, (v, key, at) => {
        if (typeof v !== 'string') return;
        if (key === 'flavor_name' && !flavorNames.has(v)) wrong.push(`${where}${at}: flavor ${v}`);
        if (key === 'image_name' && !imageNames.has(v)) wrong.push(`${where}${at}: image ${v}`);
        if ((key === 'region' || key === 'region_name') && !regionIds.has(v)) wrong.push(`${where}${at}: region ${v}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it('gives every flavor in an example the specs and price of the data', () => {
    const wrong: string[] = [];
    const fields = {gpu: 'gpu', gpu_count: 'gpuCount', gpu_memory_gb: 'gpuMemoryGb', vcpus: 'vcpus', ram_gb: 'ramGb', ephemeral_gb: 'ephemeralGb', price_per_hour: 'pricePerHour'} as const;
    for (const {value, where} of all) {
      walk(value, (v, _key, at) => {
        if (!v || typeof v !== 'object' || Array.isArray(v)) return;
        const object = v as Record<string, unknown>;
        const flavor = flavors.find((f) => f.name === object.name && 'vcpus' in object);
        if (!flavor) return;
        for (const [field, dataField] of Object.entries(fields)) {
          const expected = JSON.stringify(field === 'price_per_hour' ? toMoney(flavor.pricePerHour) : flavor[dataField]);
          if (field in object && JSON.stringify(object[field]) !== expected) wrong.push(`${where}${at}: ${flavor.name}.${field} is ${JSON.stringify(object[field])}, data ${expected}`);
        }
      });
    }
    expect(wrong).toEqual([]);
  });

  it('lists exactly the data regions wherever it enumerates regions', () => {
    const enums: string[][] = [];
    walk(spec, (v, key) => {
      if (key === 'enum' && Array.isArray(v) && v.some((x) => regionIds.has(x as string))) enums.push(v as string[]);
    });
    expect(enums.length).toBeGreaterThan(0);
    for (const list of enums) expect([...list].sort()).toEqual([...regionIds].sort());
  });

  it('states the pagination, idempotency and label limits of the data', () => {
    const pageSize = components.parameters.PageSize.schema as {maximum: number; default: number};
    expect(pageSize.maximum).toBe(limits.pageSizeMax.value);
    expect(pageSize.default).toBe(limits.pageSizeDefault.value);
    const idempotency = components.parameters.IdempotencyKey as {description: string; schema: {maxLength: number}};
    expect(idempotency.schema.maxLength).toBe(limits.idempotencyKeyMaxLength.value);
    expect(idempotency.description).toContain(`${limits.idempotencyKeyMaxLength.value} characters`);
    expect(idempotency.description).toContain(`${limits.idempotencyWindowHours.value} hours`);
    const labels = components.schemas.Labels as {maxProperties: number; description: string; additionalProperties: {maxLength: number}};
    expect(labels.maxProperties).toBe(limits.labelsPerResource.value);
    expect(labels.additionalProperties.maxLength).toBe(limits.labelValueMaxLength.value);
    expect(labels.description).toContain(`up to ${limits.labelsPerResource.value}; keys up to ${limits.labelKeyMaxLength.value} characters, values up to ${limits.labelValueMaxLength.value}`);
  });

  it('accepts as many VMs per request, firewall rules per create and VMs per firewall as the data says', () => {
    expect((components.schemas.VirtualMachineCreate.properties as Record<string, {maximum: number}>).count.maximum).toBe(limits.vmsPerCreateRequest.value);
    expect((components.schemas.FirewallCreate.properties as Record<string, {maxItems: number}>).rules.maxItems).toBe(limits.firewallRulesPerCreate.value);
    expect((components.schemas.FirewallAttach.properties as Record<string, {maxItems: number}>).vm_ids.maxItems).toBe(limits.vmsPerFirewall.value);
    const attach = (spec.paths as Record<string, Record<string, {description: string}>>)['/core/firewalls/{firewall_id}/vms'].put.description.replace(/\s+/g, ' ');
    expect(attach).toContain(`The list holds at most ${limits.vmsPerFirewall.value} VMs.`);
  });

  it('states the rate limit, retention periods and quotas of the data wherever it gives a number for them', () => {
    const wrong: string[] = [];
    const texts = [...descriptions(), ...all.filter((e) => typeof e.value === 'string' || (e.value && typeof e.value === 'object')).map((e) => ({text: JSON.stringify(e.value), where: e.where}))];
    const rules: {pattern: RegExp; expected: number; what: string}[] = [
      {pattern: /(\d+) requests per minute/g, expected: limits.apiRequestsPerMinute.value, what: 'rate limit'},
      {pattern: /within the last (\d+) days/g, expected: limits.metricsRetentionDays.value, what: 'metrics retention'},
      {pattern: /samples every (\d+) seconds/g, expected: limits.metricsSampleSeconds.value, what: 'metrics sampling'},
      {pattern: /at most ([\d,]+) steps/g, expected: limits.metricsMaxSteps.value, what: 'metrics steps'},
      {pattern: /[Ee]vents are kept for (\d+) days/g, expected: limits.clusterEventsRetentionDays.value, what: 'cluster events retention'},
      {pattern: /quota of (\d+) GPUs/g, expected: policies.defaultGpuQuota, what: 'GPU quota'},
      {pattern: /(\d+) hours after the balance reached zero/g, expected: policies.negativeBalanceGraceHours, what: 'grace period'},
    ];
    const seen = new Set<string>();
    for (const {text, where} of texts) {
      for (const rule of rules) {
        for (const m of text.matchAll(rule.pattern)) {
          seen.add(rule.what);
          if (Number(m[1].replace(/,/g, '')) !== rule.expected) wrong.push(`${where}: ${rule.what} ${m[1]}, data ${rule.expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The rules must keep finding what they check, or they check nothing.
    expect([...seen].sort()).toEqual(['GPU quota', 'cluster events retention', 'grace period', 'metrics retention', 'metrics sampling', 'metrics steps', 'rate limit'].sort());
  });
});
