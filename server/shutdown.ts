/**
 * Graceful shutdown: on SIGTERM (an orchestrator taking the instance out) or SIGINT, the
 * server stops accepting connections, lets the requests in flight finish for at most
 * SHUTDOWN_GRACE_MS, and exits: 0 when they all finished, 1 when some had to be cut.
 */
import type {FastifyInstance} from 'fastify';

/** How long requests in flight may take to finish once shutdown begins. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** How often connections that fell idle are closed while shutting down. */
const IDLE_SWEEP_MS = 100;

export interface ShutdownOptions {
  graceMs?: number;
  /** Ends the process; tests pass their own. */
  exit?: (code: number) => void;
  log?: (message: string) => void;
}

/** Closes `app` (no new connections, requests in flight answered), bounded by the grace period, then exits. */
export async function closeGracefully(app: FastifyInstance, options: ShutdownOptions = {}): Promise<number> {
  const {graceMs = SHUTDOWN_GRACE_MS, exit = (code) => process.exit(code), log = console.log} = options;
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<'cut'>((resolve) => {
    timer = setTimeout(() => resolve('cut'), graceMs);
  });
  // A keep-alive connection whose request ends after closing began would otherwise hold
  // the server open until its idle timeout: close such connections as they fall idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const outcome = await Promise.race([app.close().then(() => 'closed' as const), cut]);
  clearTimeout(timer);
  clearInterval(sweep);
  const code = outcome === 'closed' ? 0 : 1;
  log(outcome === 'closed' ? 'Stopped: every request in flight was answered.' : `Stopped: requests still in flight after ${graceMs} ms were cut.`);
  exit(code);
  return code;
}

/** Shuts `app` down gracefully on the first SIGTERM or SIGINT. */
export function closeOnSignals(app: FastifyInstance, options: ShutdownOptions = {}): void {
  let started = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (started) return;
      started = true;
      (options.log ?? console.log)(`${signal}: no new connections; finishing the requests in flight.`);
      void closeGracefully(app, options);
    });
  }
}
