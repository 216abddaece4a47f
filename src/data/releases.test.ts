import {describe, expect, it} from 'vitest';
import {releaseProblems, releases, releasesOf, releaseYears} from './releases';

describe('release timeline', () => {
  it('names only flavors and regions that exist, with valid dates and unique slugs', () => {
    expect(releaseProblems()).toEqual([]);
    expect(releaseProblems([{date: '2024-13-40', slug: 'x', title: 'x', area: 'compute', summary: 'x', flavors: ['n9-nope']}])).toEqual(['x: bad date 2024-13-40', 'x: unknown flavor n9-nope']);
  });

  it('has a page per year, entries newest first', () => {
    expect(releaseYears()).toEqual([2024, 2023]);
    const y = releasesOf(2024).map((r) => r.date);
    expect(y).toEqual([...y].sort().reverse());
    expect(releasesOf(2023).length + releasesOf(2024).length).toBe(releases.length);
  });

  it('introduces every flavor, the three regions and the features the guides describe', () => {
    const titles = releases.map((r) => r.title.toLowerCase()).join(' | ');
    for (const word of ['snapshots', 'hibernation', 'spot', 'custom images', 'confidential', 'sr-iov', 'infiniband', 'shared-ssd', 'file storage', 'object storage', 'kubernetes', 'fine-tuning', 'evaluations', 'callbacks', 'terraform', 'python', 'go and javascript']) {
      expect(titles).toContain(word);
    }
  });
});
