import {readFileSync} from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {describe, expect, it} from 'vitest';
import {FULL_LAYOUT, headScript, hrefHasFragment, opensAtPlace} from './layout';

/** Runs the inline head script in a bare context shaped like a page opened this way. */
function runHeadScript(hash: string, navigation: (() => {type: string}[]) | undefined): boolean {
  const attributes = new Map<string, string>();
  const context = {
    location: {hash},
    document: {documentElement: {setAttribute: (name: string, value: string) => attributes.set(name, value)}},
    performance: navigation ? {getEntriesByType: (kind: string) => (kind === 'navigation' ? navigation() : [])} : undefined,
  };
  vm.runInNewContext(headScript(), context);
  return attributes.has(FULL_LAYOUT);
}

describe('offscreen blocks', () => {
  it('lay out in full a page opened at a fragment, reloaded or reached through history, and no other', () => {
    expect(opensAtPlace('', 'navigate')).toBe(false);
    expect(opensAtPlace('#', 'navigate')).toBe(false);
    expect(opensAtPlace('#pricing', 'navigate')).toBe(true);
    expect(opensAtPlace('', 'reload')).toBe(true);
    expect(opensAtPlace('', 'back_forward')).toBe(true);
    expect(opensAtPlace('', 'prerender')).toBe(false);
    expect(opensAtPlace('', undefined)).toBe(false);
  });

  it('know which links put the reader at a fragment', () => {
    expect(hrefHasFragment('#limits')).toBe(true);
    expect(hrefHasFragment('/docs/storage/volumes#resize')).toBe(true);
    expect(hrefHasFragment('/docs/storage/volumes')).toBe(false);
    expect(hrefHasFragment('/docs/storage/volumes#')).toBe(false);
    expect(hrefHasFragment('')).toBe(false);
    expect(hrefHasFragment(null)).toBe(false);
  });

  it('mark the root from the head script before the body is parsed, and in full where the navigation type cannot be read', () => {
    expect(runHeadScript('', () => [{type: 'navigate'}])).toBe(false);
    expect(runHeadScript('#resize', () => [{type: 'navigate'}])).toBe(true);
    expect(runHeadScript('', () => [{type: 'reload'}])).toBe(true);
    expect(runHeadScript('', () => [{type: 'back_forward'}])).toBe(true);
    // No Navigation Timing entry: the type is unknown, only the fragment counts.
    expect(runHeadScript('', () => [])).toBe(false);
    // No Navigation Timing at all, or one that throws: the safe answer is the full layout.
    expect(runHeadScript('', undefined)).toBe(true);
    expect(
      runHeadScript('', () => {
        throw new Error('blocked');
      }),
    ).toBe(true);
  });

  it('style only the blocks of a doc body after the first screen, never its headings, and only on screen', () => {
    const css = readFileSync(path.join(__dirname, 'blocks.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css).toMatch(/@media screen\s*\{/);
    const rule = /html:not\(\[([\w-]+)\]\) \.theme-doc-markdown > :nth-child\(n \+ (\d+)\):not\(([^)]*)\)\s*\{([^}]*)\}/.exec(css);
    expect(rule, 'the rule that skips far blocks').not.toBeNull();
    const [, attribute, first, kept, body] = rule!;
    expect(attribute).toBe(FULL_LAYOUT);
    // The first screen of every page at 1920 x 1200 ends within its first 16 blocks.
    expect(Number(first)).toBeGreaterThan(16);
    expect(kept.split(',').map((s) => s.trim())).toEqual(expect.arrayContaining(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']));
    expect(body).toMatch(/content-visibility:\s*auto/);
    // `auto` keeps a block's last laid-out size once it has been seen, so scrolling back does not shift.
    expect(body).toMatch(/contain-intrinsic-block-size:\s*auto\s+\S+/);
  });
});
