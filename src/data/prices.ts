/**
 * One way to write money on the whole site: `$1.90`, `$0.005`, `$1,387.00`, with "per hour"
 * or "per month" where a rate is meant. A month is 730 hours (8,760 hours a year / 12),
 * the convention the pricebook and the billing examples use.
 */
import {flavors, policies} from './platform';

export const HOURS_PER_MONTH = 730;

// One formatter per precision, made when first needed: making a formatter costs far more
// than using one, and a pricing page formats hundreds of amounts as it renders.
const usdFormats = new Map<number, Intl.NumberFormat>();
function usdFormat(decimals: number): Intl.NumberFormat {
  let format = usdFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {minimumFractionDigits: 2, maximumFractionDigits: decimals});
    usdFormats.set(decimals, format);
  }
  return format;
}

/** US dollars with at least two decimals, more for sub-cent rates (`$0.000096`). */
export function formatUsd(amount: number): string {
  const decimals = amount !== 0 && Math.abs(amount) < 0.01 ? Math.min(8, Math.max(2, 1 - Math.floor(Math.log10(Math.abs(amount))) + 1)) : 2;
  const text = usdFormat(decimals).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${text}`;
}

/** A money amount as the API's `Money` object carries it. */
export type Money = {amount: string; currency: 'USD'};

/**
 * A price or cost of the data as the API writes it: a decimal string on the API's grid of
 * 6 decimals (which also drops binary-float noise such as 2.9024999999), with trailing
 * zeros trimmed down to cents: `1.90`, `19.00`, `0.000096`.
 */
export function toMoney(amount: number): Money {
  return {amount: amount.toFixed(6).replace(/(\.\d\d\d*?)0+$/, '$1'), currency: 'USD'};
}

/** The hourly prices pages quote by name. */
export const resourcePrices = {
  publicIp: {perHour: policies.publicIpPricePerHour, unit: 'per hour'},
  volume: {perHour: policies.volumePricePerGbHour, unit: 'per GB per hour'},
  snapshot: {perHour: policies.snapshotPricePerGbHour, unit: 'per GB per hour'},
  objectStorage: {perHour: policies.objectStoragePricePerGbHour, unit: 'per GB per hour'},
} as const;

export type PricedResource = keyof typeof resourcePrices;

/** A flavor's on-demand price per hour, or its spot price with `spot`. */
export function flavorPricePerHour(name: string, {spot = false}: {spot?: boolean} = {}): number {
  const flavor = flavors.find((f) => f.name === name);
  if (!flavor) throw new Error(`Unknown flavor "${name}"; known: ${flavors.map((f) => f.name).join(', ')}`);
  if (!spot) return flavor.pricePerHour;
  if (flavor.spotPricePerHour === null) throw new Error(`Flavor "${name}" is not offered as spot`);
  return flavor.spotPricePerHour;
}

/** "$1.90 per hour", "$1,387.00 per month", or a total over `hours`: "$912.00". */
export function formatRate(perHour: number, options: {per?: 'hour' | 'month'; hours?: number; unit?: string} = {}): string {
  if (options.hours !== undefined) return formatUsd(perHour * options.hours);
  if (options.per === 'month') return `${formatUsd(perHour * HOURS_PER_MONTH)} per month`;
  return `${formatUsd(perHour)} ${options.unit ?? 'per hour'}`;
}
