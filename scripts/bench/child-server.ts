/**
 * A server measured by a bench runs in a Node process of its own, as in production, so
 * that the load generator's work and garbage never land on it. The child prints one JSON
 * line with its URL once it listens; the parent ends it by closing the child's standard input.
 */
import {spawn} from 'node:child_process';

export interface ChildServer {
  url: string;
  close: () => Promise<void>;
}

/** Runs `script` with `args` in a child Node process (same loader flags); resolves once it prints its URL. */
export function startChildServer(script: string, args: string[], label: string): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...args], {stdio: ['pipe', 'pipe', 'inherit']});
    let stdout = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`The ${label} server exited early (${code}).`)));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      child.removeAllListeners('exit');
      resolve({
        url: (JSON.parse(line) as {url: string}).url,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.stdin.end();
          }),
      });
    });
  });
}

/** The child's side: prints the server's URL, and closes it when the parent closes standard input. */
export function serveUntilParentCloses(server: ChildServer): void {
  console.log(JSON.stringify({url: server.url}));
  process.stdin.resume();
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
}

/**
 * A bench file's entry point: with `--serve ARG` the process is the child serving what the
 * bench measures (`serve(ARG)`); run alone, it runs the bench and prints its report. A
 * failure ends the process with its message.
 */
export function benchMain(serve: (arg: string) => Promise<void>, bench: () => Promise<string>): void {
  const fail = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  const at = process.argv.indexOf('--serve');
  if (at > 0) serve(process.argv[at + 1]).catch(fail);
  else bench().then((report) => console.log(report), fail);
}
