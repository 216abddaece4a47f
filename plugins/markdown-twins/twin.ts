/**
 * The Markdown twin of a doc page, written from its MDX source: components resolved
 * (components.ts), `{expressions}` evaluated against the page's imports and exports,
 * `<ApiOperation>` expanded by the API reference renderer, links made absolute and
 * pointed at the other pages' twins. No JSX, import or export is left in the output.
 */
import {createHash} from 'node:crypto';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {createElement, Fragment, isValidElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import matter from 'gray-matter';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import {toMarkdown, type Options as ToMarkdownOptions} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {transformSync} from 'esbuild';
import type {Blockquote, Paragraph, Parent, PhrasingContent, Root, RootContent, Table, TableCell, TableRow} from 'mdast';
import remarkApiOperation from '../openapi/remark';
import {REACT_STAND_INS, TWIN_COMPONENTS, type TwinHandler} from './components';
import {htmlToMdast} from './html';

export interface TwinOptions {
  siteDir: string;
  /** The spec folder, for `<ApiOperation>`. */
  specDir: string;
  /** The site's public URL, without a trailing slash. */
  siteUrl: string;
  /** Component handlers; the default registry unless a test swaps it. */
  components?: Readonly<Record<string, TwinHandler>>;
}

export interface TwinPage {
  /** The source, relative to the site (`docs/network/ssh.mdx`). */
  file: string;
  /** The page's route (`/docs/network/ssh`); its twin is served at route + `.md`. */
  route: string;
  title: string;
  description: string;
  unlisted: boolean;
  sidebarPosition: number | undefined;
  /** The page's body as Markdown, without its title. */
  body: string;
}

/** The route Docusaurus gives a doc file (no slugs are used under docs/). */
export function routeOfDoc(file: string): string {
  const route = '/' + file.replace(/\\/g, '/').replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
  return route.replace(/\/$/, '');
}

/** The whole twin file: title, description, body. */
export function twinMarkdown(page: Pick<TwinPage, 'title' | 'description' | 'body'>): string {
  return `# ${page.title}\n\n> ${page.description}\n\n${page.body}`;
}

const ADMONITION_LABELS: Record<string, string> = {note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Caution', important: 'Important'};

type Scope = Map<string, unknown>;
interface SvgImport {
  svgUrl: string;
}

const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);

// Pages repeat the same expressions (`<Brand />` on most of them): each is compiled once.
const compiled = new Map<string, string>();

function compileJsx(source: string): string {
  // esbuild's synchronous API is a round trip to its process: only code with JSX needs it.
  if (!source.includes('<')) return source;
  let code = compiled.get(source);
  if (code === undefined) {
    code = transformSync(source, {loader: 'jsx', jsxFactory: '__h', jsxFragment: '__Fragment'}).code;
    compiled.set(source, code);
  }
  return code;
}

function run(code: string, scope: Scope, tail: string): unknown {
  const names = [...scope.keys()];
  // Page code is our own MDX, built from the repository like any other source.
  const fn = new Function(...names, '__h', '__Fragment', `${code}\n${tail}`) as (...args: unknown[]) => unknown;
  return fn(...names.map((n) => scope.get(n)), createElement, Fragment);
}

function evaluate(expression: string, scope: Scope, where: string): unknown {
  const code = compileJsx(`(${expression}\n)`).trim().replace(/;$/, '');
  if (code === '') return undefined;
  try {
    return run('', scope, `return ${code};`);
  } catch (error) {
    throw new Error(`${where}: cannot evaluate {${expression}} for the Markdown twin: ${(error as Error).message}`);
  }
}

/** An expression with nothing to evaluate: empty, or a comment (`{/* … *\/}`). */
const saysNothing = (expression: string) => /^\s*(\/\*[\s\S]*\*\/)?\s*$/.test(expression);

interface EstreeNode {
  type: string;
  source?: {value: string};
  specifiers?: {type: string; local: {name: string}; imported?: {name: string}}[];
  declaration?: {type: string; id?: {name: string}; declarations?: {id: {name: string}}[]};
}

async function addEsm(value: string, body: EstreeNode[], scope: Scope, options: TwinOptions, where: string): Promise<{code: string; names: string[]}> {
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') {
      const source = statement.source!.value;
      for (const spec of statement.specifiers ?? []) {
        const local = spec.local.name;
        const imported = spec.type === 'ImportDefaultSpecifier' ? 'default' : spec.imported?.name ?? local;
        if (source.endsWith('.svg')) {
          const url = '/' + source.replace(/^@site\/static\//, '');
          scope.set(local, {svgUrl: url} satisfies SvgImport);
        } else if (source.startsWith('@site/src/components/') || source.startsWith('@theme/')) {
          // Components come from the registry (some need the app's brand context).
          scope.set(local, REACT_STAND_INS[imported === 'default' ? local : imported]);
        } else if (source.startsWith('@site/')) {
          const module = (await import(pathToFileURL(path.join(options.siteDir, source.slice('@site/'.length))).href)) as Record<string, unknown>;
          scope.set(local, spec.type === 'ImportNamespaceSpecifier' ? module : module[imported]);
        } else {
          throw new Error(`${where}: the Markdown twin cannot resolve the import of "${source}"`);
        }
      }
    } else if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) {
      throw new Error(`${where}: the Markdown twin cannot handle a ${statement.type} in the page`);
    }
  }
  const names = body.flatMap((statement) => {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : undefined;
    if (!declaration) return [];
    return declaration.declarations ? declaration.declarations.map((d) => d.id.name) : [declaration.id!.name];
  });
  // The exports become plain declarations, run once after every import of the page is bound
  // (as in a module, a declaration may use one further down).
  const code = value.replace(/^import\s[\s\S]*?\sfrom\s*['"][^'"]+['"];?/gm, '').replace(/^export\s+/gm, '');
  return {code, names};
}

