/**
 * WCAG 2.x contrast of every partner palette, in both colour modes, on every surface the
 * brand colours sit on. The backgrounds are read from Infima's stylesheet (and custom.css),
 * not from the mapping under test, so a theme upgrade that moves a background shows here.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import fc from 'fast-check';
import {COLOR_NAMES, brandCssVariables, colorAdjustments, type BrandColors} from './colors';

type Mode = 'light' | 'dark';
const TEXT = 4.5;
const UI = 3;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** An `rgba(...)` overlay composited over an opaque background. */
function over(rgba: string, background: string): string {
  const [r, g, b, a] = rgba.match(/[\d.]+/g)!.map(Number);
  return hex([r, g, b].map((c, i) => c * a + channels(background)[i] * 255 * (1 - a)));
}

const infima = readFileSync(path.join(__dirname, '../../node_modules/infima/dist/css/default/default.css'), 'utf8');
const darkBlock = infima.slice(infima.indexOf("html[data-theme='dark'] {"));
function infimaValue(css: string, name: string): string {
  const match = css.match(new RegExp(`${name}:\\s*([^;]+);`));
  if (!match) throw new Error(`${name} not found in Infima's stylesheet`);
  return match[1].trim();
}
function opaque(value: string): string {
  const rgb = value.match(/^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/);
  return rgb ? hex(rgb.slice(1).map(Number)) : value;
}

/** The backgrounds behind brand-coloured text and parts, and the text colours on brand surfaces. */
const surfaces = (() => {
  const lightPage = '#ffffff'; // --ifm-background-color is transparent over the white canvas
  const lightSurface = '#ffffff'; // --ifm-background-surface-color: emphasis-0, white
  const darkPage = infimaValue(darkBlock, '--ifm-background-color');
  const darkSurface = infimaValue(darkBlock, '--ifm-background-surface-color');
  const lightOverlay = infimaValue(infima, '--ifm-hover-overlay');
  const darkOverlay = infimaValue(darkBlock, '--ifm-hover-overlay');
  const backgrounds: Record<Mode, Record<string, string>> = {
    light: {
      page: lightPage,
      'navbar, cards': lightSurface,
      'sidebar active and hover, breadcrumb, pagination': over(lightOverlay, lightPage),
      'navbar dropdown and mobile menu hover': over(lightOverlay, lightSurface),
      'inline code': opaque(infimaValue(infima, '--ifm-code-background')),
    },
    dark: {
      page: darkPage,
      'navbar, cards': darkSurface,
      'sidebar active and hover, breadcrumb, pagination': over(darkOverlay, darkPage),
      'navbar dropdown and mobile menu hover': over(darkOverlay, darkSurface),
      'inline code': over(infimaValue(darkBlock, '--ifm-code-background'), darkPage),
    },
  };
  return {
    backgrounds,
    // Button text: --ifm-font-color-base-inverse, Infima's emphasis-0 (white; black in dark mode).
    buttonText: {light: '#ffffff', dark: '#000000'} as Record<Mode, string>,
    // Announcement bar text (--ifm-font-color-base) on the brand surface.
    bodyText: {light: opaque(infimaValue(infima, '--ifm-color-gray-900')), dark: infimaValue(darkBlock, '--ifm-color-content')} as Record<Mode, string>,
  };
})();

/** Every shortfall of one brand, as readable lines (empty when it passes everywhere). */
function shortfalls(colors: BrandColors): string[] {
  const vars = brandCssVariables(colors);
  const out: string[] = [];
  const need = (mode: Mode, what: string, fg: string | undefined, bg: string | undefined, ratio: number) => {
    if (!fg || !bg) return;
    const value = contrast(fg, bg);
    if (value < ratio) out.push(`${mode}: ${what} ${fg} on ${bg} is ${value.toFixed(2)}:1, needs ${ratio}:1`);
  };
  for (const mode of ['light', 'dark'] as const) {
    const v = vars[mode];
    const primary = v['--ifm-color-primary'];
    const brandSurface = v['--brand-surface'];
    const backgrounds = {...surfaces.backgrounds[mode], 'announcement bar, home hero (--brand-surface)': brandSurface};
    if (primary) expect(v['--ifm-link-color'], `${mode} link colour`).toBe(primary);
    for (const [where, bg] of Object.entries(backgrounds)) {
      // Links, active sidebar/tab/navbar/breadcrumb/TOC items: text.
      need(mode, `primary text on ${where}`, primary, bg, TEXT);
      need(mode, `secondary marker on ${where}`, v['--brand-secondary'], bg, UI);
    }
    // Primary buttons: inverse text on the primary colour, and on the darker hover shade.
    need(mode, 'button text on primary', surfaces.buttonText[mode], primary, TEXT);
    need(mode, 'button text on primary hover', surfaces.buttonText[mode], v['--ifm-color-primary-dark'], TEXT);
    // Home page card titles (src/pages/index.module.css).
    const cardTitle = mode === 'light' ? v['--ifm-color-primary-darkest'] : v['--ifm-color-primary-light'];
    need(mode, 'card title', cardTitle, surfaces.backgrounds[mode].page, TEXT);
    need(mode, 'announcement bar text', surfaces.bodyText[mode], brandSurface, TEXT);
  }
  return out;
}

describe('partner palettes meet WCAG AA contrast', () => {
  it('reads the backgrounds it checks from Infima', () => {
    expect(surfaces.backgrounds.light['sidebar active and hover, breadcrumb, pagination']).toBe('#f2f2f2');
    expect(surfaces.backgrounds.dark.page).toBe('#1b1b1d');
  });

  it.each(COLOR_NAMES)('%s as primary and secondary, both modes, every surface', (name) => {
    expect(shortfalls({primary: {light: name, dark: name}, secondary: {light: name, dark: name}})).toEqual([]);
  });

  const edgeHexes = ['#ffffff', '#000000', '#ffff00', '#00ff00', '#00ffff', '#0000ff', '#ff0000', '#808080', '#767676', '#d61f4e', '#a16207', '#fde047', '#1e1b4b'];

  it.each(edgeHexes)('custom %s, given for one mode or both, is adjusted until it passes', (color) => {
    expect(shortfalls({primary: {light: color}, secondary: {dark: color}})).toEqual([]);
    expect(shortfalls({primary: {light: color, dark: color}, secondary: {light: color, dark: color}})).toEqual([]);
  });

  it('any custom #rrggbb pair passes', () => {
    const hexArb = fc.stringMatching(/^#[0-9a-f]{6}$/);
    fc.assert(
      fc.property(hexArb, hexArb, hexArb, (light, dark, secondary) => {
        expect(shortfalls({primary: {light, dark}, secondary: {light: secondary}})).toEqual([]);
      }),
      {numRuns: 500},
    );
  });

  it('reports an adjusted custom colour, and leaves a readable one alone', () => {
    const notes = colorAdjustments({primary: {light: '#fde047', dark: '#0f766e'}});
    expect(notes.map(({role, mode, from}) => [role, mode, from])).toEqual([
      ['primary', 'light', '#fde047'],
      ['primary', 'dark', '#0f766e'],
    ]);
    for (const note of notes) expect(note.to).toMatch(/^#[0-9a-f]{6}$/);
    expect(colorAdjustments({primary: {light: '#0f766e', dark: '#2dd4bf'}})).toEqual([]);
  });
});
