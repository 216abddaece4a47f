import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {COLOR_NAMES, NAMED_COLORS, brandCssVariables, colorPair, parseColor, primaryShades} from './colors';
import {brandStyleSheet} from './boot';

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
function luminance(hex: string): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(channel(hex, 0)) + 0.7152 * lin(channel(hex, 1)) + 0.0722 * lin(channel(hex, 2));
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

describe('named colours', () => {
  it('has the 22 colours of the spec, red to stone', () => {
    expect(COLOR_NAMES).toHaveLength(22);
    expect(COLOR_NAMES[0]).toBe('red');
    expect(COLOR_NAMES.at(-1)).toBe('stone');
  });

  it('gives every light-mode primary at least 4.5:1 contrast on white, so links stay readable', () => {
    for (const name of COLOR_NAMES) {
      expect(contrast(NAMED_COLORS[name].light.primary, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(NAMED_COLORS[name].dark.primary, '#1b1b1d'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('parseColor', () => {
  it('accepts palette names and #rrggbb, case-insensitively', () => {
    expect(parseColor('Teal')).toBe('teal');
    expect(parseColor(' #A1B2C3 ')).toBe('#a1b2c3');
  });

  it('rejects everything else', () => {
    for (const bad of ['#abc', 'red;background:url(x)', 'rgb(0,0,0)', 'var(--x)', 'chartreuse', '', 42, null, {}, '#12345g', 'constructor', '__proto__', 'toString']) {
      expect(parseColor(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('primaryShades', () => {
  it('derives the seven Docusaurus shades, darker to lighter', () => {
    const shades = primaryShades('#7c3aed');
    expect(Object.keys(shades)).toHaveLength(7);
    expect(shades['--ifm-color-primary']).toBe('#7c3aed');
    expect(luminance(shades['--ifm-color-primary-darkest'])).toBeLessThan(luminance(shades['--ifm-color-primary-dark']));
    expect(luminance(shades['--ifm-color-primary-lightest'])).toBeGreaterThan(luminance(shades['--ifm-color-primary-light']));
  });
});

describe('brandCssVariables', () => {
  it('maps a named primary to its light and dark pairs, and a hex to itself', () => {
    const vars = brandCssVariables({primary: {light: 'teal', dark: '#22d3ee'}, secondary: {light: 'cyan'}});
    expect(vars.light['--ifm-color-primary']).toBe(NAMED_COLORS.teal.light.primary);
    expect(vars.light['--brand-surface']).toBe(NAMED_COLORS.teal.light.background);
    expect(vars.dark['--ifm-color-primary']).toBe('#22d3ee');
    expect(vars.dark['--brand-secondary']).toBe(NAMED_COLORS.cyan.dark.primary);
    expect(vars.light['--ifm-link-color']).toBe(vars.light['--ifm-color-primary']);
  });

  it('emits only #rrggbb values, for any parsed colour', () => {
    const colorArb = fc.oneof(fc.constantFrom(...COLOR_NAMES), fc.stringMatching(/^#[0-9a-f]{6}$/));
    fc.assert(
      fc.property(colorArb, colorArb, (primary, secondary) => {
        const vars = brandCssVariables({primary: {light: primary}, secondary: {dark: secondary}});
        for (const mode of ['light', 'dark'] as const) {
          for (const value of Object.values(vars[mode])) expect(value).toMatch(/^#[0-9a-f]{6}$/);
        }
        expect(colorPair(primary, 'dark').background).toMatch(/^#[0-9a-f]{6}$/);
      }),
    );
  });
});

describe('brandStyleSheet', () => {
  it('writes declarations for valid variables only', () => {
    const css = brandStyleSheet({light: {'--ifm-color-primary': '#0f766e', '--x': 'red;}body{display:none', 'color:red;--y': '#000000'}, dark: {}});
    expect(css).toBe("html:root{--ifm-color-primary:#0f766e}html[data-theme='dark']:root{}");
  });

  it('never lets arbitrary input out of a declaration', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))), fc.anything(), (light, dark) => {
        const css = brandStyleSheet({light, dark: dark as Record<string, unknown>});
        const body = css.replace(/^html:root\{/, '').replace(/\}html\[data-theme='dark'\]:root\{/, ';').replace(/\}$/, '');
        for (const declaration of body.split(';').filter(Boolean)) expect(declaration).toMatch(/^--[a-z][a-z0-9-]*:#[0-9a-f]{6}$/);
      }),
    );
  });
});
