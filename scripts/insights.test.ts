import {describe, expect, it} from 'vitest';
import {reportText} from './insights';
import type {Report} from '../server/insights/store';

const report: Report = {
  pages: [{host: 'docs.example.com', path: '/docs/storage/volumes', yes: 1, no: 3, helpfulRate: 0.25}],
  comments: [{at: new Date('2026-11-20T10:15:00Z'), host: 'docs.example.com', path: '/docs/storage/volumes', helpful: false, reasons: ['sample-broken'], comment: 'line one\u001b[31m red'}],
  topSearches: [{query: 'resize volume', searches: 7, clicks: 2}],
  noResults: [{query: 'gpu quota', searches: 3}],
  searches: 10,
  clicks: 4,
  clickThrough: 0.4,
  meanClickPosition: 1.5,
  series: [{day: '2026-11-20', answers: 4, searches: 10}],
};

describe('npm run insights', () => {
  it('prints the figures the dashboard shows, table by table', () => {
    const text = reportText(report, '2026-11-14 to 2026-11-20', ['docs.example.com']);
    expect(text).toContain('Docs insights, 2026-11-14 to 2026-11-20, docs.example.com');
    expect(text).toContain('Answers 4, helpful 25%; searches 10, click-through 40%, mean position clicked 1.5');
    expect(text).toMatch(/docs\.example\.com\s+\/docs\/storage\/volumes\s+1\s+3\s+25%/);
    expect(text).toMatch(/resize volume\s+7\s+2/);
    expect(text).toMatch(/Searches with no results\n.*\n\s+gpu quota\s+3/);
  });

  it("shows a reader's control characters escaped, so a comment cannot drive the terminal", () => {
    const text = reportText(report, 'x', null);
    expect(text).toContain('line one\\u001b[31m red');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('every host');
  });
});
