import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {exactPath} from '../key-order';
import {docsearchModule} from '.';

const require = createRequire(import.meta.url);
const {makeOnce} = require('./transform.cjs') as {makeOnce: (source: string, file: string) => string};

describe('docsearch', () => {
  const file = docsearchModule(process.cwd());
  const source = readFileSync(file, 'utf8');

  it('rewrites the installed DocSearch: both stores made in a state initialiser, none in a ref', () => {
    const out = makeOnce(source, file);
    expect(out.match(/\.useState\(function\(\)\{return [\w$]+\(\{key:"__DOCSEARCH_(FAVORITE|RECENT)_SEARCHES__"/g)).toHaveLength(2);
    expect(out).not.toMatch(/useRef\([\w$]+\(\{key:"__DOCSEARCH_/);
    // Nothing else changed.
    expect(out.length - source.length).toBe(2 * ('.useState(function(){return '.length + '})[0]'.length - '.useRef('.length - ').current'.length));
  });

  it('makes each store on the first render only, the same store for the modal’s life', () => {
    // A stand-in for the modal's lines, run the way React runs them: a ref's argument every
    // render, a state initialiser on the first.
    const modal = 'G=e.useRef(xr({key:"__DOCSEARCH_FAVORITE_SEARCHES__".concat(o),limit:10})).current,Y=e.useRef(xr({key:"__DOCSEARCH_RECENT_SEARCHES__".concat(o),limit:0===G.getAll().length?7:4})).current;';
    const render = (code: string) => {
      const made: string[] = [];
      const slots: unknown[] = [];
      const hooks = () => {
        let slot = 0;
        const keep = (value: () => unknown) => {
          const index = slot++;
          if (!(index in slots)) slots[index] = value();
          return slots[index];
        };
        return {useRef: (value: unknown) => ({current: keep(() => value)}), useState: (init: () => unknown) => [keep(init)]};
      };
      const xr = (options: {key: string}) => {
        made.push(options.key);
        return {key: options.key, getAll: () => []};
      };
      const run = new Function('e', 'xr', 'o', `var G,Y;${code}return [G,Y];`) as (e: unknown, make: unknown, o: string) => [unknown, unknown];
      const first = run(hooks(), xr, 'docs');
      const second = run(hooks(), xr, 'docs');
      return {made, same: first[0] === second[0] && first[1] === second[1]};
    };
    expect(render(modal).made).toHaveLength(4);
    const patched = render(makeOnce(modal, 'modal.js'));
    expect(patched.made).toEqual(['__DOCSEARCH_FAVORITE_SEARCHES__docs', '__DOCSEARCH_RECENT_SEARCHES__docs']);
    expect(patched.same).toBe(true);
  });

  it('fails the build, naming itself, when DocSearch changes those lines', () => {
    expect(() => makeOnce('var G=e.useMemo(function(){return xr({key:"__DOCSEARCH_FAVORITE_SEARCHES__"})},[]);', file)).toThrow(/docsearch: .*found 0 of 2/);
  });

  it('applies to that one module', () => {
    expect(exactPath(file).test(file)).toBe(true);
    expect(exactPath(file).test(file.replace('esm', 'umd'))).toBe(false);
  });
});
