/**
 * Renders one operation of the spec as Markdown AST, so that Docusaurus turns it into
 * static HTML with its own components: headings (in the table of contents), tables,
 * code blocks with copy buttons, <details> for nested schemas, and our own components
 * (src/theme/MDXComponents) for the nested field lists and the code sample tabs.
 */
import {createSlugger} from '@docusaurus/utils';
import type {BlockContent, Code, Heading, Link, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {gfm} from 'micromark-extension-gfm';
import {sample} from 'openapi-sampler';
import {code, jsx, text, type JsxElement} from './mdast';
import {deref, hasFields, mergeAllOf, SCHEMA_NAME, TARGET_DESCRIPTION, typeLabel, unwrapNullable, type Schema} from './schema';
import {fieldPermissions, PERMISSION_CATALOGUE, requiredPermission} from './permissions';
import {codeSamples} from './snippets';
import {operations, type LocatedOperation, type OpenApiDocument} from './spec';
import {STATUS_TEXT} from './status';

type Example = {summary?: string; description?: string; value?: unknown};
type Parameter = {name: string; in: string; description?: string; required?: boolean; schema?: Schema; example?: unknown; examples?: Record<string, Example>; deprecated?: boolean};
type MediaType = {schema?: Schema; example?: unknown; examples?: Record<string, Example>};
type Response = {description?: string; content?: Record<string, MediaType>; headers?: Record<string, {description?: string; schema?: Schema}>};


/** True when the operation's first success response has a body (a `204` has none). */
function successHasBody(responses: unknown, doc: OpenApiDocument): boolean {
  const success = Object.entries((responses ?? {}) as Record<string, Response>).find(([status]) => /^2/.test(status));
  return success === undefined || deref(doc, success[1])?.content !== undefined;
}


export {code, jsx, text} from './mdast';
const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
const heading = (depth: 2 | 3, value: string): Heading => ({type: 'heading', depth, children: [text(value)]});
const codeBlock = (lang: string, value: string, title?: string): Code => ({type: 'code', lang, meta: title ? `title="${title}"` : null, value});

const GFM = {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]};
// Descriptions of shared schemas repeat on many pages: each text is parsed once.
const parsed = new Map<string, RootContent[]>();

/**
 * Markdown from the spec (descriptions) as mdast: CommonMark and GFM, never MDX, so a
 * `<` or `{` in a description is text. Raw HTML is kept as text too. Callers get their
 * own copy, free to change.
 */
export function markdown(value: string | undefined): RootContent[] {
  if (!value?.trim()) return [];
  let nodes = parsed.get(value);
  if (!nodes) {
    const strip = (node: RootContent): RootContent => {
      if (node.type === 'html') return {type: 'text', value: node.value} as unknown as RootContent;
      if ('children' in node) (node as {children: RootContent[]}).children = (node as {children: RootContent[]}).children.map(strip);
      delete (node as {position?: unknown}).position;
      return node;
    };
    nodes = (fromMarkdown(value, GFM) as Root).children.map(strip);
    parsed.set(value, nodes);
  }
  return structuredClone(nodes);
}

/** The first paragraph of a description as inline content (for table cells). */
function inlineMarkdown(value: string | undefined): PhrasingContent[] {
  const [first] = markdown(value);
  return first && first.type === 'paragraph' ? first.children : value ? [text(value)] : [];
}

