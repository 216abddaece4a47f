// The library facts the pages render must be consistent with each other, with the route
// list and with the error codes of the spec.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {clientBehaviour, libraries, libraryEnvironment, plainVersion, runtimeRequirement, versionConstraint} from './libraries';

const root = path.resolve(__dirname, '../..');
const routes = new Set(
  readFileSync(path.join(root, 'tests/routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0])
    .filter((route) => route?.startsWith('/')),
);
const all = Object.values(libraries);
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

describe('library facts', () => {
  it.each(all.map((l) => [l.id, l] as const))('%s: key, version, runtime and route are well formed', (id, library) => {
    expect(library.id).toBe(id);
    expect(plainVersion(library), `${id} version ${library.version} is not semver`).toMatch(SEMVER);
    // Go module versions carry a "v"; the others never do.
    expect(library.version.startsWith('v')).toBe(library.registry === 'Go modules');
    for (const runtime of [library.runtime, ...(library.alsoRuns ?? [])]) expect(runtime.minimum).toMatch(/^\d+(\.\d+)*$/);
    expect(routes.has(library.route), `${library.route} is not in tests/routes.txt`).toBe(true);
  });

  it.each(all.filter((l) => l.id !== 'terraform').map((l) => [l.id, l] as const))('%s: the install command pins the package at the documented version', (_id, library) => {
    expect(library.installCommand).toContain(library.package);
    expect(library.installCommand).toContain(library.version);
    expect(library.installCommand).not.toMatch(/^\$|\n/);
  });

  it('terraform: the required_providers entry names the provider source and a constraint that admits the version', () => {
    const tf = libraries.terraform;
    expect(tf.importLine).toContain(`source = "${tf.package}"`);
    expect(tf.importLine).toContain(`version = "${versionConstraint(tf)}"`);
    expect(tf.package).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
  });

  it('import lines load the package (Python, JavaScript) or the module path (Go) under the name programs use', () => {
    expect(libraries.python.importLine).toBe(`import ${libraries.python.package}`);
    expect(libraries.go.importLine).toBe(`import ${libraries.go.importName} "${libraries.go.package}"`);
    expect(libraries.javascript.importLine).toContain(`from '${libraries.javascript.package}'`);
    expect(libraries.javascript.importLine).toContain(libraries.javascript.importName);
  });

  it('names no brand in a package: every partner installs the same ones', () => {
    for (const library of all) expect(library.package.toLowerCase()).not.toMatch(/violet/);
  });

  it('formats runtime requirements for prose', () => {
    expect(runtimeRequirement(libraries.python.runtime)).toBe('Python 3.10 or later');
    expect(runtimeRequirement(libraries.terraform.alsoRuns![0])).toBe('OpenTofu 1.6 or later');
  });

  it('uses environment variables of one prefix, the same for every library', () => {
    expect(Object.values(libraryEnvironment)).toEqual(['GPUCLOUD_API_KEY', 'GPUCLOUD_BASE_URL']);
  });

  it('retries error codes the spec has, with the statuses the spec gives them', () => {
    const spec = loadSpec(path.join(root, 'openapi'));
    const errorCode = spec.components.schemas.ErrorCode as {enum: string[]; 'x-statuses': Record<string, number>};
    clientBehaviour.retriedCodes.forEach((code, i) => {
      expect(errorCode.enum).toContain(code);
      expect(errorCode['x-statuses'][code]).toBe(clientBehaviour.retriedStatuses[i]);
    });
    const parameters = spec.components.parameters as Record<string, {name: string}>;
    expect(Object.values(parameters).map((p) => p.name)).toContain(clientBehaviour.idempotencyHeader);
  });
});
