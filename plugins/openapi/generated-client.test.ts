// A client generated from the spec by a standard generator (openapi-typescript, used through
// openapi-fetch, with request fields that have a default left optional) must type-check a small program that creates a VM, polls it and deletes it:
// the proof that the spec is complete enough to build a client from, not only to read.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import openapiTS, {astToString} from 'openapi-typescript';
import ts from 'typescript';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadSpec} from './spec';

const siteDir = path.resolve(__dirname, '../..');
// Inside the project so that the program resolves openapi-fetch from its node_modules.
const dir = path.join(siteDir, 'node_modules/.cache/generated-client-check');

const program = `
import createClient from 'openapi-fetch';
import type {components, paths} from './api';

type Instance = components['schemas']['VirtualMachine'];
type ErrorCode = components['schemas']['ErrorCode'];

const client = createClient<paths>({baseUrl: 'https://api.example.com/v1', headers: {'X-API-Key': process.env.API_KEY ?? ''}});
const settled: Instance['status'][] = ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR'];

function fail(code: ErrorCode, message: string): never {
  switch (code) {
    case 'capacity_unavailable':
    case 'quota_exceeded':
    case 'insufficient_credit':
      throw new Error('cannot place the VM now: ' + message);
    case 'invalid_state':
    case 'idempotency_key_reused':
    case 'rate_limited':
    case 'unavailable':
      throw new Error('retry later: ' + message);
    default:
      throw new Error(code + ': ' + message);
  }
}

export async function createPollDelete(): Promise<number> {
  const created = await client.POST('/core/virtual-machines', {
    params: {header: {'Idempotency-Key': crypto.randomUUID()}},
    body: {name: 'first-vm', environment_id: 5301, flavor_name: 'n3-L40x1', image_id: 11, key_id: 812, labels: {team: 'research'}},
  });
  if (created.error) fail(created.error.error.code, created.error.error.message);
  const first: Instance | undefined = created.data?.instances[0];
  if (!first) throw new Error('no VM in the answer');
  const id: number = first.id;
  const requestId: string | null = created.response.headers.get('X-Request-Id');
  let vm: Instance = first;
  while (!settled.includes(vm.status)) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const polled = await client.GET('/core/virtual-machines/{vm_id}', {params: {path: {vm_id: id}}});
    if (polled.error) fail(polled.error.error.code, polled.error.error.message);
    vm = polled.data.instance;
  }
  if (vm.status === 'ERROR') throw new Error(vm.status_reason ?? 'the VM failed');
  const environment: number = vm.environment_id;
  const deleted = await client.DELETE('/core/virtual-machines/{vm_id}', {params: {path: {vm_id: id}}});
  if (deleted.error) fail(deleted.error.error.code, deleted.error.error.message);
  return requestId ? environment : vm.id;
}
`;

/** Type errors of a program beside the generated `api.d.ts`, as readable lines. */
function typeErrors(source: string): string[] {
  const file = path.join(dir, 'program.ts');
  writeFileSync(file, source);
  const compiled = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [path.join(siteDir, 'node_modules/@types')],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(compiled).map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from the spec', () => {
  beforeAll(async () => {
    // Generating the types of ~150 operations takes seconds on a busy machine.
    rmSync(dir, {recursive: true, force: true});
    mkdirSync(dir, {recursive: true});
    const spec = loadSpec(path.join(siteDir, 'openapi'));
    writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(spec as never, {defaultNonNullable: false})));
  }, 120_000);
  afterAll(() => rmSync(dir, {recursive: true, force: true}));

  it('type-checks a program that creates, polls and deletes a VM, by ids, branching on error codes', () => {
    expect(typeErrors(program)).toEqual([]);
  });

  it('rejects a program that sends a field of the wrong type (the check is real)', () => {
    const errors = typeErrors(program.replace('environment_id: 5301', "environment_id: 'quickstart'"));
    expect(errors.join('\n')).toMatch(/'string' is not assignable to type 'number'/);
  });

  it('rejects a branch on an error code the spec does not have', () => {
    expect(typeErrors(program.replace("case 'capacity_unavailable':", "case 'conflict':")).join('\n')).toMatch(/conflict/);
  });
});
