/**
 * Throughput of the partner-config API against a bare `node:http` server sending the
 * same body: what Fastify, validation and headers cost. Loopback only. Each server
 * runs in a Node process of its own, as in production, so that the load generator's
 * work and garbage never land on the server measured.
 * Run alone with `npx tsx scripts/bench/partner-api.ts`.
 */
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {createApp} from '../../server/app';
import {serveUntilParentCloses, startChildServer} from './child-server';
import {DEFAULT_PARTNERS_DIR, loadPartners} from '../../server/partners';

const TARGET = '/v1/auth/partner-config/docs?domain=acme.localhost';

interface CannonResult {
  requests: {average: number; total: number};
  latency: {p99: number};
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {url: string; connections: number; duration: number; workers?: number}) => Promise<CannonResult>;
// autocannon ships no type declarations; the fields used are declared above.
const autocannon = require('autocannon') as Autocannon;

export interface Figures {
  /** Requests per second, averaged over the measured seconds. */
  rps: number;
  /** 99th percentile latency in milliseconds (mean of the measured runs). */
  p99: number;
}

export interface PartnerApiBench {
  ours: Figures;
  bare: Figures;
  /** `ours.rps / bare.rps`: 1 would mean the framework costs nothing. */
  ratio: number;
}

export interface BenchOptions {
  /** Measured seconds per server, split in two runs. */
  duration?: number;
  /** Unmeasured seconds before each run. */
  warmup?: number;
  connections?: number;
}

/** Listens on a free loopback port; resolves to the base URL. */
function listen(server: http.Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

/** The baseline: the same bytes and headers for the same URL, and nothing else. */
async function startBare(body: string, etag: string): Promise<{url: string; close: () => Promise<void>}> {
  const server = http.createServer((req, res) => {
    if (req.url !== TARGET) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=60',
      'access-control-allow-origin': '*',
      etag,
    });
    res.end(body);
  });
  const url = await listen(server);
  return {url, close: () => new Promise((resolve) => server.close(() => resolve()))};
}

/** Our server with the demo partners, on a throw-away build folder so no site build is needed. */
async function startOurs(): Promise<{url: string; close: () => Promise<void>}> {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'bench-build-'));
  await writeFile(path.join(buildDir, 'index.html'), '<!doctype html><title>Bench</title>');
  await writeFile(path.join(buildDir, '404.html'), '<!doctype html><title>Not found</title>');
  const app = await createApp({buildDir, partnersDir: DEFAULT_PARTNERS_DIR, watchPartners: false});
  await app.listen({port: 0, host: '127.0.0.1'});
  const {port} = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await rm(buildDir, {recursive: true, force: true});
    },
  };
}

type ServerKind = 'ours' | 'bare';

/** Serves one kind in this process and prints its URL: the child side of `startServer`. */
async function serve(kind: ServerKind): Promise<void> {
  const served = (await loadPartners(DEFAULT_PARTNERS_DIR)).lookup('acme.localhost');
  if (!served) throw new Error('The demo partners no longer serve acme.localhost.');
  serveUntilParentCloses(kind === 'ours' ? await startOurs() : await startBare(served.body, served.etag));
}

/** Starts one kind of server in a child process; resolves once it listens. */
const startServer = (kind: ServerKind) => startChildServer(__filename, ['--serve', kind], kind);

/** Both servers must answer the benchmarked URL with the same body, or the comparison means nothing. */
async function checkSameBody(ours: string, bare: string): Promise<void> {
  const [a, b] = await Promise.all([fetch(ours + TARGET), fetch(bare + TARGET)]);
  const [textA, textB] = await Promise.all([a.text(), b.text()]);
  if (a.status !== 200 || b.status !== 200 || textA !== textB) {
    throw new Error(`The two servers do not serve the same body (status ${a.status} and ${b.status}).`);
  }
}

/** One warm-up then one measured run; fails if any request did not get a 2xx. */
async function measure(base: string, seconds: number, warmup: number, connections: number): Promise<CannonResult> {
  const options = {url: base + TARGET, connections};
  if (warmup > 0) await autocannon({...options, duration: warmup});
  const result = await autocannon({...options, duration: seconds});
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${base}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx responses`);
  }
  return result;
}

function figures(runs: CannonResult[]): Figures {
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    rps: Math.round(requests / seconds),
    p99: Number((runs.reduce((sum, r) => sum + r.latency.p99, 0) / runs.length).toFixed(2)),
  };
}

/**
 * Benchmarks our partner-config API against a bare `node:http` server: 50 connections
 * on loopback, each server measured twice for half the duration in the order ours,
 * bare, bare, ours, so that neither gets the warmer (or hotter) machine.
 */
export async function benchPartnerApi(options: BenchOptions = {}): Promise<PartnerApiBench> {
  const {duration = 8, warmup = 2, connections = 50} = options;
  const [ours, bare] = await Promise.all([startServer('ours'), startServer('bare')]);
  try {
    await checkSameBody(ours.url, bare.url);
    const runs: Record<'ours' | 'bare', CannonResult[]> = {ours: [], bare: []};
    for (const name of ['ours', 'bare', 'bare', 'ours'] as const) {
      const server = name === 'ours' ? ours : bare;
      runs[name].push(await measure(server.url, duration / 2, warmup, connections));
    }
    const result = {ours: figures(runs.ours), bare: figures(runs.bare)};
    return {...result, ratio: Number((result.ours.rps / result.bare.rps).toFixed(3))};
  } finally {
    await Promise.all([ours.close(), bare.close()]);
  }
}

const serveIndex = process.argv.indexOf('--serve');
if (require.main === module && serveIndex > 0) {
  serve(process.argv[serveIndex + 1] === 'bare' ? 'bare' : 'ours').catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
} else if (require.main === module) {
  benchPartnerApi().then(
    ({ours, bare, ratio}) => {
      console.log(`Partner-config API, ${TARGET}, 50 connections, loopback:`);
      console.log(`  ours (Fastify): ${ours.rps} req/s, p99 ${ours.p99} ms`);
      console.log(`  bare node:http: ${bare.rps} req/s, p99 ${bare.p99} ms`);
      console.log(`  ratio ours/bare: ${ratio}`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
