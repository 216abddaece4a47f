import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {renderOperation} from './render';
import {codeSamples, type Sample} from './snippets';
import {loadSpec, operations} from './spec';
import {sampleTools, skipWithoutTools} from '../../tests/samples/tools';

const FIXED_KEY = '3f1c9a52-first-vm';
const post = codeSamples({
  method: 'post',
  url: 'https://api.fixture.test/v1/things/{thing_id}/parts',
  parameters: [
    {name: 'thing_id', in: 'path', required: true, example: 42},
    {name: 'Idempotency-Key', in: 'header', example: FIXED_KEY},
  ],
  body: {name: "lamp's \"shade\"", sizes: [1, 2], nested: {on: true, note: null}},
  authenticated: true,
});
const sampleOf = (id: string): Sample => post.find((s) => s.id === id)!;

const has = (command: string) => spawnSync(command, ['--version'], {stdio: 'ignore'}).error === undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'api-samples-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
/** Runs a syntax check on a sample written to a file; throws with the checker's message. */
const check = (file: string, code: string, command: string, args: string[]) => {
  const target = path.join(dir, file);
  writeFileSync(target, code);
  execFileSync(command, [...args, target], {stdio: 'pipe'});
};

describe('imports of the samples', () => {
  const publicGet = codeSamples({method: 'get', url: 'https://api.fixture.test/v1/regions', parameters: [], authenticated: false});
  const publicOf = (id: string) => publicGet.find((s) => s.id === id)!.code;

  it('import only what the sample uses', () => {
    // A public GET reads no key and sends no idempotency key: no os, uuid or crypto/rand.
    expect(publicOf('python')).not.toMatch(/^import (os|uuid)$/m);
    expect(publicOf('go')).not.toMatch(/"os"|"crypto\/rand"/);
    expect(publicOf('curl')).not.toContain('X-API-Key');
  });

  it('keep the Go import block sorted, as gofmt leaves it', () => {
    const block = /import \(\n([^)]*)\)/.exec(sampleOf('go').code)![1].split('\n').filter(Boolean).map((line) => line.trim());
    expect(block).toContain('"crypto/rand"');
    expect(block).toContain('"os"');
    expect(block).toEqual([...block].sort());
  });
});

describe('code samples of a POST with a body and an idempotency key', () => {
  it('make a fresh key in every language instead of the parameter example', () => {
    for (const sample of post) expect(sample.code, sample.label).not.toContain(FIXED_KEY);
    expect(sampleOf('curl').code).toContain('"Idempotency-Key: $(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"');
    expect(sampleOf('python').code).toMatch(/^import os\nimport uuid\n/);
    expect(sampleOf('python').code).toContain('"Idempotency-Key": str(uuid.uuid4())');
    expect(sampleOf('go').code).toContain('req.Header.Add("Idempotency-Key", rand.Text())');
    expect(sampleOf('go').code).toMatch(/import \(\n\t"crypto\/rand"\n/);
    expect(sampleOf('javascript').code).toContain("'Idempotency-Key': crypto.randomUUID()");
  });

  it('gives a key even when the parameter has no example', () => {
    const samples = codeSamples({method: 'post', url: 'https://api.fixture.test/v1/things', parameters: [{name: 'idempotency-key', in: 'header'}], authenticated: false});
    expect(samples.find((s) => s.id === 'javascript')!.code).toContain("'idempotency-key': crypto.randomUUID()");
    expect(samples.find((s) => s.id === 'python')!.code).toContain('"idempotency-key": str(uuid.uuid4())');
  });

  it('the shell sample is valid bash and its key command prints a UUID here', () => {
    check('sample.sh', sampleOf('curl').code, 'bash', ['-n']);
    const key = execFileSync('bash', ['-c', `printf %s "${'$'}(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)"`], {encoding: 'utf8'});
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  });

  it.skipIf(!has('python3'))('the Python sample parses', () => {
    execFileSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], {input: sampleOf('python').code, stdio: ['pipe', 'pipe', 'pipe']});
  });

  it('the JavaScript sample parses as a module (it awaits at top level)', () => {
    check('sample.mjs', sampleOf('javascript').code, process.execPath, ['--check']);
  });

  it('the Go sample imports what it uses', () => {
    const code = sampleOf('go').code;
    const imports = [...code.matchAll(/^\t"([^"]+)"$/gm)].map((m) => m[1]!.split('/').pop()!);
    const used = new Set([...code.matchAll(/\b([a-z]+)\.[A-Z]\w*\(/g)].map((m) => m[1]));
    expect([...used].filter((pkg) => !imports.includes(pkg)).sort()).toEqual([]);
    expect(imports.filter((pkg) => !used.has(pkg))).toEqual([]);
  });

  // Go 1.24, as scripts/ensure-sample-tools.sh installs it for the sample tests (tests/samples).
  const tools = sampleTools();
  it.skipIf(skipWithoutTools(tools))('the Go sample is formatted as gofmt formats it', () => {
    const file = path.join(dir, 'sample.go');
    writeFileSync(file, `${sampleOf('go').code}\n`);
    expect(execFileSync(tools.gofmt, ['-e', '-l', file], {encoding: 'utf8'})).toBe('');
  });
});

