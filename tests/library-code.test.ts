// The library pages' code calls only what the spec has: methods the clients derive from
// it, Terraform resources and data sources the provider derives from it, and request
// fields of the operations called. A renamed operation or field fails here, naming the
// page and the line.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';
import {libraries} from '../src/data/libraries';
import {checkLibraryCode, codeBlocks, passedNames, versionProblems} from './library-code';

const siteDir = path.resolve(__dirname, '..');
const spec = loadSpec(path.join(siteDir, 'openapi'));
const pagesDir = path.join(siteDir, 'docs/libraries');
const pages = readdirSync(pagesDir, {recursive: true, encoding: 'utf8'})
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => `docs/libraries/${f.split(path.sep).join('/')}`)
  .sort();

const check = (source: string) => checkLibraryCode('docs/libraries/x.mdx', source, spec).map((p) => `${p.file}:${p.line}: ${p.message}`);
const fenced = (lang: string, code: string) => `Intro.\n\n\`\`\`${lang} title="example"\n${code}\n\`\`\`\n`;

describe('the checker', () => {
  it('finds code blocks with their language and first line', () => {
    const blocks = codeBlocks('# T\n\n```python title="a.py"\nx = 1\n```\n\ntext\n\n````go\ny := 2\n````\n');
    expect(blocks).toEqual([
      {lang: 'python', line: 4, code: 'x = 1\n'},
      {lang: 'go', line: 10, code: 'y := 2\n'},
    ]);
  });

  it('accepts calls of methods the clients have, with fields the operations take', () => {
    expect(check(fenced('python', 'vm = client.virtual_machines.create(\n    name="a",  # why\n    environment_id=1,\n    flavor_name=flavor,\n    image_id=2,\n    key_id=3,\n)\nclient.virtual_machines.get(vm.id)\nclient.keypairs.import_(name="k", public_key=key)\nfor v in client.volumes.list(page_size=50):\n    pass'))).toEqual([]);
    expect(check(fenced('go', 'vms, err := client.VirtualMachines.Create(ctx, gpucloud.VirtualMachineCreateParams{\n\tName:          "a",\n\tEnvironmentID: 1,\n\tLabels: map[string]string{"team": "x"},\n})'))).toEqual([]);
    expect(check(fenced('ts', "await client.virtualMachines.create({name: 'a', environment_id: 1, labels: {team: 'x'}});\nawait client.virtualMachines.hibernate(id, {idempotencyKey: key});"))).toEqual([]);
    expect(check(fenced('hcl', 'resource "gpucloud_virtual_machine" "a" {\n  name           = "a"\n  environment_id = gpucloud_environment.e.id\n  labels = {\n    team = "x"\n  }\n  lifecycle {\n    prevent_destroy = true\n  }\n}\n\ndata "gpucloud_image" "ubuntu" {\n  image_id = 11\n}'))).toEqual([]);
  });

  it.each([
    ['python', 'client.virtual_machines.creat(name="a")', 'docs/libraries/x.mdx:5: client.virtual_machines.creat( is not a method of the python client; client.virtual_machines has list, create'],
    ['python', 'client.vms.create(name="a")', 'docs/libraries/x.mdx:5: client.vms.create( is not a method of the python client; client.vms is not a resource of it'],
    ['python', 'client.keypairs.import(name="k")', 'client.keypairs.import( is not a method of the python client'],
    ['go', 'client.VirtualMachines.CreateVM(ctx, p)', 'client.VirtualMachines.CreateVM( is not a method of the go client'],
    ['javascript', 'client.virtual_machines.create({})', 'client.virtual_machines.create( is not a method of the javascript client'],
    ['hcl', 'resource "gpucloud_vm" "a" {\n}', 'resource "gpucloud_vm" is not a resource of the provider'],
    ['hcl', 'data "gpucloud_vm" "a" {\n}', 'data "gpucloud_vm" is not a data source of the provider'],
  ])('fails on a %s call or block the spec lacks: %s', (lang, code, message) => {
    expect(check(fenced(lang, `\n${code}`)).join('\n')).toContain(message);
  });

  it.each([
    ['python', 'client.virtual_machines.create(\n    name="a",\n    flavour_name="x",\n)', 'docs/libraries/x.mdx:6: client.virtual_machines.create( passes "flavour_name", which createVirtualMachine does not take'],
    ['go', 'client.VirtualMachines.Create(ctx, gpucloud.VirtualMachineCreateParams{Name: "a", Flavour: "x"})', 'passes "Flavour", which createVirtualMachine does not take'],
    ['javascript', "client.virtualMachines.create({name: 'a', 'flavour': 'x'})", 'passes "flavour", which createVirtualMachine does not take'],
    ['hcl', 'resource "gpucloud_virtual_machine" "a" {\n  name = "a"\n  flavour = "x"\n}', 'docs/libraries/x.mdx:6: resource "gpucloud_virtual_machine" sets "flavour", which createVirtualMachine does not take and getVirtualMachine does not return'],
  ])('fails on a %s request field the operation lacks', (lang, code, message) => {
    expect(check(fenced(lang, code)).join('\n')).toContain(message);
  });

  it('reads names passed at the top level only, past strings and comments', () => {
    expect(passedNames('name="a, b=c",  # d=e\n labels={"x": 1}, **extra', 'python')).toEqual(['name', 'labels']);
    expect(passedNames("id, {name: 'a', nested: {inner: 1}, 'quoted': 2} // tail: 3", 'javascript')).toEqual(['name', 'nested', 'quoted']);
    expect(passedNames('ctx, &gpucloud.Params{Name: "a", Labels: map[string]string{"k": "v"}}', 'go')).toEqual(['Name', 'Labels']);
  });
});

describe('pinned versions', () => {
  it('accept the versions of src/data/libraries.ts and name the line of any other', () => {
    const current = fenced('bash', 'python -m pip install gpucloud==2.4.0\ngo get github.com/gpucloud-dev/gpucloud-go@v1.6.0\nnpm install @gpucloud/client@3.1.0') + fenced('hcl', 'gpucloud = {\n  source  = "gpucloud/gpucloud"\n  version = "~> 1.9.0"\n}');
    expect(versionProblems('docs/libraries/x.mdx', current, libraries)).toEqual([]);
    const stale = fenced('bash', 'pip install gpucloud==2.3.1\nnpm install @gpucloud/client@3.0.0');
    expect(versionProblems('docs/libraries/x.mdx', stale, libraries).map((p) => `${p.line}: ${p.message}`)).toEqual([
      '4: pins 2.3.1, but src/data/libraries.ts gives 2.4.0',
      '5: pins 3.0.0, but src/data/libraries.ts gives 3.1.0',
    ]);
  });
});

describe('library pages', () => {
  it.each(pages.length > 0 ? pages : ['(no pages yet)'])('%s calls only what the spec has, at the documented versions', (file) => {
    if (!file.endsWith('.mdx')) return;
    const source = readFileSync(path.join(siteDir, file), 'utf8');
    const problems = [...checkLibraryCode(file, source, spec), ...versionProblems(file, source, libraries)].map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(problems).toEqual([]);
  });
});
