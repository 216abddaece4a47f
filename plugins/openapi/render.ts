/**
 * Renders one operation of the spec as Markdown AST, so that Docusaurus turns it into
 * static HTML with its own components: headings (in the table of contents), tables,
 * code blocks with copy buttons, <details> for nested schemas, and our own components
 * (src/theme/MDXComponents) for the nested field lists and the code sample tabs.
 */
import type {BlockContent, Code, Heading, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {gfm} from 'micromark-extension-gfm';
import {sample} from 'openapi-sampler';
import {deref, hasFields, mergeAllOf, typeLabel, type Schema} from './schema';
import {codeSamples} from './snippets';
import type {LocatedOperation, OpenApiDocument} from './spec';

type Parameter = {name: string; in: string; description?: string; required?: boolean; schema?: Schema; example?: unknown; deprecated?: boolean};
type MediaType = {schema?: Schema; example?: unknown; examples?: Record<string, {value?: unknown}>};
type Response = {description?: string; content?: Record<string, MediaType>; headers?: Record<string, {description?: string; schema?: Schema}>};

// A JSX element of the MDX AST (mdast-util-mdx-jsx), built by hand.
interface JsxElement {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: {type: 'mdxJsxAttribute'; name: string; value: string}[];
  children: (RootContent | JsxElement)[];
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '304': 'Not Modified', '400': 'Bad Request', '401': 'Unauthorized',
  '402': 'Payment Required', '403': 'Forbidden', '404': 'Not Found', '405': 'Method Not Allowed', '409': 'Conflict', '410': 'Gone',
  '412': 'Precondition Failed', '413': 'Payload Too Large', '415': 'Unsupported Media Type', '422': 'Unprocessable Content',
  '429': 'Too Many Requests', '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable',
};

const jsx = (name: string, attributes: Record<string, string>, children: JsxElement['children']): JsxElement => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children,
});
const text = (value: string): PhrasingContent => ({type: 'text', value});
const code = (value: string): PhrasingContent => ({type: 'inlineCode', value});
const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
const heading = (depth: 2 | 3, value: string): Heading => ({type: 'heading', depth, children: [text(value)]});
const codeBlock = (lang: string, value: string, title?: string): Code => ({type: 'code', lang, meta: title ? `title="${title}"` : null, value});

/**
 * Markdown from the spec (descriptions) as mdast: CommonMark and GFM, never MDX, so a
 * `<` or `{` in a description is text. Raw HTML is kept as text too.
 */
export function markdown(value: string | undefined): RootContent[] {
  if (!value?.trim()) return [];
  const tree = fromMarkdown(value, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}) as Root;
  const strip = (node: RootContent): RootContent => {
    if (node.type === 'html') return {type: 'text', value: node.value} as unknown as RootContent;
    if ('children' in node) (node as {children: RootContent[]}).children = (node as {children: RootContent[]}).children.map(strip);
    delete (node as {position?: unknown}).position;
    return node;
  };
  return tree.children.map(strip);
}

/** The first paragraph of a description as inline content (for table cells). */
function inlineMarkdown(value: string | undefined): PhrasingContent[] {
  const [first] = markdown(value);
  return first && first.type === 'paragraph' ? first.children : value ? [text(value)] : [];
}

function constraints(schema: Schema): PhrasingContent[] {
  const facts: PhrasingContent[] = [];
  const add = (label: string, value: unknown) => facts.push(text(`${facts.length ? ', ' : ''}${label} `), code(JSON.stringify(value)));
  if (schema.enum) {
    facts.push(text(`${facts.length ? ', ' : ''}one of `));
    schema.enum.forEach((v, i) => facts.push(...(i ? [text(', ')] : []), code(JSON.stringify(v))));
  }
  if (schema.default !== undefined) add('default', schema.default);
  if (schema.minimum !== undefined) add('minimum', schema.minimum);
  if (schema.maximum !== undefined) add('maximum', schema.maximum);
  if (schema.minLength !== undefined) add('min length', schema.minLength);
  if (schema.maxLength !== undefined) add('max length', schema.maxLength);
  if (schema.pattern !== undefined) add('pattern', schema.pattern);
  if (schema.example !== undefined && typeof schema.example !== 'object') add('example', schema.example);
  return facts.length ? [text(' ('), ...facts, text(')')] : [];
}

