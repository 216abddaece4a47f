import {describe, expect, it} from 'vitest';
import {minimumWords, proseWords} from './docs';

describe('proseWords', () => {
  it('counts the words of prose only', () => {
    expect(proseWords('One two three.\n\nFour [five](./six.mdx) seven.')).toBe(6);
  });

  it('leaves out code, imports, multi-line exports, JSX tags and expressions', () => {
    const page = [
      "import {flavors} from '@site/src/data/platform';",
      '',
      'export const Table = () => (',
      '  <table>',
      '    <tr><td>lots of words inside a component</td></tr>',
      '  </table>',
      ');',
      '',
      'Words here <Price flavor="n3-L40x1" /> and {flavors.map((f) => <b key={f.name}>{f.name} counted never</b>)} end.',
      '```bash',
      'echo not prose either',
      '```',
    ].join('\n');
    expect(proseWords(page)).toBe(4);
  });
});

describe('minimumWords', () => {
  it('asks 700 words of a tutorial and 400 of other pages', () => {
    expect(minimumWords('docs/tutorials/jupyter-notebook.mdx')).toBe(700);
    expect(minimumWords('docs/network/ssh.mdx')).toBe(400);
    // A 500-word tutorial fails where a 500-word how-to passes.
    const words = Array.from({length: 500}, (_, i) => `word${i}`).join(' ');
    expect(proseWords(words) >= minimumWords('docs/tutorials/docker-support.mdx')).toBe(false);
    expect(proseWords(words) >= minimumWords('docs/storage/ephemeral.mdx')).toBe(true);
  });
});
