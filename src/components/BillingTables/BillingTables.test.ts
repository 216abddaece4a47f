import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {CreditRunoutTable, ResourceTypeTable, RunoutTable} from '.';
import {billableResourceTypes, runoutRules, runoutTimeline} from '../../data/billing';

const rows = (html: string) => html.match(/<tr>/g)!.length - 1;

describe('billing tables', () => {
  it('lists every resource type, or the ones asked for', () => {
    expect(rows(renderToStaticMarkup(h(ResourceTypeTable)))).toBe(billableResourceTypes.length);
    const ai = renderToStaticMarkup(h(ResourceTypeTable, {types: ['ai_inference', 'dataset']}));
    expect(rows(ai)).toBe(2);
    expect(ai).toContain('<code>million_tokens</code>');
  });

  it('says what each kind of resource does when credit runs out, or the kinds that cover the types asked for', () => {
    const all = renderToStaticMarkup(h(CreditRunoutTable));
    expect(rows(all)).toBe(runoutRules.length);
    expect(all).toContain('<code>desired_count</code>');
    const ai = renderToStaticMarkup(h(CreditRunoutTable, {types: ['ai_deployment', 'ai_inference']}));
    expect(rows(ai)).toBe(2);
    expect(ai).toContain('Until then: keeps answering');
  });

  it('renders the run-out timeline', () => {
    expect(rows(renderToStaticMarkup(h(RunoutTable)))).toBe(runoutTimeline().length);
  });
});
