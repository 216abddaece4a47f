// The flavor hardware fields of the API spec (examples, label vocabulary) equal src/data,
// and the hardware data derives labels and compatibility from the one flavor catalogue.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';
import {flavors, images, regions} from '../src/data/platform';
import {toMoney} from '../src/data/prices';
import {compatibility, confidentialMinimumDriver, confidentialVm, cuda12MinimumDriver, driverBranch, flavorLabelKeys, flavorLabels, flavorsWithLabels, gpuModelSlug, gpuModels, imageDrivers} from '../src/data/hardware';
import {readDocs} from './docs';

const spec = loadSpec(path.resolve(__dirname, '../openapi')) as unknown as Record<string, unknown>;

function walk(node: unknown, visit: (value: unknown, where: string) => void, where = ''): void {
  visit(node, where);
  if (Array.isArray(node)) node.forEach((item, i) => walk(item, visit, `${where}/${i}`));
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, visit, `${where}/${k}`);
}

const fields = {
  spot_price_per_hour: 'spotPricePerHour',
  network_gbps: 'networkGbps',
  interconnect: 'interconnect',
  high_speed_network: 'highSpeedNetwork',
  sriov: 'sriov',
  confidential_computing: 'confidentialComputing',
} as const;

describe('flavor hardware in the API spec', () => {
  it('gives every flavor object in an example the hardware fields and labels of the data', () => {
    const wrong: string[] = [];
    let checked = 0;
    walk(spec, (v, where) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return;
      const object = v as Record<string, unknown>;
      // Objects of the Flavor schema (master flavors of clusters are another schema).
      const flavor = flavors.find((f) => f.name === object.name && 'gpu_count' in object && 'stock_available' in object);
      if (!flavor) return;
      checked += 1;
      for (const [field, dataField] of Object.entries(fields)) {
        if (!(field in object)) wrong.push(`${where}: ${flavor.name} lacks ${field}`);
        else {
          const data = flavor[dataField];
          const expected = JSON.stringify(field === 'spot_price_per_hour' && typeof data === 'number' ? toMoney(data) : data);
          if (JSON.stringify(object[field]) !== expected) wrong.push(`${where}: ${flavor.name}.${field} is ${JSON.stringify(object[field])}, data ${expected}`);
        }
      }
      expect(object.labels, `${where}: ${flavor.name}.labels`).toEqual(flavorLabels(flavor));
    });
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(flavors.length);
  });

  it('names the label vocabulary of the data in the schema and the listFlavors filter', () => {
    const paths = spec.paths as Record<string, Record<string, {parameters: {name?: string; description?: string}[]}>>;
    const label = paths['/core/flavors'].get.parameters.find((p) => p.name === 'label')!;
    const schema = (spec.components as Record<string, Record<string, {properties: Record<string, {description: string}>}>>).schemas.Flavor;
    const keys = flavorLabelKeys.map((k) => `\`${k.key}\``).join(', ');
    expect(label.description).toContain(keys);
    expect(schema.properties.labels.description).toContain(keys);
  });
});

interface StockFlavor {flavor_name: string; gpu: string; gpu_count: number; available_gpus: number; available_vms: number}
interface Stock {updated_at: string; regions: {region: string; flavors: StockFlavor[]}[]}

/** What is wrong with a GPU stock answer: flavors, GPUs and whole VMs against the data. */
function stockProblems(stock: Stock): string[] {
  const wrong: string[] = [];
  for (const r of stock.regions) {
    if (!regions.some((x) => x.id === r.region)) wrong.push(`unknown region ${r.region}`);
    for (const f of r.flavors) {
      const flavor = flavors.find((x) => x.name === f.flavor_name);
      if (!flavor || !flavor.gpu) { wrong.push(`${r.region}: ${f.flavor_name} is not a GPU flavor of the data`); continue; }
      if (f.gpu !== flavor.gpu || f.gpu_count !== flavor.gpuCount) wrong.push(`${r.region}: ${f.flavor_name} is ${f.gpu_count} × ${f.gpu}, data ${flavor.gpuCount} × ${flavor.gpu}`);
      if (f.available_vms * f.gpu_count > f.available_gpus) wrong.push(`${r.region}: ${f.flavor_name} has ${f.available_vms} VMs from ${f.available_gpus} GPUs`);
      if (f.gpu_count === 1 && f.available_vms !== f.available_gpus) wrong.push(`${r.region}: ${f.flavor_name} has one GPU per VM but ${f.available_vms} VMs from ${f.available_gpus} GPUs`);
    }
  }
  return wrong;
}

