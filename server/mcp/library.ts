/**
 * What the MCP tools read from the build, brand-neutral and shared by every request: the
 * Markdown twins and llms files (as built, with the default brand's values), the sections
 * llms.txt lists, and the API operations of the published spec. Everything is read on
 * first use and kept; a request's brand is applied to copies, never stored here.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {parse as parseYaml} from 'yaml';
import {HTTP_METHODS, operations, type OpenApiDocument} from '../../plugins/openapi/spec';
import {isMarkdownFile, twinOf} from '../markdown';
import {resolvePath} from '../static-site';

/** A page of llms.txt: its route (no `.md`), title and description, as built. */
export interface ListedPage {
  route: string;
  title: string;
  description: string;
}

export interface Section {
  name: string;
  pages: ListedPage[];
}

export interface ApiOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** Route of the operation's reference page. */
  docPath: string;
}

/** A bad argument: its message is for the assistant that sent it (and so for a person). */
export class InputError extends Error {
  override name = 'InputError';
}

const ROUTE_INPUT_MAX = 2048;

export class DocsLibrary {
  readonly root: string;
  readonly files: ReadonlySet<string>;
  #texts = new Map<string, Promise<string>>();
  #sections?: Promise<Section[]>;
  #operations?: Promise<{list: ApiOperation[]; basePath: string}>;

  constructor(root: string, files: ReadonlySet<string>) {
    this.root = root;
    this.files = files;
  }

  /** A Markdown file of the build, as built; read once. */
  text(file: string): Promise<string> {
    let text = this.#texts.get(file);
    if (!text) {
      text = readFile(path.join(this.root, file), 'utf8');
      this.#texts.set(file, text);
      text.catch(() => this.#texts.delete(file));
    }
    return text;
  }

  /**
   * The Markdown file a page URL or path names: `/docs/x`, `/docs/x.md`, `docs/x`, or a full
   * URL on any host (only its path counts). Throws an InputError a reader can act on.
   */
  markdownFileOf(input: string): {file: string; route: string} {
    const trimmed = input.trim();
    if (trimmed === '' || trimmed.length > ROUTE_INPUT_MAX) throw new InputError(`Give a page path such as /docs/getting-started, or its full URL (at most ${ROUTE_INPUT_MAX} characters).`);
    let pathname: string;
    try {
      const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed);
      pathname = new URL(absolute ? trimmed : `/${trimmed.replace(/^\/+/, '')}`, 'http://docs.invalid').pathname;
    } catch {
      throw new InputError(`"${trimmed}" is neither a path nor a URL.`);
    }
    let resolution = resolvePath(pathname, this.files);
    if (resolution.kind === 'redirect') resolution = resolvePath(resolution.location, this.files);
    if (resolution.kind !== 'file') throw new InputError(`No page at ${pathname}. Use search_docs or list_sections to find one.`);
    const found = resolution.file;
    const file = isMarkdownFile(found) ? found : found.endsWith('.html') ? twinOf(found, this.files) : undefined;
    if (!file) throw new InputError(`${pathname} has no Markdown version (only documentation pages and llms files do).`);
    return {file, route: file.endsWith('.md') ? `/${file.slice(0, -'.md'.length)}` : `/${file}`};
  }

  /** The sections of llms.txt and their pages, as built; empty when the build has no llms.txt. */
  sections(): Promise<Section[]> {
    this.#sections ??= (this.files.has('llms.txt') ? this.text('llms.txt') : Promise.resolve('')).then(parseLlmsSections);
    return this.#sections;
  }

  /** The operations of the published spec (`openapi.json`, else `openapi.yaml`), and its base path (`/v1`). */
  operations(): Promise<{list: ApiOperation[]; basePath: string}> {
    this.#operations ??= this.#loadOperations();
    this.#operations.catch(() => (this.#operations = undefined));
    return this.#operations;
  }

