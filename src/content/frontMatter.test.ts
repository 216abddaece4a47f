import {describe, expect, it} from 'vitest';
import {checkDocFrontMatter, formatFrontMatterProblems} from './frontMatter';

describe('checkDocFrontMatter', () => {
  it('accepts a doc with a title and a description', () => {
    expect(checkDocFrontMatter({title: 'Volumes', description: 'Persistent block storage.', sidebar_position: 2})).toEqual([]);
  });

  it('names every missing or mistyped field', () => {
    const problems = checkDocFrontMatter({title: '  ', sidebar_position: 'first', unlisted: 'yes'});
    expect(problems.map((p) => p.field)).toEqual(['title', 'description', 'sidebar_position', 'unlisted']);
  });

  it('formats an error that names the file', () => {
    const message = formatFrontMatterProblems('docs/storage/volumes.mdx', checkDocFrontMatter({title: 'Volumes'}));
    expect(message).toContain('docs/storage/volumes.mdx');
    expect(message).toContain('description is required');
  });
});
