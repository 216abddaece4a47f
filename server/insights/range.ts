/**
 * The dates a report covers, as the dashboard, its JSON and CSV and `npm run insights` take
 * them: `since=7d` (the last 7 days, today included), or `from` and `to` (YYYY-MM-DD, both
 * included). Days are UTC days. A report covers at most MAX_RANGE_DAYS.
 */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_SINCE = '30d';

export interface DateRange {
  /** First instant included. */
  from: Date;
  /** First instant after the range. */
  to: Date;
  /** The days as the reader gave them, for titles and file names. */
  label: string;
}

const DAY_MS = 86_400_000;
const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function parseDay(value: string, name: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new RangeError(`${name} must be a date as YYYY-MM-DD, got ${JSON.stringify(value.slice(0, 40))}.`);
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || isoDay(ms) !== value) throw new RangeError(`${name} is not a date of the calendar: ${value}.`);
  return ms;
}

/** The range asked for; a RangeError, saying what to give, when it is not one. */
export function parseRange(input: {since?: string; from?: string; to?: string}, now = Date.now()): DateRange {
  const today = startOfDay(now);
  if (input.from !== undefined || input.to !== undefined) {
    if (input.since !== undefined) throw new RangeError('Give since, or from and to, not both.');
    const from = parseDay(input.from ?? '', 'from');
    const toDay = input.to === undefined ? today : parseDay(input.to, 'to');
    if (toDay < from) throw new RangeError('to must not be before from.');
    const days = (toDay - from) / DAY_MS + 1;
    if (days > MAX_RANGE_DAYS) throw new RangeError(`A report covers at most ${MAX_RANGE_DAYS} days; this one asks for ${days}.`);
    return {from: new Date(from), to: new Date(toDay + DAY_MS), label: `${isoDay(from)} to ${isoDay(toDay)}`};
  }
  const since = input.since ?? DEFAULT_SINCE;
  const match = /^(\d{1,3})d$/.exec(since);
  const days = match ? Number(match[1]) : NaN;
  if (!(days >= 1 && days <= MAX_RANGE_DAYS)) throw new RangeError(`since must be a number of days from 1 to ${MAX_RANGE_DAYS} followed by d (7d, 30d), got ${JSON.stringify(since.slice(0, 40))}.`);
  const from = today - (days - 1) * DAY_MS;
  return {from: new Date(from), to: new Date(today + DAY_MS), label: `${isoDay(from)} to ${isoDay(today)}`};
}
