/**
 * What the feedback form adds to a page's first load: its markup's code (the follow-up, in
 * ./enhance, loads only when the reader nears the form). The issue allows 1 KB gzip; measured
 * here by bundling the component as the page gets it (React and the CSS module outside) and
 * compressing it, so that it cannot grow past the budget unnoticed.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {build, type Plugin} from 'esbuild';
import {describe, expect, it} from 'vitest';

const FIRST_LOAD_BUDGET = 1024;

/** A CSS module as the site's bundler emits it into the page's script: its class names, each with a short hash. */
const cssModuleNames: Plugin = {
  name: 'css-module-names',
  setup(plugin) {
    plugin.onLoad({filter: /\.module\.css$/}, (args) => {
      const names = [...new Set([...readFileSync(args.path, 'utf8').matchAll(/\.([A-Za-z][\w-]*)/g)].map((m) => m[1]))];
      return {contents: `export default ${JSON.stringify(Object.fromEntries(names.map((n) => [n, `${n}_AbCd`])))};`, loader: 'js'};
    });
  },
};

describe('the feedback form', () => {
  it(`adds at most ${FIRST_LOAD_BUDGET} bytes of gzip to a first load`, async () => {
    const result = await build({
      entryPoints: [path.join(__dirname, 'index.tsx')],
      bundle: true,
      minify: true,
      format: 'esm',
      jsx: 'automatic',
      write: false,
      logLevel: 'silent',
      // React is on the page already, and the follow-up is a chunk of its own.
      external: ['react', 'react/jsx-runtime', './enhance'],
      plugins: [cssModuleNames],
    });
    const code = result.outputFiles[0].text;
    expect(code).toContain('Was this page helpful?');
    expect(code).not.toContain('detailKey');
    const gzip = zlib.gzipSync(code, {level: 9}).length;
    expect(gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
  });
});