/** Every `getGpuStock` 200 answer the docs show, with its page. */
function docStockSamples(): {file: string; stock: Stock}[] {
  const out: {file: string; stock: Stock}[] = [];
  for (const doc of readDocs()) {
    for (const m of doc.body.matchAll(/```json[^\n]*operation="getGpuStock"[^\n]*\n([\s\S]*?)\n\s*```/g)) {
      out.push({file: doc.file, stock: (JSON.parse(m[1]) as {stock: Stock}).stock});
    }
  }
  return out;
}

describe('GPU stock samples', () => {
  const paths = spec.paths as Record<string, Record<string, {responses: Record<string, {content: Record<string, {example: {stock: Stock}}>}>}>>;
  const example = paths['/core/stocks'].get.responses['200'].content['application/json'].example.stock;

  it('lists GPU flavors of the data, as whole VMs, in the spec and on every page', () => {
    expect(stockProblems({updated_at: '', regions: [{region: 'no-osl-1', flavors: [{flavor_name: 'n3-H100x8', gpu: 'NVIDIA H100 80GB SXM5', gpu_count: 8, available_gpus: 6, available_vms: 1}]}]})).toHaveLength(1);
    expect(stockProblems(example)).toEqual([]);
    const samples = docStockSamples();
    expect(samples.length).toBeGreaterThan(0);
    for (const {file, stock} of samples) expect(stockProblems(stock), file).toEqual([]);
  });

  it('answers for every open region when no region is asked for', () => {
    expect(example.regions.map((r) => r.region).sort()).toEqual(regions.filter((r) => r.open).map((r) => r.id).sort());
  });

  it('never shows two different figures for the same flavor, region and moment', () => {
    const seen = new Map<string, {figure: string; where: string}>();
    const wrong: string[] = [];
    for (const {file, stock} of [{file: 'the spec', stock: example}, ...docStockSamples()]) {
      for (const r of stock.regions) {
        for (const f of r.flavors) {
          const key = `${stock.updated_at} ${r.region} ${f.flavor_name}`;
          const figure = `${f.available_gpus}/${f.available_vms}`;
          const before = seen.get(key);
          if (before && before.figure !== figure) wrong.push(`${key}: ${figure} in ${file}, ${before.figure} in ${before.where}`);
          if (!before) seen.set(key, {figure, where: file});
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('hardware facts in pages and the spec', () => {
  it('prints only driver builds the images ship in the docs\' outputs', () => {
    const builds = new Set(imageDrivers.map((d) => d.driverVersion));
    const wrong: string[] = [];
    for (const doc of readDocs()) {
      doc.body.split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/\b(5\d{2}\.\d{2,3}\.\d{2})\b/g)) if (!builds.has(m[1])) wrong.push(`${doc.file}:${i + 1}: driver ${m[1]}, the images ship ${[...builds].join(', ')}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it('says the GPU images hold their driver packages wherever a page mentions apt-mark hold, as imageDrivers does', () => {
    expect(imageDrivers.every((d) => d.driverPackagesHeld)).toBe(true);
    // A line that mentions the hold must say the images already hold the driver, never ask the reader to.
    const says = /(are|is) already held with `apt-mark hold`|images hold the driver packages with `apt-mark hold`/;
    const fixture = 'Run apt upgrade, and hold the driver packages with `apt-mark hold` if an automatic upgrade must not move them.';
    expect(says.test(fixture)).toBe(false);
    const wrong: string[] = [];
    let seen = 0;
    for (const doc of readDocs()) {
      doc.body.split('\n').forEach((line, i) => {
        if (!line.includes('`apt-mark hold`')) return;
        seen += 1;
        if (!says.test(line)) wrong.push(`${doc.file}:${i + 1}`);
      });
    }
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(wrong).toEqual([]);
  });

  it('gives every CUDA 12 image a driver of the CUDA 12 series', () => {
    for (const image of images.filter((i) => i.cuda?.startsWith('12.'))) {
      expect(driverBranch(image.driver!), image.name).toBeGreaterThanOrEqual(driverBranch(cuda12MinimumDriver));
    }
  });

  it('states the confidential rules of the data where a VM is created', () => {
    const schemas = (spec.components as Record<string, Record<string, {properties: Record<string, {description: string}>}>>).schemas;
    const text = schemas.VirtualMachineCreate.properties.confidential.description;
    expect(text).toContain(`driver is ${confidentialMinimumDriver} or later`);
    if (!confidentialVm.spot) expect(text).toContain('never together with `spot`');
    if (!confidentialVm.hibernation) expect(text).toContain('cannot be hibernated');
  });
});

describe('hardware data', () => {
  it('derives labels from the flavor fields', () => {
    const h100x8 = flavors.find((f) => f.name === 'n3-H100x8')!;
    expect(flavorLabels(h100x8)).toEqual(['gpu.model=h100', 'gpu.count=8', 'gpu.memory=80gb', 'gpu.form=sxm', 'interconnect=nvlink', 'network=infiniband', 'sriov', 'spot']);
    expect(flavorLabels(flavors.find((f) => f.name === 'n1-cpu-small')!)).toEqual(['gpu.count=0']);
    expect(gpuModelSlug('NVIDIA RTX A6000')).toBe('rtx-a6000');
    // Every label key a flavor carries is in the vocabulary.
    const keys = new Set(flavorLabelKeys.map((k) => k.key));
    for (const f of flavors) for (const l of flavorLabels(f)) expect(keys.has(l.split('=')[0]), l).toBe(true);
  });

  it('filters flavors by labels, all of them required', () => {
    expect(flavorsWithLabels(['confidential']).map((f) => f.name)).toEqual(flavors.filter((f) => f.confidentialComputing).map((f) => f.name));
    expect(flavorsWithLabels(['interconnect=nvlink', 'network=infiniband']).map((f) => f.name)).toEqual(['n3-H100x8']);
    expect(flavorsWithLabels([])).toHaveLength(flavors.length);
  });

  it('knows every GPU of the flavors and every image with a driver', () => {
    for (const f of flavors) if (f.gpu) expect(gpuModels.map((m) => m.gpu), f.name).toContain(f.gpu);
    expect(imageDrivers.map((d) => d.image).sort()).toEqual(images.filter((i) => i.driver).map((i) => i.name).sort());
    for (const d of imageDrivers) {
      const image = images.find((i) => i.name === d.image)!;
      expect(d.driverVersion.split('.')[0]).toBe(image.driver!.slice(1));
      expect(d.maxCuda).toBe(image.cuda);
    }
  });

  it('tells which image runs which GPU, and where confidential mode works', () => {
    const sxm = gpuModels.find((m) => m.gpu === 'NVIDIA H100 80GB SXM5')!;
    const pcie = gpuModels.find((m) => m.gpu === 'NVIDIA H100 80GB PCIe')!;
    expect(compatibility(sxm, 'Ubuntu Server 24.04 LTS R570 CUDA 12.8')).toEqual({supported: true, notes: ['Fabric Manager included']});
    expect(compatibility(pcie, 'Ubuntu Server 24.04 LTS R570 CUDA 12.8').notes).toEqual(['Confidential mode supported']);
    expect(compatibility(pcie, 'Ubuntu Server 22.04 LTS R535 CUDA 12.2').notes).toEqual(['No confidential mode (needs R550)']);
    expect(compatibility(pcie, 'Ubuntu Server 24.04 LTS').supported).toBe(false);
    expect(() => compatibility(pcie, 'Windows')).toThrow(/Unknown image/);
  });
});
