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
  },
});
