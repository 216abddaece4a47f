/**
 * Expressions that MDX shows as they are typed: `{expr}` inside a Markdown inline code span
 * is literal text, so a page that meant to render a fact from src/data inside backticks shows
 * its readers `{newest.image}` instead. Write `<code>{newest.image}</code>` instead.
 *
 * Braces in inline code are often meant literally (a path template `/core/volumes/{id}`, a
 * Python f-string, a jq object), so an inline span is flagged only when a brace opens with a
 * name the page itself binds: an import or an `export const`/`function` of the page. Fenced
 * code blocks are never checked.
 */
import {blank, withoutFencedCode} from './mdxText';

export interface LiteralExpression {
  line: number;
  /** The inline code span, backticks included. */
  code: string;
  /** The page's own name the expression starts with. */
  name: string;
}

/** The names a page binds at its top level: imports and exports, never those of its code blocks. */
export function pageBindings(page: string): Set<string> {
  const names = new Set<string>();
  const body = withoutFencedCode(page);
  for (const m of body.matchAll(/^import\s+([\s\S]*?)\s+from\s+['"][^'"]+['"];?/gm)) {
    const clause = m[1];
    const named = clause.match(/\{([\s\S]*)\}/);
    if (named) {
      for (const part of named[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/).pop()?.trim();
        if (name) names.add(name.replace(/^type\s+/, ''));
      }
    }
    const rest = clause.replace(/\{[\s\S]*\}/, '').replace(/\*\s+as\s+/, '');
    for (const part of rest.split(',')) if (/^[A-Za-z_$][\w$]*$/.test(part.trim())) names.add(part.trim());
  }
  for (const m of body.matchAll(/^export\s+(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1]);
  return names;
}

/** Inline code spans outside fenced code whose braces open with a name the page binds. */
export function literalExpressions(body: string): LiteralExpression[] {
  const bound = pageBindings(body);
  const findings: LiteralExpression[] = [];
  withoutFencedCode(body)
    // Imports and exports are code, to the blank line that ends them.
    .replace(/^(?:import|export)\s[\s\S]*?(?=\n[ \t]*\n|$(?![\s\S]))/gm, blank)
    .split('\n')
    .forEach((line, i) => {
      for (const span of line.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
        // `${…}` is a template literal's own placeholder, inside an expression already.
        for (const expr of span[2].matchAll(/(?<!\$)\{\s*([A-Za-z_$][\w$]*)/g)) {
          if (bound.has(expr[1])) {
            findings.push({line: i + 1, code: span[0], name: expr[1]});
            break;
          }
        }
      }
    });
  return findings;
}
