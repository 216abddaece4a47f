import {readdirSync, readFileSync} from 'node:fs';
import {availableParallelism} from 'node:os';
import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';

const EXCLUDE = ['node_modules/**', 'build/**', 'build-*/**', '.docusaurus/**', 'e2e/**'];

/**
 * Test files that change what other files would see (globals, the environment, timers) or
 * swap modules (`vi.mock`): each runs in a module graph of its own. Found by reading the
 * files, so a test that starts doing so is isolated without a list to keep up.
 */
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(/;
const SOURCE_DIRS = readdirSync('.', {withFileTypes: true})
  .filter((entry) => entry.isDirectory() && !/^(node_modules|build|e2e|\..*)$/.test(entry.name) && !entry.name.startsWith('build-'))
  .map((entry) => entry.name);
const isolatedFiles = SOURCE_DIRS.flatMap((dir) => readdirSync(dir, {recursive: true, encoding: 'utf8'}).map((file) => `${dir}/${file.split('\\').join('/')}`))
  .filter((file) => file.endsWith('.test.ts') && CHANGES_SHARED_STATE.test(readFileSync(file, 'utf8')));

export default defineConfig({
  // Components under test import site modules as pages do.
  resolve: {alias: {'@site': fileURLToPath(new URL('.', import.meta.url))}},
  // The site's tsconfig keeps JSX for the bundler ("preserve"); tests compile it themselves.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    environment: 'node',
    // Every core, as on CI: Vitest's default leaves one free, which on 2 cores halves the run.
    maxWorkers: availableParallelism(),
    // Several tests walk every page, the whole spec or the search index; on a busy 2-core
    // machine they take longer than Vitest's 5 s default. The limit is there to end a hang.
    testTimeout: 60_000,
    // The same for set-up: a hook that opens the embedded insights database (PGlite, a
    // WebAssembly build of PostgreSQL) beside the other workers passed Vitest's 10 s default.
    hookTimeout: 60_000,
    projects: [
      {
        // The rest share each worker's module graph: a module the files of a worker import
        // is loaded once instead of once per file (imports took 79 s of 400 worker-seconds).
        extends: true,
        test: {name: 'shared', include: ['**/*.test.ts'], exclude: [...EXCLUDE, ...isolatedFiles], isolate: false},
      },
      {extends: true, test: {name: 'isolated', include: isolatedFiles.length ? isolatedFiles : ['no-such-file'], exclude: EXCLUDE}},
    ],
  },
});
