import {describe, expect, it} from 'vitest';
import {typedFacts} from './typedFacts';

const kinds = (body: string) => typedFacts(body).map((f) => [f.line, f.kind, f.text.split(' (')[0]]);

describe('typedFacts', () => {
  it('finds typed prices, limits, region ids and flavor specs, with their lines', () => {
    const page = [
      'An H100 costs $1.90 per hour, or 45.60 USD a day.',
      'Each key may make 600 requests per minute; a key is up to 64 characters.',
      'Deploy in no-osl-1 for Oslo.',
      'The `n3-L40x1` has 48 GB of GPU memory and 28 vCPUs.',
    ].join('\n');
    expect(kinds(page)).toEqual([
      [1, 'price', '$1.90'],
      [1, 'price', '45.60 USD'],
      [2, 'limit', '600 requests'],
      [2, 'limit', '64 characters'],
      [3, 'region', 'no-osl-1'],
      [4, 'flavor spec', '48 GB'],
      [4, 'flavor spec', '28 vCPUs'],
    ]);
  });

  it('finds a price typed in inline code, but not a shell argument', () => {
    expect(kinds('The answer shows `$19.00` for the month.')).toEqual([[1, 'price', '$19.00']]);
    expect(typedFacts("Print the first column with `awk '{print $1}'`.")).toEqual([]);
  });

  it('finds money formatted by hand in an expression', () => {
    expect(kinds('It costs {h100.pricePerHour.toFixed(2)} USD.')).toEqual([[1, 'price format', 'It costs {h100.pricePerHour.toFixed(2)} USD.']]);
    expect(typedFacts('It costs {formatUsd(h100.pricePerHour)}.')).toEqual([]);
  });

  it('accepts the components and expressions that render the data, and values in code', () => {
    const page = [
      'An H100 costs <Price flavor="n3-H100x1" />; keys make <Limit name="apiRequestsPerMinute" />.',
      'Use the region `no-osl-1` with {l40.gpuMemoryGb} GB on `n3-L40x1`.',
      '```bash',
      'echo "$1.90 in no-osl-1"',
      '```',
    ].join('\n');
    expect(typedFacts(page)).toEqual([]);
  });
});

describe('code fences indented under list items', () => {
  it('are code, not prose', () => {
    const body = ['1. Create it:', '', '   ```bash', '   curl "https://api.example.com/v1/core/volumes?region=no-osl-1"', '   ```', '', 'In `no-osl-1` only.'].join('\n');
    expect(typedFacts(body)).toEqual([]);
  });
});
