// /mcp against the real build (npm run build writes it): the official SDK client over HTTP,
// on the default host and on a partner's, then bad input, rate limit and CORS.
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import Fastify, {type FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {createApp} from '../app';
import {brandFromConfig} from '../../src/branding/brand';
import {DEFAULT_VALUES} from '../../src/branding/contentValues';
import {DEFAULT_BRAND} from '../../src/branding/defaults';
import {DEFAULT_PARTNERS_DIR, loadPartners} from '../partners';
import {mcp, MAX_BODY_BYTES} from '.';
import {connectAs} from './test-client';
import {MAX_PAGE_CHARS} from './tools';

const buildDir = path.resolve(__dirname, '../../build');
const built = existsSync(path.join(buildDir, 'search/manifest.json')) && existsSync(path.join(buildDir, 'llms.txt'));
if (!built) console.warn('server/mcp: no production build (run `npm run build`); the tests against it are skipped.');

/** Every default-brand value a partner's answers must not show. */
const DEFAULT_TEXTS = [DEFAULT_BRAND.name, DEFAULT_BRAND.feedbackUrl, ...Object.values(DEFAULT_VALUES)];

/** Questions a reader asks, and the pages that answer them (one must be among the first five results). */
const QUERIES: {query: string; expect: string[]}[] = [
  {query: 'hibernate a virtual machine', expect: ['/docs/api-reference/core-resources/virtual-machines/manage/hibernate', '/docs/virtual-machines/hibernation']},
  {query: 'api key', expect: ['/docs/api-reference/auth-resources/api-key/generate', '/docs/api-reference/getting-started-api/authentication']},
  {query: 'kubernetes versions', expect: ['/docs/api-reference/core-resources/clusters/versions', '/docs/kubernetes/kubernetes-guide']},
  {query: 'object storage bucket', expect: ['/docs/storage/object-storage', '/docs/api-reference/object-storage/buckets/create', '/docs/api-reference/object-storage/buckets/list']},
  {query: 'top up credit', expect: ['/docs/billing/billing-policies']},
];

type ToolResult = {content: {type: string; text?: string}[]; structuredContent?: Record<string, unknown>; isError?: boolean};
const textOf = (result: unknown) => (result as ToolResult).content.map((c) => c.text ?? '').join('\n');
const pathOf = (url: string) => new URL(url).pathname;

/** Fastify with only /mcp, as createApp registers it, with options tests need. */
async function mcpOnly(options: Partial<Parameters<typeof mcp>[1]> = {}): Promise<FastifyInstance> {
  const partners = await loadPartners(DEFAULT_PARTNERS_DIR);
  const app = Fastify();
  await app.register(mcp, {
    root: buildDir,
    brandFor: (host) => {
      const served = partners.lookup(host);
      return served ? brandFromConfig(served.config) : undefined;
    },
    ...options,
  });
  return app;
}

const RPC_HEADERS = {'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25'};
const call = (name: string, args: unknown, id = 1) => JSON.stringify({jsonrpc: '2.0', id, method: 'tools/call', params: {name, arguments: args}});

describe.skipIf(!built)('/mcp with the SDK client, over HTTP', () => {
  let app: FastifyInstance;
  let port: number;
  let plain: Client;
  let acme: Client;
  let acmeHost: string;
  let plainHost: string;

  beforeAll(async () => {
    app = await createApp({buildDir});
    await app.listen({port: 0, host: '127.0.0.1'});
    port = (app.server.address() as {port: number}).port;
    plainHost = `localhost:${port}`;
    acmeHost = `acme.localhost:${port}`;
    [plain, acme] = await Promise.all([connectAs(port, plainHost), connectAs(port, acmeHost)]);
  });

  afterAll(async () => {
    await Promise.all([plain?.close(), acme?.close()]);
    await app?.close();
  });

  const discovery = (host: string, headers: Record<string, string> = {}) => app.inject({method: 'GET', url: '/mcp', headers: {host, accept: 'application/json', ...headers}});

  it('answers GET /mcp with the discovery document, in the brand and origin of the host asked', async () => {
    const res = await discovery(plainHost);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const tools = ['search_docs', 'read_page', 'get_api_operation', 'list_sections'];
    expect(res.json()).toEqual({name: `${DEFAULT_BRAND.name} docs`, url: `http://${plainHost}/mcp`, transport: 'streamable-http', tools});
    expect((await discovery(acmeHost)).json()).toEqual({name: 'Acme Compute docs', url: `http://${acmeHost}/mcp`, transport: 'streamable-http', tools});
    expect((await discovery('docs.example.com')).json().url).toBe('https://docs.example.com/mcp');
    expect((await discovery('docs.example.com', {'x-forwarded-proto': 'http'})).json().url).toBe('http://docs.example.com/mcp');
    // A host the server does not serve is never named back (server/hosts.ts).
    expect((await discovery('docs.partner.example')).statusCode).toBe(421);
    const stream = await app.inject({method: 'GET', url: '/mcp', headers: {host: plainHost, accept: 'text/event-stream'}});
    expect(stream.statusCode).toBe(405);
    expect((await app.inject({method: 'DELETE', url: '/mcp', headers: {host: plainHost}})).statusCode).toBe(405);
  });

  it('lists the four tools, each with a description and an input schema', async () => {
    for (const client of [plain, acme]) {
      const {tools} = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(['get_api_operation', 'list_sections', 'read_page', 'search_docs']);
      for (const tool of tools) {
        expect(tool.description?.length, tool.name).toBeGreaterThan(40);
        expect(tool.inputSchema.type).toBe('object');
      }
      const search = tools.find((t) => t.name === 'search_docs')!;
      expect(search.inputSchema.required).toEqual(['query']);
      expect((search.inputSchema.properties as Record<string, {maxLength?: number}>).query.maxLength).toBe(256);
    }
    const acmeTools = await acme.listTools();
    const text = JSON.stringify(acmeTools);
    expect(text).toContain('Acme Compute');
    for (const value of DEFAULT_TEXTS) expect(text).not.toContain(value);
  });

  it.each(QUERIES)('search_docs "$query" finds the page that answers it, on both hosts', async ({query, expect: pages}) => {
    for (const [client, host] of [
      [plain, plainHost],
      [acme, acmeHost],
    ] as const) {
      const result = (await client.callTool({name: 'search_docs', arguments: {query}})) as ToolResult;
      expect(result.isError).toBeFalsy();
      const results = (result.structuredContent as {results: {title: string; url: string; section: string; snippet: string}[]}).results;
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) {
        expect(r.url.startsWith(`http://${host}/`), r.url).toBe(true);
        expect(r.title.length).toBeGreaterThan(0);
        expect(r.section.length).toBeGreaterThan(0);
      }
      const top = results.slice(0, 5).map((r) => pathOf(r.url));
      expect(top.some((p) => pages.includes(p)), `${host}: ${top.join(', ')}`).toBe(true);
    }
  });

  it('search_docs filters by section and says which sections exist', async () => {
    const result = (await plain.callTool({name: 'search_docs', arguments: {query: 'volume', section: 'storage', limit: 8}})) as ToolResult;
    const results = (result.structuredContent as {results: {section: string}[]}).results;
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((r) => r.section))).toEqual(new Set(['Storage']));
    const unknown = (await plain.callTool({name: 'search_docs', arguments: {query: 'volume', section: 'Nowhere'}})) as ToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/No section "Nowhere"\. Sections: .*Virtual machines/);
  });

  it('read_page returns the twin by path, .md path or a URL on any host', async () => {
    const twin = readFileSync(path.join(buildDir, 'docs/virtual-machines/hibernation.md'), 'utf8');
    for (const input of ['/docs/virtual-machines/hibernation', '/docs/virtual-machines/hibernation.md', 'docs/virtual-machines/hibernation/', 'https://elsewhere.example/docs/virtual-machines/hibernation#x']) {
      const result = (await plain.callTool({name: 'read_page', arguments: {url_or_path: input}})) as ToolResult;
      expect(result.isError, input).toBeFalsy();
      expect(textOf(result), input).toBe(twin);
    }
    const missing = (await plain.callTool({name: 'read_page', arguments: {url_or_path: '/docs/no-such-page'}})) as ToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^No page at \/docs\/no-such-page\./);
    const noTwin = (await plain.callTool({name: 'read_page', arguments: {url_or_path: '/img/logo.svg'}})) as ToolResult;
    expect(noTwin.isError).toBe(true);
    expect(textOf(noTwin)).toMatch(/no Markdown version/);
  });

  it('read_page gives a long page in parts that join back into the whole twin', async () => {
    const twins = readdirSync(path.join(buildDir, 'docs'), {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.md'));
    const longest = twins.map((f) => ({f, size: statSync(path.join(buildDir, 'docs', f)).size})).sort((a, b) => b.size - a.size)[0];
    const route = `/docs/${longest.f.replace(/\.md$/, '').split(path.sep).join('/')}`;
    const whole = readFileSync(path.join(buildDir, 'docs', longest.f), 'utf8');
    expect(whole.length).toBeGreaterThan(MAX_PAGE_CHARS);
    let joined = '';
    let offset: number | undefined = 0;
    let parts = 0;
    while (offset !== undefined) {
      const text = textOf(await plain.callTool({name: 'read_page', arguments: {url_or_path: route, offset}}));
      const more = /\n\n---\n\(Characters \d+-(\d+) of \d+ of [^\n]*call read_page with offset (\d+)\.\)$/.exec(text);
      const end = /\n\n---\n\(End of [^\n]*\.\)$/.exec(text);
      joined += text.slice(0, (more ?? end)?.index ?? text.length);
      offset = more ? Number(more[2]) : undefined;
      parts += 1;
      expect(parts).toBeLessThan(100);
    }
    expect(parts).toBeGreaterThan(1);
    expect(joined).toBe(whole);
    const past = (await plain.callTool({name: 'read_page', arguments: {url_or_path: route, offset: whole.length + 10}})) as ToolResult;
    expect(past.isError).toBe(true);
  });

  it('get_api_operation finds an operation by id, by method and path, and by a concrete path', async () => {
    for (const operation of ['generateApiKey', 'POST /auth/api-keys', 'post /v1/auth/api-keys', 'POST https://api.example.com/v1/auth/api-keys']) {
      const text = textOf(await plain.callTool({name: 'get_api_operation', arguments: {operation}}));
      expect(text, operation).toMatch(/^Operation `generateApiKey`: `POST \/auth\/api-keys`\. Reference page: http:\/\/localhost:\d+\/docs\/api-reference\/auth-resources\/api-key\/generate/);
      for (const part of ['## Authentication', '## Request body', '## Responses', '## Error codes', '**curl**', 'curl --request POST']) expect(text, part).toContain(part);
      expect(text).not.toContain('**Python**');
    }
    const attach = textOf(await plain.callTool({name: 'get_api_operation', arguments: {operation: 'POST /core/volumes/7710/attach'}}));
    expect(attach).toMatch(/^Operation `attachVolume`/);
    const unknown = (await plain.callTool({name: 'get_api_operation', arguments: {operation: 'launchRocket'}})) as ToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^No API operation "launchRocket"/);
  });

  it('list_sections lists the llms.txt sections and their pages on the host asked', async () => {
    const text = textOf(await acme.callTool({name: 'list_sections', arguments: {}}));
    expect(text).toContain('## Virtual machines');
    expect(text).toContain(`- [Hibernation](http://${acmeHost}/docs/virtual-machines/hibernation)`);
    const one = textOf(await plain.callTool({name: 'list_sections', arguments: {section: 'storage'}}));
    expect(one.startsWith('## Storage\n')).toBe(true);
    expect(one).toMatch(/- \[Object storage\]\(http:\/\/localhost:\d+\/docs\/storage\/object-storage\): \S/);
    expect(one).not.toContain('## Virtual machines');
  });

  it('exposes llms.txt as a resource', async () => {
    const {resources} = await acme.listResources();
    expect(resources.map((r) => r.uri)).toEqual([`http://${acmeHost}/llms.txt`]);
    const {contents} = await acme.readResource({uri: resources[0].uri});
    expect('text' in contents[0] ? contents[0].text : '').toMatch(/^# Acme Compute\n/);
  });

  it("answers every tool on a partner's host with the partner's values and none of the default brand's", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ...QUERIES.map(({query}) => ['search_docs', {query}] as [string, Record<string, unknown>]),
      ['search_docs', {query: 'support email'}],
      ['read_page', {url_or_path: '/docs/getting-started'}],
      ['read_page', {url_or_path: '/docs/api-reference'}],
      ['read_page', {url_or_path: '/docs/support/getting-help'}],
      ['get_api_operation', {operation: 'generateApiKey'}],
      ['list_sections', {}],
    ];
    const texts: string[] = [];
    for (const [name, args] of calls) {
      const result = (await acme.callTool({name, arguments: args})) as ToolResult;
      expect(result.isError, name).toBeFalsy();
      texts.push(textOf(result) + JSON.stringify(result.structuredContent ?? {}));
    }
    texts.push(JSON.stringify(await acme.readResource({uri: `http://${acmeHost}/llms.txt`})));
    texts.push(JSON.stringify(acme.getServerVersion()), acme.getInstructions() ?? '');
    const all = texts.join('\n');
    for (const value of DEFAULT_TEXTS) expect(all.includes(value), value).toBe(false);
    for (const value of ['Acme Compute', 'https://api.acme.example/v1', 'https://console.acme.example']) expect(all, value).toContain(value);
    // The default host keeps the default values.
    const plainText = textOf(await plain.callTool({name: 'get_api_operation', arguments: {operation: 'generateApiKey'}}));
    expect(plainText).toContain(DEFAULT_BRAND.apiBaseUrl);
  });

  it('keeps each host in its own brand when their calls interleave', async () => {
    const rounds = await Promise.all(
      Array.from({length: 12}, (_, i) => {
        const [client, name] = i % 2 ? [acme, 'Acme Compute'] : [plain, DEFAULT_BRAND.name];
        return client.callTool({name: 'read_page', arguments: {url_or_path: '/docs/intro'}}).then((r) => ({name, text: textOf(r)}));
      }),
    );
    for (const {name, text} of rounds) {
      expect(text).toContain(name);
      if (name !== DEFAULT_BRAND.name) expect(text).not.toContain(DEFAULT_BRAND.name);
    }
  });
});

