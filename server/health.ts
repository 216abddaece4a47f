/**
 * Health endpoints for a load balancer or an orchestrator, cheap and never cached:
 * - `GET /healthz`: the process is up and answering (liveness);
 * - `GET /readyz`: it can serve: the build it serves is loaded, and the partner files on
 *   disk are valid. A partner-file edit that was refused (the server goes on serving the
 *   version before it) makes it not ready, 503 with the reason, so a bad edit shows in the
 *   rollout instead of waiting for the next restart, which would refuse to start.
 */
import type {FastifyInstance, FastifyReply} from 'fastify';

export interface Readiness {
  /** Files of the build being served; 0 when none was found. */
  buildFiles(): number;
  /** Partners served. */
  partners(): number;
  /** Why the partner files on disk are not valid, or undefined when they are. */
  partnerFilesProblem(): string | undefined;
  /**
   * The insights store: `off`, `opening`, `ready` or `unavailable: why`. Reported, but it
   * never makes the server not ready: with the database away the pages are still served.
   */
  insights?(): string;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');

export async function health(app: FastifyInstance, options: {readiness: Readiness}): Promise<void> {
  const {readiness} = options;
  app.get('/healthz', async (_request, reply) => noStore(reply).send({status: 'ok'}));
  app.get('/readyz', async (_request, reply) => {
    const buildFiles = readiness.buildFiles();
    const problem = readiness.partnerFilesProblem();
    const reasons = [...(buildFiles === 0 ? ['no build is loaded'] : []), ...(problem ? [`partner files are not valid: ${problem}`] : [])];
    return noStore(reply)
      .code(reasons.length ? 503 : 200)
      .send({status: reasons.length ? 'not ready' : 'ready', buildFiles, partners: readiness.partners(), insights: readiness.insights?.() ?? 'off', ...(reasons.length ? {reasons} : {})});
  });
}
