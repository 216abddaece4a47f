/**
 * The insights endpoints readers' browsers post to:
 * - `POST /insights/feedback`: a page's "Was this page helpful?" answer, as JSON (the
 *   enhanced form) or as an HTML form post (no JavaScript: answered with a redirect back
 *   to the page's thanks note);
 * - `POST /insights/search`: a batch of search events (the settled query and its hit
 *   count, a result clicked and its position).
 * Each post is checked before anything is kept: its own site's Origin, a host this server
 * serves, a page of the build, the fields the schema names and no others, sizes, and a
 * per-client budget keyed by a hash whose key changes every day and is never stored (no
 * IP address is kept). A post is answered 202 once what it carries is committed; with the
 * database away, 503 and Retry-After, and the pages go on being served.
 */
import {createHash, createHmac, randomBytes} from 'node:crypto';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {z} from 'zod';
import {FixedWindowLimiter} from '../mcp/rate-limit';
import {routeFile} from '../static-site';
import {looksLikeSecret} from './secrets';
import {FEEDBACK_REASONS, type InsightsStore, type Report, type SearchEvent} from './store';
import {hostsFor, type Access} from './access';
import {CSV_TABLES, reportCsv, type CsvTable} from './csv';
import {parseRange, type DateRange} from './range';
import {normalizeHostName} from '../partners';

/** A comment's length, in characters, as the form's textarea caps it. */
export const MAX_COMMENT_LENGTH = 2000;
/** A search query's length, as the search input caps it. */
export const MAX_QUERY_LENGTH = 64;
/** Events in one search post (the spec batches insights views by 20). */
export const MAX_SEARCH_EVENTS = 20;
/** Posts one client may make a minute, feedback and search together. */
export const INSIGHTS_POSTS_PER_MINUTE = 60;
/** Bodies larger than this are refused before they are read. */
export const INSIGHTS_BODY_LIMIT = 16 * 1024;
/** What a client is told to wait when the database is away. */
export const RETRY_AFTER_SECONDS = 30;

const pagePath = z
  .string()
  .min(1)
  .max(512)
  .regex(/^\/(?!\/)[^\s?#\u0000]*$/, 'a path of this site, starting with one /, without query or fragment');

/** Text a reader typed: PostgreSQL keeps no NUL character in text, so none is taken. */
const typed = (max: number) => z.string().max(max).regex(/^[^\u0000]*$/, 'must not hold a NUL character');

const feedbackSchema = z.strictObject({
  path: pagePath,
  helpful: z.boolean(),
  reasons: z.array(z.enum(FEEDBACK_REASONS)).max(FEEDBACK_REASONS.length).default([]),
  comment: typed(MAX_COMMENT_LENGTH).optional(),
});

/** Reasons and a comment for an answer given a moment ago, with the key its post returned. */
const detailSchema = z.strictObject({
  detailKey: z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'the detailKey the answer returned'),
  reasons: z.array(z.enum(FEEDBACK_REASONS)).max(FEEDBACK_REASONS.length).default([]),
  comment: typed(MAX_COMMENT_LENGTH).optional(),
});

/** How long after an answer its reasons and comment may be added. */
export const DETAIL_WINDOW_MS = 60 * 60_000;

const searchEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({kind: z.literal('search'), path: pagePath, query: typed(MAX_QUERY_LENGTH).min(1), hits: z.number().int().min(0).max(100_000)}),
  z.strictObject({
    kind: z.literal('click'),
    path: pagePath,
    query: typed(MAX_QUERY_LENGTH).min(1),
    position: z.number().int().min(1).max(1000),
    target: pagePath,
  }),
]);

const searchSchema = z.strictObject({events: z.array(searchEventSchema).min(1).max(MAX_SEARCH_EVENTS)});

/** Where the store stands: opening, open, or away (and why). */
export type StoreState = {status: 'opening'} | {status: 'ready'; store: InsightsStore} | {status: 'unavailable'; reason: string};

export interface InsightsRoutesOptions {
  /** The store now; read at every post, so a reconnect counts at once. */
  state: () => StoreState;
  /** Files of the build: a post must name one of its pages. */
  files: ReadonlySet<string>;
  /** Hosts this server serves (default hosts, partners, loopback, ALLOWED_HOSTS). */
  hostServed: (hostname: string) => boolean;
  /** Told of every write's outcome (the health check reports the last failure). */
  wrote?: (error?: unknown) => void;
  /** Posts a client may make a minute; default INSIGHTS_POSTS_PER_MINUTE. */
  postsPerMinute?: number;
  now?: () => number;
}

interface Problem {
  status: number;
  code: string;
  message: string;
}

