/**
 * The llms.txt family (https://llmstxt.org): `llms.txt`, an index of every listed page's
 * Markdown twin by section in sidebar order; `llms-full.txt`, every page; and full files
 * per section, each at most SECTION_FILE_BUDGET bytes so one fits an assistant's context.
 */
import {docSections} from '../../src/data/sections';
import {twinMarkdown, type TwinPage} from './twin';

/**
 * Bytes of one section file: about 75,000 tokens at four bytes a token, which leaves room
 * for a conversation in the 128k-token context of current assistants. A section above it
 * is split into numbered parts at page boundaries.
 */
export const SECTION_FILE_BUDGET = 300_000;

/** Sections whose pages go under `## Optional`: readers and agents can skip them. */
export const OPTIONAL_SECTIONS: ReadonlySet<string> = new Set(['release-notes']);

export interface LlmsSite {
  name: string;
  summary: string;
  /** Public URL without a trailing slash. */
  siteUrl: string;
}

export interface LlmsFile {
  /** Path in the build output, e.g. `llms.txt`, `llms-full/storage.txt`. */
  path: string;
  content: string;
}

export interface PageOrder {
  /** Pages sorted as the sidebar shows them. */
  pages: TwinPage[];
}

/** The section a page belongs to: its first folder under docs/, or '' for top-level pages. */
export function sectionOf(page: TwinPage): string {
  const parts = page.file.split('/');
  return parts.length > 2 ? parts[1] : '';
}

const twinUrl = (site: LlmsSite, page: TwinPage) => `${site.siteUrl}${page.route}.md`;

/** A page as it appears in a full file: its twin, with the URL it came from. */
function fullEntry(site: LlmsSite, page: TwinPage): string {
  return `${twinMarkdown(page).trimEnd()}\n\nSource: ${site.siteUrl}${page.route}\n`;
}

/** Listed pages grouped by section, in sidebar order (top-level pages first). */
export function groupBySection(pages: readonly TwinPage[]): {slug: string; title: string; pages: TwinPage[]}[] {
  const groups = [{slug: '', title: 'Start here', pages: pages.filter((p) => sectionOf(p) === '')}];
  for (const section of docSections) groups.push({slug: section.slug, title: section.title, pages: pages.filter((p) => sectionOf(p) === section.slug)});
  const known = new Set(groups.map((g) => g.slug));
  const strays = pages.filter((p) => !known.has(sectionOf(p)));
  if (strays.length > 0) throw new Error(`Pages outside every section of src/data/sections.ts: ${strays.map((p) => p.file).join(', ')}`);
  return groups.filter((g) => g.pages.length > 0);
}

/** Splits pages into files of at most `budget` bytes, at page boundaries. */
export function splitByBudget(entries: readonly string[], budget: number): string[][] {
  const parts: string[][] = [[]];
  let size = 0;
  for (const entry of entries) {
    const bytes = Buffer.byteLength(entry) + 1;
    if (size + bytes > budget && parts[parts.length - 1].length > 0) {
      parts.push([]);
      size = 0;
    }
    parts[parts.length - 1].push(entry);
    size += bytes;
  }
  return parts;
}

/** Every llms file, from the twins of all pages (in sidebar order; unlisted ones are left out). */
export function llmsFiles(site: LlmsSite, allPages: readonly TwinPage[], budget = SECTION_FILE_BUDGET): LlmsFile[] {
  const pages = allPages.filter((p) => !p.unlisted);
  const groups = groupBySection(pages);
  const files: LlmsFile[] = [];
  const sectionLinks: string[] = [];

  for (const group of groups) {
    const parts = splitByBudget(group.pages.map((p) => fullEntry(site, p)), budget);
    const slug = group.slug || 'start-here';
    parts.forEach((entries, i) => {
      const path = parts.length === 1 ? `llms-full/${slug}.txt` : `llms-full/${slug}-${i + 1}.txt`;
      const label = parts.length === 1 ? group.title : `${group.title}, part ${i + 1} of ${parts.length}`;
      files.push({path, content: `# ${site.name} docs: ${label}\n\n${entries.join('\n---\n\n')}`});
      sectionLinks.push(`- [${label}](${site.siteUrl}/${path})`);
    });
  }

  const line = (p: TwinPage) => `- [${p.title}](${twinUrl(site, p)}): ${p.description}`;
  const main = groups.filter((g) => !OPTIONAL_SECTIONS.has(g.slug));
  const optional = groups.filter((g) => OPTIONAL_SECTIONS.has(g.slug));
  const index = [
    `# ${site.name}`,
    '',
    `> ${site.summary}`,
    '',
    `Every page below is linked as Markdown. All pages in one file: ${site.siteUrl}/llms-full.txt. The same text one section at a time, each file small enough for an assistant's context:`,
    '',
    ...sectionLinks,
    '',
    ...main.flatMap((g) => [`## ${g.title}`, '', ...g.pages.map(line), '']),
    ...(optional.length > 0 ? ['## Optional', '', ...optional.flatMap((g) => g.pages.map(line)), ''] : []),
  ].join('\n');
  files.unshift({path: 'llms.txt', content: index});
  files.splice(1, 0, {path: 'llms-full.txt', content: `# ${site.name} docs\n\n> ${site.summary}\n\n${pages.map((p) => fullEntry(site, p)).join('\n---\n\n')}`});
  return files;
}
