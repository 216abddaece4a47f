/**
 * A mock of the API from the spec as published: Prism (`prism mock`) validates each request
 * against the spec (path, method, parameters, headers, security, body) and answers from its
 * examples. In front of it, a small proxy on the address the samples call:
 * - the address is `http://127.0.0.1:PORT/<token>/v1`, a token per page, so each request
 *   is put down to the page (and the sample) that made it;
 * - Prism serves the spec's paths without the server's base path, so the proxy takes off
 *   the token and `/v1`;
 * - Prism lets query parameters the spec does not name through, and never answers a JSON
 *   body it cannot parse; the proxy refuses both.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import http from 'node:http';
import {createRequire} from 'node:module';
import type {AddressInfo} from 'node:net';
import {parse} from 'yaml';

export interface MockRequest {
  method: string;
  /** Path under the API base, with its query: `/core/flavors?region=no-osl-1`. */
  path: string;
  status: number;
  /** What the spec refuses in the request; empty when it is valid. */
  violations: string[];
  /** The mock's answer. */
  body: string;
}

export interface Mock {
  /** The API base a page's samples call. */
  baseFor(token: string): string;
  /** The requests made under a token since the last call, removed from the record. */
  take(token: string): MockRequest[];
  close(): Promise<void>;
}

type Spec = {servers?: {url: string}[]; paths: Record<string, Record<string, {parameters?: Param[]}> & {parameters?: Param[]}>; components?: {parameters?: Record<string, Param>}};
type Param = {name?: string; in?: string; $ref?: string};

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'head', 'options']);

/** The query parameters each operation declares, by method and a matcher of its path. */
function queryParameters(spec: Spec): {method: string; pattern: RegExp; literal: number; names: Set<string>}[] {
  const resolve = (p: Param): Param => (p.$ref ? (spec.components?.parameters?.[p.$ref.split('/').pop()!] ?? p) : p);
  const out: {method: string; pattern: RegExp; literal: number; names: Set<string>}[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = [...(item.parameters ?? []), ...((operation as {parameters?: Param[]}).parameters ?? [])].map(resolve);
      out.push({method: method.toUpperCase(), pattern, literal: template.replace(/\{[^}]+\}/g, '').length, names: new Set(params.filter((p) => p.in === 'query').map((p) => p.name!))});
    }
  }
  return out.sort((a, b) => b.literal - a.literal);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = http.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startPrism(specFile: string, port: number): Promise<ChildProcess> {
  const cli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const child = spawn(process.execPath, [cli, 'mock', specFile, '--host', '127.0.0.1', '--port', String(port)], {stdio: ['ignore', 'pipe', 'pipe']});
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${log.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}) before listening:\n${log.slice(-2000)}`));
    });
  });
  // Keep reading its log so that a full pipe never stops it.
  child.stdout!.removeAllListeners('data').resume();
  child.stderr!.removeAllListeners('data').resume();
  return child;
}

/** What Prism's answer says is wrong with a request. */
function violationsOf(response: http.IncomingMessage, body: string): string[] {
  const out: string[] = [];
  const header = response.headers['sl-violations'];
  if (typeof header === 'string') {
    for (const v of JSON.parse(header) as {location?: string[]; severity?: string; message?: string}[]) {
      if (v.severity === 'Error') out.push(`${(v.location ?? []).join('.')}: ${v.message}`);
    }
  }
  if (String(response.headers['content-type']).includes('problem+json') && body.includes('stoplight.io/prism/errors')) {
    const problem = JSON.parse(body) as {title?: string; detail?: string};
    out.push(`${problem.title}: ${problem.detail}`);
  }
  return out;
}

/** Starts Prism on the spec and the recording proxy in front of it. */
export async function startMock(specFile: string): Promise<Mock> {
  const spec = parse(readFileSync(specFile, 'utf8')) as Spec;
  const basePath = new URL(spec.servers?.[0]?.url ?? 'http://x/').pathname.replace(/\/$/, '');
  const operations = queryParameters(spec);
  const prismPort = await freePort();
  const prism = await startPrism(specFile, prismPort);
  const record = new Map<string, MockRequest[]>();

  const proxy = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://mock');
      const [, token = '', ...rest] = url.pathname.split('/');
      const fullPath = `/${rest.join('/')}`;
      const entry: MockRequest = {method: request.method ?? 'GET', path: fullPath + url.search, status: 0, violations: [], body: ''};
      (record.get(token) ?? record.set(token, []).get(token)!).push(entry);
      if (!fullPath.startsWith(`${basePath}/`)) {
        entry.violations.push(`${fullPath} is not under the API base path ${basePath}`);
        response.writeHead((entry.status = 404)).end();
        return;
      }
      const apiPath = fullPath.slice(basePath.length);
      const operation = operations.find((o) => o.method === entry.method && o.pattern.test(apiPath));
      for (const name of new Set(url.searchParams.keys())) {
        if (operation && !operation.names.has(name)) entry.violations.push(`query parameter "${name}" is not a parameter of ${entry.method} ${apiPath} in the spec`);
      }
      // Prism never answers a JSON body it cannot parse: refuse it here.
      const body = Buffer.concat(chunks);
      if (/json/i.test(String(request.headers['content-type'])) && body.length > 0) {
        try {
          JSON.parse(body.toString());
        } catch (error) {
          entry.violations.push(`the body is not valid JSON: ${(error as Error).message}`);
          response.writeHead((entry.status = 400)).end();
          return;
        }
      }
      const headers = {...request.headers, host: `127.0.0.1:${prismPort}`};
      const forward = http.request({host: '127.0.0.1', port: prismPort, method: request.method, path: apiPath + url.search, headers}, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          entry.body = Buffer.concat(parts).toString();
          entry.status = answer.statusCode ?? 0;
          entry.violations.push(...violationsOf(answer, entry.body));
          const out = {...answer.headers};
          delete out['sl-violations'];
          response.writeHead(entry.status, out).end(entry.body);
        });
      });
      forward.on('error', (error) => {
        entry.violations.push(`the mock failed: ${error.message}`);
        response.writeHead((entry.status = 502)).end();
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const {port} = proxy.address() as AddressInfo;

  return {
    baseFor: (token) => `http://127.0.0.1:${port}/${token}${basePath}`,
    take(token) {
      const taken = record.get(token) ?? [];
      record.set(token, []);
      return taken;
    },
    async close() {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      await closed;
      if (prism.exitCode === null) {
        const exited = new Promise((resolve) => prism.once('exit', resolve));
        prism.kill();
        await exited;
      }
    },
  };
}