const problem = (status: number, code: string, message: string): Problem => ({status, code, message});

function send(reply: FastifyReply, p: Problem): FastifyReply {
  return reply.code(p.status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({error: {code: p.code, message: p.message}});
}

/** The first problem zod found, as one sentence naming the field. */
function schemaProblem(error: z.ZodError): Problem {
  const issue = error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'the body';
  const message = issue.code === 'unrecognized_keys' ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.` : `${where}: ${issue.message}`;
  return problem(400, 'invalid_body', message);
}

/** A body parsed as JSON, or the problem to answer when it is not JSON. */
function parseJson(body: unknown): {value: unknown} | {problem: Problem} {
  try {
    return {value: JSON.parse(body as string)};
  } catch {
    return {problem: problem(400, 'invalid_json', 'The body is not valid JSON.')};
  }
}

/** The 503 of a store that is opening or away, with the Retry-After every such answer carries. */
function unavailable(reply: FastifyReply, opening = false): Problem {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return problem(503, 'insights_unavailable', opening ? 'The insights database is opening: try again shortly.' : 'The insights database is unavailable: try again later.');
}

/** A client's key for the rate limit: its address hashed with a key that changes every UTC day and lives only in memory. */
function dailyClientKey(now: () => number): (ip: string) => string {
  let day = -1;
  let key = Buffer.alloc(0);
  return (ip) => {
    const today = Math.floor(now() / 86_400_000);
    if (today !== day) {
      day = today;
      key = randomBytes(32);
    }
    return createHmac('sha256', key).update(ip).digest('base64url');
  };
}

/** The form fields of a feedback post without JavaScript, as the JSON body would carry them. */
function feedbackFromForm(body: string): unknown {
  const form = new URLSearchParams(body);
  // Own properties whatever their names (`__proto__` included), for the schema to refuse.
  const out = new Map<string, unknown>();
  for (const name of new Set(form.keys())) {
    if (name === 'reasons') out.set('reasons', form.getAll('reasons'));
    else if (name === 'helpful') out.set('helpful', form.get('helpful') === 'yes' ? true : form.get('helpful') === 'no' ? false : form.get('helpful'));
    else if (name === 'comment') {
      const comment = form.get('comment')?.trim();
      if (comment) out.set('comment', comment);
    } else out.set(name, form.get(name));
  }
  return Object.fromEntries(out);
}

/**
 * With insights off, what the pages ask under /insights/ (`GET /insights/status`, once
 * per page load, by the feedback form or the search modal, whichever asks first) is
 * answered 404 in a line of JSON, as the routes' other errors are, instead of falling
 * through to the site's 404 page: 16 KB of HTML of which the page reads only the status.
 */
export async function insightsOffRoutes(app: FastifyInstance): Promise<void> {
  app.all('/insights/*', async (_request, reply) => send(reply, problem(404, 'insights_off', 'This server keeps no page feedback or search insights (INSIGHTS=off).')));
}

export async function insightsRoutes(app: FastifyInstance, options: InsightsRoutesOptions): Promise<void> {
  const now = options.now ?? Date.now;
  const limiter = new FixedWindowLimiter({limit: options.postsPerMinute ?? INSIGHTS_POSTS_PER_MINUTE, windowMs: 60_000, now});
  const clientKey = dailyClientKey(now);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded'], {parseAs: 'string', bodyLimit: INSIGHTS_BODY_LIMIT}, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', {parseAs: 'string', bodyLimit: INSIGHTS_BODY_LIMIT}, (_request, _body, done) => {
    done(Object.assign(new Error('Send application/json, or a form (application/x-www-form-urlencoded) for page feedback.'), {statusCode: 415}), undefined);
  });
  app.setErrorHandler((error: {statusCode?: number; message: string}, request, reply) => {
    if (error.statusCode === 413) return send(reply, problem(413, 'body_too_large', `An insights post carries at most ${INSIGHTS_BODY_LIMIT / 1024} KB.`));
    if (error.statusCode === 415) return send(reply, problem(415, 'unsupported_media_type', error.message));
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) return send(reply, problem(error.statusCode, 'bad_request', error.message));
    request.log.error(error);
    return send(reply, problem(500, 'internal', 'The insights endpoint failed on this post.'));
  });

  /** The checks every post passes before its body is looked at. */
  const admit = (request: FastifyRequest, reply: FastifyReply): Problem | undefined => {
    const host = request.hostname.toLowerCase();
    if (!options.hostServed(host)) return problem(421, 'misdirected_request', 'This server does not serve that host.');
    const origin = request.headers.origin;
    let originHost: string | undefined;
    try {
      originHost = origin ? new URL(origin).host.toLowerCase() : undefined;
    } catch {
      originHost = undefined;
    }
    if (originHost !== (request.headers.host ?? '').toLowerCase()) return problem(403, 'cross_origin', "Insights are taken from this site's own pages only (the Origin header must be this host).");
    const decision = limiter.take(clientKey(request.ip));
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.retryAfterSeconds));
      return problem(429, 'rate_limited', `Too many posts: try again in ${decision.retryAfterSeconds} s.`);
    }
    return undefined;
  };

  const knownPage = (path: string) => {
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      return false; // a malformed escape names no page
    }
    return routeFile(decoded.replace(/\/$/, '') || '/', options.files) !== undefined;
  };

  /** Commits through the store; 503 with Retry-After when it is away or fails. */
  const commit = async (reply: FastifyReply, work: (store: InsightsStore) => Promise<void>): Promise<Problem | undefined> => {
    const state = options.state();
    if (state.status !== 'ready') return unavailable(reply, state.status === 'opening');
    try {
      await work(state.store);
      options.wrote?.();
      return undefined;
    } catch (error) {
      options.wrote?.(error);
      reply.request.log.error({err: error}, 'insights: a write failed');
      return unavailable(reply);
    }
  };

  app.post('/insights/feedback', async (request, reply) => {
    const refused = admit(request, reply);
    if (refused) return send(reply, refused);
    const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const body = isForm ? {value: feedbackFromForm(request.body as string)} : parseJson(request.body);
    if ('problem' in body) return send(reply, body.problem);
    const parsed = feedbackSchema.safeParse(body.value);
    if (!parsed.success) return send(reply, schemaProblem(parsed.error));
    const answer = parsed.data;
    if (!knownPage(answer.path)) return send(reply, problem(404, 'unknown_page', `This site has no page at ${answer.path}.`));
    // The browser that answered may add its reasons and comment in a second post, with this
    // key (only its hash is kept; a form post already carries them, and gets none).
    const detailKey = isForm ? undefined : randomBytes(18).toString('base64url');
    const failed = await commit(reply, (store) =>
      store.add({
        feedback: [
          {
            at: new Date(now()),
            host: request.hostname.toLowerCase(),
            path: answer.path,
            helpful: answer.helpful,
            reasons: answer.reasons,
            comment: answer.comment || undefined,
            detailKeySha256: detailKey ? createHash('sha256').update(detailKey).digest() : undefined,
          },
        ],
      }),
    );
    if (failed) return send(reply, failed);
    // Without JavaScript the reader is sent back to the page, to its thanks note.
    if (isForm) return reply.code(303).header('cache-control', 'no-store').redirect(`${answer.path}#feedback-thanks`, 303);
    return reply.code(202).header('cache-control', 'no-store').send({status: 'accepted', detailKey});
  });

  app.post('/insights/feedback/detail', async (request, reply) => {
    const refused = admit(request, reply);
    if (refused) return send(reply, refused);
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return send(reply, problem(415, 'unsupported_media_type', 'Send application/json.'));
    const body = parseJson(request.body);
    if ('problem' in body) return send(reply, body.problem);
    const parsed = detailSchema.safeParse(body.value);
    if (!parsed.success) return send(reply, schemaProblem(parsed.error));
    const {detailKey, reasons, comment} = parsed.data;
    let taken = false;
    const failed = await commit(reply, async (store) => {
      taken = await store.addDetail({keySha256: createHash('sha256').update(detailKey).digest(), reasons, comment: comment?.trim() || undefined, now: new Date(now()), maxAgeMs: DETAIL_WINDOW_MS});
    });
    if (failed) return send(reply, failed);
    if (!taken) return send(reply, problem(404, 'unknown_answer', 'No answer takes this key: it was used already, or the answer is more than an hour old.'));
    return reply.code(202).header('cache-control', 'no-store').send({status: 'accepted'});
  });

  // Whether this server takes feedback: the page's form asks before it shows (a static
  // deployment answers 404, and the form stays hidden there).
  app.get('/insights/status', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!options.hostServed(request.hostname.toLowerCase())) return send(reply, problem(421, 'misdirected_request', 'This server does not serve that host.'));
    const state = options.state();
    return reply.send({feedback: state.status === 'ready', search: state.status === 'ready'});
  });

  app.post('/insights/search', async (request, reply) => {
    const refused = admit(request, reply);
    if (refused) return send(reply, refused);
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return send(reply, problem(415, 'unsupported_media_type', 'Search events are sent as application/json.'));
    }
    // A browser asking not to be tracked is not: its events are not kept, whatever sent them.
    if (request.headers['sec-gpc'] === '1' || request.headers.dnt === '1') return reply.code(204).header('cache-control', 'no-store').send();
    const body = parseJson(request.body);
    if ('problem' in body) return send(reply, body.problem);
    const parsed = searchSchema.safeParse(body.value);
    if (!parsed.success) return send(reply, schemaProblem(parsed.error));
    const unknownPage = parsed.data.events.map((e) => (e.kind === 'click' && !knownPage(e.target) ? e.target : !knownPage(e.path) ? e.path : undefined)).find(Boolean);
    if (unknownPage) return send(reply, problem(404, 'unknown_page', `This site has no page at ${unknownPage}.`));
    const at = new Date(now());
    const host = request.hostname.toLowerCase();
    const events: SearchEvent[] = parsed.data.events
      .filter((e) => !looksLikeSecret(e.query))
      .map((e) => ({at, host, path: e.path, kind: e.kind, query: e.query.trim().toLowerCase(), ...(e.kind === 'search' ? {hits: e.hits} : {position: e.position, target: e.target})}));
    if (events.length) {
      const failed = await commit(reply, (store) => store.add({searches: events}));
      if (failed) return send(reply, failed);
    }
    return reply.code(202).header('cache-control', 'no-store').send({status: 'accepted', kept: events.length});
  });
}

