import {normalizeTokens, Prism, type Token} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import {mergePlainTokens} from '../src/theme/CodeBlock/Line/plainRuns';
import {codeTheme} from '../src/css/prismThemes';

const GO = `client, err := gpucloud.NewClient(gpucloud.WithAPIKey(os.Getenv("API_KEY")))
if err != nil {

\tlog.Fatal(err) // no key, no client
}`;

// Imports, template strings and property access: tokens whose types have no colour of their
// own, or end in punctuation, drawn in the line's colour all the same.
const JS = `import {Client, ApiError} from '@gpucloud/client';
const vm = await client.virtualMachines.get(id);
console.log(\`\${vm.name} is \${vm.status}\`); // one line per VM`;

const text = (line: readonly Token[]) => line.map((t) => t.content).join('');
// The colour a token is drawn in, as the theme gives it (the line's colour when none).
const colour = (token: Token) => {
  let colour = codeTheme.plain.color;
  for (const type of token.types) for (const entry of codeTheme.styles) if (entry.types.includes(type) && entry.style.color) colour = entry.style.color;
  return colour;
};

describe.each([
  ['Go', GO, Prism.languages.go],
  ['JavaScript', JS, Prism.languages.javascript],
])('%s code lines with plain runs joined', (_, source, grammar) => {
  const lines = normalizeTokens(Prism.tokenize(source, grammar));
  const merged = lines.map(mergePlainTokens);

  it('keep the text of every line and the colour of every character', () => {
    expect(merged.map(text)).toEqual(lines.map(text));
    const colours = (line: readonly Token[]) => line.flatMap((t) => Array.from(t.content, () => colour(t)));
    expect(merged.map(colours)).toEqual(lines.map(colours));
  });

  it('leave no empty token and no two plain tokens side by side, and keep the marker of an empty line', () => {
    for (const line of merged) {
      for (const [i, token] of line.entries()) {
        if (!token.empty) expect(token.content).not.toBe('');
        if (i > 0 && token.types[0] === 'plain' && !token.empty) expect(line[i - 1].types).not.toEqual(['plain']);
      }
    }
    const empty = merged.find((line) => line.some((t) => t.empty));
    if (source === GO) expect(empty).toEqual([{types: ['plain'], content: '\n', empty: true}]);
  });

  it('need far fewer tokens, all coloured but the plain runs', () => {
    const count = (all: Token[][]) => all.reduce((n, line) => n + line.length, 0);
    expect(count(merged)).toBeLessThan(count(lines) / 2);
    for (const token of merged.flat()) if (token.types[0] !== 'plain') expect(colour(token)).not.toBe(codeTheme.plain.color);
  });

  it('leave the tokens they were made from as they were', () => {
    const line: Token[] = [{types: ['plain'], content: 'a'}, {types: ['punctuation'], content: '('}];
    mergePlainTokens(line);
    expect(line).toEqual([{types: ['plain'], content: 'a'}, {types: ['punctuation'], content: '('}]);
  });
});
