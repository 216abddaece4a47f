/** For the tests of plugins built on ./core-client-module. */
import {expect} from 'vitest';
import type {Plugin} from '@docusaurus/types';

/**
 * The module replacement `plugin` configures for the browser bundle, as [pattern, replacement];
 * fails unless it configures exactly one, and nothing for the server bundle.
 */
export function browserReplacementOf(plugin: Plugin): [RegExp, string] {
  const made: [RegExp, string][] = [];
  class NormalModuleReplacementPlugin {
    constructor(pattern: RegExp, replacement: string) {
      made.push([pattern, replacement]);
    }
  }
  const utils = {currentBundler: {instance: {NormalModuleReplacementPlugin}}} as never;
  expect(plugin.configureWebpack!({} as never, true, utils, {} as never)).toEqual({});
  const config = plugin.configureWebpack!({} as never, false, utils, {} as never) as {plugins: unknown[]};
  expect(config.plugins).toHaveLength(1);
  expect(made).toHaveLength(1);
  return made[0];
}