describe('code samples whose body or answer httpsnippet gets wrong', () => {
  const multiline = codeSamples({method: 'post', url: 'https://api.fixture.test/v1/things', parameters: [], body: {user_data: '#cloud-config\npackages: [git]\n', on: true, off: false, none: null}, authenticated: true});
  const of = (samples: Sample[], id: string) => samples.find((s) => s.id === id)!.code;

  it('build the Python body from the JSON value, so a string with a newline stays one string', () => {
    const code = of(multiline, 'python');
    expect(code).toContain('"user_data": "#cloud-config\\npackages: [git]\\n"');
    expect(code).toMatch(/"on": True,\n\s*"off": False,\n\s*"none": None/);
    execFileSync('python3', ['-c', 'import ast, sys; ast.parse(sys.stdin.read())'], {input: code, stdio: ['pipe', 'pipe', 'pipe']});
  });

  it('send the JavaScript body as JSON.stringify of the value', () => {
    const code = of(multiline, 'javascript');
    expect(code).toContain('body: JSON.stringify({\n    "user_data": "#cloud-config\\npackages: [git]\\n",');
    check('multiline.mjs', code, process.execPath, ['--check']);
  });

  it('print the status of an answer without a body instead of parsing it', () => {
    const empty = codeSamples({method: 'delete', url: 'https://api.fixture.test/v1/things/1', parameters: [], authenticated: true, responseBody: false});
    expect(of(empty, 'python')).toContain('print(response.status_code)');
    expect(of(empty, 'python')).not.toContain('response.json()');
    expect(of(empty, 'javascript')).toContain('console.log(response.status);');
    expect(of(empty, 'javascript')).not.toContain('response.json()');
  });

  it('check every error in Go, as go vet wants', () => {
    const code = of(multiline, 'go');
    expect(code).not.toMatch(/, _ :=/);
    expect(code.match(/if err != nil \{\n\t\tlog\.Fatal\(err\)\n\t\}/g)).toHaveLength(3);
    expect(code).toMatch(/\t"log"\n/);
  });
});

describe('code samples of the API spec', () => {
  const doc = loadSpec(path.join(__dirname, '../../openapi'));
  it('never send the idempotency key parameter example', () => {
    const keyed = operations(doc).filter((o) => JSON.stringify(o.operation.parameters ?? []).includes('IdempotencyKey'));
    expect(keyed.length).toBeGreaterThan(0);
    const examples = new Set<string>();
    const parameter = (doc.components.parameters as Record<string, {example?: unknown}> | undefined)?.IdempotencyKey;
    if (typeof parameter?.example === 'string') examples.add(parameter.example);
    expect(examples.size).toBe(1);
    for (const located of keyed) {
      const nodes = renderOperation(located, {doc, baseUrl: 'https://api.example.com/v1'});
      const code = JSON.stringify(nodes.at(-1));
      for (const example of examples) expect(code, located.operation.operationId).not.toContain(example);
      expect(code, located.operation.operationId).toContain('crypto.randomUUID()');
    }
  });
});

describe('hand-written pages', () => {
  it('send an Idempotency-Key made when the command runs, never a fixed one', () => {
    const docsDir = path.join(__dirname, '../../docs');
    const pages = readdirSync(docsDir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.mdx') || f.endsWith('.md'));
    const fixed: string[] = [];
    let seen = 0;
    for (const page of pages) {
      for (const match of readFileSync(path.join(docsDir, page), 'utf8').matchAll(/Idempotency-Key["']?\s*[:,]\s*["']?([^"'\s\\]+)/g)) {
        seen += 1;
        // A shell substitution or variable is made per run; anything else is pasted text.
        if (!match[1]!.includes('$')) fixed.push(`${page}: ${match[0]}`);
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(fixed).toEqual([]);
  });
});
