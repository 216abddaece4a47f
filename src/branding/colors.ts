/**
 * The 22 named colours a partner may choose, and the CSS variables a brand sets.
 * Every value that reaches CSS is a `#rrggbb` string parsed here: partner input
 * never becomes CSS text.
 */

/** A colour pair: the accent (links, buttons) and a matching tinted background. */
export interface ColorPair {
  primary: string;
  background: string;
}

/**
 * The palette as partners name it. These are the colours a partner picks, not always the
 * ones shown: `colorPair` derives the shade actually used so that it meets WCAG AA on every
 * background it sits on (see `readableShade`).
 */
export const NAMED_COLORS = {
  red: {light: {primary: '#dc2626', background: '#fef2f2'}, dark: {primary: '#f87171', background: '#450a0a'}},
  orange: {light: {primary: '#c2410c', background: '#fff7ed'}, dark: {primary: '#fb923c', background: '#431407'}},
  amber: {light: {primary: '#b45309', background: '#fffbeb'}, dark: {primary: '#fbbf24', background: '#451a03'}},
  yellow: {light: {primary: '#a16207', background: '#fefce8'}, dark: {primary: '#facc15', background: '#422006'}},
  lime: {light: {primary: '#4d7c0f', background: '#f7fee7'}, dark: {primary: '#a3e635', background: '#1a2e05'}},
  green: {light: {primary: '#15803d', background: '#f0fdf4'}, dark: {primary: '#4ade80', background: '#052e16'}},
  emerald: {light: {primary: '#047857', background: '#ecfdf5'}, dark: {primary: '#34d399', background: '#022c22'}},
  teal: {light: {primary: '#0f766e', background: '#f0fdfa'}, dark: {primary: '#2dd4bf', background: '#042f2e'}},
  cyan: {light: {primary: '#0e7490', background: '#ecfeff'}, dark: {primary: '#22d3ee', background: '#083344'}},
  sky: {light: {primary: '#0369a1', background: '#f0f9ff'}, dark: {primary: '#38bdf8', background: '#082f49'}},
  blue: {light: {primary: '#2563eb', background: '#eff6ff'}, dark: {primary: '#60a5fa', background: '#172554'}},
  indigo: {light: {primary: '#4f46e5', background: '#eef2ff'}, dark: {primary: '#818cf8', background: '#1e1b4b'}},
  violet: {light: {primary: '#7c3aed', background: '#f5f3ff'}, dark: {primary: '#a78bfa', background: '#2e1065'}},
  purple: {light: {primary: '#9333ea', background: '#faf5ff'}, dark: {primary: '#c084fc', background: '#3b0764'}},
  fuchsia: {light: {primary: '#c026d3', background: '#fdf4ff'}, dark: {primary: '#e879f9', background: '#4a044e'}},
  pink: {light: {primary: '#db2777', background: '#fdf2f8'}, dark: {primary: '#f472b6', background: '#500724'}},
  rose: {light: {primary: '#e11d48', background: '#fff1f2'}, dark: {primary: '#fb7185', background: '#4c0519'}},
  slate: {light: {primary: '#475569', background: '#f8fafc'}, dark: {primary: '#94a3b8', background: '#020617'}},
  gray: {light: {primary: '#4b5563', background: '#f9fafb'}, dark: {primary: '#9ca3af', background: '#030712'}},
  zinc: {light: {primary: '#52525b', background: '#fafafa'}, dark: {primary: '#a1a1aa', background: '#09090b'}},
  neutral: {light: {primary: '#525252', background: '#fafafa'}, dark: {primary: '#a3a3a3', background: '#0a0a0a'}},
  stone: {light: {primary: '#57534e', background: '#fafaf9'}, dark: {primary: '#a8a29e', background: '#0c0a09'}},
} as const satisfies Record<string, {light: ColorPair; dark: ColorPair}>;

export type ColorName = keyof typeof NAMED_COLORS;
export const COLOR_NAMES = Object.keys(NAMED_COLORS) as ColorName[];

/** Grey scales a partner theme may pick; each has a static stylesheet in custom.css. */
export const GREY_THEMES = ['neutral', 'slate', 'zinc', 'stone', 'gray'] as const;
export type GreyTheme = (typeof GREY_THEMES)[number];

const HEX = /^#[0-9a-f]{6}$/;

/** A colour as a partner may write it: a palette name or `#rrggbb`; anything else is undefined. */
export function parseColor(value: unknown): ColorName | string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (Object.hasOwn(NAMED_COLORS, v)) return v as ColorName;
  return HEX.test(v) ? v : undefined;
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

function hexToRgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}

