/**
 * The Go samples, compiled together: one module with a package per sample, `gofmt -l` and
 * `go vet` over all of them, and one binary that runs any of them (`samples 12` runs the
 * 12th), so that the standard library is linked once rather than per sample. Each sample's
 * `package main` becomes `package s12` and its `func main` an exported `Main` in that binary;
 * vet and gofmt see the samples as written.
 */
import {execFile} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';

const run = promisify(execFile);

/** The Go the samples need: crypto/rand.Text is Go 1.24. */
export const GO_VERSION = '1.24';
export const DEFAULT_GO = `/usr/lib/go-${GO_VERSION}/bin/go`;

export interface GoBuild {
  /** The binary that runs sample `i` as `binary i`; absent when nothing built. */
  binary?: string;
  /** Problems by sample index: gofmt, vet or compile errors. */
  problems: Map<number, string[]>;
}

/** The environment of every go command: no network, no toolchain download, caches in `cacheDir`. */
export function goEnv(cacheDir: string, goBinary: string): NodeJS.ProcessEnv {
  return {
    PATH: `${path.dirname(goBinary)}:${process.env.PATH ?? ''}`,
    HOME: cacheDir,
    GOCACHE: path.join(cacheDir, 'build'),
    GOPATH: path.join(cacheDir, 'path'),
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    GOFLAGS: '-buildvcs=false',
    GOTELEMETRY: 'off',
    CGO_ENABLED: '0',
  };
}

const failed = (error: unknown) => {
  const e = error as {stdout?: string; stderr?: string; message: string};
  return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
};

/** Lines of a go tool's output that name a sample's file, by sample index. */
function bySample(output: string, dir: 'vet' | 'run'): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const line of output.split('\n')) {
    const match = new RegExp(`(?:^|[\\s/])${dir}/s(\\d+)/(\\S+)`).exec(line);
    if (!match) continue;
    const index = Number(match[1]);
    const text = line.replace(new RegExp(`^(vet: )?\\S*${dir}/s${index}/`), '').trim();
    (out.get(index) ?? out.set(index, []).get(index)!).push(text);
  }
  return out;
}

const merge = (into: Map<number, string[]>, from: Map<number, string[]>) => {
  for (const [i, lines] of from) into.set(i, [...(into.get(i) ?? []), ...lines]);
};

/** Writes, checks and builds the samples in `dir`. */
export async function buildGoSamples(codes: string[], dir: string, goBinary: string, cacheDir: string): Promise<GoBuild> {
  const env = goEnv(cacheDir, goBinary);
  const problems = new Map<number, string[]>();
  mkdirSync(dir, {recursive: true});
  writeFileSync(path.join(dir, 'go.mod'), `module samples\n\ngo ${GO_VERSION}\n`);
  codes.forEach((code, i) => {
    mkdirSync(path.join(dir, 'vet', `s${i}`), {recursive: true});
    writeFileSync(path.join(dir, 'vet', `s${i}`, 'main.go'), code.endsWith('\n') ? code : `${code}\n`);
  });
  if (codes.length === 0) return {problems};

  const gofmt = path.join(path.dirname(goBinary), 'gofmt');
  try {
    const {stdout} = await run(gofmt, ['-l', 'vet'], {cwd: dir, env});
    for (const file of stdout.split('\n').filter(Boolean)) merge(problems, new Map([[Number(/s(\d+)\//.exec(file)![1]), ['not formatted as gofmt formats it']]]));
  } catch (error) {
    merge(problems, bySample(failed(error), 'vet'));
  }
  try {
    await run(goBinary, ['vet', './vet/...'], {cwd: dir, env, maxBuffer: 1 << 26});
  } catch (error) {
    const found = bySample(failed(error), 'vet');
    if (found.size === 0) throw new Error(`go vet failed:\n${failed(error)}`);
    merge(problems, found);
  }

  // The runnable copies of the samples that passed vet, and the dispatcher.
  const runnable = codes.map((_, i) => i).filter((i) => !problems.has(i));
  for (const i of runnable) {
    const code = codes[i].replace(/^package main\b/m, `package s${i}`).replace(/^func main\(\)/m, 'func Main()');
    mkdirSync(path.join(dir, 'run', `s${i}`), {recursive: true});
    writeFileSync(path.join(dir, 'run', `s${i}`, 'sample.go'), code);
  }
  for (let attempt = 0; attempt < 2 && runnable.length > 0; attempt += 1) {
    const imports = runnable.map((i) => `\ts${i} "samples/run/s${i}"`).join('\n');
    const cases = runnable.map((i) => `\tcase "${i}":\n\t\ts${i}.Main()`).join('\n');
    writeFileSync(path.join(dir, 'main.go'), `package main\n\nimport (\n\t"os"\n\n${imports}\n)\n\nfunc main() {\n\tswitch os.Args[1] {\n${cases}\n\tdefault:\n\t\tos.Exit(2)\n\t}\n}\n`);
    try {
      await run(goBinary, ['build', '-o', 'samples', '.'], {cwd: dir, env, maxBuffer: 1 << 26});
      return {binary: path.join(dir, 'samples'), problems};
    } catch (error) {
      const found = bySample(failed(error), 'run');
      if (found.size === 0) throw new Error(`go build failed:\n${failed(error)}`);
      merge(problems, found);
      for (const i of found.keys()) runnable.splice(runnable.indexOf(i), 1);
    }
  }
  return {problems};
}
