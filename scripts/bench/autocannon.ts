/**
 * autocannon for the benches that load a server (it ships no type declarations; the
 * fields the benches use are declared here), and their one way to measure: a warm-up run,
 * then the measured one, failing if any request went without a 2xx answer.
 */
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: {path: string}[];
  workers?: number;
}

export interface CannonResult {
  requests: {average: number; total: number};
  latency: {p99: number};
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export const autocannon = require('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

/** A warm-up run of `warmupSeconds` (none for 0), then the measured run of `seconds`. */
export async function measureLoad(options: Omit<CannonOptions, 'duration'>, seconds: number, warmupSeconds: number): Promise<CannonResult> {
  if (warmupSeconds > 0) await autocannon({...options, duration: warmupSeconds});
  const result = await autocannon({...options, duration: seconds});
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load.`);
  }
  return result;
}

/** What a load bench reports of its measured runs. */
export interface LoadFigures {
  /** Requests per second, over the measured runs' seconds together. */
  rps: number;
  /** 99th percentile latency in milliseconds (mean of the measured runs), to `p99Digits` decimals. */
  p99: number;
}

export function loadFigures(runs: CannonResult[], p99Digits: number): LoadFigures {
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0);
  return {rps: Math.round(requests / seconds), p99: Number((runs.reduce((sum, r) => sum + r.latency.p99, 0) / runs.length).toFixed(p99Digits))};
}
