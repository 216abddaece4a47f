/**
 * `/mcp`: the docs as a Model Context Protocol server (Streamable HTTP transport,
 * stateless, JSON responses), answering on each host in that host's brand.
 *
 * - `POST /mcp`: JSON-RPC messages, each answered by a server made for that request
 *   (tools.ts), under a per-client rate limit (rate-limit.ts).
 * - `GET /mcp`: without `Accept: text/event-stream`, a discovery document the page menu
 *   reads (`{name, url, transport, tools}`); with it, 405, as the transport allows a server
 *   that offers no stream.
 * - `OPTIONS /mcp`: the CORS preflight. `DELETE /mcp`: 405, there are no sessions to end.
 * A static deployment has none of this, which is how the site knows to hide its MCP items.
 */
import path from 'node:path';
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type {Brand} from '../../src/branding/brand';
import {listFiles} from '../static-site';
import {DocsLibrary} from './library';
import {originAllowed, requestOrigin, safeHostName} from './origin';
import {FixedWindowLimiter, type RateLimitOptions} from './rate-limit';
import {DocsSearch} from './search';
import {brandName, TOOL_NAMES} from './names';

/**
 * The MCP SDK's server and transport, loaded on the first tool call rather than at start-up
 * (a quarter of a second of it): most servers are never asked one.
 */
