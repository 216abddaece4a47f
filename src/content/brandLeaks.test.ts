import {describe, expect, it} from 'vitest';
import {defaultBrandLeaks} from './brandLeaks';

describe('defaultBrandLeaks', () => {
  it('finds default hosts, addresses and the name in prose, links and JSX, with their lines', () => {
    const page = [
      'Call https://api.example.com/v1 or write to [support](mailto:support@example.com).',
      '<a href="https://console.example.com/billing">Billing</a>',
      'Vote on feedback.example.com. Also: sales@example.com, violet cloud.',
    ].join('\n');
    expect(defaultBrandLeaks(page)).toEqual([
      {line: 1, value: 'https://api.example.com/v1'},
      {line: 1, value: 'support@example.com'},
      {line: 2, value: 'https://console.example.com'},
      {line: 3, value: 'feedback.example.com'},
      {line: 3, value: 'sales@example.com'},
      {line: 3, value: 'violet cloud'},
    ]);
  });

  it('leaves code alone: the site brands it when it renders', () => {
    const page = ['Run `curl https://api.example.com/v1/core/regions`:', '```bash', 'curl https://api.example.com/v1/core/regions', '```', 'and mail <SupportEmail />.'].join('\n');
    expect(defaultBrandLeaks(page)).toEqual([]);
  });

  it('does not flag other example.com addresses', () => {
    expect(defaultBrandLeaks('Use you@example.com and https://example.com/data.csv.')).toEqual([]);
  });
});
