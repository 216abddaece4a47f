import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {COMPILE_HINT, addCompileHints} from '.';

let outDir: string;
const js = (name: string) => path.join(outDir, 'docs-base/assets/js', name);
const page = (scripts: string[]) =>
  `<!DOCTYPE html><html><body><div id="__docusaurus"></div><script>!function(n){n.forEach(function(){})}(${JSON.stringify(scripts)})</script></body></html>`;

beforeEach(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(outDir, 'docs-base/assets/js'), {recursive: true});
  for (const name of ['runtime~main.1.js', 'main.2.js', 'page.3.js']) writeFileSync(js(name), `console.log(${JSON.stringify(name)});`);
});
afterEach(() => rmSync(outDir, {recursive: true, force: true}));

describe('compile hints', () => {
  it('go on the first line of the scripts the pages start with, once, and on no other', async () => {
    writeFileSync(path.join(outDir, 'index.html'), page(['/base/docs-base/assets/js/runtime~main.1.js', '/base/docs-base/assets/js/main.2.js']));
    for (let run = 0; run < 2; run++) {
      const files = await addCompileHints(outDir, '/base/');
      expect(files).toEqual([js('runtime~main.1.js'), js('main.2.js')]);
    }
    expect(readFileSync(js('main.2.js'), 'utf8')).toBe(`${COMPILE_HINT}\nconsole.log("main.2.js");`);
    expect(readFileSync(js('runtime~main.1.js'), 'utf8').split('\n')[0]).toBe(COMPILE_HINT);
    expect(readFileSync(js('page.3.js'), 'utf8')).toBe('console.log("page.3.js");');
  });

  it('fail the build with the reason when the home page has no script loader', async () => {
    writeFileSync(path.join(outDir, 'index.html'), '<!DOCTYPE html><html><body><script src="/x.js"></script></body></html>');
    await expect(addCompileHints(outDir)).rejects.toThrow(/no script loader in .*index\.html/);
    rmSync(path.join(outDir, 'index.html'));
    await expect(addCompileHints(outDir)).rejects.toThrow(/no script loader/);
  });
});