let runtime: Promise<{createDocsServer: typeof import('./tools').createDocsServer; Transport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js').WebStandardStreamableHTTPServerTransport}> | undefined;
const mcpRuntime = () => {
  runtime ??= Promise.all([import('./tools'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]).then(([tools, transport]) => ({
    createDocsServer: tools.createDocsServer,
    Transport: transport.WebStandardStreamableHTTPServerTransport,
  }));
  runtime.catch(() => (runtime = undefined));
  return runtime;
};

/** The largest request body taken: tool calls are a few hundred bytes, a batch of them a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID';
const EXPOSED_HEADERS = 'Mcp-Session-Id, MCP-Protocol-Version, Retry-After';
/** Request headers the transport reads; nothing else is copied into its request. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id'];

export interface McpOptions {
  /** Absolute path of the build folder. */
  root: string;
  /** The build's files, when the caller has listed them already (listFiles). */
  files?: ReadonlySet<string>;
  /** The brand of a host name (lower case, no port), as the Markdown twins find it. Default brand when absent. */
  brandFor?: (hostname: string) => Brand | undefined;
  /** The per-client limit on POST requests; `false` turns it off (benchmarks). */
  rateLimit?: RateLimitOptions | false;
  /** Browser origins allowed besides the docs' own and loopback ones (`https://app.example`). */
  allowedOrigins?: string[];
  /** Whether the server serves a host; others get 421 (server/hosts.ts). Every host when absent. */
  hostServed?: (hostname: string) => boolean;
  /** Told the shared search once it exists (benchmarks read its state). */
  onSearch?: (search: DocsSearch) => void;
  /** The search `search_docs` answers from, when the server shares one; else one of its own. */
  search?: DocsSearch;
}

/** A JSON-RPC error body: what every refusal of this endpoint sends. */
export function rpcError(code: number, message: string): {jsonrpc: '2.0'; id: null; error: {code: number; message: string}} {
  return {jsonrpc: '2.0', id: null, error: {code, message}};
}

function refuse(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(rpcError(code, message));
}

function asksForEventStream(accept: string | undefined): boolean {
  return /text\/event-stream/i.test(accept ?? '');
}

export async function mcp(app: FastifyInstance, options: McpOptions): Promise<void> {
  const root = path.resolve(options.root);
  const library = new DocsLibrary(root, options.files ?? (await listFiles(root)));
  const search = options.search ?? new DocsSearch(root);
  options.onSearch?.(search);
  const limiter = options.rateLimit === false ? undefined : new FixedWindowLimiter(options.rateLimit);
  const extraOrigins = (options.allowedOrigins ?? []).map((o) => new URL(o).origin);

  /** The host asked, its brand and origin; undefined when the Host header is not a host name. */
  const target = (request: FastifyRequest) => {
    const hostname = safeHostName(request.hostname);
    if (!hostname) return undefined;
    return {hostname, brand: options.brandFor?.(hostname), origin: requestOrigin(hostname, request.port, request.headers['x-forwarded-proto'])};
  };

  // This plugin's scope only: the site's routes keep Fastify's defaults.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('vary', 'Origin');
    if (!safeHostName(request.hostname)) return refuse(reply, 400, -32600, 'The Host header does not name a host.');
    // Answers link to the host asked: a host this server does not serve is never named back.
    if (options.hostServed && !options.hostServed(safeHostName(request.hostname)!)) return refuse(reply, 421, -32600, 'Misdirected request: this server does not serve that host.');
    const origin = request.headers.origin;
    if (!originAllowed(origin, request.host, extraOrigins)) {
      return refuse(reply, 403, -32600, 'Forbidden origin: browser pages may call this server from the docs site itself only.');
    }
    if (origin !== undefined) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    }
  });

  // JSON-RPC arguments are data: a `__proto__` or `constructor.prototype` key in them is
  // dropped rather than refused with the parser's "not valid JSON", which would misname it.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', {parseAs: 'string'}, app.getDefaultJsonParser('remove', 'remove'));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error(error);
      return refuse(reply, 500, -32603, 'Internal error.');
    }
    if (status === 413) return refuse(reply, 413, -32600, `The request body is over ${MAX_BODY_BYTES} bytes.`);
    if (status === 415) return refuse(reply, 415, -32600, 'Unsupported Media Type: send Content-Type: application/json.');
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/i.test(error.message)) {
      return refuse(reply, 400, -32700, 'Parse error: the body is not valid JSON.');
    }
    return refuse(reply, status, -32600, 'Invalid request.');
  });

  app.options('/mcp', async (_request, reply) => {
    reply.header('access-control-allow-methods', ALLOWED_METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    reply.header('access-control-max-age', '86400');
    return reply.code(204).send();
  });

  app.get('/mcp', async (request, reply) => {
    if (asksForEventStream(request.headers.accept)) {
      return refuse(reply.header('allow', ALLOWED_METHODS), 405, -32000, 'Method Not Allowed: this server offers no event stream; POST JSON-RPC messages instead.');
    }
    const {brand, origin} = target(request)!;
    reply.header('cache-control', 'no-cache').header('vary', 'Origin, Accept, X-Forwarded-Proto');
    return reply.type('application/json; charset=utf-8').send({
      name: `${brandName(brand)} docs`,
      url: `${origin}/mcp`,
      transport: 'streamable-http',
      tools: [...TOOL_NAMES],
    });
  });

  app.delete('/mcp', async (_request, reply) =>
    refuse(reply.header('allow', ALLOWED_METHODS), 405, -32000, 'Method Not Allowed: this server keeps no sessions.'),
  );

  app.post('/mcp', {bodyLimit: MAX_BODY_BYTES}, async (request, reply) => {
    if (limiter) {
      const decision = limiter.take(request.ip);
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return refuse(reply, 429, -32000, `Too many requests: at most ${limiter.limit} per ${limiter.windowMs / 1000} s per client. Retry after ${decision.retryAfterSeconds} s.`);
      }
    }
    const {brand, origin} = target(request)!;
    const headers = new Headers();
    try {
      for (const name of TRANSPORT_HEADERS) {
        const value = request.headers[name];
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
    } catch {
      return refuse(reply, 400, -32600, 'A request header is not valid.');
    }
    const {createDocsServer, Transport} = await mcpRuntime();
    const server = createDocsServer({library, search, brand: brand?.is_partner ? brand : undefined, origin});
    const transport = new Transport({sessionIdGenerator: undefined, enableJsonResponse: true});
    try {
      await server.connect(transport);
      // A body-less POST reaches the transport as an empty one: it answers with its own parse error.
      const response = await transport.handleRequest(new Request(`${origin}/mcp`, {method: 'POST', headers}), {
        parsedBody: request.body ?? undefined,
      });
      const body = await response.text();
      reply.code(response.status).header('cache-control', 'no-store');
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      return reply.send(body === '' ? undefined : body);
    } finally {
      await server.close();
    }
  });
}
