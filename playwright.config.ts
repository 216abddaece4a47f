import {existsSync, readdirSync, rmSync} from 'node:fs';
import os, {availableParallelism} from 'node:os';
import path from 'node:path';
import {defineConfig, devices} from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

// Debian's chromium, never a downloaded browser build. The flags keep it from
// reaching for Google services this network does not have.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/** The token the browser tests read the insights report with (INSIGHTS_TOKEN of the server they start). */
export const E2E_INSIGHTS_TOKEN = 'e2e-insights-token-0123456789abcdef';

/**
 * Where the server the tests start keeps insights: a folder of this run's own (the main
 * process's), never a developer's .insights/. Folders left by earlier runs whose process is
 * gone are removed when the main process loads this file.
 */
const insightsDir = path.join(os.tmpdir(), `docs-e2e-insights-${process.pid}`);
if (process.env.TEST_WORKER_INDEX === undefined) {
  for (const name of existsSync(os.tmpdir()) ? readdirSync(os.tmpdir()) : []) {
    const pid = Number(/^docs-e2e-insights-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) rmSync(path.join(os.tmpdir(), name), {recursive: true, force: true});
  }
}

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
    // No access log: thousands of lines would bury the test report.
    env: {PORT: String(port), HOST: '127.0.0.1', ACCESS_LOG: 'off', INSIGHTS_DIR: insightsDir, INSIGHTS_TOKEN: E2E_INSIGHTS_TOKEN},
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: 'pipe',
  },
});
