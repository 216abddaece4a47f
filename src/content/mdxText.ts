/**
 * Parts of an MDX page blanked out for the content checks, line breaks kept so that a
 * finding's line number is the page's.
 */

/** Every character of a match but its line breaks, as spaces. */
export const blank = (match: string): string => match.replace(/[^\n]/g, ' ');

/**
 * Fenced code blocks (``` or ~~~, any length) blanked, contents included; also fences
 * indented under a list item, closed by the same fence at the same indentation.
 */
export const withoutFencedCode = (body: string): string => body.replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, blank);

/** Inline code spans blanked. */
export const withoutInlineCode = (body: string): string => body.replace(/`[^`\n]*`/g, blank);