function constraints(schema: Schema): PhrasingContent[] {
  const facts: PhrasingContent[] = [];
  const add = (label: string, value: unknown) => facts.push(text(`${facts.length ? ', ' : ''}${label} `), code(JSON.stringify(value)));
  const flag = (label: string) => facts.push(text(`${facts.length ? ', ' : ''}${label}`));
  if (schema.enum) {
    // `x-extensible-enum: true` marks a set the API may grow: clients must accept other values.
    const open = schema['x-extensible-enum'] === true;
    facts.push(text(`${facts.length ? ', ' : ''}${open ? 'known values ' : 'one of '}`));
    schema.enum.forEach((v, i) => facts.push(...(i ? [text(', ')] : []), code(JSON.stringify(v))));
    if (open) facts.push(text('; more may be added'));
  }
  if (schema.const !== undefined) add('always', schema.const);
  if (schema.default !== undefined) add('default', schema.default);
  if (schema.minimum !== undefined) add('minimum', schema.minimum);
  if (typeof schema.exclusiveMinimum === 'number') add('greater than', schema.exclusiveMinimum);
  if (schema.maximum !== undefined) add('maximum', schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number') add('less than', schema.exclusiveMaximum);
  if (schema.multipleOf !== undefined) add('multiple of', schema.multipleOf);
  if (schema.minLength !== undefined) add('min length', schema.minLength);
  if (schema.maxLength !== undefined) add('max length', schema.maxLength);
  if (schema.pattern !== undefined) add('pattern', schema.pattern);
  if (schema.minItems !== undefined) add('min items', schema.minItems);
  if (schema.maxItems !== undefined) add('max items', schema.maxItems);
  if (schema.uniqueItems === true) flag('items unique');
  if (schema.minProperties !== undefined) add('min keys', schema.minProperties);
  if (schema.maxProperties !== undefined) add('max keys', schema.maxProperties);
  if (schema.example !== undefined && typeof schema.example !== 'object') add('example', schema.example);
  // Limits of the values of a map or the items of a list with no fields of their own.
  const inner = typeof schema.additionalProperties === 'object' ? ['each value', schema.additionalProperties] as const : schema.items ? ['each item', schema.items] as const : undefined;
  if (inner && !hasFields(inner[1])) {
    const nested = constraints(unwrapNullable(mergeAllOf(inner[1])));
    if (nested.length) facts.push(text(`${facts.length ? '; ' : ''}${inner[0]}`), ...nested);
  }
  return facts.length ? [text(' ('), ...facts, text(')')] : [];
}

/** Where the fields of shared component schemas are written out in full. */
export interface FieldContext {
  /** Request bodies leave out read-only fields, responses write-only ones. */
  direction: 'request' | 'response';
  /** Route of the page being rendered. */
  page: string;
  /** The page documenting each shared schema (by `schemaKey`); without it, every schema is expanded here. */
  homes?: Map<string, string>;
  /** Shared schemas already written out on this page. */
  expanded: Set<string>;
}

const schemaKey = (name: string, direction: FieldContext['direction']) => `${direction}:${name}`;
/** The anchor of a shared schema's fields: one per schema and direction. */
export const schemaAnchor = (name: string, direction: FieldContext['direction']) =>
  `schema-${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}${direction === 'request' ? '-request' : ''}`;

const visible = (property: Schema, context: FieldContext) => !(context.direction === 'request' ? property.readOnly : property.writeOnly);

/** A field list folded into <details>: written out in full, or a link to the one place that is. */
function nestedFields(schema: Schema, summary: string, depth: number, context: FieldContext): JsxElement {
  const name = schema[SCHEMA_NAME];
  const merged = unwrapNullable(mergeAllOf(schema));
  if (!name || !merged.properties) {
    return jsx('ApiFields', {className: 'api-schema-details'}, [jsx('summary', {}, [text(summary)]), ...schemaFields(schema, depth + 1, context)]);
  }
  const key = schemaKey(name, context.direction);
  const anchor = schemaAnchor(name, context.direction);
  const title = `${typeof merged.title === 'string' ? merged.title : name} object`;
  const home = context.homes?.get(key) ?? context.page;
  if (home === context.page && !context.expanded.has(key)) {
    context.expanded.add(key);
    return jsx('ApiFields', {className: 'api-schema-details', id: anchor}, [jsx('summary', {}, [text(title)]), ...schemaFields(schema, depth + 1, context)]);
  }
  // Written out once per site (or earlier on this page): name the fields and link there.
  const names = Object.entries(merged.properties).filter(([, p]) => visible(mergeAllOf(p), context)).map(([n]) => n);
  const link: Link = {type: 'link', url: `${home === context.page ? '' : home}#${anchor}`, title: null, children: [text(`the ${title}`)]};
  return jsx('ApiFields', {className: 'api-schema-details'}, [
    jsx('summary', {}, [text(title)]),
    paragraph(text('Fields '), ...names.flatMap((n, i) => [...(i ? [text(', ')] : []), code(n)]), text(': each is described under '), link, text('.')),
  ]);
}

/** A schema's fields as a nested list; objects deeper than the first level fold into <details>. */
export function schemaFields(input: Schema, depth = 0, context: FieldContext = {direction: 'response', page: '', expanded: new Set()}): (List | JsxElement | Paragraph)[] {
  const schema = unwrapNullable(mergeAllOf(input));
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    return [
      paragraph(text(schema.oneOf ? 'Exactly one of these shapes:' : 'Any of these shapes:')),
      ...variants.map((variant, i) => {
        const label = variant.title ?? (variant[SCHEMA_NAME] ? `${variant[SCHEMA_NAME]} object` : `Option ${i + 1}: ${typeLabel(variant)}`);
        return hasFields(variant)
          ? nestedFields(variant, label, depth, context)
          : jsx('ApiFields', {className: 'api-schema-details'}, [jsx('summary', {}, [text(label)]), paragraph(text(typeLabel(variant)), ...constraints(unwrapNullable(mergeAllOf(variant))))]);
      }),
    ];
  }
  if (schema.items && !schema.properties) return hasFields(schema.items) ? schemaFields(schema.items, depth, context) : [];
  const properties = Object.entries(schema.properties ?? {}).filter(([, raw]) => visible(mergeAllOf(raw), context));
  const items: ListItem[] = properties.map(([name, raw]) => {
    const property = unwrapNullable(mergeAllOf(raw));
    const line: PhrasingContent[] = [code(name), text(' '), {type: 'emphasis', children: [text(typeLabel(property))]}];
    if (schema.required?.includes(name)) line.push(text(' '), {type: 'strong', children: [text('required')]});
    if (property.deprecated) line.push(text(' · '), {type: 'strong', children: [text('deprecated')]});
    if (property.readOnly) line.push(text(' · read-only'));
    if (property.writeOnly) line.push(text(' · write-only'));
    // A description given beside a `$ref` says what the field means here; the target's says what the type is.
    const description = [...inlineMarkdown(property.description), ...(property[TARGET_DESCRIPTION] ? [text(' '), ...inlineMarkdown(property[TARGET_DESCRIPTION])] : [])];
    if (description.length) line.push(text(' — '), ...description);
    line.push(...constraints(property));
    const children: BlockContent[] = [paragraph(...line)];
    const nested = property.items && !property.properties ? property.items : property;
    if (hasFields(nested)) {
      children.push(nestedFields(nested, `${name}${nested === property ? '' : '[]'} fields`, depth, context) as unknown as BlockContent);
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
        cell([...inlineMarkdown(p.description), ...constraints({...schema, example: p.example ?? schema.example}), ...parameterExamples(p)]),
      ],
    };
  });
  return {type: 'table', align: [null, null, null, null, null], children: [{type: 'tableRow', children: header}, ...rows]};
}

