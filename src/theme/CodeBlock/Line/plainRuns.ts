/**
 * Fewer elements per code block. Prism puts every token in a span, and most of them (spaces,
 * names, punctuation, operators) are drawn in the line's own colour: on the longest guide
 * about 1,300 of 1,570 token spans, a third of the page's elements. Each run of such tokens
 * becomes one plain token (the line of `./index.tsx`), which `./Token` writes as bare text;
 * coloured tokens keep their spans, and the text, so what a reader copies, is the same.
 */
import type {Token} from 'prism-react-renderer';
import {codeTheme} from '@site/src/css/prismThemes';

/** Each token type's style, as prism-react-renderer builds it from the theme (no language-specific entries). */
const STYLE_OF = new Map<string, Record<string, unknown>>();
/** Types a language-specific entry of the theme styles: never taken for plain, whatever the language. */
const LANGUAGE_TYPES = new Set(codeTheme.styles.filter(({languages}) => languages).flatMap(({types}) => types));
for (const {types, style, languages} of codeTheme.styles) {
  if (!languages) for (const type of types) STYLE_OF.set(type, {...STYLE_OF.get(type), ...style});
}

/**
 * True where a token is drawn as plain text: the styles of its types, merged in order as
 * prism-react-renderer merges them (a later type wins), give nothing but the line's colour.
 * A type with no style of its own (`imports`, `interpolation`, `property-access`…) adds none.
 */
function isPlain(types: readonly string[]): boolean {
  if (types.some((type) => LANGUAGE_TYPES.has(type))) return false;
  const style: Record<string, unknown> = Object.assign({}, ...types.map((type) => (type === 'plain' ? {color: codeTheme.plain.color} : STYLE_OF.get(type))));
  return Object.keys(style).every((key) => key === 'color') && (style.color === undefined || style.color === codeTheme.plain.color);
}

/**
 * The line's tokens with each run of plain-coloured ones as one `plain` token, and empty ones
 * left out. An empty line's own marker token (`empty`) is kept: the theme sizes the line by it.
 */
export function mergePlainTokens(line: readonly Token[]): Token[] {
  const merged: Token[] = [];
  let run: Token | undefined;
  for (const token of line) {
    if (token.empty || !isPlain(token.types)) {
      merged.push(token);
      run = undefined;
    } else if (token.content !== '') {
      if (run) run.content += token.content;
      else merged.push((run = {types: ['plain'], content: token.content}));
    }
  }
  return merged;
}
