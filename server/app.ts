import path from 'node:path';
import Fastify, {type FastifyInstance} from 'fastify';
import {partnerApi, parseQuerystring} from './partner-api';
import {DEFAULT_PARTNERS_DIR, loadPartners, watchPartners} from './partners';
import {staticSite} from './static-site';
import {loadBuild} from './build-manifest';
import {hostsServed} from './hosts';
import {mcp} from './mcp';
import {DocsSearch} from './mcp/search';
import {sandbox} from './sandbox';
import {health} from './health';
import {addSecurityHeaders, type SecurityOptions} from './security-headers';
import {brandFromConfig, type Brand} from '../src/branding/brand';
import type {InsightsDb} from './insights/db';
import {insightsOffRoutes, insightsReportRoutes, insightsRoutes} from './insights/routes';
import {accessFor} from './insights/access';
import {insightsDashboard} from './insights/dashboard';
import {startInsights} from './insights/service';

export interface AppOptions {
  /** Folder of the production build. */
  buildDir: string;
  /**
   * Access logs and server news as JSON lines (Fastify's logger): request id, method, path
   * (query strings left out: they can carry secrets), host, status and response time.
   * `true` writes them to stdout; `{stream}` elsewhere (tests). Off by default.
   */
  logger?: boolean | {stream: NodeJS.WritableStream};
  /** Folder of the partner files; default `partners/` at the repository root. */
  partnersDir?: string;
  /** Who may frame the docs, and whether the site is served over HTTPS (HSTS). */
  security?: SecurityOptions;
  /** Reload the partner files when they change; default on, except under test. */
  watchPartners?: boolean;
  /**
   * The proxies in front of the server whose `X-Forwarded-For`, `-Proto` and `-Host` are
   * believed (Fastify's trustProxy): `true` for any, or their addresses and CIDR ranges. Without it, behind a load balancer every client has the balancer's address,
   * and the per-client rate limits (MCP, sandbox) would make them share one budget.
   */
  trustProxy?: boolean | string;
  /**
   * Host names served besides the default hosts, `DOCS_URL`'s, the partners' and loopback
   * (`ALLOWED_HOSTS`); a request to any other host gets 421 on /mcp and /sandbox.
   */
  allowedHosts?: readonly string[];
  /**
   * Load the search index (MCP's `search_docs`, the /search page's first results) right
   * after the server's first answer, instead of while the first search's request waits for
   * it. Default on, except under test.
   */
  preloadSearch?: boolean;
  /**
   * Page feedback and search insights (server/insights): how to open the database, and how
   * many days comments are kept. Off when not given (tests that do not test them).
   */
  insights?: {
    open: () => Promise<InsightsDb>;
    commentDays?: number;
    postsPerMinute?: number;
    /** INSIGHTS_TOKEN: the token that reads every host's insights (partners' tokens are in their files). */
    adminToken?: string;
  };
}

