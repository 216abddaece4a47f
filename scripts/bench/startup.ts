/**
 * Server start-up: from starting a Node process that runs `createApp` on a build to the
 * first answer of the home page, as an orchestrator restarting the server or a test run
 * waiting for it sees it. Node's start, the TypeScript loader, the server's imports and
 * whatever `createApp` reads of the build are all in it. Run alone with
 * `npx tsx scripts/bench/startup.ts [buildDir]`.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {siteDir} from './common';

export interface StartupFigures {
  /** Each round's time to the first answer, in ms, in the order run, as `npm start` runs (insights on, in PGlite). */
  roundsMs: number[];
  medianMs: number;
  /** The same with insights off (`INSIGHTS=off`), in rounds alternating with the others. */
  offRoundsMs: number[];
  offMedianMs: number;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Resolves with the status of GET `url`, or rejects when nothing answers. */
const statusOf = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });

/** One start: the process from spawn to the first answer of `/`; then it is ended. */
async function oneStart(buildDir: string, insightsDir: string | null): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const env = {...process.env, INSIGHTS: insightsDir ? 'on' : 'off', INSIGHTS_DIR: insightsDir ?? '', DATABASE_URL: ''};
  const child = spawn(process.execPath, [...process.execArgv, __filename, '--serve', buildDir, String(port)], {stdio: ['ignore', 'ignore', 'pipe'], env});
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`The server exited before answering:\n${stderr.slice(-2000)}`);
      const status = await statusOf(`http://127.0.0.1:${port}/`).catch(() => 0);
      if (status === 200) return performance.now() - started;
      if (status !== 0) throw new Error(`GET / answered ${status}`);
      // Polled, not slept on: the figure is taken from the first answer.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Starts with insights on (an embedded database in a folder kept across rounds, so that after
 * the first it is reopened, as on a restart) alternating with starts with insights off.
 */
export async function benchStartup(buildDir: string, rounds = Number(process.env.BENCH_STARTUP_ROUNDS ?? 5)): Promise<StartupFigures> {
  const insightsDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-insights-'));
  try {
    const roundsMs: number[] = [];
    const offRoundsMs: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      roundsMs.push(await oneStart(buildDir, insightsDir));
      offRoundsMs.push(await oneStart(buildDir, null));
    }
    return {roundsMs, medianMs: median(roundsMs), offRoundsMs, offMedianMs: median(offRoundsMs)};
  } finally {
    rmSync(insightsDir, {recursive: true, force: true});
  }
}

export const startupReport = (figures: StartupFigures) => [
  `Server start-up to the first answer of /, as npm start runs (insights on, PGlite): median ${figures.medianMs.toFixed(0)} ms over ${figures.roundsMs.length} starts (${figures.roundsMs.map((ms) => ms.toFixed(0)).join(', ')} ms); target < 1000 ms`,
  `With INSIGHTS=off: median ${figures.offMedianMs.toFixed(0)} ms (${figures.offRoundsMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
];

/** The server as `npm start` makes it: insights from the environment (the parent sets INSIGHTS and INSIGHTS_DIR). */
async function serve(buildDir: string, port: number): Promise<void> {
  const {createApp} = await import('../../server/app');
  const {insightsFromEnv} = await import('../../server/insights/config');
  const app = await createApp({buildDir, watchPartners: false, insights: insightsFromEnv(process.env, siteDir)});
  await app.listen({port, host: '127.0.0.1'});
}

if (require.main === module) {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) {
    serve(process.argv[serveAt + 1], Number(process.argv[serveAt + 2])).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    benchStartup(path.resolve(process.argv[2] ?? path.join(siteDir, 'build')))
      .then((figures) => console.log(startupReport(figures).join('\n')))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  }
}
