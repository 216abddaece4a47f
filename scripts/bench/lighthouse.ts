/**
 * One Lighthouse run with its mobile defaults (emulated phone, simulated slow 4G and a 4x
 * slower CPU, or `cpuSlowdown` times), performance only, in a fresh headless Chromium.
 * `throttling: 'devtools'` has the browser itself slow the network and CPU during the load,
 * instead of Lighthouse estimating a slow load from a fast one (its default, 'simulate'):
 * slower, but it measures what the page did, not a model of it.
 */

import {chromeFlags, chromePath} from './common';

export type ThrottlingMethod = 'simulate' | 'devtools';

/** The throttling method `BENCH_THROTTLING` names, or Lighthouse's default; anything else is an error. */
export function throttlingFromEnv(value = process.env.BENCH_THROTTLING): ThrottlingMethod {
  if (value === undefined || value === '' || value === 'simulate') return 'simulate';
  if (value === 'devtools') return 'devtools';
  throw new Error(`BENCH_THROTTLING must be simulate or devtools, got ${JSON.stringify(value)}`);
}

/** Lighthouse's own CPU slowdown for a mobile run, used when none is set. */
export const LIGHTHOUSE_MOBILE_CPU_SLOWDOWN = 4;

/**
 * `BENCH_CPU_SLOWDOWN`, for every bench that slows the browser to stand in for a slower
 * machine: a number of at least 1, or undefined when unset (each bench has its own default:
 * Lighthouse's 4, none for the search timings); anything else is an error.
 */
export function cpuSlowdownFromEnv(value = process.env.BENCH_CPU_SLOWDOWN): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`BENCH_CPU_SLOWDOWN must be a number of at least 1, not "${value}"`);
  return rate;
}

export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread work during the load (Lighthouse's main-thread breakdown), ms. */
  mainThread: number;
  /** Script evaluation, parsing and compiling (Lighthouse's boot-up time), ms. */
  bootup: number;
}

export async function lighthouseRun(url: string, options: {cpuSlowdown?: number; throttling?: ThrottlingMethod} = {}): Promise<LighthouseRun> {
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({chromePath, chromeFlags: ['--headless=new', ...chromeFlags]});
  try {
    const throttling = options.cpuSlowdown ? {throttling: {cpuSlowdownMultiplier: options.cpuSlowdown}} : {};
    const method = options.throttling && options.throttling !== 'simulate' ? {throttlingMethod: options.throttling} : {};
    const result = await lighthouse(url, {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...throttling, ...method});
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    const timedOut = loadTimeoutWarning(lhr.runWarnings);
    if (timedOut) throw new Error(`Lighthouse waited its whole load limit on ${url} ("${timedOut}"): the page never went quiet, so its trace would count idle seconds of work (a request left open?)`);
    const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
    return {
      score: lhr.categories.performance.score ?? 0,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      mainThread: value('mainthread-work-breakdown'),
      bootup: value('bootup-time'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse's warning that it stopped waiting for the page to go quiet (network and
 * CPU) at its load limit, among a run's warnings, or undefined. Such a run's figures
 * cover a 45 s window instead of the load.
 */
export function loadTimeoutWarning(warnings: readonly unknown[] | undefined): string | undefined {
  return warnings?.map(String).find((warning) => /loaded too slowly to finish within the time limit/i.test(warning));
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of each figure over several runs. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const pick = (key: keyof LighthouseRun) => median(runs.map((r) => r[key]));
  return {score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), tbt: pick('tbt'), cls: pick('cls'), mainThread: pick('mainThread'), bootup: pick('bootup')};
}
