import {availableParallelism} from 'node:os';
import {defineConfig, devices} from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

// Debian's chromium, never a downloaded browser build. The flags keep it from
// reaching for Google services this network does not have.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // One worker per core, with or without CI (Playwright's default is half the cores: one on 2).
  workers: availableParallelism(),
  // No retries: a test that passes only the second time is a bug to find, not to hide.
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', {open: 'never'}]],
  // Tests wait for states the app announces (data-has-hydrated, data-brand-pending,
  // data-search-index, data-results-state); these limits are only how long such a wait may
  // take on a busy 2-core machine before it counts as a failure.
  timeout: 60_000,
  expect: {timeout: 15_000},
  use: {
    baseURL,
    launchOptions: chromium,
    // No trace by default: recording one costs a fifth of a test's time and a quarter to a
    // third of a page crawl's. To see a failure step by step, run the test again with
    // `npx playwright test <file> --trace retain-on-failure`.
    trace: 'off',
  },
  projects: [
    {name: 'desktop', use: {...devices['Desktop Chrome'], launchOptions: chromium}},
  ],
  webServer: {
    command: 'npx tsx server/start.ts',
    url: `${baseURL}/`,
    // No access log: thousands of lines would bury the test report. No insights: no page
    // posts to them yet, and the suite must not write to a developer's .insights/.
    env: {PORT: String(port), HOST: '127.0.0.1', ACCESS_LOG: 'off', INSIGHTS: 'off'},
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'pipe',
  },
});