function rgbToHsl([r, g, b]: [number, number, number]): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function hslToHex([h, s, l]: [number, number, number]): string {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The seven `--ifm-color-primary*` shades of a colour, as Docusaurus derives them. */
export function primaryShades(hex: string): Record<string, string> {
  const [h, s, l] = rgbToHsl(hexToRgb(hex));
  const shade = (factor: number) => hslToHex([h, s, Math.min(1, Math.max(0, l * (1 + factor)))]);
  return {
    '--ifm-color-primary': hex,
    '--ifm-color-primary-dark': shade(-0.1),
    '--ifm-color-primary-darker': shade(-0.15),
    '--ifm-color-primary-darkest': shade(-0.3),
    '--ifm-color-primary-light': shade(0.1),
    '--ifm-color-primary-lighter': shade(0.15),
    '--ifm-color-primary-lightest': shade(0.3),
  };
}

/** WCAG AA: 4.5:1 for text (the primary colour is link and active-item text), 3:1 for UI parts. */
export const MIN_TEXT_CONTRAST = 4.5;
export const MIN_UI_CONTRAST = 3;

/**
 * Infima's backgrounds under brand-coloured text, per colour mode: page, navbar and cards;
 * the hover/active overlay (rgba(0,0,0,.05), rgba(255,255,255,.05)) over page and navbar,
 * as on active sidebar items; inline code. contrast.test.ts reads them from Infima.
 */
const SITE_BACKGROUNDS = {
  light: ['#ffffff', '#f2f2f2', '#f6f7f8'],
  dark: ['#1b1b1d', '#242526', '#262628', '#2f3031', '#323234'],
} as const;

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The colour itself if it meets `ratio` against every background, else the nearest shade of
 * the same hue, darkened (light mode) or lightened (dark mode) until it does. In dark mode
 * the darker hover shade of a primary button must also carry its black label.
 */
export function readableShade(hex: string, mode: 'light' | 'dark', backgrounds: readonly string[], ratio: number): string {
  const passes = (candidate: string) =>
    backgrounds.every((bg) => contrastRatio(candidate, bg) >= ratio) &&
    (mode === 'light' || ratio < MIN_TEXT_CONTRAST || contrastRatio(primaryShades(candidate)['--ifm-color-primary-dark'], '#000000') >= MIN_TEXT_CONTRAST);
  if (passes(hex)) return hex;
  const [h, s, l] = rgbToHsl(hexToRgb(hex));
  for (let step = 1; step <= 200; step++) {
    const lightness = mode === 'light' ? l - (l * step) / 200 : l + ((1 - l) * step) / 200;
    const candidate = hslToHex([h, s, lightness]);
    if (passes(candidate)) return candidate;
  }
  return mode === 'light' ? '#000000' : '#ffffff';
}

/**
 * Resolves a parsed colour to the pair used in one colour mode: the accent, made readable
 * against the site's backgrounds and its own tinted background (`minContrast`: 4.5 for the
 * primary, which is text; 3 for the secondary, which only draws lines).
 */
export function colorPair(color: string, mode: 'light' | 'dark', minContrast: number = MIN_TEXT_CONTRAST): ColorPair {
  let pair: ColorPair;
  if (Object.hasOwn(NAMED_COLORS, color)) pair = NAMED_COLORS[color as ColorName][mode];
  else {
    // A custom hex is the accent in both modes; its background is a faint tint or shade.
    const [h, s] = rgbToHsl(hexToRgb(color));
    pair = {primary: color, background: hslToHex([h, Math.min(s, 0.6), mode === 'light' ? 0.97 : 0.1])};
  }
  return {primary: readableShade(pair.primary, mode, [...SITE_BACKGROUNDS[mode], pair.background], minContrast), background: pair.background};
}

export interface BrandColors {
  primary?: {light?: string; dark?: string};
  secondary?: {light?: string; dark?: string};
}

export type CssVariables = {light: Record<string, string>; dark: Record<string, string>};

/** The colour a brand asks for in one mode: that mode's, else the other one's. */
function brandColor(colors: BrandColors | undefined, role: 'primary' | 'secondary', mode: 'light' | 'dark'): string | undefined {
  return colors?.[role]?.[mode] ?? colors?.[role]?.light ?? colors?.[role]?.dark;
}

/** The CSS variables of a brand's colours, per colour mode; only parsed colours reach here. */
export function brandCssVariables(colors: BrandColors | undefined): CssVariables {
  const out: CssVariables = {light: {}, dark: {}};
  for (const mode of ['light', 'dark'] as const) {
    const primary = brandColor(colors, 'primary', mode);
    const secondary = brandColor(colors, 'secondary', mode);
    const vars = out[mode];
    if (primary) {
      const pair = colorPair(primary, mode);
      Object.assign(vars, primaryShades(pair.primary));
      vars['--ifm-link-color'] = pair.primary;
      vars['--brand-surface'] = pair.background;
      vars['--docsearch-primary-color'] = pair.primary;
    }
    if (secondary) vars['--brand-secondary'] = colorPair(secondary, mode, MIN_UI_CONTRAST).primary;
  }
  return out;
}

/** A partner's custom colour that `brandCssVariables` shows as another shade, for contrast. */
export interface ColorAdjustment {
  role: 'primary' | 'secondary';
  mode: 'light' | 'dark';
  from: string;
  to: string;
  /** The ratio the shown colour meets on every background: 4.5 for text, 3 for lines. */
  ratio: number;
}

/** The custom `#rrggbb` colours of a brand that are shown adjusted (palette names never are). */
export function colorAdjustments(colors: BrandColors | undefined): ColorAdjustment[] {
  const out: ColorAdjustment[] = [];
  for (const role of ['primary', 'secondary'] as const) {
    const ratio = role === 'primary' ? MIN_TEXT_CONTRAST : MIN_UI_CONTRAST;
    for (const mode of ['light', 'dark'] as const) {
      const from = brandColor(colors, role, mode);
      if (!from || !isHexColor(from)) continue;
      const to = colorPair(from, mode, ratio).primary;
      if (to !== from) out.push({role, mode, from, to, ratio});
    }
  }
  return out;
}

const VAR_NAME = /^--[a-z][a-z0-9-]*$/;

/**
 * The stylesheet text of a brand's variables. Names and values are checked again
 * here, so whatever calls it (including the pre-paint script reading the cache)
 * can only ever emit `--name: #rrggbb` declarations.
 */
export function brandStyleSheet(vars: CssVariables): string {
  const block = (entries: Record<string, string>) =>
    Object.entries(entries)
      .filter(([name, value]) => VAR_NAME.test(name) && HEX.test(value))
      .map(([name, value]) => `${name}:${value}`)
      .join(';');
  return `html:root{${block(vars.light)}}html[data-theme='dark']:root{${block(vars.dark)}}`;
}
