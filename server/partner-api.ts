/**
 * The partner-config API under /v1: the docs site asks it which brand to show for
 * its host name. Public and read-only, so any origin may call it.
 */
import querystring from 'node:querystring';
import type {FastifyError, FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {MAX_HOST_NAME_LENGTH, normalizeHostName, type PartnerRegistry} from './partners';

export const PARTNER_CONFIG_PATH = '/v1/auth/partner-config/docs';

const JSON_TYPE = 'application/json; charset=utf-8';
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** A query string as `{name: value}`, a repeated name giving a list of values. */
export type Query = Record<string, string | string[]>;

/**
 * Fastify's query string parser, replaced so that no query string can fail a request:
 * the router calls it outside any error handler, where a throw would end the process.
 * `node:querystring` keeps malformed escapes as written, caps the number of keys and
 * returns a null-prototype object (so `__proto__` is a plain key), at about the speed
 * of Fastify's own parser.
 */
export function parseQuerystring(query: string): Query {
  try {
    return querystring.parse(query) as Query;
  } catch {
    // Not known to happen; if it ever does, the request goes on without a query and gets a 400.
    return Object.create(null) as Query;
  }
}

/** The host name asked for, or why the request is bad. */
export function readDomain(query: unknown): {host: string} | {problem: string} {
  const value = typeof query === 'object' && query !== null ? (query as Partial<Query>).domain : undefined;
  if (value === undefined) return {problem: 'The domain query parameter is required, e.g. ?domain=docs.example.com.'};
  if (typeof value !== 'string') return {problem: 'Give the domain query parameter once.'};
  if (value === '') return {problem: 'The domain query parameter must not be empty.'};
  // A trailing dot (the DNS root) may come on top of the 253 characters.
  if (value.replace(/\.$/, '').length > MAX_HOST_NAME_LENGTH) return {problem: `The domain must be at most ${MAX_HOST_NAME_LENGTH} characters.`};
  const host = normalizeHostName(value);
  if (host === undefined) {
    return {
      problem:
        'The domain must be a host name: letters, digits, hyphens and dots, in labels of 1 to 63 characters that neither start nor end with a hyphen.',
    };
  }
  return {host};
}

/** True when an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 asks for this header). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-cache')
    .type(JSON_TYPE)
    .send(JSON.stringify({error: {code, message}}));
}

export interface PartnerApiOptions {
  registry: PartnerRegistry;
}

/**
 * Serves `GET|HEAD /v1/auth/partner-config/docs?domain=…` from the registry, with
 * ETag revalidation and open CORS; every other path under /v1 is a JSON 404.
 * Mount before the static site so that /v1 never falls through to HTML pages.
 */
export async function partnerApi(app: FastifyInstance, options: PartnerApiOptions): Promise<void> {
  const {registry} = options;

  // onSend runs for every reply of this plugin, errors included, so no response lacks it.
  // Synchronous: an async hook costs a promise on every request of the API.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('access-control-allow-origin', '*');
    done(null, payload);
  });

  // Whatever Fastify rejects before the handler (a malformed body on OPTIONS, say) keeps
  // its 4xx status and gets the API's error shape; only a bug of ours is a 500.
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return sendError(reply, status, status === 500 ? 'internal' : 'bad_request', status === 500 ? 'Internal error.' : error.message);
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: PARTNER_CONFIG_PATH,
    // Synchronous: the docs of every partner host ask this on each page load.
    handler: (request, reply) => {
      const domain = readDomain(request.query);
      if ('problem' in domain) {
        sendError(reply, 400, 'bad_request', domain.problem);
        return;
      }
      const served = registry.lookup(domain.host);
      if (served === undefined) {
        sendError(reply, 404, 'not_found', 'No partner is configured for this domain.');
        return;
      }
      reply.header('etag', served.etag).header('cache-control', 'public, max-age=60');
      if (etagMatches(request.headers['if-none-match'], served.etag)) reply.code(304).send();
      else reply.type(JSON_TYPE).send(served.body);
    },
  });

  app.options(PARTNER_CONFIG_PATH, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      // Not needed by the docs site (a simple GET), but a client revalidating by hand sends it.
      .header('access-control-allow-headers', 'If-None-Match')
      .header('access-control-max-age', '86400')
      .send(),
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: PARTNER_CONFIG_PATH,
    handler: async (request, reply) =>
      sendError(reply.header('allow', ALLOWED_METHODS), 405, 'method_not_allowed', `${request.method} is not allowed here; use GET.`),
  });

  const noSuchRoute = async (_request: FastifyRequest, reply: FastifyReply) => sendError(reply, 404, 'not_found', 'No API route matches this path.');
  app.all('/v1', noSuchRoute);
  app.all('/v1/*', noSuchRoute);
}