/** A value an expression gave, as mdast. */
function valueToMdast(value: unknown, inline: boolean): RootContent[] {
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return [{type: 'text', value: String(value)}];
  if (Array.isArray(value)) return value.flatMap((v) => valueToMdast(v, inline));
  if (isValidElement(value)) return htmlToMdast(renderToStaticMarkup(value), inline);
  throw new Error(`an expression gave a ${typeof value}, which has no text`);
}

interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: {type: string; name?: string; value?: unknown}[];
  children: RootContent[];
}

function propsOf(node: JsxNode, scope: Scope, where: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      Object.assign(props, evaluate(`{${String(attribute.value)}}`, scope, where));
    } else if (attribute.value === null || attribute.value === undefined) {
      props[attribute.name!] = true;
    } else if (typeof attribute.value === 'string') {
      props[attribute.name!] = attribute.value;
    } else {
      props[attribute.name!] = evaluate((attribute.value as {value: string}).value, scope, where);
    }
  }
  return props;
}

const phrasingOf = (nodes: RootContent[]): PhrasingContent[] =>
  nodes.flatMap((n) => (n.type === 'paragraph' ? n.children : n.type === 'table' || n.type === 'list' || n.type === 'code' ? [] : [n as PhrasingContent]));

const textOf = (nodes: RootContent[]): string =>
  nodes.map((n) => ('value' in n && typeof n.value === 'string' ? n.value : 'children' in n ? textOf(n.children as RootContent[]) : '')).join('');

/**
 * A JSX `<table>` written in MDX, as a GFM table. Rows may come from an expression
 * (`{sizes.map((gb) => <tr>…</tr>)}`): `rowsOf` evaluates it and gives its rows.
 */
