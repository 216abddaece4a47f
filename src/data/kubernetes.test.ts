// The Kubernetes facts the pages render equal what the API spec says: versions and their
// end-of-support dates, master flavors and their prices, and the shape limits of clusters.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {clusterAddons, clusterCost, clusterLimits, defaultKubernetesVersion, exampleCluster, expiredKubernetesVersions, kubernetesVersions, masterFlavors, minorVersion, nodeImage, storageClasses, storageClassPricePerGbHour} from './kubernetes';
import {flavors, policies} from './platform';
import {toMoney} from './prices';
import {storageKind} from './storage';
import {ClusterCostTable, KubernetesVersionTable, MasterFlavorTable, StorageClassTable} from '../components/KubernetesTables';

const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const example = (p: string, method: string, status: string): Json => ((spec.paths[p] as Json)[method].responses[status].content['application/json'].example);
const schemas = spec.components.schemas as Json;

describe('src/data/kubernetes.ts agrees with the API spec', () => {
  it('lists the versions of listKubernetesVersions, with their status, default and end of support', () => {
    const versions = example('/core/clusters/versions', 'get', '200').versions as Json[];
    expect(versions.map((v) => ({version: v.version, status: v.status, default: v.default, endOfSupport: v.end_of_support}))).toEqual([...kubernetesVersions]);
    expect(kubernetesVersions.filter((v) => v.default)).toHaveLength(1);
    expect(schemas.KubernetesVersion.properties.status.enum).toEqual(expect.arrayContaining([...new Set(kubernetesVersions.map((v) => v.status))]));
  });

  it('uses the default version in the create and retrieve examples', () => {
    const created = example('/core/clusters', 'post', '202').cluster as Json;
    expect(created.kubernetes_version).toBe(defaultKubernetesVersion.version);
  });

  it('lists the master flavors of listMasterFlavors, with their sizes and prices', () => {
    const listed = example('/core/clusters/master-flavors', 'get', '200').master_flavors as Json[];
    expect(listed.map((f) => ({name: f.name, vcpus: f.vcpus, ramGb: f.ram_gb, ephemeralGb: f.ephemeral_gb, pricePerHour: f.price_per_hour}))).toEqual(masterFlavors.map(({recommendedFor: _r, ...f}) => ({...f, pricePerHour: toMoney(f.pricePerHour)})));
    const small = flavors.find((f) => f.name === 'n1-cpu-small')!;
    expect(masterFlavors[0]).toMatchObject({name: small.name, pricePerHour: small.pricePerHour});
    for (const f of masterFlavors) expect(flavors.find((x) => x.name === f.name && x.gpu !== null)).toBeUndefined();
  });

  it('states the schema limits of clusters and node groups', () => {
    expect(schemas.ClusterCreate.properties.master_count.enum).toEqual([...clusterLimits.masterCounts]);
    expect(schemas.ClusterCreate.properties.node_groups.maxItems).toBe(clusterLimits.nodeGroupsPerCreate);
    expect(schemas.ClusterCreate.properties.name.maxLength).toBe(clusterLimits.clusterNameMaxLength);
    for (const field of ['min_count', 'max_count', 'desired_count']) {
      expect(schemas.NodeGroupCreate.properties[field].maximum).toBe(clusterLimits.nodesPerGroupMax);
      expect(schemas.NodeGroupCreate.properties[field].minimum).toBe(clusterLimits.nodesPerGroupMin);
    }
    expect(schemas.NodeGroupCreate.properties.name.maxLength).toBe(clusterLimits.nodeGroupNameMaxLength);
  });

  it('boots nodes from a GPU image and names its driver in the GPU operator row', () => {
    expect(nodeImage.driver).not.toBeNull();
    expect(clusterAddons.find((a) => a.name === 'NVIDIA GPU Operator')!.role).toContain(nodeImage.driver!);
  });
});

describe('cluster cost', () => {
  it('adds control plane, node groups, volumes and load balancers', () => {
    const h100 = flavors.find((f) => f.name === 'n3-H100x1')!;
    const cost = clusterCost(exampleCluster);
    const expected = masterFlavors[0].pricePerHour + 2 * h100.pricePerHour + 200 * storageKind('cloud-ssd').pricePerGbHour! + policies.publicIpPricePerHour;
    expect(cost.perHour).toBeCloseTo(expected, 10);
    expect(cost.lines).toHaveLength(4);
    expect(() => clusterCost({...exampleCluster, masterFlavor: 'n3-H100x1'})).toThrow(/Unknown master flavor/);
  });

  it('prices each storage class at its storage kind', () => {
    for (const sc of storageClasses) expect(storageClassPricePerGbHour(sc.name)).toBe(storageKind(sc.kind).pricePerGbHour);
    expect(storageClasses.filter((s) => s.isDefault)).toHaveLength(1);
  });
});

describe('Kubernetes tables', () => {
  const rows = (html: string) => html.match(/<tr>/g)!.length - 1;
  it('render their data', () => {
    expect(rows(renderToStaticMarkup(h(KubernetesVersionTable)))).toBe(kubernetesVersions.length);
    expect(rows(renderToStaticMarkup(h(MasterFlavorTable)))).toBe(masterFlavors.length);
    expect(rows(renderToStaticMarkup(h(StorageClassTable)))).toBe(storageClasses.length);
    const cost = renderToStaticMarkup(h(ClusterCostTable, {}));
    expect(rows(cost)).toBe(clusterCost(exampleCluster).lines.length + 1);
    expect(cost).toContain('$3.94');
  });
});

describe('Kubernetes versions in support', () => {
  it('offers no version past its end of support today, so an expired version fails the build', () => {
    // The real date on purpose: the day after a version's endOfSupport this fails until the
    // version leaves kubernetesVersions and the spec's example.
    expect(expiredKubernetesVersions(new Date()).map((v) => `${v.version} (end of support ${v.endOfSupport})`)).toEqual([]);
    const fixture = [{version: '1.30.14', status: 'DEPRECATED', default: false, endOfSupport: '2025-06-28'}] as const;
    expect(expiredKubernetesVersions(new Date('2025-06-28T23:59:00Z'), fixture)).toEqual([]);
    expect(expiredKubernetesVersions(new Date('2025-06-29T00:00:00Z'), fixture)).toEqual(fixture);
  });

  it('lists versions oldest first, with valid dates, one per minor version, and supports the default longest', () => {
    for (const v of kubernetesVersions) {
      expect(v.version).toMatch(/^1\.\d+\.\d+$/);
      expect(Number.isNaN(Date.parse(`${v.endOfSupport}T00:00:00Z`)), v.endOfSupport).toBe(false);
    }
    const minors = kubernetesVersions.map((v) => Number(minorVersion(v.version).split('.')[1]));
    expect(minors).toEqual([...new Set(minors)].sort((a, b) => a - b));
    const ends = kubernetesVersions.map((v) => v.endOfSupport);
    expect(ends).toEqual([...ends].sort());
    expect(defaultKubernetesVersion.status).toBe('SUPPORTED');
    expect(clusterAddons.find((a) => a.name === 'Cluster autoscaler')!.version).toBe(minorVersion(defaultKubernetesVersion.version));
  });

  it('names only listed versions in the Kubernetes pages (kubectl output and requests)', () => {
    const dir = path.resolve(__dirname, '../../docs/kubernetes');
    const listed = new Set(kubernetesVersions.map((v) => v.version));
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.mdx'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/\bv?(1\.[23]\d\.\d+)\b/g)) expect(listed.has(m[1]), `docs/kubernetes/${file}: ${m[0]} is not a version of kubernetesVersions`).toBe(true);
    }
  });
});
