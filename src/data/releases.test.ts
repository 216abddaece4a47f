import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../../plugins/openapi/spec';
import {kubernetesVersions, defaultKubernetesVersion, masterFlavors, minorVersion} from './kubernetes';
import {libraries, type LibraryId} from './libraries';
import {flavors, regions} from './platform';
import {compareVersions, libraryReleases, releaseProblems, releases, releasesOf, releaseYears, type Release} from './releases';

const root = path.resolve(__dirname, '../..');
const spec = loadSpec(path.join(root, 'openapi'));
const specText = JSON.stringify(spec);
const operationIds = new Set(operations(spec).map((o) => o.operation.operationId as string));
const today = new Date().toISOString().slice(0, 10);

describe('release timeline', () => {
  it('names only flavors and regions that exist, with valid dates, versions and unique slugs', () => {
    expect(releaseProblems()).toEqual([]);
    expect(releaseProblems([{date: '2024-13-40', slug: 'x', title: 'x', area: 'compute', summary: 'x', flavors: ['n9-nope']}])).toEqual(['x: bad date 2024-13-40', 'x: unknown flavor n9-nope']);
    expect(releaseProblems([{date: '2024-01-02', slug: 'y', title: 'y', area: 'api', summary: 'y', libraries: {python: '2.4'}, kubernetes: ['1.35.6']}])).toEqual(['y: bad python version 2.4', 'y: bad Kubernetes minor version 1.35.6']);
  });

  it('has a page per year, each a route, entries newest first', () => {
    expect(releaseYears()).toEqual([2026, 2025, 2024, 2023]);
    const routes = readFileSync(path.join(root, 'tests/routes.txt'), 'utf8');
    for (const year of releaseYears()) {
      expect(existsSync(path.join(root, `docs/release-notes/${year}.mdx`)), `docs/release-notes/${year}.mdx`).toBe(true);
      expect(routes, `/docs/release-notes/${year} in tests/routes.txt`).toMatch(new RegExp(`^/docs/release-notes/${year}\\b`, 'm'));
      const y = releasesOf(year).map((r) => r.date);
      expect(y).toEqual([...y].sort().reverse());
    }
    expect(releaseYears().reduce((n, year) => n + releasesOf(year).length, 0)).toBe(releases.length);
  });

  it('publishes nothing dated after today', () => {
    expect(releases.filter((r) => r.date > today).map((r) => `${r.slug} ${r.date}`)).toEqual([]);
  });

  it('introduces every flavor and master flavor once, and names every region', () => {
    const introduced = releases.flatMap((r) => r.flavors ?? []);
    for (const name of [...flavors.map((f) => f.name), ...masterFlavors.map((f) => f.name)]) {
      expect(introduced.filter((f) => f === name), `${name} is introduced by exactly one release`).toHaveLength(1);
    }
    const named = new Set(releases.flatMap((r) => r.regions ?? []));
    for (const region of regions) expect(named.has(region.id), region.id).toBe(true);
  });

  it('introduces the features the guides describe', () => {
    const titles = releases.map((r) => r.title.toLowerCase()).join(' | ');
    for (const word of [
      'snapshots', 'hibernation', 'spot', 'custom images', 'confidential', 'sr-iov', 'infiniband', 'shared-ssd', 'file storage', 'object storage', 'kubernetes', 'fine-tuning',
      'evaluations', 'callbacks', 'terraform', 'python', 'go and javascript', 'gpu stock', 'performance metrics', 'console logs', 'vnc', 'two-factor', 'bootable volumes',
      'custom roles', 'flavor labels', 'serverless inference', 'request logs', 'control planes', 'file shares grow', 'ai images', 'callback secrets', 'environment',
      'provisioning profiles', 'dashboard', 'security keys', 'datasets from request logs', 'cluster events', 'permissions', 'generated clients', 'second factor',
    ]) {
      expect(titles).toContain(word);
    }
  });

  it('names only operations and fields the API has', () => {
    for (const r of releases) {
      for (const [word] of r.summary.matchAll(/\b(?:get|list|create|update|delete|request|import|attach|detach)[A-Z][A-Za-z]+\b/g)) {
        expect(operationIds.has(word), `${r.slug}: ${word} is not an operation of the spec`).toBe(true);
      }
      for (const [field] of r.summary.matchAll(/\b(?:[a-z]+\.)?[a-z]+(?:_[a-z]+)+\b/g)) expect(specText.includes(field), `${r.slug}: ${field} is nowhere in the spec`).toBe(true);
    }
  });

  it('never states a price', () => {
    for (const r of releases) expect(`${r.title} ${r.summary}`, r.slug).not.toMatch(/\$|\bUSD\b|\bcents?\b|\bdollars?\b|\bfree of charge\b|\bcosts? nothing\b/i);
  });
});

describe('release timeline agrees with the other facts', () => {
  it('publishes each library at the version its page documents, in increasing versions', () => {
    const published = libraryReleases();
    for (const id of Object.keys(libraries) as LibraryId[]) {
      const history = published[id] ?? [];
      expect(history.length, `${id} is released by some entry`).toBeGreaterThan(0);
      expect(history[history.length - 1].version, `the newest ${id} release is the version libraries.ts documents`).toBe(libraries[id].version);
      for (let i = 1; i < history.length; i++) expect(compareVersions(history[i].version, history[i - 1].version), `${id} ${history[i].version} after ${history[i - 1].version}`).toBeGreaterThan(0);
      expect(history.every((h) => h.version.startsWith('v') === libraries[id].version.startsWith('v')), `${id} versions spelt as the registry does`).toBe(true);
    }
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('v1.6.0', 'v1.6.0')).toBe(0);
  });

  it('introduces every Kubernetes version offered, and the newest is the default', () => {
    const introduced = new Map<string, Release>();
    for (const r of releases) for (const k of r.kubernetes ?? []) introduced.set(k, r);
    for (const v of kubernetesVersions) {
      const entry = introduced.get(minorVersion(v.version));
      expect(entry, `Kubernetes ${minorVersion(v.version)} has a release entry`).toBeDefined();
      expect(entry!.date < v.endOfSupport, `${v.version} is introduced before its end of support`).toBe(true);
    }
    const newest = releases.filter((r) => r.kubernetes?.length).sort((a, b) => b.date.localeCompare(a.date))[0];
    expect(newest.kubernetes).toContain(minorVersion(defaultKubernetesVersion.version));
  });

  it('has an entry for every dated change of the API changelog', () => {
    const changelog = readFileSync(path.join(root, 'openapi/CHANGELOG.md'), 'utf8');
    const dates = [...changelog.matchAll(/^## (\d{4}-\d{2}-\d{2})\b/gm)].map((m) => m[1]);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of new Set(dates)) {
      expect(releases.some((r) => r.date === date), `openapi/CHANGELOG.md ${date} has no release entry of that date`).toBe(true);
    }
  });
});
