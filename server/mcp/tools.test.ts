import {describe, expect, it} from 'vitest';
import {MAX_PAGE_CHARS, slice, withCurlSampleOnly} from './tools';

describe('slice', () => {
  it('returns a long text in parts that join back into it, cut at line ends', () => {
    const text = Array.from({length: 5000}, (_, i) => `line ${i} ${'x'.repeat(i % 40)}`).join('\n');
    const parts: string[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const {part, next} = slice(text, offset);
      expect(part.length).toBeLessThanOrEqual(MAX_PAGE_CHARS);
      if (next !== null) expect(part.endsWith('\n')).toBe(true);
      parts.push(part);
      offset = next;
    }
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(text);
  });

  it('says when the offset is past the end', () => {
    expect(slice('short', 0)).toEqual({part: 'short', next: null});
    expect(() => slice('short', 5)).toThrow(/past the end/);
  });

  it('never cuts a surrogate pair', () => {
    const text = 'a' + '😀'.repeat(MAX_PAGE_CHARS);
    const {part, next} = slice(text, 0);
    expect(next).toBe(part.length);
    expect(/[\uD800-\uDBFF]$/.test(part)).toBe(false);
  });
});

describe('withCurlSampleOnly', () => {
  it('keeps the curl sample and drops the other languages, not code that looks like a label', () => {
    const md = [
      '# Op',
      '',
      '## Code samples',
      '',
      '**curl**',
      '',
      '```bash',
      'curl https://api.example.com/v1/x',
      '**Python**',
      '```',
      '',
      '**Python**',
      '',
      '```python',
      'import requests',
      '```',
      '',
      '## After',
      'kept',
    ].join('\n');
    const out = withCurlSampleOnly(md);
    expect(out).toContain('curl https://api.example.com/v1/x\n**Python**\n```');
    expect(out).not.toContain('import requests');
    expect(out).toContain('## After\nkept');
  });
});