describe.skipIf(!built)('/mcp refusals', () => {
  let app: FastifyInstance;
  let now = 1_000;

  beforeAll(async () => {
    app = await mcpOnly({rateLimit: {limit: 3, windowMs: 60_000, now: () => now}});
  });
  afterAll(async () => app?.close());

  const post = (payload: string, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    app.inject({method: 'POST', url: '/mcp', remoteAddress, headers: {host: 'localhost', ...RPC_HEADERS, ...headers}, payload});

  it('answers bad requests with 4xx and a JSON-RPC error, never a stack trace', async () => {
    const cases: [string, Record<string, string>, number, number][] = [
      ['{"jsonrpc": "2.0", "id": 1,', {}, 400, -32700],
      ['{"hello": "world"}', {}, 400, -32700],
      [JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list', params: {pad: 'x'.repeat(MAX_BODY_BYTES)}}), {}, 413, -32600],
      ['{}', {'content-type': 'text/plain'}, 415, -32000],
      ['{}', {'content-type': 'application/x-www-form-urlencoded'}, 415, -32600],
      [call('search_docs', {query: 'x'}), {accept: 'application/json'}, 406, -32000],
      [call('search_docs', {query: 'x'}), {host: 'bad host'}, 400, -32600],
    ];
    for (const [payload, headers, status, code] of cases) {
      now += 60_000;
      const res = await post(payload, headers);
      expect(res.statusCode, payload.slice(0, 40)).toBe(status);
      expect(res.json().error.code, payload.slice(0, 40)).toBe(code);
      expect(res.body).not.toMatch(/\n\s+at /);
    }
  });

  it('answers an unknown method with a JSON-RPC error, and a bad argument or unknown tool with a tool error', async () => {
    now += 60_000;
    // A `__proto__` key is dropped as data, not refused as unparsable JSON.
    const poisoned = await post('{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "search_docs", "arguments": {"__proto__": {"query": "x"}}}}');
    expect(poisoned.statusCode).toBe(200);
    expect(poisoned.json().result.isError).toBe(true);
    expect(poisoned.json().result.content[0].text).toMatch(/query/);
    now += 60_000;
    const method = await post(JSON.stringify({jsonrpc: '2.0', id: 7, method: 'docs/everything'}));
    expect(method.statusCode).toBe(200);
    expect(method.json()).toMatchObject({id: 7, error: {code: -32601}});
    const long = await post(call('search_docs', {query: 'q'.repeat(257)}));
    expect(long.json().result.isError).toBe(true);
    expect(long.json().result.content[0].text).toMatch(/Input validation error.*256/s);
    const tool = await post(call('delete_docs', {}));
    expect(tool.json().result.isError).toBe(true);
    expect(tool.json().result.content[0].text).toMatch(/Tool delete_docs not found/);
  });

  it('limits each client to its budget per window, with Retry-After', async () => {
    now = 10 * 60_000 + 15_000;
    const list = JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'});
    for (let i = 0; i < 3; i += 1) expect((await post(list)).statusCode).toBe(200);
    const limited = await post(list);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json().error.message).toMatch(/Too many requests/);
    // Other clients are not held back, and the next window lets the client in again.
    expect((await post(list, {}, '10.0.0.2')).statusCode).toBe(200);
    now += 45_000;
    expect((await post(list)).statusCode).toBe(200);
  });

  it('answers a CORS preflight from the docs own origin and loopback tools, and refuses other sites', async () => {
    const preflight = (origin: string, host = 'docs.acme.example') =>
      app.inject({
        method: 'OPTIONS',
        url: '/mcp',
        headers: {host, origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version'},
      });
    const ok = await preflight('https://docs.acme.example');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://docs.acme.example');
    expect(ok.headers['access-control-allow-methods']).toMatch(/\bPOST\b/);
    expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toMatch(/content-type.*mcp-protocol-version/);
    expect(ok.headers.vary).toMatch(/Origin/);
    expect((await preflight('http://localhost:6274')).statusCode).toBe(204);
    const evil = await preflight('https://evil.example');
    expect(evil.statusCode).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    // A real request from the docs page: the browser may read the answer and the protocol header.
    now += 60_000;
    const res = await post(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}), {host: 'docs.acme.example', origin: 'https://docs.acme.example'});
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://docs.acme.example');
    expect(res.headers['access-control-expose-headers']).toMatch(/MCP-Protocol-Version/);
    expect((await post('{}', {host: 'docs.acme.example', origin: 'https://evil.example'})).statusCode).toBe(403);
    // No Origin (desktop clients): no CORS headers needed.
    expect((await post(JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}))).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.skipIf(!built)('/mcp under fuzzed input', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await mcpOnly({rateLimit: false});
  });
  afterAll(async () => app?.close());

  const noServerError = (res: {statusCode: number; body: string}) => {
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/\n\s+at /);
  };

  it('never answers 5xx to arbitrary bodies and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))),
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
        fc.constantFrom('application/json, text/event-stream', 'text/event-stream', '*/*', ''),
        fc.constantFrom('localhost', 'acme.localhost:3000', 'docs.example.com', '[::1]:80'),
        async (payload, contentType, accept, host) => {
          const headers: Record<string, string> = {host};
          if (contentType) headers['content-type'] = contentType;
          if (accept) headers.accept = accept;
          noServerError(await app.inject({method: 'POST', url: '/mcp', headers, payload}));
        },
      ),
      {numRuns: 150},
    );
  });

  it('never answers 5xx to tool calls with arbitrary arguments', async () => {
    const tools = fc.constantFrom('search_docs', 'read_page', 'get_api_operation', 'list_sections', 'nope');
    const text = fc.oneof(fc.string({maxLength: 300}), fc.webUrl(), fc.webPath(), fc.constantFrom('/docs/intro', 'GET /core/volumes/1', '%E0%A4%A', '/../../etc/passwd', 'POST /'));
    const args = fc.record(
      {query: text, section: fc.oneof(fc.string(), fc.constant('Storage')), limit: fc.oneof(fc.integer(), fc.double()), url_or_path: text, operation: text, offset: fc.oneof(fc.integer(), fc.string())},
      {requiredKeys: []},
    );
    await fc.assert(
      fc.asyncProperty(tools, fc.oneof(args, fc.jsonValue()), fc.constantFrom('localhost', 'acme.localhost'), async (name, toolArgs, host) => {
        const res = await app.inject({method: 'POST', url: '/mcp', headers: {host, ...RPC_HEADERS}, payload: call(name, toolArgs)});
        noServerError(res);
        const body = res.json();
        expect(res.statusCode).toBe(200);
        expect(body.result ?? body.error).toBeDefined();
        if (host === 'acme.localhost') expect(res.body).not.toContain(DEFAULT_BRAND.name);
      }),
      {numRuns: 200},
    );
  });
});
