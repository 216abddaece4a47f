import {createHash} from 'node:crypto';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants as zlibConstants, gzip} from 'node:zlib';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import fastifyStatic from '@fastify/static';
import type {Brand} from '../src/branding/brand';
import {brandedMarkdown, isMarkdownFile, prefersMarkdown, twinOf} from './markdown';
import {brandPage} from './head';
import type {BodyBrand} from './body';
import {searchPageRenderer, type PageSearch} from './search-page';
import {brandValues} from '../src/branding/contentValues';
import {featureRequestUrl} from '../src/components/FeatureRequestLink/featureRequestUrl';
import {headDocsUrl, headValues} from '../src/theme/SiteMetadata/headValues';

/** What a request path maps to in the built site. */
export type Resolution =
  | {kind: 'file'; file: string}
  | {kind: 'redirect'; location: string}
  | {kind: 'not-found'};

/** A file's path in the build, as its file list and manifest write it: POSIX, relative to the root (`docs/intro/index.html`). */
export const inBuild = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');

/** Every file of the build, as POSIX paths relative to its root (`inBuild`). */
export async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, {recursive: true, withFileTypes: true});
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const parent = (entry as {parentPath?: string}).parentPath ?? (entry as {path?: string}).path ?? root;
    files.add(inBuild(root, path.join(parent, entry.name)));
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

// Docusaurus writes content-hashed names under assets/ (main.1a2b3c4d.js), and the search
// index its files under search/ (meta.1a2b3c4d5e.json, terms.ab.1a2b3c4d5e.json); the
// search manifest, for the dev server, is not hashed.
const HASHED_ASSET = /^(assets\/.+[.-][0-9a-f]{8,}\.[a-z0-9]+|search\/[^/]+\.[0-9a-f]{10}\.json)$/i;

