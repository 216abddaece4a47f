/**
 * Partner files: one file per partner in `partners/`, checked strictly at start-up
 * and on every change, and held in memory ready to serve by the partner-config API.
 */
import {createHash} from 'node:crypto';
import {watch} from 'node:fs';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {parseDocument} from 'yaml';
import {z} from 'zod';
import {describeIssues, partnerConfigSchema, type PartnerConfig} from '../src/branding/schema';

/** `partners/` at the root of the repository, beside `server/`. */
export const DEFAULT_PARTNERS_DIR = path.resolve(__dirname, '..', 'partners');

/** The longest host name DNS allows, without its trailing dot. */
export const MAX_HOST_NAME_LENGTH = 253;

// Checked case-insensitively on the input before lower-casing: some non-ASCII
// letters lower-case to ASCII (the Kelvin sign becomes `k`), and must not pass.
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** True for a host name: dot-separated labels of 1-63 letters, digits and hyphens, none starting or ending with a hyphen. */
export function isHostName(value: string): boolean {
  return value.length > 0 && value.length <= MAX_HOST_NAME_LENGTH && value.split('.').every((label) => LABEL.test(label));
}

/** A host name as a browser may send it, lower-cased and without its trailing dot; undefined when it is not one. */
export function normalizeHostName(value: string): string | undefined {
  const host = value.endsWith('.') ? value.slice(0, -1) : value;
  return isHostName(host) ? host.toLowerCase() : undefined;
}

function hostNameProblem(value: string): string | undefined {
  if (value.length > MAX_HOST_NAME_LENGTH) return `must be at most ${MAX_HOST_NAME_LENGTH} characters`;
  if (!isHostName(value)) {
    return `must be a host name (letters, digits and hyphens in dot-separated labels of 1-63 characters, no label starting or ending with a hyphen), got ${JSON.stringify(value)}`;
  }
  if (value !== value.toLowerCase()) return `must be lower-case: ${value.toLowerCase()}`;
  return undefined;
}

const domainSchema = z.string({message: 'must be a host name'}).superRefine((value, ctx) => {
  const problem = hostNameProblem(value);
  if (problem) ctx.addIssue({code: 'custom', message: problem});
});

/** What a partner file holds: the partner config, plus the host names it is served for. */
export const partnerFileSchema = partnerConfigSchema.extend({
  /**
   * Host names whose docs get this config (`docs.acme.com`, `acme.localhost` for local
   * work): lower-case, at most 253 characters each, at least one, none listed twice,
   * and no host claimed by two files. Not part of the served config.
   */
  domains: z
    .array(domainSchema, {message: 'must be a list of host names'})
    .min(1, {message: 'must list at least one host name'})
    .superRefine((domains, ctx) => {
      domains.forEach((domain, index) => {
        if (domains.indexOf(domain) !== index) ctx.addIssue({code: 'custom', path: [index], message: `lists ${domain} a second time`});
      });
    }),
  /**
   * The SHA-256 (64 hex digits) of the token the partner signs in to `/insights` with: that
   * token reads the insights of this file's hosts, and of no other. The token itself is never
   * written here. Not part of the served config.
   */
  insights_token_sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, {message: 'must be the SHA-256 of the token, as 64 lower-case hex digits (printf %s "$TOKEN" | sha256sum)'})
    .optional(),
});

export type PartnerFile = z.infer<typeof partnerFileSchema>;

/** What the API sends for a host: the config, its JSON body and the body's strong ETag. */
export interface ServedConfig {
  config: PartnerConfig;
  body: string;
  etag: string;
}

/** One valid partner file. */
export interface PartnerEntry {
  /** The file as named in messages (`partners/acme.yaml`). */
  file: string;
  domains: string[];
  /** The SHA-256, hex, of the partner's insights token, when it has one. */
  insightsTokenSha256?: string;
  served: ServedConfig;
}

/** The partners being served, by host name. Its contents are swapped whole on reload. */
export class PartnerRegistry {
  #entries: readonly PartnerEntry[] = [];
  #byDomain = new Map<string, ServedConfig>();

  constructor(entries: readonly PartnerEntry[] = []) {
    this.replace(entries);
  }

