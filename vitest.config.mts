import {availableParallelism} from 'node:os';
import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';

export default defineConfig({
  // Components under test import site modules as pages do.
  resolve: {alias: {'@site': fileURLToPath(new URL('.', import.meta.url))}},
  // The site's tsconfig keeps JSX for the bundler ("preserve"); tests compile it themselves.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'build-*/**', '.docusaurus/**', 'e2e/**'],
    environment: 'node',
    // Every core, as on CI: Vitest's default leaves one free, which on 2 cores halves the run.
    maxWorkers: availableParallelism(),
    // Several tests walk every page, the whole spec or the search index; on a busy 2-core
    // machine they take longer than Vitest's 5 s default. The limit is there to end a hang.
    testTimeout: 60_000,
  },
});
