import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {sampleTools, skipWithoutTools} from './tools';
import {startWarmPython, type WarmPython} from './warmPython';

const tools = sampleTools();

/** Programs whose every observable part (status, stdout, stderr) must be the same run warm as run cold. */
const PROGRAMS: Record<string, string> = {
  'reads its argv, directory, environment and files, and writes both streams': [
    'import os, sys',
    'print(os.path.basename(sys.argv[0]), os.path.basename(os.getcwd()), os.environ.get("API_KEY"), sorted(k for k in os.environ if k.startswith("SAMPLE_")))',
    'print(open("body.json").read().strip())',
    'print("to stderr", file=sys.stderr)',
    'print(repr(sys.stdin.read()), __name__)',
  ].join('\n'),
  'exits with the status it gives, its buffered output written': 'import sys\nprint("before")\nsys.exit(3)',
  'ends with a traceback of its own lines and status 1 on an uncaught exception': 'def f():\n    raise ValueError("boom")\n\nprint("half")\nf()',
  'prints the message of sys.exit("…") and ends with status 1': 'import sys\nsys.exit("no key set")',
  'imports requests and builds a request as cold': 'import requests\nprint(requests.Request("GET", "http://127.0.0.1/v1/x", params={"a": 1}).prepare().url)',
};

describe.skipIf(skipWithoutTools(tools))('the warm Python interpreter of the sample tests', () => {
  let warm: WarmPython;
  let dir: string;
  const env = {PATH: process.env.PATH, LANG: 'C.UTF-8', API_KEY: 'key-123', SAMPLE_ONE: '1'};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'warm-python-test-'));
    writeFileSync(path.join(dir, 'body.json'), '{"name": "lamp"}\n');
    warm = await startWarmPython(tools.python);
  });
  afterAll(async () => {
    await warm?.close();
    rmSync(dir, {recursive: true, force: true});
  });

  for (const [name, code] of Object.entries(PROGRAMS)) {
    it(`runs a program that ${name}, exactly as python3 does`, async () => {
      const file = path.join(dir, `${name.length}-${Object.keys(PROGRAMS).indexOf(name)}.py`);
      writeFileSync(file, `${code}\n`);
      const cold = spawnSync(tools.python, [file], {cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
      const hot = await warm.run(file, dir, {...env}, 20_000);
      expect({code: hot.code, stdout: hot.stdout, stderr: hot.stderr}).toEqual({code: cold.status, stdout: cold.stdout, stderr: cold.stderr});
      expect(hot.timedOut).toBe(false);
    });
  }

  it('runs samples side by side, each with its own environment', async () => {
    const file = path.join(dir, 'env.py');
    writeFileSync(file, 'import os, time\ntime.sleep(0.2)\nprint(os.environ["SAMPLE_N"])\n');
    const runs = await Promise.all(['1', '2', '3', '4'].map((n) => warm.run(file, dir, {...env, SAMPLE_N: n}, 20_000)));
    expect(runs.map((r) => [r.code, r.stdout])).toEqual([[0, '1\n'], [0, '2\n'], [0, '3\n'], [0, '4\n']]);
  });

  it('kills a sample that outlives its time, with what it started, and goes on', async () => {
    const file = path.join(dir, 'hang.py');
    const marker = path.join(dir, 'child-pid');
    writeFileSync(file, `import subprocess, time\np = subprocess.Popen(["sleep", "60"])\nopen(${JSON.stringify(marker)}, "w").write(str(p.pid))\ntime.sleep(60)\n`);
    const hung = await warm.run(file, dir, {...env}, 1_000);
    expect(hung).toMatchObject({timedOut: true, code: null});
    // The sleep it started went with it (its process group was killed).
    const pid = Number(readFileSync(marker, 'utf8'));
    await expect.poll(() => spawnSync('kill', ['-0', String(pid)]).status, {timeout: 10_000}).not.toBe(0);
    const after = path.join(dir, 'after.py');
    writeFileSync(after, 'print("still here")\n');
    expect((await warm.run(after, dir, {...env}, 20_000)).stdout).toBe('still here\n');
  });
});