  /** The config to serve for a lower-case host name, if a partner claims it. */
  lookup(domain: string): ServedConfig | undefined {
    return this.#byDomain.get(domain);
  }

  /** Every partner, in file name order. */
  get entries(): readonly PartnerEntry[] {
    return this.#entries;
  }

  /** Serves `entries` from now on, in place of what was served before. */
  replace(entries: readonly PartnerEntry[]): void {
    const byDomain = new Map<string, ServedConfig>();
    for (const entry of entries) for (const domain of entry.domains) byDomain.set(domain, entry.served);
    // One assignment each, so a request never sees half of the old set and half of the new.
    this.#entries = entries;
    this.#byDomain = byDomain;
  }
}

/** Every problem of a partner folder, each naming its file(s). */
export class PartnerFilesError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(`Invalid partner files:\n${problems.map((p) => `  ${p.message}`).join('\n')}`);
    this.name = 'PartnerFilesError';
  }
}

/** One thing wrong in a partner folder. */
export interface Problem {
  /** Files concerned, as named in messages. */
  files: string[];
  /** Starts with the file name: `partners/acme.yaml: colors.primary.light must be …`. */
  message: string;
}

/** Result of reading a partner folder: the valid files and what is wrong with the others. */
export interface PartnerFolder {
  entries: PartnerEntry[];
  problems: Problem[];
}

const PARTNER_FILE = /\.(json|ya?ml)$/i;

