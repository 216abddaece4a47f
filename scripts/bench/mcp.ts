/**
 * The docs MCP server (`/mcp`) under load: `search_docs` and `read_page` latency at 1 and
 * 50 concurrent clients on a partner's host (so the brand rewrite is paid), beside the
 * same work without the protocol in the same run: the search engine called directly for
 * `search_docs`, the page's Markdown twin over plain HTTP for `read_page`. Also the
 * server's resident memory before and after the search index is loaded.
 *
 * The server runs in a Node process of its own (as in production), built like createApp
 * but without the rate limit, which a benchmark from one address would trip at once.
 * Run alone with `npx tsx scripts/bench/mcp.ts` (needs a build: `npm run build`).
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import {brandFromConfig} from '../../src/branding/brand';
import {DEFAULT_PARTNERS_DIR, loadPartners} from '../../server/partners';
import {staticSite} from '../../server/static-site';
import {mcp} from '../../server/mcp';
import {DocsSearch} from '../../server/mcp/search';
import {parseLlmsSections} from '../../server/mcp/library';
import {benchMain} from './child-server';

const siteDir = path.resolve(__dirname, '../..');
const PARTNER_HOST = 'acme.localhost';
const CONCURRENCY = [1, 50] as const;
/** Requests measured per tool and concurrency, after as many unmeasured ones. */
const REQUESTS = {1: 300, 50: 2000} as const;

export interface Latency {
  p50: number;
  p99: number;
}

export interface McpBench {
  /** Per tool and concurrency, over MCP. */
  mcp: Record<'search_docs' | 'read_page', Record<(typeof CONCURRENCY)[number], Latency>>;
  /** The same work without MCP: the engine in this process, the twin over HTTP. */
  baseline: {search: Latency; twin: Record<(typeof CONCURRENCY)[number], Latency>};
  /** Server RSS in MB, index not yet loaded and loaded. */
  rssMb: {withoutIndex: number; withIndex: number};
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
const latency = (times: number[]): Latency => {
  const sorted = [...times].sort((a, b) => a - b);
  return {p50: Number(percentile(sorted, 0.5).toFixed(2)), p99: Number(percentile(sorted, 0.99).toFixed(2))};
};

/** The child side: our server on the build, printing its port; answers `rss` on stdin with its memory after a GC. */
async function serve(buildDir: string): Promise<void> {
  const partners = await loadPartners(DEFAULT_PARTNERS_DIR);
  const brandFor = (host: string) => {
    const served = partners.lookup(host);
    return served ? brandFromConfig(served.config) : undefined;
  };
  const app = Fastify();
  await app.register(mcp, {root: buildDir, brandFor, rateLimit: false});
  await app.register(staticSite, {root: buildDir, brandFor});
  await app.listen({port: 0, host: '127.0.0.1'});
  console.log(JSON.stringify({port: (app.server.address() as AddressInfo).port}));
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (command: string) => {
    if (command.trim() !== 'rss') return;
    (globalThis as {gc?: () => void}).gc?.();
    console.log(JSON.stringify({rss: process.memoryUsage().rss}));
  });
  process.stdin.on('end', () => void app.close().then(() => process.exit(0)));
}

interface Child {
  port: number;
  rss: () => Promise<number>;
  close: () => Promise<void>;
}

function startChild(buildDir: string): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, '--expose-gc', __filename, '--serve', buildDir], {stdio: ['pipe', 'pipe', 'inherit']});
    let buffer = '';
    const waiting: ((line: Record<string, number>) => void)[] = [];
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`The MCP bench server exited early (${code}).`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (data: string) => {
      buffer += data;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.startsWith('{')) waiting.shift()?.(JSON.parse(line) as Record<string, number>);
      }
    });
    waiting.push(({port}) => {
      child.removeAllListeners('exit');
      resolve({
        port,
        rss: () =>
          new Promise((done) => {
            waiting.push(({rss}) => done(rss));
            child.stdin.write('rss\n');
          }),
        close: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.stdin.end();
          }),
      });
    });
  });
}

