import {describe, expect, it} from 'vitest';
import {consoleUrl} from './consoleUrl';

describe('consoleUrl', () => {
  it('joins the console base and a root-relative path', () => {
    expect(consoleUrl('https://console.example.com/', '/virtual-machines')).toBe('https://console.example.com/virtual-machines');
    expect(consoleUrl('https://console.example.com', '/')).toBe('https://console.example.com/');
  });

  it('rejects paths that would leave the console', () => {
    for (const bad of ['https://evil.example', '//evil.example', 'javascript:alert(1)', 'billing']) {
      expect(() => consoleUrl('https://console.example.com', bad)).toThrow(/must start with a single/);
    }
  });
});