export interface ReportRoutesOptions {
  state: () => StoreState;
  /** What the request's Authorization header may read (server/insights/access.ts). */
  access: (authorization: string | undefined) => Access | undefined;
}

/**
 * The reports, for the dashboard and scripts: `GET /insights/report.json` and
 * `GET /insights/report.csv?table=…`, with `since=7d` or `from`/`to`, and `host`. A bearer
 * token is required: the docs team's reads every host, a partner's only its own.
 */
export async function insightsReportRoutes(app: FastifyInstance, options: ReportRoutesOptions): Promise<void> {
  const prepare = async (request: FastifyRequest, reply: FastifyReply): Promise<{report: Report; hosts: readonly string[] | null; range: DateRange; access: Access} | Problem> => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const access = options.access(request.headers.authorization);
    if (!access) {
      reply.header('www-authenticate', 'Bearer realm="insights"');
      return problem(401, 'unauthorized', 'Sign in with an insights token: Authorization: Bearer <token>.');
    }
    const query = request.query as Record<string, string | string[] | undefined>;
    const single = (name: string) => {
      const value = query[name];
      if (Array.isArray(value)) throw new RangeError(`Give ${name} once.`);
      return value;
    };
    let range: DateRange;
    let asked: string | undefined;
    try {
      range = parseRange({since: single('since'), from: single('from'), to: single('to')});
      const host = single('host');
      asked = host === undefined || host === '' ? undefined : normalizeHostName(host);
      if (host && !asked) throw new RangeError('host must be a host name.');
    } catch (error) {
      if (error instanceof RangeError) return problem(400, 'invalid_query', error.message);
      throw error;
    }
    const hosts = hostsFor(access, asked);
    if (hosts === 'forbidden') return problem(403, 'forbidden', 'This token does not read that host.');
    const state = options.state();
    if (state.status !== 'ready') return unavailable(reply, state.status === 'opening');
    try {
      return {report: await state.store.report({from: range.from, to: range.to, hosts}), hosts, range, access};
    } catch (error) {
      request.log.error({err: error}, 'insights: a report failed');
      return unavailable(reply);
    }
  };

  app.get('/insights/report.json', async (request, reply) => {
    const prepared = await prepare(request, reply);
    if ('status' in prepared) return send(reply, prepared);
    const {report, hosts, range, access} = prepared;
    const state = options.state();
    const known = state.status === 'ready' ? await state.store.hosts().catch(() => []) : [];
    return reply.type('application/json; charset=utf-8').send({
      reader: access.label,
      range: {from: range.from.toISOString(), to: range.to.toISOString(), label: range.label},
      hosts: hosts ?? 'all',
      // The hosts this token may pick from: every host with events, or the partner's own.
      choices: access.all ? known : access.hosts,
      report,
    });
  });

  app.get('/insights/report.csv', async (request, reply) => {
    const table = (request.query as {table?: unknown}).table;
    if (typeof table !== 'string' || !(CSV_TABLES as readonly string[]).includes(table)) {
      return send(reply, problem(400, 'invalid_query', `table must be one of ${CSV_TABLES.join(', ')}.`));
    }
    const prepared = await prepare(request, reply);
    if ('status' in prepared) return send(reply, prepared);
    const name = `insights-${table}-${prepared.range.label.replace(/ to /, '_')}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(reportCsv(prepared.report, table as CsvTable));
  });
}
