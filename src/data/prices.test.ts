import {describe, expect, it} from 'vitest';
import {flavorPricePerHour, formatRate, formatUsd, HOURS_PER_MONTH, toMoney} from './prices';
import {formatLimit, limits} from './limits';

describe('prices', () => {
  it('writes dollars one way, with more decimals only for sub-cent rates', () => {
    expect(formatUsd(1.9)).toBe('$1.90');
    expect(formatUsd(19)).toBe('$19.00');
    expect(formatUsd(1387)).toBe('$1,387.00');
    expect(formatUsd(0.005)).toBe('$0.005');
    expect(formatUsd(0.000096)).toBe('$0.000096');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('quotes rates per hour or per month (730 hours), and totals over hours', () => {
    expect(formatRate(1.9)).toBe('$1.90 per hour');
    expect(formatRate(1.9, {per: 'month'})).toBe(`$${(1.9 * HOURS_PER_MONTH).toLocaleString('en-US', {minimumFractionDigits: 2})} per month`);
    expect(formatRate(19, {hours: 48})).toBe('$912.00');
    expect(formatRate(0.000096, {unit: 'per GB per hour'})).toBe('$0.000096 per GB per hour');
  });

  it('writes amounts for the API as decimal strings with 2 to 6 decimals', () => {
    expect(toMoney(1.9)).toEqual({amount: '1.90', currency: 'USD'});
    expect(toMoney(19).amount).toBe('19.00');
    expect(toMoney(0).amount).toBe('0.00');
    expect(toMoney(0.000096).amount).toBe('0.000096');
    expect(toMoney(10.89632).amount).toBe('10.89632');
    expect(toMoney(-3.42).amount).toBe('-3.42');
    expect(toMoney((1_935_000 * 3 * 0.5) / 1e6).amount).toBe('2.9025');
  });

  it('names the known flavors when asked for an unknown one', () => {
    expect(() => flavorPricePerHour('n9-nope')).toThrow(/Unknown flavor "n9-nope"; known: .*n3-H100x1/);
  });
});

describe('limits', () => {
  it('reads a limit with its unit', () => {
    expect(formatLimit('apiRequestsPerMinute')).toBe('600 requests per minute');
    expect(limits.pageSizeMax.value).toBeGreaterThan(limits.pageSizeDefault.value);
  });
});
