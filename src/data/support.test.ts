import {readFileSync} from 'node:fs';
import path from 'node:path';
import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import SupportSeverityTable from '../components/SupportSeverityTable';
import {clientBehaviour} from './libraries';
import {formatResponseTarget, supportChannel, supportSeverities} from './support';

const root = path.resolve(__dirname, '../..');

describe('support facts', () => {
  it('has four severities, S1 to S4, each answered later than the one before', () => {
    expect(supportSeverities.map((s) => s.level)).toEqual(['S1', 'S2', 'S3', 'S4']);
    const hours = supportSeverities.map((s) => s.firstResponse.value * (s.firstResponse.unit === 'hours' ? 1 : 24));
    expect(hours).toEqual([...hours].sort((a, b) => a - b));
    expect(new Set(hours).size).toBe(hours.length);
    // Around-the-clock targets are counted in hours, business-day targets in days.
    for (const s of supportSeverities) expect(s.aroundTheClock).toBe(s.firstResponse.unit === 'hours');
  });

  it('formats a target in words', () => {
    expect(formatResponseTarget({value: 1, unit: 'hours'})).toBe('1 hour');
    expect(formatResponseTarget({value: 4, unit: 'hours'})).toBe('4 hours');
    expect(formatResponseTarget({value: 1, unit: 'business days'})).toBe('1 business day');
  });

  it('names the request id header the spec and the clients use', () => {
    const spec = loadSpec(path.join(root, 'openapi'));
    const headers = JSON.stringify(spec.components?.responses ?? {});
    expect(headers).toContain(`"${supportChannel.requestIdHeader}"`);
    expect(clientBehaviour.requestIdHeader).toBe(supportChannel.requestIdHeader);
  });

  it('links the status page where the data says it is', () => {
    const page = readFileSync(path.join(root, 'docs/support/getting-help.mdx'), 'utf8');
    expect(page).toContain(`<ConsoleLink path="${supportChannel.statusPagePath}">status page</ConsoleLink>`);
    expect(page).toContain('<SupportSeverityTable />');
  });

  it('renders one row per severity', () => {
    const html = renderToStaticMarkup(h(SupportSeverityTable));
    expect(html.match(/<tr>/g)).toHaveLength(supportSeverities.length + 1);
    expect(html).toContain('1 hour, around the clock');
  });
});
