// The guide pages against src/data and the API spec (tests/cross-checks.ts). Each check is
// shown failing on a fixture under tests/fixtures/cross-checks/, every wrong line of which it
// must report (and none of the right ones), then run on every guide page, where it must
// report nothing. A finding names the file and line; fix the page (render the value from
// src/data, or say what the spec says), never the check.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';
import {
  EXEMPT,
  checkCannotClaims,
  checkNames,
  checkNumbers,
  checkPolicyClaims,
  checkRequests,
  formatFinding,
  jqColumns,
  loadFacts,
  policyRules,
  readGuidePages,
  statesFromDescription,
  type Facts,
  type Finding,
  type Page,
} from './cross-checks';
import {siteDir} from './docs';

const facts = loadFacts(loadSpec(path.join(siteDir, 'openapi')));
const pages = readGuidePages();

/** A fixture page, posing as a page of docs/virtual-machines/ so its relative links resolve. */
function fixture(name: string): Page {
  const file = `tests/fixtures/cross-checks/${name}.mdx`;
  const raw = readFileSync(path.join(siteDir, file), 'utf8');
  const {content} = matter(raw);
  return {file, body: content, at: 'docs/virtual-machines/fixture.mdx', lineOffset: raw.slice(0, raw.length - content.length).split('\n').length - 1};
}

/** Findings as [line, the part of the message a test pins]. */
const lines = (findings: Finding[]) => findings.map((f) => [f.line, f.message]);

type Check = (page: Page, facts: Facts) => Finding[];
const onSite = (name: string, check: Check, hint: string) =>
  it.each(pages.map((p) => [p.file, p] as const))(`%s: ${name}`, (_file, page) => {
    expect(check(page, facts).map(formatFinding), hint).toEqual([]);
  });

describe('names exist: permissions, roles, statuses, resource types, error codes, flavors and regions', () => {
  it('reports every name of the fixture that src/data and the spec lack, and no right one', () => {
    expect(lines(checkNames(fixture('names'), facts))).toEqual([
      [6, expect.stringContaining('permission `billing:admin` is not in the catalogue')],
      [7, expect.stringContaining('role "Admin" is not a built-in role')],
      [8, expect.stringContaining('status `STOPPED` is not a status')],
      [9, expect.stringContaining('`ACTIVE` is not a status of a volume')],
      [10, expect.stringContaining('usage resource_type `gpu_hours`')],
      [11, 'error code `invalid_state` comes with HTTP 409, not 404'],
      [12, expect.stringContaining('error code `out_of_credit` is not in')],
      [13, expect.stringContaining('flavor `n3-H200x1`')],
      [13, expect.stringContaining('region `no-oslo-1`')],
      [19, expect.stringContaining('error code `no_capacity` is not in')],
      [20, expect.stringContaining('permission `compute:admin`')],
      [21, expect.stringContaining('role "Superuser"')],
      [22, expect.stringContaining('flavor `n3-A10x1`')],
    ]);
  });

  onSite('names only permissions, roles, statuses, resource types, error codes, flavors and regions that exist', checkNames, 'Name what src/data (organization.ts, platform.ts, billing.ts, ai-studio.ts) or the spec defines.');
});

describe('numbers agree: CIDRs, MTU, drivers, CUDA, Kubernetes versions and prices in output samples', () => {
  it('reports every number of the fixture that differs from src/data, and no right one', () => {
    expect(lines(checkNumbers(fixture('numbers'), facts))).toEqual([
      [6, expect.stringContaining('CIDR 10.0.4.0/24 is none of the networks of src/data')],
      [7, expect.stringContaining('address 10.0.1.9 is in the range the platform reserves')],
      [7, expect.stringContaining('address 10.8.0.5 is in none of the networks')],
      [8, expect.stringContaining('driver branch R999')],
      [8, expect.stringContaining('driver version 999.10.01')],
      [8, expect.stringContaining('CUDA 9.9')],
      [9, expect.stringContaining('MTU 1234')],
      [14, expect.stringContaining('MTU 9000')],
      [23, expect.stringContaining('Kubernetes 1.20.15')],
      [33, expect.stringContaining('price_per_unit 123.45 for n3-H100x1')],
      [37, expect.stringContaining('price_per_hour 9.99 for n3-A100x1')],
      [37, expect.stringContaining('spot_price_per_hour 8.88 for n3-A100x1')],
      [46, expect.stringContaining('cost 99 is not quantity 10 × 1.9')],
    ]);
  });

  it('reads the columns of a jq projection', () => {
    expect(jqColumns(`jq -r '.flavors[] | [.name, .gpu_count, .price_per_hour.amount] | @tsv'`)).toEqual(['name', 'gpu_count', 'price_per_hour']);
    expect(jqColumns(`jq '.flavors[0]'`)).toBeNull();
  });

  onSite('writes CIDRs, MTU, drivers, CUDA and Kubernetes versions and output prices as src/data has them', checkNumbers, 'Render the value from src/data, or correct it to what src/data says.');
});

