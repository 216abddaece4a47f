/**
 * The docs speak to the reader ("you") or name the product (`<Brand />`), never as
 * "we": on a partner's site "we" would be the wrong company. This finds first-person
 * plural words in the prose of an MDX page, with their line numbers.
 */
import {blank, withoutFencedCode, withoutInlineCode} from './mdxText';

export interface VoiceFinding {
  line: number;
  word: string;
  text: string;
}

const FIRST_PERSON_PLURAL = /\b(we|us|our|ours|ourselves|we're|we've|we'll|we'd)\b/gi;

/** The page with everything that is not prose blanked out, line breaks kept so line numbers hold. */
function proseOnly(body: string): string {
  return (
    withoutInlineCode(withoutFencedCode(body).replace(/^(import|export)\s[^\n]*$/gm, blank))
      // JSX tags and expressions, link targets and bare URLs.
      .replace(/<[^>\n]*>/g, blank)
      .replace(/\{[^{}\n]*\}/g, blank)
      .replace(/\]\([^)\n]*\)/g, blank)
      .replace(/https?:\/\/\S+/g, blank)
  );
}

export function firstPersonPlural(body: string, offset = 0): VoiceFinding[] {
  const lines = proseOnly(body).split('\n');
  const original = body.split('\n');
  const findings: VoiceFinding[] = [];
  lines.forEach((line, i) => {
    for (const match of line.matchAll(FIRST_PERSON_PLURAL)) {
      // "US" in capitals is the country (as in a region's location), not the pronoun.
      if (match[0] === 'US') continue;
      findings.push({line: offset + i + 1, word: match[0], text: original[i].trim().slice(0, 120)});
    }
  });
  return findings;
}
