import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkDocFrontMatter} from '../src/content/frontMatter';
import {firstPersonPlural} from '../src/content/voice';
import {defaultBrandLeaks} from '../src/content/brandLeaks';
import {typedFacts} from '../src/content/typedFacts';
import {literalExpressions} from '../src/content/literalExpressions';
import {docSections, sectionPosition} from '../src/data/sections';
import {docsDir, minimumWords, proseWords, readDocs} from './docs';

const docs = readDocs();
const PLACEHOLDERS = /\b(lorem ipsum|TODO|TBD|coming soon|FIXME|XXX)\b/i;

describe('docs content', () => {
  it('has pages to check', () => {
    expect(docs.length).toBeGreaterThan(0);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s has valid front matter', (_file, doc) => {
    expect(checkDocFrontMatter(doc.frontMatter)).toEqual([]);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s has no placeholder text', (_file, doc) => {
    const shown = [doc.frontMatter.title, doc.frontMatter.description, doc.body].join('\n');
    expect(shown.match(PLACEHOLDERS)?.[0]).toBeUndefined();
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s never types the product name', (_file, doc) => {
    expect(doc.body).not.toMatch(/Violet Cloud/i);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s types no default-brand host, address or name outside code', (_file, doc) => {
    const leaks = defaultBrandLeaks(doc.body).map((l) => `${doc.file} (body line ${l.line}): ${l.value}`);
    expect(leaks, 'A partner\'s readers would see these as they are: use <SupportEmail />, <SalesEmail />, <ApiBase />, <ConsoleLink> or <Brand />.').toEqual([]);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s renders prices, limits, region ids and flavor specs from src/data', (_file, doc) => {
    const typed = typedFacts(doc.body).map((f) => `${doc.file} (body line ${f.line}): ${f.kind} ${f.text}`);
    expect(typed, 'Render these with <Price>, <Limit>, the fact tables or an expression over src/data, so they cannot drift.').toEqual([]);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s puts no expression inside Markdown inline code, where MDX shows it as typed', (_file, doc) => {
    const literal = literalExpressions(doc.body).map((f) => `${doc.file} (body line ${f.line}): ${f.code}`);
    expect(literal, 'Inside backticks `{expr}` is literal text: write <code>{expr}</code>.').toEqual([]);
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s speaks to the reader, never as "we"', (_file, doc) => {
    const findings = firstPersonPlural(doc.body).map((f) => `${doc.file} (body line ${f.line}): "${f.word}" in: ${f.text}`);
    expect(findings, 'On a partner site "we" is the wrong company: write "you", or name the product with <Brand />.').toEqual([]);
  });

  // API operation pages get their substance from the spec, rendered at build time.
  const proseDocs = docs.filter((d) => !d.body.includes('<ApiOperation'));
  it.each(proseDocs.map((d) => [d.file, d] as const))('%s has the words of prose its kind needs (700 for a tutorial, else 400)', (_file, doc) => {
    expect(proseWords(doc.body)).toBeGreaterThanOrEqual(minimumWords(doc.file));
  });

  it.each(docs.map((d) => [d.file, d] as const))('%s uses h2 and h3 only, and code blocks with a language', (_file, doc) => {
    const withoutCode = doc.body.replace(/```[\s\S]*?```/g, '');
    expect(withoutCode.match(/^(#|#{4,6}) /m)?.[0]).toBeUndefined();
    const fences = doc.body.match(/^```.*$/gm) ?? [];
    const openings = fences.filter((_, i) => i % 2 === 0);
    expect(openings.filter((f) => f.trim() === '```')).toEqual([]);
  });
});

describe('sidebar sections', () => {
  const folders = readdirSync(docsDir, {withFileTypes: true}).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it.each(folders)('docs/%s is a section of the spec with its label and position', (folder) => {
    const section = docSections.find((s) => s.slug === folder);
    expect(section, `docs/${folder} is not one of: ${docSections.map((s) => s.slug).join(', ')}`).toBeDefined();
    const categoryFile = path.join(docsDir, folder, '_category_.json');
    expect(existsSync(categoryFile), `docs/${folder}/_category_.json is missing`).toBe(true);
    const category = JSON.parse(readFileSync(categoryFile, 'utf8')) as {label?: string; position?: number};
    expect(category).toMatchObject({label: section!.title, position: sectionPosition(folder)});
  });

  it('numbers sections in spec order after the top-level pages', () => {
    const positions = docSections.map((s) => sectionPosition(s.slug));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(Math.min(...positions)).toBeGreaterThan(3);
    expect(() => sectionPosition('no-such-section')).toThrow(/Unknown docs section "no-such-section"/);
  });
});

describe('proseWords', () => {
  it('counts prose and skips code, imports and tags', () => {
    expect(proseWords("import X from 'y';\nTwo words\n```bash\nls -la /tmp\n```\n<Brand /> [link](./a.mdx)")).toBe(3);
  });
});