function request(agent: http.Agent, port: number, options: {method: string; path: string; headers: Record<string, string>; body?: string}): Promise<{status: number; body: string}> {
  return new Promise((resolve, reject) => {
    const req = http.request({host: '127.0.0.1', port, agent, ...options}, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, body}));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const RPC_HEADERS = {host: PARTNER_HOST, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25'};

/** `total` requests from `clients` concurrent clients, each waiting for its answer before the next; the latency of each. */
async function load(clients: number, total: number, send: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({length: clients}, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        await send(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

export async function benchMcp(buildDir: string = path.join(siteDir, 'build')): Promise<McpBench> {
  const {queries} = JSON.parse(readFileSync(path.join(siteDir, 'tests/search-relevance.json'), 'utf8')) as {queries: {query: string}[]};
  const routes = parseLlmsSections(readFileSync(path.join(buildDir, 'llms.txt'), 'utf8'))
    .flatMap((s) => s.pages.map((p) => p.route))
    .filter((_, i) => i % 7 === 0);
  const child = await startChild(buildDir);
  const agent = new http.Agent({keepAlive: true, maxSockets: 64});
  try {
    const callTool = async (name: string, args: Record<string, unknown>) => {
      const res = await request(agent, child.port, {method: 'POST', path: '/mcp', headers: RPC_HEADERS, body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name, arguments: args}})});
      if (res.status !== 200 || res.body.includes('"isError":true')) throw new Error(`${name} ${JSON.stringify(args)}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    };
    const readPage = (i: number) => callTool('read_page', {url_or_path: routes[i % routes.length]});
    const search = (i: number) => callTool('search_docs', {query: queries[i % queries.length].query});
    const twin = async (i: number) => {
      const res = await request(agent, child.port, {method: 'GET', path: `${routes[i % routes.length]}.md`, headers: {host: PARTNER_HOST}});
      if (res.status !== 200) throw new Error(`twin ${routes[i % routes.length]}: HTTP ${res.status}`);
    };

    // Memory: the server warmed up on everything but search, then with the index loaded.
    await load(4, 200, readPage);
    const withoutIndex = await child.rss();
    await load(4, 200, search);
    const withIndex = await child.rss();

    const result: McpBench = {
      mcp: {search_docs: {1: {p50: 0, p99: 0}, 50: {p50: 0, p99: 0}}, read_page: {1: {p50: 0, p99: 0}, 50: {p50: 0, p99: 0}}},
      baseline: {search: {p50: 0, p99: 0}, twin: {1: {p50: 0, p99: 0}, 50: {p50: 0, p99: 0}}},
      rssMb: {withoutIndex: Number((withoutIndex / 2 ** 20).toFixed(1)), withIndex: Number((withIndex / 2 ** 20).toFixed(1))},
    };

    // The engine as the tool calls it, in this process, with the same queries.
    const engine = new DocsSearch(buildDir);
    await engine.preload();
    await load(1, REQUESTS[1], (i) => engine.search(queries[i % queries.length].query).then(() => undefined));
    result.baseline.search = latency(await load(1, REQUESTS[1], (i) => engine.search(queries[i % queries.length].query).then(() => undefined)));

    for (const clients of CONCURRENCY) {
      const n = REQUESTS[clients];
      await load(clients, n, search);
      result.mcp.search_docs[clients] = latency(await load(clients, n, search));
      await load(clients, n, readPage);
      result.mcp.read_page[clients] = latency(await load(clients, n, readPage));
      await load(clients, n, twin);
      result.baseline.twin[clients] = latency(await load(clients, n, twin));
    }
    return result;
  } finally {
    agent.destroy();
    await child.close();
  }
}

/** The figures as lines of Markdown. */
export function mcpReport(bench: McpBench): string[] {
  const row = (label: string, l: Latency) => `| ${label} | ${l.p50.toFixed(2)} ms | ${l.p99.toFixed(2)} ms |`;
  const added = (a: Latency, b: Latency) => `${(a.p50 - b.p50).toFixed(2)} ms at p50 (${(a.p50 / b.p50).toFixed(2)}x)`;
  return [
    `| call (host ${PARTNER_HOST}, loopback) | p50 | p99 |`,
    '| --- | --- | --- |',
    row('search_docs over MCP, 1 client', bench.mcp.search_docs[1]),
    row('search_docs over MCP, 50 clients', bench.mcp.search_docs[50]),
    row('same queries, engine called directly', bench.baseline.search),
    row('read_page over MCP, 1 client', bench.mcp.read_page[1]),
    row('read_page over MCP, 50 clients', bench.mcp.read_page[50]),
    row('same pages, Markdown twin over HTTP, 1 client', bench.baseline.twin[1]),
    row('same pages, Markdown twin over HTTP, 50 clients', bench.baseline.twin[50]),
    `search_docs: MCP (HTTP, protocol, brand) adds ${added(bench.mcp.search_docs[1], bench.baseline.search)} over the engine (target <= 2 ms)`,
    `read_page: MCP adds ${added(bench.mcp.read_page[1], bench.baseline.twin[1])} over the twin's own HTTP path (target <= 2 ms)`,
    `Server RSS after a GC: ${bench.rssMb.withoutIndex} MB before the search index is loaded, ${bench.rssMb.withIndex} MB with it (+${(bench.rssMb.withIndex - bench.rssMb.withoutIndex).toFixed(1)} MB)`,
  ];
}

if (require.main === module) {
  benchMain(serve, async () => ['## Docs MCP server', ...mcpReport(await benchMcp())].join('\n'));
}