function jsxTable(node: JsxNode, convert: (nodes: RootContent[]) => RootContent[], rowsOf: (expression: RootContent) => TableRow[]): Table {
  const rows: TableRow[] = [];
  const walk = (children: RootContent[]) => {
    for (const child of children as unknown as JsxNode[]) {
      if ((child.type as string) === 'mdxFlowExpression' || (child.type as string) === 'mdxTextExpression') {
        rows.push(...rowsOf(child as unknown as RootContent));
        continue;
      }
      if (child.type !== 'mdxJsxFlowElement' && child.type !== 'mdxJsxTextElement') {
        if ('children' in child) walk((child as Parent).children as RootContent[]);
        continue;
      }
      if (child.name === 'tr') {
        // A cell written on one line (`<th>Size</th>`) is parsed as text inside a paragraph.
        const cellsOf = (nodes: JsxNode[]): JsxNode[] =>
          nodes.flatMap((c) => ((c.type as string) === 'paragraph' ? cellsOf((c as unknown as Parent).children as unknown as JsxNode[]) : c.name === 'td' || c.name === 'th' ? [c] : []));
        const cells = cellsOf(child.children as unknown as JsxNode[]);
        rows.push({type: 'tableRow', children: cells.map((cell): TableCell => ({type: 'tableCell', children: phrasingOf(convert(cell.children))}))});
      } else walk(child.children);
    }
  };
  walk(node.children);
  const width = Math.max(0, ...rows.map((r) => r.children.length));
  for (const row of rows) while (row.children.length < width) row.children.push({type: 'tableCell', children: []});
  return {type: 'table', align: Array(width).fill(null), children: rows};
}

function htmlElement(node: JsxNode, children: RootContent[], inline: boolean): RootContent[] | undefined {
  switch (node.name) {
    case 'code':
      return [{type: 'inlineCode', value: textOf(children)}];
    case 'br':
      return [{type: 'text', value: ' '}];
    case 'strong':
    case 'b':
      return [{type: 'strong', children: phrasingOf(children)}];
    case 'em':
    case 'i':
      return [{type: 'emphasis', children: phrasingOf(children)}];
    case 'summary':
      return inline ? [{type: 'strong', children: phrasingOf(children)}] : [{type: 'paragraph', children: [{type: 'strong', children: phrasingOf(children)}]}];
    case 'p':
      return [{type: 'paragraph', children: phrasingOf(children)}];
    case 'div':
    case 'span':
    case 'details':
    case 'section':
    case 'figure':
    case 'sup':
    case 'sub':
      return children;
    default:
      return undefined;
  }
}

/** The Markdown twin of one doc page. */
export async function markdownTwin(file: string, source: string, options: TwinOptions): Promise<TwinPage> {
  const {tree, ...page} = await twinTree(file, source, options);
  return {...page, body: serialize(tree)};
}

