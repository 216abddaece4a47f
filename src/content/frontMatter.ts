/**
 * Front matter every doc must carry, checked while the site builds so that a page
 * without a title or a description cannot ship.
 */
export interface DocFrontMatterProblem {
  field: string;
  message: string;
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

export function checkDocFrontMatter(frontMatter: Record<string, unknown>): DocFrontMatterProblem[] {
  const problems: DocFrontMatterProblem[] = [];
  if (!isNonEmptyString(frontMatter.title)) {
    problems.push({field: 'title', message: 'is required and must be a non-empty string'});
  }
  if (!isNonEmptyString(frontMatter.description)) {
    problems.push({field: 'description', message: 'is required and must be a non-empty string (one sentence, shown in search and link previews)'});
  }
  if ('sidebar_position' in frontMatter && typeof frontMatter.sidebar_position !== 'number') {
    problems.push({field: 'sidebar_position', message: 'must be a number'});
  }
  if ('unlisted' in frontMatter && typeof frontMatter.unlisted !== 'boolean') {
    problems.push({field: 'unlisted', message: 'must be true or false'});
  }
  return problems;
}

export function formatFrontMatterProblems(file: string, problems: DocFrontMatterProblem[]): string {
  return [`Invalid front matter in ${file}:`, ...problems.map((p) => `  - ${p.field} ${p.message}`)].join('\n');
}
