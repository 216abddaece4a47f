import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {brandCssVariables} from './colors';
import {DEFAULT_BRAND} from './defaults';
import {policies} from '../data/platform';

const css = readFileSync(path.join(__dirname, '..', 'css', 'custom.css'), 'utf8');

/** The custom properties declared in the first rule of custom.css with exactly this selector. */
function declarations(selector: string): Record<string, string> {
  const start = css.indexOf(`\n${selector} {`);
  if (start < 0) throw new Error(`no '${selector}' rule in custom.css`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

describe('default brand', () => {
  // The colours a partner would get for violet/purple are exactly the defaults in custom.css.
  const vars = brandCssVariables({primary: {light: DEFAULT_BRAND.colors.primary}, secondary: {light: DEFAULT_BRAND.colors.secondary}});

  for (const [mode, selector] of [
    ['light', ':root'],
    ['dark', "[data-theme='dark']"],
  ] as const) {
    it(`custom.css declares the ${mode}-mode colours that derive from DEFAULT_BRAND.colors`, () => {
      const declared = declarations(selector);
      const names = Object.keys(vars[mode]).filter((name) => name.startsWith('--ifm-color-primary') || name === '--brand-secondary');
      expect(names).toHaveLength(8);
      for (const name of names) expect(declared[name], `${mode} ${name}`).toBe(vars[mode][name]);
    });
  }

  it('keeps brand addresses out of the product facts: guides quote them through <SupportEmail />', () => {
    expect(JSON.stringify(policies)).not.toContain(DEFAULT_BRAND.supportEmail);
  });
});
