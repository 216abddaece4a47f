import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import fastifyStatic from '@fastify/static';
import type {Brand} from '../src/branding/brand';
import {brandedMarkdown, isMarkdownFile, prefersMarkdown, twinOf} from './markdown';

/** What a request path maps to in the built site. */
export type Resolution =
  | {kind: 'file'; file: string}
  | {kind: 'redirect'; location: string}
  | {kind: 'not-found'};

/** Every file of the build, as POSIX paths relative to its root (`docs/intro/index.html`). */
export async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, {recursive: true, withFileTypes: true});
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const parent = (entry as {parentPath?: string}).parentPath ?? (entry as {path?: string}).path ?? root;
    files.add(path.relative(root, path.join(parent, entry.name)).split(path.sep).join('/'));
  }
  return files;
}

/**
 * The HTML file of a route, if the route exists. Builds write `x.html` (trailing
 * slashes off) or `x/index.html`; the not-found page is not a route of its own.
 */
export function routeFile(route: string, files: ReadonlySet<string>): string | undefined {
  if (route === '/') return files.has('index.html') ? 'index.html' : undefined;
  const base = route.slice(1);
  if (base === '404') return undefined;
  if (files.has(`${base}.html`)) return `${base}.html`;
  if (files.has(`${base}/index.html`)) return `${base}/index.html`;
  return undefined;
}

/**
 * Maps a URL path to a file of the build. Only files listed at start-up can be
 * served, so no path, however encoded, reaches outside the build folder.
 */
export function resolvePath(rawPathname: string, files: ReadonlySet<string>): Resolution {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPathname);
  } catch {
    return {kind: 'not-found'};
  }
  if (!pathname.startsWith('/') || pathname.includes('\0') || pathname.includes('\\')) return {kind: 'not-found'};
  const segments = pathname.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return {kind: 'not-found'};

  // Clean URLs: /x/index.html and /x.html name the route /x.
  if (pathname.endsWith('/index.html')) {
    const route = pathname.slice(0, -'/index.html'.length) || '/';
    if (routeFile(route, files)) return {kind: 'redirect', location: route};
    return {kind: 'not-found'};
  }
  if (pathname.endsWith('.html')) {
    const route = pathname.slice(0, -'.html'.length);
    if (route !== '' && routeFile(route, files)) return {kind: 'redirect', location: route};
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const route = pathname.replace(/\/+$/, '') || '/';
    if (routeFile(route, files)) return {kind: 'redirect', location: route};
    return {kind: 'not-found'};
  }
  const asFile = pathname.slice(1);
  if (asFile !== '' && files.has(asFile)) return {kind: 'file', file: asFile};
  const html = routeFile(pathname, files);
  return html ? {kind: 'file', file: html} : {kind: 'not-found'};
}

// Docusaurus writes content-hashed names under assets/ (main.1a2b3c4d.js).
const HASHED_ASSET = /^assets\/.+[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(file: string): string {
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html') || isMarkdownFile(file)) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

export interface StaticSiteOptions {
  /** Absolute path of the build folder. */
  root: string;
  /** The brand of a host name (lower case, no port); Markdown files are sent in it. Default brand when absent. */
  brandFor?: (hostname: string) => Brand | undefined;
}

/** Serves a Docusaurus build: clean URLs, pre-compressed files, long caching of hashed assets, 404 page. */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const root = path.resolve(options.root);
  const files = await listFiles(root);
  const notFoundPage = files.has('404.html') ? await readFile(path.join(root, '404.html')) : Buffer.from('Not found');

  await app.register(fastifyStatic, {root, serve: false, preCompressed: true, cacheControl: false, dotfiles: 'allow'});

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://site.invalid');
    const resolution = resolvePath(url.pathname, files);
    if (resolution.kind === 'redirect') {
      return reply.redirect(resolution.location + url.search, 301);
    }
    if (resolution.kind === 'not-found') {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(notFoundPage);
    }
    let file = resolution.file;
    // A page with a Markdown twin answers `Accept: text/markdown` with the twin.
    const twin = file.endsWith('.html') ? twinOf(file, files) : undefined;
    if (twin && prefersMarkdown(request.headers.accept)) file = twin;
    reply.header('cache-control', cacheControlFor(file));
    reply.header('vary', twin ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
    if (!isMarkdownFile(file)) return reply.sendFile(file);

    reply.type(file.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8');
    const hostname = request.hostname.toLowerCase();
    const brand = options.brandFor?.(hostname);
    if (brand?.is_partner) {
      // The host name is one a partner file lists; the port is kept only when it is a number.
      const port = /^\d{1,5}$/.test(String(request.port ?? '')) ? `:${request.port}` : '';
      const origin = `${request.protocol}://${hostname}${port}`;
      return reply.send(brandedMarkdown(await readFile(path.join(root, file), 'utf8'), brand, origin));
    }
    return reply.sendFile(file);
  };

  app.route({method: ['GET', 'HEAD'], url: '/*', handler});
}