/** TRUST_PROXY as Fastify takes it: `true`, or a comma-separated list of addresses and CIDR ranges. */
export function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || trimmed === 'false') return undefined;
  if (trimmed === 'true') return true;
  const entries = trimmed.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!/^[\da-f.:]+(?:\/\d{1,3})?$/i.test(entry)) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range (or use true).`);
  }
  return entries.join(',');
}

function underTest(): boolean {
  return process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';
}

/** A request's URL as logged: its path only, since a query string can carry a secret. */
export const loggedPath = (url: string | undefined) => (url ?? '').split(/[?#]/)[0];

function loggerOptions(logger: AppOptions['logger']) {
  if (!logger) return false;
  return {
    level: 'info',
    ...(logger === true ? {} : {stream: logger.stream}),
    serializers: {
      req: (req: {method?: string; url?: string; host?: string; ip?: string}) => ({method: req.method, url: loggedPath(req.url), host: req.host, remoteAddress: req.ip}),
      res: (res: {statusCode?: number}) => ({statusCode: res.statusCode}),
    },
  };
}

/**
 * Where reload news goes: the Fastify logger when it is on, else the console, so that
 * an operator running `npm start` (logger off) still learns that an edit was refused.
 */
function partnerLog(app: FastifyInstance, logger: AppOptions['logger']): {info: (m: string) => void; error: (m: string) => void} {
  if (logger) return {info: (m) => app.log.info(m), error: (m) => app.log.error(m)};
  return {info: (m) => console.log(m), error: (m) => console.error(m)};
}

/**
 * The production server: the partner-config API under /v1 and the built site.
 * Rejects, with every problem listed, when a partner file is invalid, and with a message that
 * says to build when the build has no manifest or changed since it was written.
 */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const partnersDir = options.partnersDir ?? DEFAULT_PARTNERS_DIR;
  // Before anything is opened, so that an invalid file stops start-up cleanly.
  const partners = await loadPartners(partnersDir);
  // The build is listed once and its manifest read once, here, for every part that serves
  // or reads it. A build without a manifest, or changed since, stops start-up.
  const build = await loadBuild(options.buildDir);
  const {files} = build;

  const app = Fastify({logger: loggerOptions(options.logger), routerOptions: {querystringParser: parseQuerystring}, ...(options.trustProxy !== undefined ? {trustProxy: options.trustProxy} : {})});
  // Warnings of parts that run in the background: in the access log when there is one.
  const warn = (message: string) => (options.logger ? app.log.warn(message) : console.error(message));
  // Markdown twins, llms files and the security policy follow the brand of the host asked.
  // A reload serves new config objects, so a brand is kept per config object and made once.
  const brands = new WeakMap<object, Brand>();
  const brandFor = (host: string) => {
    const served = partners.lookup(host);
    if (!served) return undefined;
    let brand = brands.get(served);
    if (!brand) {
      brand = brandFromConfig(served.config);
      brands.set(served, brand);
    }
    return brand;
  };
  const hostServed = hostsServed({isPartnerHost: (host) => partners.lookup(host) !== undefined, allowed: options.allowedHosts});
  // On every response: added before any plugin, so that each one's routes get it.
  await addSecurityHeaders(app, {...options.security, policy: {scriptHashes: build.scriptHashes, sources: build.policySources}, brandFor});
  // The API first: its /v1 routes must never fall through to the site's catch-all.
  await app.register(partnerApi, {registry: partners});
  // Health and readiness first: cheap, and never shadowed by a page.
  let partnerFilesProblem: string | undefined;
  // Opened in the background: the pages do not wait for the database.
  const insights = options.insights ? startInsights({...options.insights, log: warn}) : undefined;
  if (insights) app.addHook('onClose', async () => insights.close());
  await app.register(health, {
    readiness: {buildFiles: () => files.size, partners: () => partners.entries.length, partnerFilesProblem: () => partnerFilesProblem, insights: insights ? () => insights.health() : undefined},
  });
  if (insights) {
    await app.register(insightsRoutes, {state: () => insights.state(), wrote: (error) => insights.wrote(error), files, hostServed, postsPerMinute: options.insights?.postsPerMinute});
    // Partners are read at each request, so a partner file's new token counts at its reload.
    await app.register(insightsReportRoutes, {state: () => insights.state(), access: (header) => accessFor(header, {adminToken: options.insights?.adminToken, partners: partners.entries})});
    await app.register(insightsDashboard);
  } else {
    await app.register(insightsOffRoutes);
  }
  // The docs as an MCP server at /mcp, in the brand of the host asked, as the twins are.
  // One index in memory, for MCP's search_docs and the /search page's first results: loaded after
  // the server's first answer (below), or by a search asked before that.
  const search = new DocsSearch(options.buildDir);
  if (options.preloadSearch ?? !underTest()) {
    // After the first answer, not at start-up: that answer (often a readiness probe) and the
    // server's start are not held up by the index's parse and build, which run on this thread.
    // A callback hook: every later answer passes through it, and an async one would cost each a promise.
    let asked = false;
    app.addHook('onResponse', (_request, _reply, done) => {
      if (!asked) {
        asked = true;
        setImmediate(() => {
          search.preload().catch((error: unknown) => warn(`The search index could not be loaded ahead of the first search: ${error instanceof Error ? error.message : String(error)}`));
        });
      }
      done();
    });
  }
  await app.register(mcp, {root: options.buildDir, files, brandFor, hostServed, search});
  // A mock of the API at /sandbox/v1, for trying calls from the docs (server/sandbox.ts).
  if (files.has('openapi.yaml')) await app.register(sandbox, {specFile: path.join(options.buildDir, 'openapi.yaml'), hostServed});
  await app.register(staticSite, {root: options.buildDir, files, brandFor, pageSearch: (input) => search.query(input)});

  if (options.watchPartners ?? !underTest()) {
    const log = partnerLog(app, options.logger);
    const watcher = watchPartners(partnersDir, partners, {
      onError: (message) => {
        partnerFilesProblem = message;
        log.error(`Partner files changed but are not valid; still serving the previous version.\n${message}`);
      },
      onReload: (registry) => {
        partnerFilesProblem = undefined;
        log.info(`Partner files reloaded: ${registry.entries.map((e) => e.file).join(', ') || 'none'}.`);
      },
    });
    app.addHook('onClose', async () => watcher.close());
  }
  return app;
}
