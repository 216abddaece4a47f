/**
 * Every code sample that calls the API runs against a mock of the spec as published
 * (build/openapi.yaml, `npm run build` writes it): curl, Python, JavaScript and Go, on guide
 * and API pages, as the reader of a brand whose API base is the mock gets them. A request
 * the spec refuses, a sample that fails or prints another shape than its page shows, or a
 * Go sample that does not compile fails the test, naming the page and the block.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildDir, siteDir} from './docs';
import {startMock, type Mock} from './samples/mock';
import {pageSamples, readTwins, sourcesByRoute, type Sample, type SampleLanguage} from './samples/pages';
import {runSamples, type Outcome, type RunOptions} from './samples/run';
import {sampleTools, skipWithoutTools} from './samples/tools';
import {summary} from './samples/report';
import {GO_VERSION} from './samples/go';
import {libraries} from '../src/data/libraries';

const specFile = path.join(buildDir, 'openapi.yaml');
const tools = sampleTools();
const skip = skipWithoutTools(tools);

/** Variables the samples read: the key, and each path parameter's example (`vm_id` → `VM_ID`). */
function sampleEnv(): {env: Record<string, string>; home: Record<string, string>} {
  const spec = parse(readFileSync(specFile, 'utf8')) as unknown;
  // The key, and the key of a read-only role that the authentication page compares it with.
  const env: Record<string, string> = {API_KEY: 'sample-test-key', READ_ONLY_API_KEY: 'sample-test-read-only-key'};
  let publicKey = '';
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (object.in === 'path' && typeof object.name === 'string' && object.example !== undefined) env[object.name.toUpperCase()] ??= String(object.example);
    if (typeof object.public_key === 'string' && !publicKey) publicKey = object.public_key;
    Object.values(object).forEach(walk);
  };
  walk(spec);
  // The key pair a reader made on the SSH page, which samples send with `cat ~/.ssh/…pub`.
  return {env, home: {'.ssh/gpu-cloud.pub': publicKey, '.kube/.keep': ''}};
}

let mock: Mock;
const tokens = new Map<string, string>();
const tokenOf = (route: string) => tokens.get(route) ?? tokens.set(route, `p${tokens.size + 1}`).get(route)!;
let options: RunOptions;

/** The samples of every built page, branded for the mock. */
function allSamples(): {samples: Sample[]; strayNotes: string[]; notApi: Partial<Record<SampleLanguage, number>>} {
  const sources = sourcesByRoute();
  const samples: Sample[] = [];
  const strayNotes: string[] = [];
  const notApi: Partial<Record<SampleLanguage, number>> = {};
  for (const twin of readTwins()) {
    const page = pageSamples(twin.route, twin.text, mock.baseFor(tokenOf(twin.route)), sources.get(twin.route));
    samples.push(...page.samples);
    strayNotes.push(...page.strayNotes);
    for (const [language, n] of Object.entries(page.notApi) as [SampleLanguage, number][]) notApi[language] = (notApi[language] ?? 0) + n;
  }
  return {samples, strayNotes, notApi};
}

beforeAll(async () => {
  if (skip) return;
  mock = await startMock(specFile);
  options = {tools: {go: tools.go, python: tools.python, goCache: path.join(siteDir, 'node_modules', '.cache', 'go-samples')}, ...sampleEnv(), tokenOf};
}, 120_000);
afterAll(async () => mock?.close());

it('need the Go version the Go library page states (its samples build with it)', () => {
  expect(libraries.go.runtime.minimum).toBe(GO_VERSION);
  expect(readFileSync(path.join(siteDir, 'docs/libraries/go.mdx'), 'utf8')).toMatch(/Go code samples of the \[API reference\][^\n]*runtimeRequirement\(go\.runtime\)/);
});

describe.skipIf(skip)('API code samples', () => {
  let outcomes: Outcome[] = [];
  let strays: string[] = [];

  beforeAll(async () => {
    const {samples, strayNotes, notApi} = allSamples();
    strays = strayNotes;
    outcomes = await runSamples(samples, mock, options);
    console.log(summary(outcomes, notApi));
  }, 600_000);

  it('run against the mock of the spec: every one passes or is skipped with a reason', () => {
    const failures = outcomes.filter((o) => o.result === 'failed').map((o) => `${o.sample.where}:\n  ${o.problems.join('\n  ')}`);
    expect(failures, `${failures.length} samples failed:\n${failures.join('\n')}`).toEqual([]);
    expect(outcomes.filter((o) => o.refused).map((o) => o.sample.where)).toEqual([]);
  });

  it('are found in all four languages, on guide and API pages', () => {
    for (const language of ['curl', 'python', 'javascript', 'go'] as const) {
      const run = outcomes.filter((o) => o.sample.language === language && o.result !== 'skipped');
      expect(run.length, language).toBeGreaterThan(language === 'curl' ? 300 : 150);
    }
    expect(outcomes.some((o) => o.result === 'passed' && !o.sample.route.startsWith('/docs/api-reference/'))).toBe(true);
    expect(outcomes.filter((o) => o.outputCompared).length).toBeGreaterThan(20);
  });

  it('are skipped only for a stated reason, and each note in a source is next to its sample', () => {
    for (const o of outcomes.filter((x) => x.result === 'skipped')) expect(o.sample.skip, o.sample.where).toMatch(/\w{3}/);
    expect(strays).toEqual([]);
  });
});

