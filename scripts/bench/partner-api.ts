/**
 * Throughput of the partner-config API against a bare `node:http` server sending the
 * same body: what Fastify, validation and headers cost. Loopback only. Each server
 * runs in a Node process of its own, as in production, so that the load generator's
 * work and garbage never land on the server measured.
 * Run alone with `npx tsx scripts/bench/partner-api.ts`.
 */
import {rm} from 'node:fs/promises';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {createApp} from '../../server/app';
import {loadFigures, measureLoad, type CannonResult, type LoadFigures} from './autocannon';
import {benchMain, serveUntilParentCloses, startChildServer} from './child-server';
import {DEFAULT_PARTNERS_DIR, loadPartners} from '../../server/partners';
import {tinyBuild} from '../../server/insights/testing';

const TARGET = '/v1/auth/partner-config/docs?domain=acme.localhost';

export interface PartnerApiBench {
  ours: LoadFigures;
  bare: LoadFigures;
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
  // A few pages with the build manifest the server reads at start-up.
  const buildDir = await tinyBuild();
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

const figures = (runs: CannonResult[]): LoadFigures => loadFigures(runs, 2);

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
      runs[name].push(await measureLoad({url: server.url + TARGET, connections}, duration / 2, warmup));
    }
    const result = {ours: figures(runs.ours), bare: figures(runs.bare)};
    return {...result, ratio: Number((result.ours.rps / result.bare.rps).toFixed(3))};
  } finally {
    await Promise.all([ours.close(), bare.close()]);
  }
}

if (require.main === module) {
  benchMain(
    (kind) => serve(kind === 'bare' ? 'bare' : 'ours'),
    async () => {
      const {ours, bare, ratio} = await benchPartnerApi();
      return [
        `Partner-config API, ${TARGET}, 50 connections, loopback:`,
        `  ours (Fastify): ${ours.rps} req/s, p99 ${ours.p99} ms`,
        `  bare node:http: ${bare.rps} req/s, p99 ${bare.p99} ms`,
        `  ratio ours/bare: ${ratio}`,
      ].join('\n');
    },
  );
}
