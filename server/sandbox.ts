/**
 * `/sandbox/v1/*`: a mock of the API, made from the spec the build publishes
 * (build/openapi.yaml), for readers who try a call from the docs without an account or
 * without spending money. It checks each request against the spec (path, method,
 * parameters, headers, the API key's presence, the body) with Prism, the mock the sample
 * tests use, and answers from the spec's examples. Nothing leaves the server: the key a
 * reader sends is checked for presence only, and is neither kept nor logged.
 *
 * - A request the spec refuses: 422 `sandbox_violation`, each violation in plain words with
 *   where it is (`body.name`, `query.region`, `header.X-API-Key`).
 * - A path no operation has: 404; a method the path does not have: 405.
 * - A body over 64 KB: 413; a body that is not JSON where JSON is due: 400.
 * - 120 requests a minute per client, then 429 with `Retry-After`.
 * - A host the server does not serve (server/hosts.ts): 421.
 * Every answer carries `X-Sandbox: true`, so no one mistakes it for the live API, and, as the
 * live API does, `X-Request-Id` (`sbx_…`) and the `RateLimit-*` headers of the sandbox's budget.
 */
import {randomBytes} from 'node:crypto';
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import pino from 'pino';
import type {PrismHttp} from '@stoplight/prism-http/dist/client';
import {FixedWindowLimiter, type RateLimitOptions} from './mcp/rate-limit';

export const SANDBOX_PREFIX = '/sandbox/v1';
/** The largest body taken: the API's largest examples are a few KB. */
export const SANDBOX_MAX_BODY_BYTES = 64 * 1024;
/** Requests a client may make per minute: a reader clicking "Send" never comes near it. */
export const SANDBOX_RATE_LIMIT = 120;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Request headers the spec may name; nothing else reaches the mock. */
const FORWARDED_HEADERS = /^(content-type|accept|x-api-key|idempotency-key|if-match|if-none-match)$/i;

export interface SandboxOptions {
  /** The spec as the build publishes it. */
  specFile: string;
  /** Whether the server serves a host; others get 421 (server/hosts.ts). Every host when absent. */
  hostServed?: (hostname: string) => boolean;
  /** Per-client limit; `false` turns it off (benchmarks). */
  rateLimit?: RateLimitOptions | false;
}

/** One thing the spec refuses in a request, as the console shows it. */
export interface SandboxViolation {
  /** Where: `body.name`, `query.region`, `header.x-api-key`, `path.vm_id`, or `request`. */
  where: string;
  message: string;
}

interface PrismViolation {
  path?: (string | number)[];
  message?: string;
}

/** Prism's violation as the reader reads it: where, then what, without Prism's own words for places. */
export function describeViolation(violation: PrismViolation): SandboxViolation {
  const [place = 'request', ...rest] = (violation.path ?? []).map(String);
  const where = [place, ...rest].join('.');
  const message = (violation.message ?? 'is not valid')
    .replace(/^Request body /, 'The body ')
    .replace(/^Invalid security scheme used$/, KEY_REQUIRED.message);
  return {where, message};
}

const VIOLATION_MESSAGE = 'The request does not match the API spec; the live API would refuse it too.';

const sendJson = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('cache-control', 'no-store').header('x-sandbox', 'true').type('application/json; charset=utf-8').send(JSON.stringify(body));

const sendError = (reply: FastifyReply, status: number, code: string, message: string, violations?: SandboxViolation[]) =>
  sendJson(reply, status, {error: {code, message, ...(violations ? {violations} : {})}});

/** The Prism error kind of an error (its name is `https://…/errors#NO_PATH_MATCHED_ERROR`), if it is Prism's. */
const prismErrorKind = (error: unknown) => /errors#([A-Z_]+)/.exec(`${(error as Error)?.name} ${(error as Error)?.message}`)?.[1];

const KEY_REQUIRED: SandboxViolation = {where: 'header.x-api-key', message: 'An API key (the X-API-Key header) is required.'};

