import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {exactPath, reactUtilsModule} from '.';

const require = createRequire(import.meta.url);
const {orderKeysByCodeUnit, CODE_UNIT_SORT} = require('./transform.cjs') as {orderKeysByCodeUnit: (source: string, file: string) => string; CODE_UNIT_SORT: string};

describe('key-order', () => {
  const file = reactUtilsModule(process.cwd());

  it('rewrites the installed theme-common: no localeCompare left in useShallowMemoObject', () => {
    const out = orderKeysByCodeUnit(readFileSync(file, 'utf8'), file);
    const hook = out.slice(out.indexOf('export function useShallowMemoObject'));
    expect(hook.slice(0, hook.indexOf('\n}'))).toContain(CODE_UNIT_SORT);
    expect(out).not.toContain('localeCompare');
  });

  it('sorts entries into one order whatever order the keys were written in', () => {
    // The comparator as the bundle gets it, run on the entries of two objects with the same keys.
    const sortEntries = new Function('deps', `${CODE_UNIT_SORT} return deps;`) as (deps: [string, unknown][]) => [string, unknown][];
    const keys = (o: object) => sortEntries(Object.entries(o)).map(([key]) => key);
    expect(keys({subtree: true, childList: true, attributes: true, characterData: true})).toEqual(['attributes', 'characterData', 'childList', 'subtree']);
    expect(keys({path: '/', sidebar: []})).toEqual(keys({sidebar: [], path: '/'}));
  });

  it('fails the build, naming itself, when Docusaurus rewrites the line', () => {
    expect(() => orderKeysByCodeUnit('export function useShallowMemoObject(obj) { return obj; }', file)).toThrow(/key-order: .*reactUtils\.js no longer sorts/);
  });

  it('applies to that one module', () => {
    expect(exactPath(file).test(file)).toBe(true);
    expect(exactPath(file).test(`${file}.map`)).toBe(false);
    expect(exactPath(file).test(file.replace('reactUtils', 'reactUtilsX'))).toBe(false);
  });
});