/** A schema's fields as a nested list; objects deeper than the first level fold into <details>. */
export function schemaFields(input: Schema, depth = 0): (List | JsxElement | Paragraph)[] {
  const schema = mergeAllOf(input);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    return [
      paragraph(text(schema.oneOf ? 'Exactly one of these shapes:' : 'Any of these shapes:')),
      ...variants.map((variant, i) =>
        jsx('ApiFields', {className: 'api-schema-details'}, [
          jsx('summary', {}, [text(variant.title ?? `Option ${i + 1}: ${typeLabel(variant)}`)]),
          ...(hasFields(variant) ? schemaFields(variant, depth + 1) : [paragraph(text(typeLabel(variant)))]),
        ]),
      ),
    ];
  }
  if (schema.items && !schema.properties) return hasFields(schema.items) ? schemaFields(schema.items, depth) : [];
  const properties = Object.entries(schema.properties ?? {});
  const items: ListItem[] = properties.map(([name, raw]) => {
    const property = mergeAllOf(raw);
    const line: PhrasingContent[] = [code(name), text(' '), {type: 'emphasis', children: [text(typeLabel(property))]}];
    if (schema.required?.includes(name)) line.push(text(' '), {type: 'strong', children: [text('required')]});
    if (property.readOnly) line.push(text(' · read-only'));
    if (property.writeOnly) line.push(text(' · write-only'));
    const description = inlineMarkdown(property.description);
    if (description.length) line.push(text(' — '), ...description);
    line.push(...constraints(property));
    const children: BlockContent[] = [paragraph(...line)];
    const nested = property.items && !property.properties ? property.items : property;
    if (hasFields(nested)) {
      children.push(
        jsx('ApiFields', {className: 'api-schema-details'}, [
          jsx('summary', {}, [text(`${name}${nested === property ? '' : '[]'} fields`)]),
          ...schemaFields(nested, depth + 1),
        ]) as unknown as BlockContent,
      );
    }
    return {type: 'listItem', spread: false, children};
  });
  const out: (List | JsxElement | Paragraph)[] = [];
  if (items.length) out.push({type: 'list', ordered: false, spread: false, children: items});
  if (typeof schema.additionalProperties === 'object') {
    out.push(paragraph(text('Other keys: '), {type: 'emphasis', children: [text(typeLabel(schema.additionalProperties))]}, ...constraints(schema.additionalProperties)));
  }
  return out;
}

function cell(children: PhrasingContent[]): TableCell {
  return {type: 'tableCell', children};
}

function parameterTable(parameters: Parameter[]): Table {
  const header = ['Name', 'In', 'Type', 'Required', 'Description'].map((h) => cell([text(h)]));
  const rows = parameters.map((p) => {
    const schema = p.schema ?? {};
    return {
      type: 'tableRow' as const,
      children: [
        cell([code(p.name)]),
        cell([text(p.in)]),
        cell([text(typeLabel(schema))]),
        cell([text(p.required ? 'yes' : 'no')]),
        cell([...inlineMarkdown(p.description), ...constraints({...schema, example: p.example ?? schema.example})]),
      ],
    };
  });
  return {type: 'table', align: [null, null, null, null, null], children: [{type: 'tableRow', children: header}, ...rows]};
}

/** An example for a media type: the spec's own, else one sampled from the schema. */
export function exampleOf(media: MediaType | undefined, doc: OpenApiDocument): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples && Object.values(media.examples)[0];
  if (first?.value !== undefined) return first.value;
  return media.schema ? sample(media.schema as object, {skipReadOnly: false}, doc) : undefined;
}

export interface RenderContext {
  doc: OpenApiDocument;
  /** Base URL of the API (the first server). */
  baseUrl: string;
}