/** Names of the partner files of a folder, sorted; hidden files (editor swap files) are skipped. */
async function partnerFileNames(dir: string): Promise<string[]> {
  const dirents = await readdir(dir, {withFileTypes: true});
  return dirents
    .filter((d) => (d.isFile() || d.isSymbolicLink()) && PARTNER_FILE.test(d.name) && !d.name.startsWith('.'))
    .map((d) => d.name)
    .sort();
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Parses JSON or YAML by extension; throws with the parser's message. */
function parseText(name: string, text: string): unknown {
  if (/\.json$/i.test(name)) {
    try {
      return JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new Error(`is not valid JSON: ${errorMessage(error)}`);
    }
  }
  const doc = parseDocument(text, {prettyErrors: true});
  // Warnings too (an unknown tag, say): a partner file should read exactly as written.
  const [first] = [...doc.errors, ...doc.warnings];
  if (first) throw new Error(`is not valid YAML: ${first.message.split('\n')[0].replace(/:$/, '')}`);
  return doc.toJS();
}

function describePath(where: string, key: string): string {
  return where === '' ? key : `${where}.${key}`;
}

/**
 * Fields the schema does not know, at any depth. zod would drop them silently, and a
 * misspelt `colours` or `ligth` must fail loudly instead of leaving the default brand.
 */
function unknownFields(schema: z.ZodType, value: unknown, where = ''): string[] {
  let inner = schema;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((item, index) => unknownFields(inner.element as z.ZodType, item, `${where}[${index}]`));
  }
  if (!(inner instanceof z.ZodObject) || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const shape = inner.shape as Record<string, z.ZodType>;
  return Object.entries(value).flatMap(([key, item]) =>
    Object.hasOwn(shape, key)
      ? unknownFields(shape[key], item, describePath(where, key))
      : [`${describePath(where, key)} is not a known field (expected one of ${Object.keys(shape).join(', ')})`],
  );
}

/** The served form of a valid file: the config without `domains`, as JSON, with its ETag. */
function toEntry(file: string, data: PartnerFile): PartnerEntry {
  const {domains, insights_token_sha256: insightsTokenSha256, ...config} = data;
  const body = JSON.stringify(config);
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return {file, domains, ...(insightsTokenSha256 ? {insightsTokenSha256} : {}), served: {config, body, etag}};
}

/** Reads and checks one file: its entry, or the messages of what is wrong with it. */
async function readPartnerFile(dir: string, name: string): Promise<PartnerEntry | string[]> {
  const file = `${path.basename(dir)}/${name}`;
  let raw: unknown;
  try {
    const text = await readFile(path.join(dir, name), 'utf8');
    if (text.trim() === '') return [`${file}: is empty`];
    raw = parseText(name, text);
  } catch (error) {
    return [`${file}: ${errorMessage(error)}`];
  }
  const result = partnerFileSchema.safeParse(raw);
  const messages = [...(result.success ? [] : describeIssues(result.error)), ...unknownFields(partnerFileSchema, raw)];
  if (messages.length > 0 || !result.success) return messages.map((m) => `${file}: ${m}`);
  return toEntry(file, result.data);
}

/** Problems of hosts claimed by more than one file. */
function duplicateDomains(entries: readonly PartnerEntry[]): Problem[] {
  const owner = new Map<string, string>();
  const problems: Problem[] = [];
  for (const entry of entries) {
    for (const domain of entry.domains) {
      const first = owner.get(domain);
      if (first === undefined) owner.set(domain, entry.file);
      else problems.push({files: [first, entry.file], message: `${entry.file}: domain ${domain} is already served by ${first} (a host belongs to one file only)`});
    }
  }
  return problems;
}

/**
 * Reads every partner file of a folder and reports all problems at once, so that one
 * run of `npm run partners:check` lists everything to fix. Never throws for bad files.
 */
export async function readPartnerFolder(dir: string): Promise<PartnerFolder> {
  let names: string[];
  try {
    names = await partnerFileNames(dir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the folder does not exist' : errorMessage(error);
    return {entries: [], problems: [{files: [], message: `${path.basename(dir)}: cannot read the partner folder ${path.resolve(dir)}: ${reason}`}]};
  }
  const results = await Promise.all(names.map((name) => readPartnerFile(dir, name)));
  const entries = results.filter((r): r is PartnerEntry => !Array.isArray(r));
  const problems: Problem[] = results.flatMap((r, i) =>
    Array.isArray(r) ? r.map((message) => ({files: [`${path.basename(dir)}/${names[i]}`], message})) : [],
  );
  return {entries, problems: [...problems, ...duplicateDomains(entries)]};
}

/**
 * Loads the partner files of a folder (`.json`, `.yaml`, `.yml`). An empty folder
 * gives an empty registry; any invalid file rejects with a {@link PartnerFilesError}
 * listing every problem, file by file.
 */
export async function loadPartners(dir: string): Promise<PartnerRegistry> {
  const {entries, problems} = await readPartnerFolder(dir);
  if (problems.length > 0) throw new PartnerFilesError(problems);
  return new PartnerRegistry(entries);
}

/** What a partner-folder watcher reports. */
export interface WatchHandlers {
  /** The folder changed but is invalid (or cannot be watched); the last good set is still served. */
  onError: (message: string) => void;
  /** The folder changed and its new contents are now served. */
  onReload?: (registry: PartnerRegistry) => void;
}

/** A running watcher. */
export interface PartnerWatcher {
  close: () => void;
}

/**
 * Reloads `registry` whenever a file of `dir` changes (debounced: editors write in
 * several steps). A valid folder replaces what is served; an invalid one leaves the
 * last good set in place and is reported to `onError`.
 */
export function watchPartners(dir: string, registry: PartnerRegistry, handlers: WatchHandlers, debounceMs = 100): PartnerWatcher {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let loading = false;
  let pending = false;

  const reloadOnce = async () => {
    try {
      const next = await loadPartners(dir);
      if (closed) return;
      registry.replace(next.entries);
      handlers.onReload?.(registry);
    } catch (error) {
      if (!closed) handlers.onError(errorMessage(error));
    }
  };

  // One load at a time; a change during a load triggers one more, so the last write always wins.
  const reload = async () => {
    if (loading) {
      pending = true;
      return;
    }
    loading = true;
    try {
      do {
        pending = false;
        await reloadOnce();
      } while (pending && !closed);
    } finally {
      loading = false;
    }
  };

  // Not persistent: the server's socket keeps the process alive, a watcher alone should not.
  const watcher = watch(dir, {persistent: false}, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), debounceMs);
  });
  watcher.on('error', (error) => {
    if (!closed) handlers.onError(`Stopped watching the partner folder ${path.resolve(dir)}: ${error.message}`);
  });

  return {
    close() {
      closed = true;
      clearTimeout(timer);
      watcher.close();
    },
  };
}