describe('"cannot" claims agree with the spec', () => {
  it('reports each claim of the fixture that an operation of the spec contradicts, and no true one', () => {
    expect(lines(checkCannotClaims(fixture('cannot'), facts))).toEqual([
      [6, 'says "Profiles cannot be edited", but the spec has updateProfile'],
      [7, 'says "There is no way to rename a keypair", but the spec has updateKeypair'],
      [8, 'says "A volume cannot be moved", but the spec has updateVolume'],
    ]);
  });

  onSite('says an operation cannot be done only where the spec has none', checkCannotClaims, 'The spec has an operation that does it: describe it, with a link to its reference page.');
});

describe('requests described in words agree with the operations', () => {
  it('reads the states an operation accepts from its description', () => {
    expect(statesFromDescription('Attaches an `AVAILABLE` volume to a virtual machine. The VM must be `ACTIVE` or `SHUTOFF`.')?.sort()).toEqual(['ACTIVE', 'AVAILABLE', 'SHUTOFF']);
    expect(statesFromDescription('You can delete a VM in any settled status (`ACTIVE`, `SHUTOFF`, `HIBERNATED` or `ERROR`).')?.sort()).toEqual(['ACTIVE', 'ERROR', 'HIBERNATED', 'SHUTOFF']);
    expect(statesFromDescription('Returns the list.')).toBeNull();
  });

  it('reports each field, state and error of the fixture that the operation disagrees with, and no right one', () => {
    expect(lines(checkRequests(fixture('requests'), facts))).toEqual([
      [6, 'asks to send `boot_disk_gb`, which createVirtualMachine does not take'],
      [7, 'asks to create a volume with `bootable`, which createVolume does not take'],
      [8, expect.stringMatching(/must be `HIBERNATED`, but resizeVirtualMachine accepts `ACTIVE`, `SHUTOFF`/)],
      [9, expect.stringMatching(/snapshot of the hibernated VM.*createSnapshot accepts only `ACTIVE`, `SHUTOFF`/)],
      [10, 'says getVncConsole can answer `402`, which is not in its x-error-codes'],
    ]);
  });

  onSite('describes requests the operations accept: fields, required states and error answers', checkRequests, 'Name the field, state or answer the operation\'s schema and description give.');
});

describe('policies are not restated against the data', () => {
  it('reports every restatement of the fixture that the data contradicts, and no right one', () => {
    expect(lines(checkPolicyClaims(fixture('policies'), facts))).toEqual([
      [6, expect.stringContaining('boot volume is billed at the volume price')],
      [7, expect.stringContaining('control plane is billed')],
      [8, expect.stringContaining('GPU quota counts more than VMs')],
      [9, expect.stringContaining('node group keeps at least 1 node')],
      [10, expect.stringContaining('deployment has no stopped state')],
      [11, expect.stringContaining('public IP is released with its VM')],
    ]);
  });

  it('holds every rule on today\'s data, and drops a rule the data no longer backs', () => {
    const rules = policyRules();
    expect(rules.filter((r) => !r.holds).map((r) => r.policy)).toEqual([]);
    const off = rules.map((r) => ({...r, holds: false}));
    expect(checkPolicyClaims(fixture('policies'), facts, off)).toEqual([]);
  });

  onSite('restates no policy otherwise than src/data has it', checkPolicyClaims, 'Render the policy from src/data (VmLifecycleTable, GpuQuotaTable, CreditRunoutTable…) or say what the data says.');
});

describe('exemptions', () => {
  it.each(EXEMPT.map((e) => [e.file, e] as const))('%s still holds the exempted value (else drop the entry)', (file, entry) => {
    expect(readFileSync(path.join(siteDir, file), 'utf8')).toContain(entry.value);
    expect(entry.why.length).toBeGreaterThan(10);
  });
});