/** The whole reference of one operation. */
export function renderOperation(located: LocatedOperation, context: RenderContext): (RootContent | JsxElement)[] {
  const {doc} = context;
  const {method, path: apiPath} = located;
  const operation = deref(doc, located.operation);
  const pathItem = deref(doc, doc.paths[apiPath] as {parameters?: Parameter[]});
  const parameters = [...(pathItem.parameters ?? []), ...((operation.parameters ?? []) as Parameter[])];
  const nodes: (RootContent | JsxElement)[] = [];

  nodes.push(
    jsx('div', {className: 'api-endpoint'}, [
      paragraph(
        {type: 'strong', children: [text(method.toUpperCase())]},
        text(' '),
        code(apiPath),
      ),
    ]),
  );
  // The badge colour comes from the method: a class on the wrapper.
  (nodes[0] as JsxElement).attributes.push({type: 'mdxJsxAttribute', name: 'data-method', value: method});
  nodes.push(...markdown(operation.description ?? operation.summary));

  nodes.push(heading(2, 'Authentication'));
  const security = (operation.security ?? doc.security ?? []) as Record<string, unknown>[];
  if (security.length === 0) {
    nodes.push(paragraph(text('None: this endpoint is public and needs no API key.')));
  } else {
    const schemes = (doc.components.securitySchemes ?? {}) as Record<string, {type: string; in?: string; name?: string}>;
    const names = Object.keys(security[0] ?? {});
    for (const name of names) {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey') nodes.push(paragraph(text('Send your API key in the '), code(scheme.name ?? ''), text(` ${scheme.in ?? 'header'}.`)));
      else nodes.push(paragraph(text(`${name} (${scheme?.type ?? 'unknown scheme'}).`)));
    }
  }

  if (parameters.length) {
    nodes.push(heading(2, 'Parameters'), parameterTable(parameters));
  }

  const body = operation.requestBody as {description?: string; required?: boolean; content?: Record<string, MediaType>} | undefined;
  const bodyMedia = body?.content?.['application/json'];
  if (body) {
    nodes.push(heading(2, 'Request body'));
    nodes.push(paragraph(code('application/json'), text(body.required ? ', required.' : ', optional.')));
    nodes.push(...markdown(body.description));
    if (bodyMedia?.schema) nodes.push(...schemaFields(bodyMedia.schema));
    const example = exampleOf(bodyMedia, doc);
    if (example !== undefined) nodes.push(codeBlock('json', JSON.stringify(example, null, 2), 'Request body'));
  }

  nodes.push(heading(2, 'Responses'));
  for (const [status, raw] of Object.entries((operation.responses ?? {}) as Record<string, Response>)) {
    const response = raw;
    nodes.push(heading(3, `${status} ${STATUS_TEXT[status] ?? ''}`.trim()));
    nodes.push(...markdown(response.description));
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      nodes.push(paragraph(text('Header '), code(name), text(': '), ...inlineMarkdown(header.description)));
    }
    const media = response.content?.['application/json'];
    if (media?.schema && hasFields(media.schema)) {
      nodes.push(jsx('ApiFields', {className: 'api-schema-details'}, [jsx('summary', {}, [text(`${status} response fields`)]), ...schemaFields(media.schema)]));
    }
    const example = exampleOf(media, doc);
    if (example !== undefined) nodes.push(codeBlock('json', JSON.stringify(example, null, 2), `${status} response`));
  }

  nodes.push(heading(2, 'Code samples'));
  const samples = codeSamples({
    method,
    url: context.baseUrl + apiPath,
    parameters: parameters.map((p) => ({...p, example: p.example ?? p.schema?.example ?? p.schema?.default})),
    body: bodyMedia ? exampleOf(bodyMedia, doc) : undefined,
    authenticated: security.length > 0,
  });
  // Our own tab set, not the theme's <Tabs>: every panel is in the server HTML (the
  // unpicked ones `hidden`, for no-JS readers and the search crawler), and hydration keeps
  // the highlighted code instead of remounting it (see src/components/ApiCodeSamples).
  nodes.push(jsx('ApiCodeSamples', {}, samples.map((s) => jsx('ApiCodeSample', {value: s.id, label: s.label}, [codeBlock(s.lang, s.code)]))));
  return nodes;
}
