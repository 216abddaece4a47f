/**
 * What the page downloads for a search that runs in the worker: the page's side of the
 * worker client and what it imports at once. The search engine (MiniSearch) runs in the
 * worker; on the page it is needed only by the fallback client, loaded where no worker can
 * run. Bundled here with code splitting as the site's bundler does it, so that a static
 * import that drags the engine back onto the page fails a test instead of adding 17 KB to
 * every first search unnoticed.
 */
import path from 'node:path';
import {build} from 'esbuild';
import {describe, expect, it} from 'vitest';

describe("the page's side of search", () => {
  it('loads no search engine with the client that forwards to the worker; only the fallback does', async () => {
    const entry = path.join(__dirname, 'localSearch.ts');
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: 'esm',
      outdir: path.join(__dirname, 'out'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const outputs = Object.values(result.metafile.outputs);
    const engineIn = (inputs: Record<string, unknown>) => Object.keys(inputs).some((input) => input.includes('node_modules/minisearch/'));
    const page = outputs.find((output) => output.entryPoint && path.resolve(output.entryPoint) === entry);
    expect(page).toBeDefined();
    // Everything the entry imports statically is in its own output or in the chunks it imports (not dynamically).
    const statics = [page!, ...page!.imports.filter((i) => i.kind === 'import-statement').map((i) => result.metafile.outputs[i.path])];
    for (const output of statics) expect(engineIn(output.inputs)).toBe(false);
    // The engine is there, for the fallback, behind a dynamic import.
    expect(outputs.some((output) => engineIn(output.inputs))).toBe(true);
  });
});