/** A parameter's named examples, each with its summary. */
function parameterExamples(p: Parameter): PhrasingContent[] {
  const named = Object.entries(p.examples ?? {}).filter(([, e]) => e.value !== undefined);
  if (!named.length) return [];
  return [
    text(named.length > 1 ? ' Examples: ' : ' Example: '),
    ...named.flatMap(([name, e], i) => [...(i ? [text('; ')] : []), code(typeof e.value === 'string' ? e.value : JSON.stringify(e.value)), text(` (${e.summary ?? name})`)]),
  ];
}

/** Every example of a media type, each with its title: the spec's own, else one sampled from the schema. */
export function examplesOf(media: MediaType | undefined, doc: OpenApiDocument): {title?: string; value: unknown}[] {
  if (!media) return [];
  if (media.example !== undefined) return [{value: media.example}];
  const named = Object.entries(media.examples ?? {}).filter(([, e]) => e.value !== undefined);
  if (named.length) return named.map(([name, e]) => ({title: e.summary ?? name, value: e.value}));
  return media.schema ? [{value: sample(media.schema as object, {skipReadOnly: false}, doc)}] : [];
}

/** The first example of a media type (the one code samples send). */
export function exampleOf(media: MediaType | undefined, doc: OpenApiDocument): unknown {
  return examplesOf(media, doc)[0]?.value;
}

// Code-block titles are written into the meta string between double quotes.
const blockTitle = (base: string, title?: string) => (title ? `${base}: ${title.replace(/["\\\n]/g, ' ')}` : base);

export interface RenderContext {
  doc: OpenApiDocument;
  /** Base URL of the API (the first server). */
  baseUrl: string;
}

const homesOfDoc = new WeakMap<OpenApiDocument, Map<string, string>>();

/**
 * The page that writes out each shared schema in full: the first operation showing it,
 * reads (GET) before writes, in the spec's order. Found by listing the fields of every
 * operation's request body and responses once, as `renderOperation` lists them, with
 * nothing shared, so a schema's home always renders it. Only the field lists are built:
 * the rest of a page (examples, code samples) shows no shared schema.
 */
