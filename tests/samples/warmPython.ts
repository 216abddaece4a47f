/**
 * Python samples run in forks of one interpreter that has imported `requests` once
 * (warm-python.py), instead of a new `python3 sample.py` each: 160 interpreter starts and
 * imports were about a third of the sample tests' CPU time. Each sample is still a process
 * of its own, in its own process group, with the directory, environment, stdin, stdout and
 * stderr it would have; `warmPython.test.ts` runs programs both ways and compares.
 */
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

export interface WarmExit {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface WarmPython {
  /** Runs `file` as `python3 file` would, in `cwd` with exactly `env`. */
  run(file: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<WarmExit>;
  close(): Promise<void>;
}

interface Task {
  resolve: (exit: {code: number | null}) => void;
  reject: (error: Error) => void;
  onPid?: (pid: number) => void;
}

/** Starts the interpreter; resolves once it has imported what the samples use. */
export function startWarmPython(python: string): Promise<WarmPython> {
  const child: ChildProcessWithoutNullStreams = spawn(python, [path.join(__dirname, 'warm-python.py')], {stdio: ['pipe', 'pipe', 'pipe']});
  const outputs = mkdtempSync(path.join(tmpdir(), 'warm-python-'));
  const tasks = new Map<number, Task>();
  let nextId = 0;
  let stderr = '';
  let failure: Error | undefined;
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  return new Promise((resolveStart, rejectStart) => {
    const fail = (error: Error) => {
      failure ??= error;
      rejectStart(failure);
      for (const task of tasks.values()) task.reject(failure);
      tasks.clear();
    };
    child.on('error', (error) => fail(new Error(`The warm Python interpreter (${python}) did not start: ${error.message}`)));
    child.on('exit', (code) => fail(new Error(`The warm Python interpreter ended (status ${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`)));
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const message = JSON.parse(line) as {ready?: true; id?: number; pid?: number; code?: number | null};
        if (message.ready) {
          resolveStart(warm);
          continue;
        }
        const task = tasks.get(message.id!);
        if (!task) continue;
        if (message.pid !== undefined) {
          task.onPid?.(message.pid);
        } else {
          tasks.delete(message.id!);
          task.resolve({code: message.code ?? null});
        }
      }
    });

    const warm: WarmPython = {
      async run(file, cwd, env, timeoutMs) {
        if (failure) throw failure;
        const id = nextId++;
        const out = path.join(outputs, `${id}.out`);
        const err = path.join(outputs, `${id}.err`);
        let timedOut = false;
        let timer: NodeJS.Timeout | undefined;
        const exit = await new Promise<{code: number | null}>((resolve, reject) => {
          const task: Task = {resolve, reject};
          task.onPid = (pid) => {
            timer = setTimeout(() => {
              timedOut = true;
              try {
                process.kill(-pid, 'SIGKILL');
              } catch {
                // Already gone.
              }
            }, timeoutMs);
          };
          tasks.set(id, task);
          child.stdin.write(`${JSON.stringify({id, file, cwd, env, stdout: out, stderr: err})}\n`);
        }).finally(() => clearTimeout(timer));
        const read = (name: string) => {
          try {
            return readFileSync(name, 'utf8');
          } catch {
            return '';
          } finally {
            rmSync(name, {force: true});
          }
        };
        return {code: exit.code, stdout: read(out), stderr: read(err), timedOut};
      },
      close() {
        return new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            rmSync(outputs, {recursive: true, force: true});
            return resolve();
          }
          child.removeAllListeners('exit');
          child.on('exit', () => {
            rmSync(outputs, {recursive: true, force: true});
            resolve();
          });
          child.stdin.end();
        });
      },
    };
  });
}