/** A page's twin before it is written out: its metadata, and its body as plain mdast. */
export async function twinTree(file: string, source: string, options: TwinOptions): Promise<Omit<TwinPage, 'body'> & {tree: Root}> {
  const components = options.components ?? TWIN_COMPONENTS;
  const parsed = matter(source);
  const front = parsed.data as {title?: string; description?: string; unlisted?: boolean; sidebar_position?: number};
  const route = routeOfDoc(file);
  const frontMatterLines = source.slice(0, source.length - parsed.content.length).split('\n').length - 1;
  const tree = processor.parse(parsed.content) as Root;
  remarkApiOperation({specDir: options.specDir})(tree as never, {path: file});

  const scope: Scope = new Map(Object.entries(REACT_STAND_INS));
  const pageComponents = new Set<string>();
  const exported: string[] = [];
  for (const node of tree.children) {
    if (node.type === 'mdxjsEsm') {
      const body = (node.data as {estree?: {body: EstreeNode[]}} | undefined)?.estree?.body ?? [];
      const {code, names} = await addEsm(node.value, body, scope, options, file);
      if (names.length > 0) exported.push(code);
      for (const name of names) pageComponents.add(name);
    }
  }
  if (pageComponents.size > 0) {
    const names = [...pageComponents];
    const values = run(compileJsx(exported.join('\n')), scope, `return {${names.join(', ')}};`) as Record<string, unknown>;
    for (const name of names) scope.set(name, values[name]);
  }

  const fileDir = path.posix.dirname(file);
  const absolute = (url: string): string => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('#')) return url;
    const [target, hash = ''] = url.split(/(?=#)/);
    let resolved = target.startsWith('/') ? target : path.posix.normalize(path.posix.join('/', fileDir, target));
    if (/\.mdx?$/.test(resolved)) resolved = routeOfDoc(resolved.slice(1)) + '.md';
    else if (resolved.startsWith('/docs/') && !path.posix.extname(resolved)) resolved += '.md';
    return options.siteUrl + resolved + hash;
  };

  const convert = (nodes: RootContent[], inline = false): RootContent[] =>
    nodes.flatMap((node): RootContent[] => {
      const where = `${file}${node.position ? `:${node.position.start.line + frontMatterLines}` : ''}`;
      switch (node.type) {
        case 'mdxjsEsm':
          return [];
        case 'mdxFlowExpression':
        case 'mdxTextExpression': {
          if (saysNothing(node.value)) return [];
          try {
            return valueToMdast(evaluate(node.value, scope, where), node.type === 'mdxTextExpression');
          } catch (error) {
            throw new Error(`${where}: ${(error as Error).message}`);
          }
        }
        case 'mdxJsxFlowElement':
        case 'mdxJsxTextElement': {
          const jsx = node as unknown as JsxNode;
          const elementInline = node.type === 'mdxJsxTextElement';
          const name = jsx.name ?? '';
          if (name === '') return convert(jsx.children, elementInline);
          if (name === 'table') {
            // Rows an expression makes are rendered as the page renders them, then read as HTML rows.
            const rowsOf = (expression: RootContent): TableRow[] => {
              const value = (expression as {value: string}).value;
              if (saysNothing(value)) return [];
              const rendered = evaluate(value, scope, where);
              const markup = (Array.isArray(rendered) ? rendered : [rendered]).map((v) => (isValidElement(v) ? renderToStaticMarkup(v) : '')).join('');
              const table = htmlToMdast(`<table><tbody>${markup}</tbody></table>`, false).find((n): n is Table => n.type === 'table');
              return table?.children ?? [];
            };
            return [jsxTable(jsx, (c) => convert(c, true), rowsOf)];
          }
          if (/^[a-z]/.test(name)) {
            const children = convert(jsx.children, elementInline);
            if (name === 'a') return [{type: 'link', url: absolute(String(propsOf(jsx, scope, where).href ?? '')), children: phrasingOf(children)}];
            if (name === 'img') {
              const props = propsOf(jsx, scope, where);
              const image: RootContent = {type: 'image', url: absolute(String(props.src ?? '')), alt: String(props.alt ?? '')};
              return elementInline ? [image] : [{type: 'paragraph', children: [image]}];
            }
            const out = htmlElement(jsx, children, elementInline);
            if (out) return out;
            throw new Error(`${where}: <${name}> has no Markdown form in the twin`);
          }
          const bound = scope.get(name) as SvgImport | ((props: object) => unknown) | undefined;
          if (bound && typeof bound === 'object' && 'svgUrl' in bound) {
            const props = propsOf(jsx, scope, where);
            const image: RootContent = {type: 'image', url: absolute(bound.svgUrl), alt: String(props['aria-label'] ?? props.title ?? '')};
            return elementInline ? [image] : [{type: 'paragraph', children: [image]}];
          }
          if (pageComponents.has(name) && typeof bound === 'function') {
            const html = renderToStaticMarkup(createElement(bound as never, propsOf(jsx, scope, where) as never));
            return htmlToMdast(html, elementInline);
          }
          const handler = components[name];
          if (!handler) {
            throw new Error(`${where}: <${name}> has no Markdown form; add it to plugins/markdown-twins/components.ts`);
          }
          return handler({props: propsOf(jsx, scope, where), children: convert(jsx.children, elementInline), inline: elementInline});
        }
        case 'containerDirective': {
          const hasLabel = (node.children[0]?.data as {directiveLabel?: boolean} | undefined)?.directiveLabel === true;
          const [labelNode, ...rest] = hasLabel ? node.children : [undefined, ...node.children];
          const label = labelNode && labelNode.type === 'paragraph' ? phrasingOf(convert(labelNode.children)) : [{type: 'text' as const, value: ADMONITION_LABELS[node.name] ?? node.name}];
          const body = convert(rest as RootContent[]);
          const lead: Paragraph = {type: 'paragraph', children: [{type: 'strong', children: [...label, {type: 'text', value: ':'}]}]};
          const first = body[0];
          if (first?.type === 'paragraph') first.children.unshift(...lead.children, {type: 'text', value: ' '});
          else body.unshift(lead);
          return [{type: 'blockquote', children: body} as Blockquote];
        }
        case 'leafDirective':
        case 'textDirective': {
          // Not an admonition: the text was never meant as a directive (`8080:80`).
          const text: RootContent = {type: 'text', value: `:${node.name}`};
          const children = convert(node.children, true);
          return node.type === 'leafDirective' ? [{type: 'paragraph', children: [text as PhrasingContent, ...phrasingOf(children)]}] : [text, ...children];
        }
        case 'link':
          return [{...node, url: absolute(node.url), children: phrasingOf(convert(node.children, true))}];
        case 'image':
          return [{...node, url: absolute(node.url)}];
        case 'definition':
          return [{...node, url: absolute(node.url)}];
        default:
          if ('children' in node) {
            const converted = convert(node.children as RootContent[], node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell' || inline);
            return [{...node, children: converted} as RootContent];
          }
          return [node];
      }
    });

  const root: Root = {type: 'root', children: asFlow(convert(tree.children))};
  const left = findMdx(root);
  if (left) throw new Error(`${file}: a ${left} node is left in the Markdown twin`);
  return {
    file,
    route,
    title: String(front.title ?? ''),
    description: String(front.description ?? ''),
    unlisted: front.unlisted === true,
    sidebarPosition: typeof front.sidebar_position === 'number' ? front.sidebar_position : undefined,
    tree: root,
  };
}

export const TO_MARKDOWN: ToMarkdownOptions = {extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', rule: '-', fences: true, listItemIndent: 'one', resourceLink: true};

// Markdown of each section already written, by the section's tree.
const sections = new Map<string, string>();

/**
 * `toMarkdown(root, TO_MARKDOWN)`, one section at a time: a heading and the blocks up to the
 * next one. A section is written the same wherever it stands (a heading ends any list run,
 * and blocks at the top join with one blank line), so one that recurs is written once. API
 * pages repeat their error responses: about 70 % of the API twins' text is sections seen on
 * another page, and serializing was the step's largest cost.
 */
export function serialize(root: Root): string {
  const runs: RootContent[][] = [];
  for (const node of root.children) {
    if (node.type === 'heading' || runs.length === 0) runs.push([node]);
    else runs[runs.length - 1].push(node);
  }
  if (runs.length === 0) return toMarkdown(root, TO_MARKDOWN);
  const parts = runs.map((children) => {
    const key = createHash('sha1').update(JSON.stringify(children)).digest('base64');
    let part = sections.get(key);
    if (part === undefined) {
      part = toMarkdown({type: 'root', children}, TO_MARKDOWN).replace(/\n$/, '');
      sections.set(key, part);
    }
    return part;
  });
  return `${parts.join('\n\n')}\n`;
}

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'linkReference', 'image', 'imageReference', 'footnoteReference']);

/**
 * Runs of inline content at the top of the page (a bare `{expression}` or `<img>` on a line
 * of its own) as paragraphs: one inline child would make the serializer join the whole page
 * as a single paragraph.
 */
export function asFlow(nodes: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (const node of nodes) {
    if (!PHRASING.has(node.type)) {
      out.push(node);
      continue;
    }
    const last = out[out.length - 1] as Paragraph | undefined;
    const open = last?.type === 'paragraph' && (last.data as {gathered?: boolean} | undefined)?.gathered === true;
    if (open) last.children.push(node as PhrasingContent);
    else out.push({type: 'paragraph', children: [node as PhrasingContent], data: {gathered: true} as never});
  }
  return out;
}

function findMdx(node: {type: string; children?: unknown[]}): string | undefined {
  if (node.type.startsWith('mdx') || node.type.endsWith('Directive')) return node.type;
  for (const child of (node.children ?? []) as {type: string; children?: unknown[]}[]) {
    const found = findMdx(child);
    if (found) return found;
  }
  return undefined;
}
