/**
 * Static pages: our server against nginx serving the same build, with the build's gzip
 * files (`gzip_static`) and clean URLs, at 50 connections, in interleaved rounds (ours,
 * nginx, ours, nginx) so that machine noise falls on both. Each server runs in its own
 * process; nginx with one worker process, as our server is one Node process.
 * Loopback only. Run alone with `npx tsx scripts/bench/nginx.ts [buildDir]`.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import net, {type AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {createApp} from '../../server/app';
import {measureLoad, type CannonResult} from './autocannon';
import {benchMain, serveUntilParentCloses, startChildServer} from './child-server';

/** Pages of each kind, asked in turn by every connection. */
export const STATIC_PATHS = ['/', '/docs/intro', '/docs/virtual-machines/manage-vm-state', '/docs/api-reference/auth-resources/api-key/generate'];
const CONNECTIONS = 50;

export interface StaticFigures {
  rps: number;
  p99: number;
}

export interface NginxBench {
  ours: StaticFigures;
  nginx: StaticFigures;
  /** ours.rps / nginx.rps: target >= 0.8. */
  throughputRatio: number;
  /** ours.p99 / nginx.p99: target <= 1.5. */
  p99Ratio: number;
}

/** nginx from Debian, installed the way the tests install Chromium: only where it is missing and we may. */
export function ensureNginx(): string {
  const found = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error("nginx is missing: install Debian's nginx package to compare against it.");
  }
  console.log("Installing Debian's nginx for the static-file comparison...");
  const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'};
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'nginx']]) {
    const result = spawnSync('apt-get', args, {env, stdio: 'inherit'});
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status}).`);
  }
  return ensureNginx();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** nginx in the foreground on `port`, serving `buildDir` as our server does: clean URLs, the .gz files, the 404 page. */
async function startNginx(binary: string, buildDir: string): Promise<{url: string; close: () => Promise<void>}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const mimeTypes = ['/etc/nginx/mime.types'].find((p) => existsSync(p));
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr error;
events { worker_connections 1024; }
http {
  ${mimeTypes ? `include ${mimeTypes};` : ''}
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  sendfile on;
  keepalive_requests 100000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${buildDir};
    error_page 404 /404.html;
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {stdio: ['ignore', 'ignore', 'inherit']});
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child);
  return {
    url,
    close: async () => {
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGQUIT');
      });
      await rm(dir, {recursive: true, force: true});
    },
  };
}

/** Our server on the build, in a child process (the `--serve` side below). */
const startOurs = (buildDir: string) => startChildServer(__filename, ['--serve', buildDir], 'our');

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('nginx exited before answering.');
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Both must answer every benchmarked path with the same page, or the comparison means nothing. */
async function checkSamePages(ours: string, nginx: string): Promise<void> {
  for (const route of STATIC_PATHS) {
    const [a, b] = await Promise.all([fetch(ours + route), fetch(nginx + route)]);
    const [textA, textB] = await Promise.all([a.text(), b.text()]);
    if (a.status !== 200 || b.status !== 200 || textA !== textB) {
      throw new Error(`${route}: the two servers do not serve the same page (status ${a.status} and ${b.status}).`);
    }
  }
}

/** Every connection asks for each page in turn, gzip accepted. */
const measure = (url: string, seconds: number) =>
  measureLoad({url, connections: CONNECTIONS, headers: {'accept-encoding': 'gzip'}, requests: STATIC_PATHS.map((p) => ({path: p}))}, seconds, 2);

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export async function benchAgainstNginx(buildDir: string, {rounds = 2, seconds = 8} = {}): Promise<NginxBench> {
  const binary = ensureNginx();
  const ours = await startOurs(buildDir);
  const nginx = await startNginx(binary, buildDir);
  try {
    await checkSamePages(ours.url, nginx.url);
    const runs: {ours: CannonResult[]; nginx: CannonResult[]} = {ours: [], nginx: []};
    for (let round = 0; round < rounds; round += 1) {
      runs.ours.push(await measure(ours.url, seconds));
      runs.nginx.push(await measure(nginx.url, seconds));
    }
    const figures = (list: CannonResult[]) => ({rps: mean(list.map((r) => r.requests.average)), p99: mean(list.map((r) => r.latency.p99))});
    const result = {ours: figures(runs.ours), nginx: figures(runs.nginx)};
    return {...result, throughputRatio: result.ours.rps / result.nginx.rps, p99Ratio: result.ours.p99 / result.nginx.p99};
  } finally {
    await Promise.all([ours.close(), nginx.close()]);
  }
}

export function nginxReport(bench: NginxBench): string[] {
  return [
    `| server (${CONNECTIONS} connections, gzip, ${STATIC_PATHS.length} pages in turn) | requests/s | p99 |`,
    '| --- | --- | --- |',
    `| ours (Fastify) | ${bench.ours.rps.toFixed(0)} | ${bench.ours.p99.toFixed(1)} ms |`,
    `| nginx, 1 worker | ${bench.nginx.rps.toFixed(0)} | ${bench.nginx.p99.toFixed(1)} ms |`,
    `Throughput ours/nginx: ${bench.throughputRatio.toFixed(2)} (target >= 0.8); p99 ours/nginx: ${bench.p99Ratio.toFixed(2)}x (target <= 1.5)`,
  ];
}

async function serveChild(buildDir: string): Promise<void> {
  const app = await createApp({buildDir, watchPartners: false});
  await app.listen({port: 0, host: '127.0.0.1'});
  serveUntilParentCloses({url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close()});
}

if (require.main === module) {
  benchMain(serveChild, async () => nginxReport(await benchAgainstNginx(path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', 'build')))).join('\n'));
}
