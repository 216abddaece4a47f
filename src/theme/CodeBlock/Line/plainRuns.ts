/**
 * Fewer elements per code block. Prism puts every token in a span, and most of them (spaces,
 * names, punctuation, operators) are drawn in the line's own colour: on the longest guide
 * about 1,300 of 1,570 token spans, a third of the page's elements. Each run of such tokens
 * becomes one plain token (the line of `./index.tsx`), which `./Token` writes as bare text;
 * coloured tokens keep their spans, and the text, so what a reader copies, is the same.
 */
import type {Token} from 'prism-react-renderer';
import {codeTheme} from '@site/src/css/prismThemes';

/** Token types drawn in the line's colour: `plain`, and those the code theme gives only that colour. */
const PLAIN_TYPES: ReadonlySet<string> = new Set([
  'plain',
  ...codeTheme.styles
    .filter(({style, languages}) => !languages && Object.keys(style).length === 1 && style.color === codeTheme.plain.color)
    .flatMap(({types}) => types),
]);

/**
 * The line's tokens with each run of plain-coloured ones as one `plain` token, and empty ones
 * left out. An empty line's own marker token (`empty`) is kept: the theme sizes the line by it.
 */
export function mergePlainTokens(line: readonly Token[]): Token[] {
  const merged: Token[] = [];
  let run: Token | undefined;
  for (const token of line) {
    if (token.empty || !token.types.every((type) => PLAIN_TYPES.has(type))) {
      merged.push(token);
      run = undefined;
    } else if (token.content !== '') {
      if (run) run.content += token.content;
      else merged.push((run = {types: ['plain'], content: token.content}));
    }
  }
  return merged;
}