/** A page of seeded mistakes, as a twin holds it. */
const SEEDED = [
  '# Seeded mistakes',
  '',
  '```bash',
  'curl -s -X POST https://api.example.com/v1/core/environments \\',
  '  -H "X-API-Key: $API_KEY" -H "Content-Type: application/json" \\',
  '  -d \'{"name": "training-prod", "region": "no-osl-1", "colour": "violet"}\'',
  '```',
  '',
  '```python',
  'import os',
  '',
  'import requests',
  '',
  'response = requests.get("https://api.example.com/v1/core/virtual-machine/40213", headers={"X-API-Key": os.environ["API_KEY"]})',
  'print(response.status_code)',
  '```',
  '',
  '```go title="main.go"',
  'package main',
  '',
  'import (',
  '\t"fmt"',
  '\t"net/http"',
  ')',
  '',
  'func main() {',
  '\tres, err := http.Get("https://api.example.com/v1/auth/me")',
  '\tfmt.Println(res.Status, errr)',
  '}',
  '```',
  '',
  '```bash',
  'curl -s https://api.example.com/v1/auth/me -H "X-API-Key: $API_KEY" | jq -c \'.identity.organization\'',
  '```',
  '',
  '```text title="Output"',
  '{"id":2071,"title":"Acme Research"}',
  '```',
  '',
  '```javascript',
  "const body = '{\"name\": \"training-prod\\n\", \"region\": \"no-osl-1\"}';",
  "const response = await fetch('https://api.example.com/v1/core/environments', {method: 'POST', headers: {'X-API-Key': process.env.API_KEY, 'Content-Type': 'application/json'}, body});",
  'console.log(response.status);',
  '```',
  '',
  '```bash',
  'curl -s https://api.example.com/v1/auth/me -H "Authorization: Bearer $API_KEY"',
  '```',
  '',
].join('\n');

describe.skipIf(skip)('the sample runner', () => {
  let outcomes: Outcome[] = [];
  beforeAll(async () => {
    const {samples} = pageSamples('/docs/seeded', SEEDED, mock.baseFor(tokenOf('/docs/seeded')));
    outcomes = await runSamples(samples, mock, options);
  }, 120_000);
  const problemsOf = (block: number) => {
    const outcome = outcomes.find((o) => o.sample.id === `/docs/seeded#${block}`)!;
    expect(outcome.result).toBe('failed');
    return `${outcome.sample.where}: ${outcome.problems.join('; ')}`;
  };

  it('fails a body with a field the spec lacks, naming the page, the block and the field', () => {
    expect(problemsOf(1)).toMatch(/^\/docs\/seeded\.md block 1 \(bash, line 4\): the mock refused POST \/v1\/core\/environments: request\.body: .*'colour'/);
    expect(outcomes[0].refused).toBe(true);
  });

  it('fails a request to a path the spec lacks', () => {
    expect(problemsOf(2)).toMatch(/^\/docs\/seeded\.md block 2 \(python, line 10\): the mock refused GET \/v1\/core\/virtual-machine\/40213: .*no path matched/i);
  });

  it('fails a Go sample that does not compile, naming the error', () => {
    expect(problemsOf(3)).toMatch(/^\/docs\/seeded\.md block 3 \(go "main\.go", line 19\): Go: main\.go:10:\d+: undefined: errr$/);
  });

  it('fails a JSON body that is not JSON (a newline in a string), which the mock would never answer', () => {
    expect(problemsOf(6)).toMatch(/block 6 \(javascript, line 41\): the mock refused POST \/v1\/core\/environments: the body is not valid JSON/);
  });

  it('fails a request without the API key header the operation requires', () => {
    expect(problemsOf(7)).toMatch(/block 7 \(bash, line 47\): the mock refused GET \/v1\/auth\/me: request: Invalid security scheme used/);
  });

  it('fails an output the page shows in another shape than the mock answers', () => {
    expect(problemsOf(4)).toMatch(/block 4 \(bash, line 33\): output \(line 37\): \$\.title: shown on the page, not printed by the sample; output \(line 37\): \$\.name: printed by the sample, not shown on the page$/);
  });
});
