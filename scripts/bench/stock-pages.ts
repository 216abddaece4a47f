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
