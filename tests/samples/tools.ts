/**
 * The programs the sample tests run, from Debian packages that scripts/ensure-sample-tools.sh
 * installs (`npm test` calls it): Go 1.24 at its Debian path (or `GO`), Debian's python3
 * with `requests` (or `SAMPLES_PYTHON`), curl and jq. Where one is missing the tests that need
 * it skip with the reason, except in CI, where they fail: CI must run every sample.
 */
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {DEFAULT_GO} from './go';

export interface SampleTools {
  go: string;
  gofmt: string;
  python: string;
  /** What is missing, as an instruction; empty when everything is there. */
  missing: string[];
}

const works = (command: string, args: string[]) => spawnSync(command, args, {stdio: 'ignore'}).status === 0;

export function sampleTools(): SampleTools {
  const go = process.env.GO ?? DEFAULT_GO;
  const python = process.env.SAMPLES_PYTHON ?? '/usr/bin/python3';
  const missing: string[] = [];
  if (!existsSync(go)) missing.push(`Go 1.24 at ${go}`);
  if (!works(python, ['-c', 'import requests'])) missing.push(`${python} with requests`);
  if (!works('curl', ['--version'])) missing.push('curl');
  if (!works('jq', ['--version'])) missing.push('jq');
  return {go, gofmt: path.join(path.dirname(go), 'gofmt'), python, missing};
}

/** True when tests needing the tools should skip: they are missing and this is not CI. */
export function skipWithoutTools(tools: SampleTools): boolean {
  if (tools.missing.length === 0) return false;
  const message = `missing ${tools.missing.join(', ')}: run scripts/ensure-sample-tools.sh as root (npm test does)`;
  if (process.env.CI) throw new Error(`The code-sample tests cannot run in CI: ${message}`);
  console.warn(`Skipping the code-sample runs: ${message}`);
  return true;
}