export function cacheControlFor(file: string): string {
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html') || isMarkdownFile(file)) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** The content coding to send a page rewritten on the fly in: brotli, else gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const value = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
    if (name) q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || (q.get('x-gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** True when an `If-None-Match` header names the (weak) ETag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * A page the server made rather than read from the build (rewritten for a brand, or the
 * search page with its results): its bytes, ETag and compressed forms (made once, on first ask).
 */
interface MadePage {
  body: Buffer;
  etag: string;
  encoded: (coding: 'br' | 'gzip') => Promise<Buffer>;
}

const compressors = {
  // Quality 5: ~2 ms for a 40-140 KB page, 10% larger than the build's quality-11 files
  // (which take ~100-200 ms a page: too slow for the first reader of a page on a host).
  br: (body: Buffer) => promisify(brotliCompress)(body, {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length}}),
  gzip: (body: Buffer) => promisify(gzip)(body, {level: 6}),
};

/**
 * A made page's bytes with their ETag, weak: the same tag for each content coding of the same
 * bytes. `kind` keeps tags of different kinds of page apart; a tag differs with the bytes (by
 * brand, by query), so no cache revalidates one variant with another's.
 */
function madePage(body: Buffer, kind: string): MadePage {
  const etag = `W/"${kind}-${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const encodings = new Map<'br' | 'gzip', Promise<Buffer>>();
  const encoded = (coding: 'br' | 'gzip') => {
    if (!encodings.has(coding)) encodings.set(coding, compressors[coding](body));
    return encodings.get(coding)!;
  };
  return {body, etag, encoded};
}

/** Sends a made page as HTML: 304 for its ETag, else compressed as the reader's browser accepts. */
async function sendMade(request: FastifyRequest, reply: FastifyReply, page: MadePage): Promise<FastifyReply> {
  reply.header('etag', page.etag).type('text/html; charset=utf-8');
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const coding = pickEncoding(request.headers['accept-encoding']);
  if (coding === 'identity') return reply.send(page.body);
  return reply.header('content-encoding', coding).send(await page.encoded(coding));
}

/** How many (page, brand) pairs are kept; the oldest go first. A build has a few hundred pages. */
const BRANDED_PAGES_KEPT = 4096;

/** What a partner's pages are rewritten with: the head's docs URL and the body's brand. */
export interface PageBrand {
  docsUrl: string;
  body: BodyBrand;
  /** Names the two above, for the cache. */
  key: string;
}

/** A partner brand as its pages show it, the docs URL being the one the head names. */
export function pageBrand(brand: Brand, docsUrl: string): PageBrand {
  const body: BodyBrand = {
    name: brand.name,
    values: brandValues({...brand, docsUrl}),
    logos: {light: brand.logos.light, dark: brand.logos.dark, favicon: brand.logos.favicon},
    featureRequestUrl: featureRequestUrl(brand.headerItems),
  };
  return {docsUrl, body, key: JSON.stringify([docsUrl, body])};
}

/**
 * Pages in a brand, rewritten once per (file, brand) and kept: later readers cost a map
 * lookup. `undefined` when the page has nothing to change (the build's files serve).
 */
function brandedPages(root: string) {
  const kept = new Map<string, Promise<MadePage | undefined>>();
  return (file: string, brand: PageBrand, read: () => Promise<Buffer> = () => readFile(path.join(root, file))): Promise<MadePage | undefined> => {
    const key = `${file}\n${brand.key}`;
    let page = kept.get(key);
    if (!page) {
      page = read().then((html) => {
        const body = brandPage(html, headValues(brand.docsUrl), brand.body);
        return body === html ? undefined : madePage(body, 'b');
      });
      page.catch(() => kept.delete(key));
      kept.set(key, page);
      if (kept.size > BRANDED_PAGES_KEPT) kept.delete(kept.keys().next().value!);
    }
    return page;
  };
}

/** The origin a request was made to; the port is kept only when it is a number. */
function originOf(request: FastifyRequest, hostname: string): string {
  const port = /^\d{1,5}$/.test(String(request.port ?? '')) ? `:${request.port}` : '';
  return `${request.protocol}://${hostname}${port}`;
}

export interface StaticSiteOptions {
  /** Absolute path of the build folder. */
  root: string;
  /** The build's files, when the caller has listed them already (listFiles). */
  files?: ReadonlySet<string>;
  /**
   * The brand of a host name (lower case, no port). Markdown files are sent in it, and on a
   * partner's host pages name its docs site in their head. Default brand when absent.
   */
  brandFor?: (hostname: string) => Brand | undefined;
  /**
   * The site's local search: given, `/search?q=…` on a host that is no partner's (partner
   * sites show no search) is sent with its first results in it (server/search-page.ts).
   */
  pageSearch?: PageSearch;
}

/**
 * Serves a Docusaurus build: clean URLs, pre-compressed files, long caching of hashed assets, 404 page.
 * On a partner's host, pages are sent with the partner's docs URL in their head (see server/head.ts).
 */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const root = path.resolve(options.root);
  const files = options.files ?? (await listFiles(root));
  const notFoundPage = files.has('404.html') ? await readFile(path.join(root, '404.html')) : Buffer.from('Not found');

  const branded = brandedPages(root);
  // One per brand object and docs URL: brandFor hands out one brand per partner config.
  const pageBrands = new WeakMap<Brand, Map<string, PageBrand>>();
  const pageBrandOf = (brand: Brand, docsUrl: string): PageBrand => {
    let byUrl = pageBrands.get(brand);
    if (!byUrl) pageBrands.set(brand, (byUrl = new Map()));
    let made = byUrl.get(docsUrl);
    if (!made) byUrl.set(docsUrl, (made = pageBrand(brand, docsUrl)));
    return made;
  };

  await app.register(fastifyStatic, {root, serve: false, preCompressed: true, cacheControl: false, dotfiles: 'allow'});

  const searchFile = routeFile('/search', files);
  const searchPage = options.pageSearch && searchFile ? searchPageRenderer(() => readFile(path.join(root, searchFile), 'utf8'), options.pageSearch) : undefined;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://site.invalid');
    const resolution = resolvePath(url.pathname, files);
    if (resolution.kind === 'redirect') {
      return reply.redirect(resolution.location + url.search, 301);
    }
    const hostname = request.hostname.toLowerCase();
    const brand = options.brandFor?.(hostname);
    // On a partner's host, pages name the partner's docs site in their head (server/head.ts)
    // and show its values in their marked elements (server/body.ts).
    const partnerPage = brand?.is_partner ? pageBrandOf(brand, headDocsUrl(brand, originOf(request, hostname))) : undefined;
    if (resolution.kind === 'not-found') {
      const page = partnerPage ? await branded('404.html', partnerPage, async () => notFoundPage) : undefined;
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page?.body ?? notFoundPage);
    }
    let file = resolution.file;
    // A page with a Markdown twin answers `Accept: text/markdown` with the twin.
    const twin = file.endsWith('.html') ? twinOf(file, files) : undefined;
    if (twin && prefersMarkdown(request.headers.accept)) file = twin;
    reply.header('cache-control', cacheControlFor(file));
    reply.header('vary', twin ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
    if (partnerPage && file.endsWith('.html')) {
      // The build's pre-compressed files hold the default brand: this page is compressed here.
      const page = await branded(file, partnerPage);
      return page ? sendMade(request, reply, page) : reply.sendFile(file);
    }
    if (searchPage && file === searchFile && !brand?.is_partner) {
      const page = await searchPage(url.searchParams.get('q'));
      if (page !== undefined) return sendMade(request, reply, madePage(Buffer.from(page), 's'));
    }
    if (!isMarkdownFile(file)) return reply.sendFile(file);

    reply.type(file.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8');
    if (brand?.is_partner) {
      // The host name is one a partner file lists.
      return reply.send(brandedMarkdown(await readFile(path.join(root, file), 'utf8'), brand, originOf(request, hostname)));
    }
    return reply.sendFile(file);
  };

  app.route({method: ['GET', 'HEAD'], url: '/*', handler});
}
