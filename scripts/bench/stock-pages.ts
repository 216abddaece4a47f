/**
 * The pages the bench against stock measures, by the short name `BENCH_STOCK_PAGES` takes
 * (`BENCH_STOCK_PAGES=intro,api` measures stock's intro, which every ratio needs, and our
 * intro and API page only: a focused run for one question takes minutes, not half an hour).
 */
export const COMPARED_PAGE_NAMES = ['home', 'intro', 'guide', 'api', 'section'] as const;
export type ComparedPageName = (typeof COMPARED_PAGE_NAMES)[number];

/** Every page when the setting is unset or empty; an unknown name is an error that lists the known ones. */
export function comparedPagesFromEnv(value = process.env.BENCH_STOCK_PAGES): ReadonlySet<ComparedPageName> {
  if (value === undefined || value.trim() === '') return new Set(COMPARED_PAGE_NAMES);
  const names = value.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = names.filter((name) => !(COMPARED_PAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`BENCH_STOCK_PAGES names no page called ${unknown.map((n) => JSON.stringify(n)).join(', ')}; the pages are ${COMPARED_PAGE_NAMES.join(', ')}`);
  return new Set(names as ComparedPageName[]);
}

/**
 * Stock's /docs/intro's blocking time (Lighthouse mobile) on the slow host the slow-CPU
 * targets were set on. A CPU slowdown under which stock's intro blocks about as long stands
 * for that host on this machine: 8x did on earlier machines, 5x on a slower one.
 */
export const SLOW_HOST_STOCK_INTRO_TBT_MS = {low: 480, high: 770} as const;

/**
 * Whether a run's CPU slowdown stood for that host, from stock's intro's blocking time in
 * the run; if not, a slowdown that would come near it (blocking time grows about in step
 * with the slowdown over this range).
 */
export function slowHostNote(stockIntroTbtMs: number, cpuSlowdown: number): string {
  const {low, high} = SLOW_HOST_STOCK_INTRO_TBT_MS;
  const measured = `Stock's intro blocks ${Math.round(stockIntroTbtMs)} ms at ${cpuSlowdown}x CPU`;
  if (stockIntroTbtMs >= low && stockIntroTbtMs <= high) return `${measured}: within the ${low}-${high} ms of the slow host the slow-CPU targets were set on, so this run stands for it.`;
  const suggested = stockIntroTbtMs > 0 ? Math.max(1, Math.round((cpuSlowdown * (low + high)) / 2 / stockIntroTbtMs)) : null;
  const direction = stockIntroTbtMs > high ? 'above' : 'below';
  return `${measured}: ${direction} the ${low}-${high} ms of the slow host the slow-CPU targets were set on${suggested && suggested !== cpuSlowdown ? `; BENCH_CPU_SLOWDOWN=${suggested} should come near it on this machine` : ''}.`;
}