export async function sandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const limiter = options.rateLimit === false ? undefined : new FixedWindowLimiter({limit: SANDBOX_RATE_LIMIT, ...options.rateLimit});
  // Prism is loaded (some 0.8 s of start-up) and the spec read on the first request, not at
  // start-up: most servers never get one.
  let client: Promise<PrismHttp> | undefined;
  const mock = () => {
    client ??= Promise.all([import('@stoplight/prism-http'), import('@stoplight/prism-http/dist/client')]).then(async ([{getHttpOperationsFromSpec}, {createClientFromOperations}]) =>
      createClientFromOperations(await getHttpOperationsFromSpec(options.specFile), {
        mock: {dynamic: false},
        checkSecurity: true,
        validateRequest: true,
        validateResponse: false,
        errors: false,
        upstreamProxy: undefined,
        isProxy: false,
        // Prism logs at a level of its own (success); the sandbox logs nothing of a request.
        logger: pino({level: 'silent', customLevels: {success: 32}}),
      } as never),
    );
    client.catch(() => (client = undefined));
    return client;
  };

  // Every body as text, parsed below: a body that is not JSON gets the sandbox's own answer.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', {parseAs: 'string', bodyLimit: SANDBOX_MAX_BODY_BYTES}, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode === 413) return sendError(reply, 413, 'payload_too_large', `The sandbox takes bodies of up to ${SANDBOX_MAX_BODY_BYTES / 1024} KB.`);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return sendError(reply, error.statusCode, 'bad_request', error.message);
    request.log.error(error);
    return sendError(reply, 500, 'internal', 'The sandbox failed on this request.');
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.hostServed && !options.hostServed(request.hostname.toLowerCase())) {
      return sendError(reply, 421, 'misdirected_request', 'This server does not serve that host.');
    }
    // The headers the live API sends on every answer, so the console shows what a reader
    // will meet: a request id (the sandbox's own, marked `sbx_`) and the client's budget.
    reply.header('x-request-id', `sbx_${randomBytes(8).toString('hex')}`);
    if (limiter) {
      const decision = limiter.take(request.ip);
      reply.header('ratelimit-limit', String(limiter.limit));
      if (decision.allowed) reply.header('ratelimit-remaining', String(decision.remaining)).header('ratelimit-reset', String(decision.resetSeconds));
      else reply.header('ratelimit-remaining', '0').header('ratelimit-reset', String(decision.retryAfterSeconds));
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds));
        return sendError(reply, 429, 'rate_limited', `Too many sandbox requests: try again in ${decision.retryAfterSeconds} s.`);
      }
    }
    const url = new URL(request.url, 'http://sandbox.invalid');
    // One leading slash: Prism reads `//x` as a URL of host x.
    const path = url.pathname.slice(SANDBOX_PREFIX.length).replace(/^\/*/, '/');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (FORWARDED_HEADERS.test(name) && typeof value === 'string') headers[name.toLowerCase()] = value;
    let body: unknown;
    if (typeof request.body === 'string' && request.body !== '') {
      if (/json/i.test(headers['content-type'] ?? '')) {
        try {
          body = JSON.parse(request.body);
        } catch {
          return sendError(reply, 400, 'invalid_json', 'The body is not valid JSON.');
        }
      } else {
        body = request.body;
      }
    }
    let answer;
    try {
      answer = await (await mock()).request(path + url.search, {method: request.method.toLowerCase() as never, headers, body});
    } catch (error) {
      const kind = prismErrorKind(error);
      // Where the spec has no response for a refused request, Prism throws what it refuses.
      if (kind === 'UNPROCESSABLE_ENTITY' || kind === 'UNAUTHORIZED') {
        const found = ((error as {additional?: {validation?: {location?: string[]; message?: string}[]}}).additional?.validation ?? []).map((v) => describeViolation({path: v.location, message: v.message}));
        return sendError(reply, 422, 'sandbox_violation', VIOLATION_MESSAGE, kind === 'UNAUTHORIZED' ? [KEY_REQUIRED] : found);
      }
      if (kind === 'INVALID_CONTENT_TYPE') return sendError(reply, 415, 'unsupported_media_type', 'The operation takes another content type; send the body as application/json.');
      if (kind === 'NO_PATH_MATCHED_ERROR') return sendError(reply, 404, 'not_found', `No API operation has the path ${path}.`);
      if (kind === 'NO_METHOD_MATCHED_ERROR') return sendError(reply, 405, 'method_not_allowed', `${request.method} is not an operation of ${path}.`);
      if (kind) return sendError(reply, 400, 'bad_request', `The sandbox cannot answer this request (${kind.toLowerCase().replace(/_/g, ' ')}).`);
      throw error;
    }
    const violations = (answer.violations?.input ?? []) as PrismViolation[];
    if (violations.length > 0) {
      return sendError(reply, 422, 'sandbox_violation', VIOLATION_MESSAGE, violations.map(describeViolation));
    }
    const type = answer.headers?.['content-type'];
    if (typeof type === 'string') reply.header('content-type', type);
    reply.code(answer.status).header('cache-control', 'no-store').header('x-sandbox', 'true');
    if (answer.data === undefined || answer.data === '') return reply.send();
    if (typeof answer.data === 'string') return reply.send(answer.data);
    return reply.type(typeof type === 'string' ? type : 'application/json; charset=utf-8').send(JSON.stringify(answer.data));
  };

  app.route({method: [...METHODS], url: SANDBOX_PREFIX, bodyLimit: SANDBOX_MAX_BODY_BYTES, handler});
  app.route({method: [...METHODS], url: `${SANDBOX_PREFIX}/*`, bodyLimit: SANDBOX_MAX_BODY_BYTES, handler});
}
