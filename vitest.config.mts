import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'build-*/**', '.docusaurus/**', 'e2e/**'],
    environment: 'node',
  },
});
