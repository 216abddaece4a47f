/**
 * What the server needs to know about a build, written once by the build's last step
 * (`scripts/compress-build.ts`) into one file at the build's root: every file with its size
 * and SHA-256, the CSP hashes of the pages' inline scripts, and the origins the build's
 * settings add to the policy. At start-up the server reads this one file and lists the build
 * folder once to check the manifest still describes it, instead of reading every page
 * (some 20 MB of HTML) to hash its scripts.
 *
 * A page edited after the build keeps the policy of the build: an inline script added to it
 * has no hash in the manifest, and browsers refuse to run it.
 */
import {createHash} from 'node:crypto';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {inlineScripts, NO_SOURCES, parseSources, POLICY_FILE, scriptHash, sourcesOf, type PolicySources} from '../plugins/security-policy/policy';
import {listFiles} from './static-site';

/** At the build's root; never served. */
export const MANIFEST_FILE = '.build-manifest.json';
/** Raised when the format of the file changes, so that an old manifest is read as stale. */
export const MANIFEST_VERSION = 1;
/** Files of the build folder that are not part of the site and are never served. */
export const UNSERVED_FILES: ReadonlySet<string> = new Set([MANIFEST_FILE, '.build-fingerprint']);

export interface ManifestFile {
  size: number;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
}

export interface BuildManifest {
  version: typeof MANIFEST_VERSION;
  /** Every file of the build but the manifest, by POSIX path relative to the root. */
  files: Record<string, ManifestFile>;
  /** CSP sources (`'sha256-…'`) of every inline script of every page, sorted. */
  scriptHashes: string[];
  /** The origins the build's settings add to the policy (POLICY_FILE). */
  policySources: PolicySources;
}

/** A build as the server serves it: the files it may send and the policy they need. */
export interface LoadedBuild {
  /** The files of the site, the manifest's own and the build stamp left out. */
  files: ReadonlySet<string>;
  scriptHashes: string[];
  policySources: PolicySources;
}

/** Why the server cannot serve a build folder; the message says what to do. */
export class BuildManifestError extends Error {
  override name = 'BuildManifestError';
}

const BUILD_AGAIN = 'Build the site again with `npm run build` (`npm start` builds when the sources changed).';

/**
 * Reads every file of the build once and writes its manifest. Returns what it wrote.
 * `known`: files the caller holds in memory as they are on disk (by POSIX path relative to
 * the root), which are not read again: the compression step has just read or written most.
 */
export async function writeBuildManifest(root: string, known: ReadonlyMap<string, Buffer> = new Map()): Promise<BuildManifest> {
  const listed = [...(await listFiles(root))].filter((file) => file !== MANIFEST_FILE).sort();
  const files: Record<string, ManifestFile> = {};
  const hashes = new Set<string>();
  let policySources = NO_SOURCES;
  const queue = [...listed];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const data = known.get(file) ?? (await readFile(path.join(root, file)));
      files[file] = {size: data.length, sha256: createHash('sha256').update(data).digest('hex')};
      if (file.endsWith('.html')) for (const body of inlineScripts(data.toString('utf8'))) hashes.add(scriptHash(body));
      if (file === POLICY_FILE) {
        try {
          policySources = parseSources(data.toString('utf8'));
        } catch (error) {
          throw new Error(`${POLICY_FILE} in the build is not valid: ${(error as Error).message}`);
        }
      }
    }
  };
  await Promise.all(Array.from({length: 8}, worker));
  const manifest: BuildManifest = {
    version: MANIFEST_VERSION,
    files: Object.fromEntries(listed.map((file) => [file, files[file]])),
    scriptHashes: [...hashes].sort(),
    policySources,
  };
  await writeFile(path.join(root, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
  return manifest;
}

/** At most this many names of a difference go into the message. */
const NAMED = 5;
const names = (list: string[]) => list.slice(0, NAMED).join(', ') + (list.length > NAMED ? ` and ${list.length - NAMED} more` : '');

/**
 * Lists the build folder once and reads its manifest. A folder that is missing or empty is
 * no build: nothing is served, and readiness says so. A build with no manifest, one the
 * server cannot read, or one whose file list is not the folder's (files added or removed since
 * the build wrote it) is refused with a message that says to build.
 */
export async function loadBuild(root: string): Promise<LoadedBuild> {
  const listed = await listFiles(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return new Set<string>();
    throw error;
  });
  if (listed.size === 0) return {files: listed, scriptHashes: [], policySources: NO_SOURCES};
  const where = path.join(root, MANIFEST_FILE);
  if (!listed.has(MANIFEST_FILE)) {
    throw new BuildManifestError(`The build in ${root} has no manifest (${MANIFEST_FILE}): it was not made by \`npm run build\`, or that build did not finish. ${BUILD_AGAIN}`);
  }
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(await readFile(where, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new BuildManifestError(`The build manifest ${where} cannot be read (${(error as Error).message}). ${BUILD_AGAIN}`);
  }
  if (manifest?.version !== MANIFEST_VERSION || typeof manifest.files !== 'object' || !Array.isArray(manifest.scriptHashes)) {
    throw new BuildManifestError(`The build manifest ${where} is of another version of the site. ${BUILD_AGAIN}`);
  }
  const added = [...listed].filter((file) => file !== MANIFEST_FILE && !Object.hasOwn(manifest.files, file));
  const missing = Object.keys(manifest.files).filter((file) => !listed.has(file));
  if (added.length || missing.length) {
    const parts = [...(added.length ? [`${added.length} not in it (${names(added)})`] : []), ...(missing.length ? [`${missing.length} of its files missing (${names(missing)})`] : [])];
    throw new BuildManifestError(`The build in ${root} changed after its manifest was written: ${parts.join('; ')}. ${BUILD_AGAIN}`);
  }
  const files = new Set([...listed].filter((file) => !UNSERVED_FILES.has(file)));
  const policySources = sourcesOf(manifest.policySources ?? {});
  return {files, scriptHashes: manifest.scriptHashes.filter((hash) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(hash)), policySources};
}
