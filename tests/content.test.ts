import {describe, expect, it} from 'vitest';
import {checkDocFrontMatter} from '../src/content/frontMatter';
import {proseWords, readDocs} from './docs';

const docs = readDocs();
const PLACEHOLDERS = /\b(lorem ipsum|TODO|TBD|coming soon|FIXME|XXX)\b/i;
const MIN_WORDS = 400;

describe('docs content', () => {
  it('has pages to check', () => {
    expect(docs.length).toBeGreaterThan(0);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s has valid front matter', (_file, doc) => {
    expect(checkDocFrontMatter(doc.frontMatter)).toEqual([]);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s has no placeholder text', (_file, doc) => {
    expect(doc.body.match(PLACEHOLDERS)?.[0]).toBeUndefined();
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s never types the product name', (_file, doc) => {
    expect(doc.body).not.toMatch(/Violet Cloud/i);
  });

  // API operation pages get their substance from the spec, rendered at build time.
  const proseDocs = docs.filter((d) => !d.body.includes('<ApiOperation'));
  it.each(proseDocs.map((d) => [d.file, d] as const))(`%s has at least ${MIN_WORDS} words of prose`, (_file, doc) => {
    expect(proseWords(doc.body)).toBeGreaterThanOrEqual(MIN_WORDS);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s uses h2 and h3 only, and code blocks with a language', (_file, doc) => {
    const withoutCode = doc.body.replace(/```[\s\S]*?```/g, '');
    expect(withoutCode.match(/^(#|#{4,6}) /m)?.[0]).toBeUndefined();
    const fences = doc.body.match(/^```.*$/gm) ?? [];
    const openings = fences.filter((_, i) => i % 2 === 0);
    expect(openings.filter((f) => f.trim() === '```')).toEqual([]);
  });
});

describe('proseWords', () => {
  it('counts prose and skips code, imports and tags', () => {
    expect(proseWords("import X from 'y';\nTwo words\n```bash\nls -la /tmp\n```\n<Brand /> [link](./a.mdx)")).toBe(3);
  });
});