export function schemaHomes(doc: OpenApiDocument): Map<string, string> {
  let homes = homesOfDoc.get(doc);
  if (homes) return homes;
  homes = new Map();
  const all = operations(doc);
  const ordered = [...all.filter((o) => o.method === 'get'), ...all.filter((o) => o.method !== 'get')];
  for (const located of ordered) {
    const page = String(located.operation['x-doc-path'] ?? '');
    const expanded = new Set<string>();
    const operation = deref(doc, located.operation);
    const body = (operation.requestBody as {content?: Record<string, MediaType>} | undefined)?.content?.['application/json']?.schema;
    if (body) schemaFields(body, 0, {direction: 'request', page, expanded});
    for (const response of Object.values((operation.responses ?? {}) as Record<string, Response>)) {
      const schema = response.content?.['application/json']?.schema;
      if (schema && hasFields(schema)) schemaFields(schema, 0, {direction: 'response', page, expanded});
    }
    for (const key of expanded) if (!homes.has(key)) homes.set(key, page);
  }
  homesOfDoc.set(doc, homes);
  return homes;
}

/** The whole reference of one operation. */
export function renderOperation(
  located: LocatedOperation,
  context: RenderContext,
  shared: {homes?: Map<string, string>; expanded: Set<string>} = {homes: schemaHomes(context.doc), expanded: new Set()},
): (RootContent | JsxElement)[] {
  const {doc} = context;
  const {method, path: apiPath} = located;
  const page = String(located.operation['x-doc-path'] ?? '');
  const fields = (direction: FieldContext['direction']): FieldContext => ({direction, page, homes: shared.homes, expanded: shared.expanded});
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
  // The permission the key's role needs (`x-permission`), linked to the catalogue.
  const required = requiredPermission(doc, located);
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
    const catalogue: Link = {type: 'link', url: PERMISSION_CATALOGUE, title: null, children: [text('permission catalogue')]};
    if (required.kind === 'permission') nodes.push(paragraph(text('Requires the '), code(required.name), text(' permission (see the '), catalogue, text(').')));
    else nodes.push(paragraph(text('Requires no permission: any valid API key may call it (see the '), catalogue, text(').')));
    for (const {permission, fields: names} of fieldPermissions(operation.operationId)) {
      nodes.push(paragraph(text('The fields '), ...names.flatMap((n, i) => [...(i ? [text(i === names.length - 1 ? ' and ' : ', ')] : []), code(n)]), text(' also need '), code(permission), text('; without it they are null.')));
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
    if (bodyMedia?.schema) nodes.push(...schemaFields(bodyMedia.schema, 0, fields('request')));
    for (const example of examplesOf(bodyMedia, doc)) nodes.push(codeBlock('json', JSON.stringify(example.value, null, 2), blockTitle('Request body', example.title)));
  }

  const operationCodes = (operation['x-error-codes'] ?? []) as string[];
  const responseExamples: {status: string; block: Code}[] = [];
  nodes.push(heading(2, 'Responses'));
  // Response schemas (as JSON) whose fields are listed already, with the status heading they are under.
  const fieldsShownUnder = new Map<string, string>();
  for (const [status, raw] of Object.entries((operation.responses ?? {}) as Record<string, Response>)) {
    const response = raw;
    const statusHeading = `${status} ${STATUS_TEXT[status] ?? ''}`.trim();
    nodes.push(heading(3, statusHeading));
    nodes.push(...markdown(response.description));
    // Headers every response shares (request id, rate limits) are named in one line; the
    // overview explains them. A header of this response alone keeps its description.
    const rawHeaders = ((located.operation.responses?.[status] as {headers?: Record<string, {$ref?: string}>} | undefined)?.headers ?? {}) as Record<string, {$ref?: string}>;
    const shared = Object.keys(response.headers ?? {}).filter((name) => rawHeaders[name]?.$ref);
    if (shared.length) nodes.push(jsx('div', {className: 'search-skip'}, [paragraph(text('Headers: '), ...shared.flatMap((name, i) => [...(i ? [text(', ')] : []), code(name)]), text('.'))]));
    for (const [name, header] of Object.entries(response.headers ?? {}).filter(([name]) => !shared.includes(name))) {
      nodes.push(paragraph(text('Header '), code(name), text(': '), ...inlineMarkdown(header.description)));
    }
    const media = response.content?.['application/json'];
    if (media?.schema && hasFields(media.schema)) {
      // The error statuses of an operation share one body: its fields are listed under the
      // first, and the others point there instead of repeating the same list.
      const key = JSON.stringify(media.schema);
      const first = fieldsShownUnder.get(key);
      if (first) {
        // Docusaurus's own slugger, as it gives the heading its id (each status heads once per page).
        const there: Link = {type: 'link', url: `#${createSlugger().slug(first)}`, title: null, children: [text(first)]};
        nodes.push(paragraph(text('The body has the same fields as under '), there, text('.')));
      } else {
        fieldsShownUnder.set(key, statusHeading);
        nodes.push(jsx('ApiFields', {className: 'api-schema-details'}, [jsx('summary', {}, [text(`${status} response fields`)]), ...schemaFields(media.schema, 0, fields('response'))]));
      }
    }
    // A shared error response (BadRequest, Conflict…) holds an example per code of every
    // operation; its page shows one, of a code this operation returns, and the "Error codes"
    // table lists the rest, instead of repeating every code's body on each of ~160 pages.
    const sharedError = Boolean((located.operation.responses?.[status] as {$ref?: string} | undefined)?.$ref) && media?.examples;
    const shown = sharedError
      ? Object.entries(media!.examples!).filter(([name]) => operationCodes.includes(name)).slice(0, 1).map(([, e]) => ({title: (e as {summary?: string}).summary, value: e.value}))
      : examplesOf(media, doc);
    // Shown once, in the aside below: beside the request on wide screens, after the
    // reference on narrow ones. A tab names the status; a block names its example if titled.
    for (const example of shown) {
      responseExamples.push({status, block: codeBlock('json', JSON.stringify(example.value, null, 2), example.title ? blockTitle(`${status} response`, example.title) : undefined)});
    }
  }

  if (operationCodes.length) {
    const statuses = ((doc.components.schemas as Record<string, {'x-statuses'?: Record<string, number>}>).ErrorCode?.['x-statuses'] ?? {}) as Record<string, number>;
    nodes.push(heading(2, 'Error codes'));
    // Search would otherwise hold the same dozen rows for every operation.
    nodes.push(jsx('div', {className: 'search-skip'}, [paragraph(text('The values of '), code('error.code'), text(' this operation can return. Branch on the code, not on the status: several codes share one.')), {
      type: 'table',
      align: [null, null],
      children: [
        {type: 'tableRow', children: [cell([text('Code')]), cell([text('Status')])]},
        ...operationCodes.map((c) => ({type: 'tableRow' as const, children: [cell([code(c)]), cell([text(statuses[c] ? `${statuses[c]} ${STATUS_TEXT[String(statuses[c])] ?? ''}`.trim() : '')])]})),
      ],
    } as Table]));
  }

  const samples = codeSamples({
    method,
    url: context.baseUrl + apiPath,
    parameters: parameters.map((p) => ({...p, example: p.example ?? Object.values(p.examples ?? {})[0]?.value ?? p.schema?.example ?? p.schema?.default})),
    body: bodyMedia ? exampleOf(bodyMedia, doc) : undefined,
    authenticated: security.length > 0,
    responseBody: successHasBody(operation.responses, doc),
  });
  // Our own tab set, not the theme's <Tabs>: every panel is in the server HTML (the
  // unpicked ones `hidden`, for no-JS readers and the search crawler), and hydration keeps
  // the highlighted code instead of remounting it (see src/components/ApiCodeSamples).
  // From 1280 px the request and its answers stand beside the reference, sticky
  // (src/css/custom.css): the samples, and the response examples, one tab per status.
  const statuses = [...new Set(responseExamples.map((e) => e.status))];
  nodes.push(
    jsx('div', {className: 'api-aside'}, [
      // The request console's opener, above the samples it sends (src/components/ApiConsole):
      // a button in the HTML, the console loaded only when the reader clicks it.
      ...(operation.operationId ? [jsx('ApiConsole', {operationId: String(operation.operationId)}, [])] : []),
      heading(2, 'Code samples'),
      jsx('ApiCodeSamples', {}, samples.map((s) => jsx('ApiCodeSample', {value: s.id, label: s.label}, [codeBlock(s.lang, s.code)]))),
      ...(statuses.length
        ? [
            heading(2, 'Response examples'),
            jsx('ApiResponseExamples', {}, statuses.map((status) => jsx('ApiCodeSample', {value: status, label: status}, responseExamples.filter((e) => e.status === status).map((e) => e.block)))),
          ]
        : []),
    ]),
  );
  return nodes;
}
