import {describe, expect, it} from 'vitest';
import {firstPersonPlural} from './voice';

describe('firstPersonPlural', () => {
  it('finds "we", "us" and "our" in prose, with their lines', () => {
    const page = ['Intro line.', 'Write to us if you are stuck.', '', 'We ship drivers. Our images are ready.'].join('\n');
    expect(firstPersonPlural(page).map((f) => [f.line, f.word])).toEqual([
      [2, 'us'],
      [4, 'We'],
      [4, 'Our'],
    ]);
  });

  it('counts lines from the offset the caller gives (front matter)', () => {
    expect(firstPersonPlural('we', 4)[0].line).toBe(5);
  });

  it('leaves code, JSX, expressions, links, URLs and the country alone', () => {
    const page = [
      'Run it:',
      '```bash',
      'echo "we are here"',
      '```',
      'Use `our-bucket` or <Tab label="our tab" /> and {ours.length} as [shown](./we.mdx).',
      'Served from https://example.com/us/ in the US.',
      "import {us} from './x';",
    ].join('\n');
    expect(firstPersonPlural(page)).toEqual([]);
  });

  it('does not match words that only contain the letters', () => {
    expect(firstPersonPlural('Weights, usage, busy, focus, status, website and user.')).toEqual([]);
  });
});