  async #loadOperations(): Promise<{list: ApiOperation[]; basePath: string}> {
    let doc: OpenApiDocument;
    if (this.files.has('openapi.json')) doc = JSON.parse(await readFile(path.join(this.root, 'openapi.json'), 'utf8')) as OpenApiDocument;
    else if (this.files.has('openapi.yaml')) doc = parseYaml(await readFile(path.join(this.root, 'openapi.yaml'), 'utf8')) as OpenApiDocument;
    else return {list: [], basePath: ''};
    const server = (doc.servers as {url?: string}[] | undefined)?.[0]?.url;
    let basePath = '';
    try {
      basePath = server ? new URL(server).pathname.replace(/\/+$/, '') : '';
    } catch {
      basePath = '';
    }
    const list = operations(doc)
      .filter((o) => typeof o.operation.operationId === 'string')
      .map((o) => ({
        operationId: o.operation.operationId as string,
        method: o.method.toUpperCase(),
        path: o.path,
        summary: typeof o.operation.summary === 'string' ? o.operation.summary : '',
        docPath: typeof o.operation['x-doc-path'] === 'string' ? o.operation['x-doc-path'] : '',
      }));
    return {list, basePath};
  }

  /**
   * The operation `operationId` or `METHOD /path` names. The path may be the spec's template
   * (`/core/volumes/{volume_id}`), a concrete one (`/core/volumes/7710`), with the API's
   * base path or a full URL.
   */
  async findOperation(input: string): Promise<ApiOperation> {
    const {list, basePath} = await this.operations();
    const query = input.trim();
    if (query === '' || query.length > 512) throw new InputError('Give an operationId such as generateApiKey, or a method and path such as "POST /auth/api-keys".');
    const request = /^([a-z]+)\s+(\S+)$/i.exec(query);
    if (request) {
      const method = request[1].toUpperCase();
      if (!(HTTP_METHODS as readonly string[]).includes(method.toLowerCase())) throw new InputError(`${request[1]} is not an HTTP method.`);
      const wanted = operationPath(request[2], basePath);
      const sameMethod = list.filter((o) => o.method === method);
      const found = sameMethod.find((o) => o.path === wanted) ?? sameMethod.find((o) => templateMatches(o.path, wanted));
      if (found) return found;
    } else {
      const found = list.find((o) => o.operationId === query) ?? list.find((o) => o.operationId.toLowerCase() === query.toLowerCase());
      if (found) return found;
    }
    const words = query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2);
    const near = list
      .map((o) => ({o, score: words.filter((w) => `${o.operationId} ${o.path} ${o.summary}`.toLowerCase().includes(w)).length}))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 5)
      .map(({o}) => `${o.operationId} (${o.method} ${o.path})`);
    throw new InputError(`No API operation "${query}".${near.length ? ` Closest: ${near.join(', ')}.` : ' Use search_docs to find one.'}`);
  }
}

/** `/v1/core/x?y` or `https://api…/v1/core/x` to the spec's `/core/x`. */
function operationPath(raw: string, basePath: string): string {
  let pathname = raw;
  try {
    pathname = /^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? new URL(raw).pathname : raw.split(/[?#]/)[0];
  } catch {
    pathname = raw;
  }
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  if (basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`))) pathname = pathname.slice(basePath.length) || '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function templateMatches(template: string, concrete: string): boolean {
  const a = template.split('/');
  const b = concrete.split('/');
  return a.length === b.length && a.every((part, i) => part === b[i] || (/^\{[^}]+\}$/.test(part) && b[i] !== ''));
}

const ENTRY = /^- \[([^\]]+)\]\(([^)\s]+)\)(?::\s*(.*))?$/;

/** The `## Section` lists of an llms.txt; the preamble's links (the llms-full files) are not pages. */
export function parseLlmsSections(text: string): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      current = {name: line.slice(3).trim(), pages: []};
      sections.push(current);
      continue;
    }
    const entry = current && ENTRY.exec(line.trim());
    if (!current || !entry) continue;
    let route: string;
    try {
      route = new URL(entry[2], 'http://docs.invalid').pathname.replace(/\.md$/, '');
    } catch {
      continue;
    }
    current.pages.push({route, title: entry[1], description: entry[3] ?? ''});
  }
  return sections.filter((s) => s.pages.length > 0);
}
