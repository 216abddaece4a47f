/**
 * Runs API samples against the mock: curl and shell pipelines with bash, Python with
 * Debian's python3 and `requests` (each in a fork of one interpreter that has imported it,
 * warmPython.ts), JavaScript with Node (its `fetch`), Go compiled together (go.ts). Each
 * page gets a working directory that is also the reader's home: the page's
 * blocks titled with a file name are files there (`-d @spot.json`, `~/.ssh/config`). A
 * sample is written to a file and run as a program, never pasted into a shell command.
 * The key and ids come from the environment, as the samples read them.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {availableParallelism, tmpdir} from 'node:os';
import path from 'node:path';
import type {Mock, MockRequest} from './mock';
import {buildGoSamples} from './go';
import {outputProblems} from './outputs';
import type {Sample, SampleLanguage} from './pages';
import {startWarmPython, type WarmPython} from './warmPython';

export interface Tools {
  go: string;
  python: string;
  /** Where the Go build cache lives between runs. */
  goCache: string;
}

export interface Outcome {
  sample: Sample;
  result: 'passed' | 'failed' | 'skipped';
  problems: string[];
  /** True when the mock refused a request of the sample. */
  refused: boolean;
  requests: MockRequest[];
  /** True when the page's output block was compared with what the sample printed. */
  outputCompared: boolean;
}

export interface RunOptions {
  tools: Tools;
  /** Variables every sample gets: the key, ids from the spec's examples. */
  env: Record<string, string>;
  /** Files of the reader's home every sample finds (`.ssh/gpu-cloud.pub`). */
  home: Record<string, string>;
  /** The token of a page's API base (`Mock.baseFor`). */
  tokenOf: (route: string) => string;
  timeoutMs?: number;
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs a program in its own process group, killed whole when it outlives the timeout. */
function execute(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({code: null, stdout, stderr: `${stderr}${error.message}`, timedOut});
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr, timedOut});
    });
  });
}

const FILE: Record<Exclude<SampleLanguage, 'go'>, string> = {curl: 'sample.sh', python: 'sample.py', javascript: 'sample.mjs'};

/** Writes `files` under `dir`; names that start with `~/` are in the home, which is `dir`. */
function writeFiles(dir: string, files: Iterable<[string, string]>) {
  for (const [name, text] of files) {
    const target = path.join(dir, name.replace(/^~\//, ''));
    if (!target.startsWith(dir + path.sep)) continue;
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, text.endsWith('\n') ? text : `${text}\n`);
  }
}

/** Runs every sample not marked skipped, pages side by side and a page's samples in order. */
export async function runSamples(samples: Sample[], mock: Mock, options: RunOptions): Promise<Outcome[]> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const root = mkdtempSync(path.join(tmpdir(), 'api-samples-'));
  let python: WarmPython | undefined;
  try {
    const runnable = samples.filter((s) => !s.skip);
    const goSamples = runnable.filter((s) => s.language === 'go');
    const [go, warm] = await Promise.all([
      buildGoSamples(goSamples.map((s) => s.block.code), path.join(root, 'go'), options.tools.go, options.tools.goCache),
      runnable.some((s) => s.language === 'python') ? startWarmPython(options.tools.python) : undefined,
    ]);
    python = warm;
    const goIndex = new Map(goSamples.map((s, i) => [s, i]));

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      LANG: 'C.UTF-8',
      NO_PROXY: '127.0.0.1',
      no_proxy: '127.0.0.1',
      ...options.env,
    };
    const runOne = async (sample: Sample, dir: string): Promise<Outcome> => {
      const outcome: Outcome = {sample, result: 'skipped', problems: [], refused: false, requests: [], outputCompared: false};
      if (sample.skip) return outcome;
      const token = options.tokenOf(sample.route);
      mock.take(token);
      let exit: Exit;
      if (sample.language === 'go') {
        const index = goIndex.get(sample)!;
        const problems = go.problems.get(index);
        if (problems || !go.binary) {
          outcome.result = 'failed';
          outcome.problems = (problems ?? ['the Go samples did not build']).map((p) => `Go: ${p}`);
          return outcome;
        }
        exit = await execute(go.binary, [String(index)], dir, {...env, HOME: dir}, timeoutMs);
      } else {
        const language = sample.language as Exclude<SampleLanguage, 'go'>;
        const file = path.join(dir, FILE[language]);
        writeFileSync(file, sample.block.code);
        if (language === 'python') exit = await python!.run(file, dir, {...env, HOME: dir}, timeoutMs);
        else exit = await execute(language === 'curl' ? 'bash' : process.execPath, [file], dir, {...env, HOME: dir}, timeoutMs);
      }
      outcome.requests = mock.take(token);
      const problems: string[] = [];
      if (exit.timedOut) problems.push(`did not finish in ${timeoutMs / 1000} s`);
      else if (exit.code !== 0) problems.push(`exited with ${exit.code}: ${exit.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      if (outcome.requests.length === 0) problems.push('made no request to the API');
      for (const request of outcome.requests) {
        if (request.violations.length === 0) continue;
        outcome.refused = true;
        problems.push(`the mock refused ${request.method} ${request.path}: ${request.violations.join('; ')}`);
      }
      if (sample.output && exit.code === 0) {
        const shape = outputProblems(sample.output.code, exit.stdout);
        outcome.outputCompared = shape.compared;
        problems.push(...shape.problems.map((p) => `output (line ${sample.output!.line}): ${p}`));
      }
      outcome.problems = problems;
      outcome.result = problems.length === 0 ? 'passed' : 'failed';
      return outcome;
    };

    const byPage = new Map<string, Sample[]>();
    for (const sample of samples) (byPage.get(sample.route) ?? byPage.set(sample.route, []).get(sample.route)!).push(sample);
    const pages = [...byPage.values()];
    const outcomes = new Map<Sample, Outcome>();
    let next = 0;
    const worker = async () => {
      while (next < pages.length) {
        const page = pages[next++];
        const dir = path.join(root, 'pages', String(next));
        mkdirSync(dir, {recursive: true});
        writeFiles(dir, Object.entries(options.home));
        writeFiles(dir, page[0].files);
        for (const sample of page) outcomes.set(sample, await runOne(sample, dir));
      }
    };
    await Promise.all(Array.from({length: Math.max(2, availableParallelism() * 2)}, worker));
    return samples.map((s) => outcomes.get(s)!);
  } finally {
    await python?.close();
    rmSync(root, {recursive: true, force: true});
  }
}
