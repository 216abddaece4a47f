import {createHash} from 'node:crypto';
import {readdir, readFile, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** Sources whose change means the site must be built again. */
const INPUTS = ['docs', 'src', 'static', 'plugins', 'openapi', 'i18n', 'docusaurus.config.ts', 'sidebars.ts', 'package.json', 'package-lock.json'];
/** Build-time settings (DESIGN.md section 3) that change the output. */
const ENV_INPUTS = ['DOCS_API_BASE', 'DOCS_URL', 'GTM_CONTAINER_ID', 'ALGOLIA_APP_ID', 'ALGOLIA_SEARCH_API_KEY', 'ALGOLIA_INDEX_NAME', 'DOCS_BUNDLER', 'DOCS_MARKDOWN'];
const STAMP = '.build-fingerprint';

async function walk(dir: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, {withFileTypes: true});
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
}

/** A digest of every build input's path, size and modification time, and of the build settings. */
export async function sourceFingerprint(siteDir: string): Promise<string> {
  const files: string[] = [];
  for (const input of INPUTS) {
    const full = path.join(siteDir, input);
    const info = await stat(full).catch(() => null);
    if (info?.isDirectory()) await walk(full, files);
    else if (info?.isFile()) files.push(full);
  }
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const info = await stat(file);
    hash.update(`${path.relative(siteDir, file)}\0${info.size}\0${info.mtimeMs}\n`);
  }
  for (const name of ENV_INPUTS) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return hash.digest('hex');
}

export async function writeBuildStamp(siteDir: string, buildDir: string): Promise<void> {
  await writeFile(path.join(buildDir, STAMP), await sourceFingerprint(siteDir));
}

/** True when the build exists and was made from the sources as they are now. */
export async function buildIsFresh(siteDir: string, buildDir: string): Promise<boolean> {
  const stamp = await readFile(path.join(buildDir, STAMP), 'utf8').catch(() => null);
  if (stamp === null) return false;
  const hasIndex = await stat(path.join(buildDir, 'index.html')).then(() => true, () => false);
  return hasIndex && stamp === (await sourceFingerprint(siteDir));
}
