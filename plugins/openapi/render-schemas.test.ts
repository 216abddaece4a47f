import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {renderOperation, schemaAnchor, schemaHomes} from './render';
import {loadSpec, operations, type OpenApiDocument} from './spec';

const ok = (schema: object) => ({description: 'OK.', content: {'application/json': {schema}}});
const widgetSpec = {
  openapi: '3.1.0',
  info: {title: 'Widgets', version: '1.0.0'},
  servers: [{url: 'https://api.fixture.test/v1'}],
  security: [{ApiKeyAuth: []}],
  paths: {
    '/widgets': {
      get: {
        operationId: 'listWidgets',
        'x-doc-path': '/docs/w/list',
        'x-permission': 'widgets:read',
        parameters: [
          {
            name: 'size',
            in: 'query',
            description: 'Size filter.',
            schema: {type: 'string'},
            examples: {small: {summary: 'Only small widgets', value: 's'}, large: {summary: 'Only large widgets', value: 'l'}},
          },
        ],
        responses: {'200': ok({type: 'object', properties: {widgets: {type: 'array', items: {$ref: '#/components/schemas/Widget'}}}})},
      },
      post: {
        operationId: 'createWidget',
        'x-doc-path': '/docs/w/create',
        'x-permission': 'widgets:write',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {$ref: '#/components/schemas/WidgetCreate'},
              examples: {small: {summary: 'A small widget', value: {name: 'pin'}}, big: {summary: 'A big widget', value: {name: 'crane', secret: 's3'}}},
            },
          },
        },
        responses: {'201': ok({type: 'object', properties: {widget: {$ref: '#/components/schemas/Widget'}}})},
      },
    },
    '/widgets/{id}': {
      parameters: [{name: 'id', in: 'path', required: true, description: 'The widget.', schema: {type: 'integer'}, example: 7}],
      get: {
        operationId: 'getWidget',
        'x-doc-path': '/docs/w/get',
        'x-permission': 'widgets:read',
        responses: {'200': ok({type: 'object', properties: {widget: {$ref: '#/components/schemas/Widget', description: 'The widget you asked for.'}}})},
      },
    },
  },
  components: {
    securitySchemes: {ApiKeyAuth: {type: 'apiKey', in: 'header', name: 'X-API-Key'}},
    schemas: {
      Status: {type: 'string', enum: ['ON', 'OFF'], 'x-extensible-enum': true, description: 'Power state.'},
      Owner: {type: 'object', description: 'An account.', properties: {name: {type: 'string', description: 'Account name.'}, email: {type: 'string', format: 'email'}}},
      Widget: {
        type: 'object',
        description: 'A widget.',
        properties: {
          id: {type: 'integer', readOnly: true, description: 'Identifier.'},
          secret: {type: 'string', writeOnly: true, description: 'Unlock code.'},
          status: {oneOf: [{$ref: '#/components/schemas/Status'}, {type: 'null'}], description: 'Null until first powered.'},
          color: {type: ['string', 'null'], enum: ['red', 'blue', null]},
          labels: {type: 'object', maxProperties: 10, additionalProperties: {type: 'string', maxLength: 63}},
          tags: {type: 'array', minItems: 1, maxItems: 5, uniqueItems: true, items: {type: 'string'}},
          weight: {type: 'number', multipleOf: 0.5, exclusiveMinimum: 0, exclusiveMaximum: 100, description: 'Weight in kilograms.'},
          kind: {const: 'widget'},
          legacy: {type: 'string', deprecated: true},
          owner: {$ref: '#/components/schemas/Owner', description: 'Who pays for it.'},
          parent: {anyOf: [{$ref: '#/components/schemas/Owner'}, {type: 'null'}]},
        },
      },
      WidgetCreate: {
        type: 'object',
        properties: {id: {type: 'integer', readOnly: true, description: 'Identifier.'}, name: {type: 'string'}, secret: {type: 'string', writeOnly: true}},
      },
    },
  },
} as unknown as OpenApiDocument;

type Node = Record<string, unknown>;
const all = (nodes: unknown[]): Node[] => nodes.flatMap((n) => [n as Node, ...all(((n as Node).children as unknown[]) ?? [])]);
const texts = (nodes: unknown[]) => all(nodes).map((n) => (typeof n.value === 'string' ? n.value : '')).join('');
const attribute = (node: Node, name: string) => (node.attributes as {name: string; value: string}[] | undefined)?.find((a) => a.name === name)?.value;
const render = (doc: OpenApiDocument, id: string) => {
  const located = operations(doc).find((o) => o.operation.operationId === id)!;
  return renderOperation(located, {doc, baseUrl: 'https://api.fixture.test/v1'});
};
/** The text of the list item documenting a field. */
const field = (nodes: unknown[], name: string) =>
  all(nodes)
    .filter((n) => n.type === 'listItem')
    .map((n) => texts([(n.children as Node[])[0]]))
    .find((line) => line.startsWith(`${name} `));
const shared = (nodes: unknown[], id: string) => all(nodes).find((n) => n.name === 'ApiFields' && attribute(n, 'id') === id);

describe('schemas in the API reference', () => {
  // listWidgets is the first read showing Widget: its page writes the object out.
  const home = render(widgetSpec, 'listWidgets');

  it('renders a nullable $ref as its target type or null, with its enum, not as options', () => {
    expect(field(home, 'status')).toMatch(/^status string \| null — /);
    expect(field(home, 'status')).toContain('"ON", "OFF"');
    expect(texts(home)).not.toMatch(/Option \d/);
    expect(field(home, 'color')).toMatch(/^color string \| null .*"red", "blue", null/);
    // A nullable object keeps its fields.
    expect(field(home, 'parent')).toMatch(/^parent object \| null/);
    expect(field(home, 'name')).toContain('Account name.');
  });

  it('keeps the description a $ref target gives beside the one its sibling gives', () => {
    expect(field(home, 'owner')).toContain('— Who pays for it. An account.');
    expect(field(home, 'status')).toContain('— Null until first powered. Power state.');
    const widget = field(render(widgetSpec, 'getWidget'), 'widget');
    expect(widget).toContain('The widget you asked for. A widget.');
  });

  it('states every constraint', () => {
    expect(field(home, 'labels')).toMatch(/max keys 10; each value \(max length 63\)/);
    expect(field(home, 'tags')).toMatch(/min items 1, max items 5, items unique/);
    expect(field(home, 'weight')).toMatch(/greater than 0, less than 100, multiple of 0\.5/);
    expect(field(home, 'kind')).toContain('always "widget"');
    expect(field(home, 'legacy')).toContain('· deprecated');
    expect(field(home, 'email')).toContain('string (email)');
  });

  it('says an extensible enum may grow', () => {
    expect(field(home, 'status')).toContain('known values "ON", "OFF"; more may be added');
    const closed = {...widgetSpec, components: {...widgetSpec.components, schemas: {...(widgetSpec.components.schemas as object), Status: {type: 'string', enum: ['ON', 'OFF']}}}} as OpenApiDocument;
    expect(field(render(closed, 'listWidgets'), 'status')).toContain('one of "ON", "OFF")');
  });

  it('leaves read-only fields out of request bodies and write-only ones out of responses', () => {
    const create = render(widgetSpec, 'createWidget');
    const body = all(create).find((n) => n.type === 'list')!;
    expect(all([body]).filter((n) => n.type === 'listItem').map((n) => texts([(n.children as Node[])[0]]).split(' ')[0])).toEqual(['name', 'secret']);
    expect(field(home, 'id')).toContain('read-only');
    expect(field(home, 'secret')).toBeUndefined();
  });

  it('shows every named example with its summary', () => {
    const create = render(widgetSpec, 'createWidget');
    const blocks = all(create).filter((n) => n.type === 'code' && n.lang === 'json');
    expect(blocks.slice(0, 2).map((b) => b.meta)).toEqual(['title="Request body: A small widget"', 'title="Request body: A big widget"']);
    expect(JSON.parse(blocks[1]!.value as string)).toEqual({name: 'crane', secret: 's3'});
    const table = texts(all(home).filter((n) => n.type === 'table'));
    expect(table).toContain('Examples: s (Only small widgets); l (Only large widgets)');
  });

  it('writes a shared schema out once, collapsed and named, and links every other page to it', () => {
    const anchor = schemaAnchor('Widget', 'response');
    const full = shared(home, anchor)!;
    expect(full).toBeDefined();
    expect(texts([(full.children as Node[])[0]])).toBe('Widget object');
    expect(field([full], 'weight')).toContain('Weight in kilograms.');
    for (const id of ['getWidget', 'createWidget']) {
      const nodes = render(widgetSpec, id);
      expect(shared(nodes, anchor), id).toBeUndefined();
      expect(texts(nodes), id).not.toContain('Weight in kilograms.');
      const summary = all(nodes).find((n) => n.name === 'summary' && texts([n]) === 'Widget object');
      expect(summary, id).toBeDefined();
      expect(all(nodes).filter((n) => n.type === 'link').map((n) => n.url)).toContain(`/docs/w/list#${anchor}`);
    }
  });
});

describe('shared schemas of the API spec', () => {
  const doc = loadSpec(path.join(__dirname, '../../openapi'));
  const pages = new Map(operations(doc).map((o) => [String(o.operation['x-doc-path']), renderOperation(o, {doc, baseUrl: 'https://api.example.com/v1'})]));

  it('link only to anchors their target page has, each written out once', () => {
    const ids = new Map<string, string[]>();
    for (const [page, nodes] of pages) ids.set(page, all(nodes).filter((n) => n.name === 'ApiFields' && attribute(n, 'id')).map((n) => attribute(n, 'id')!));
    const seen = new Map<string, string>();
    for (const [page, list] of ids) {
      expect(new Set(list).size, page).toBe(list.length);
      for (const id of list) {
        expect(seen.get(id), `${id} on ${page}`).toBeUndefined();
        seen.set(id, page);
      }
    }
    const links = [...pages].flatMap(([page, nodes]) => all(nodes).filter((n) => n.type === 'link' && String(n.url).includes('#schema-')).map((n) => ({page, url: String(n.url)})));
    expect(links.length).toBeGreaterThan(20);
    for (const {page, url} of links) {
      const [target, anchor] = url.split('#');
      expect(ids.get(target || page), `${page} links ${url}`).toContain(anchor);
    }
  });

  it('have the homes a full render of every page, reads first, would give them', () => {
    const all = operations(doc);
    const homes = new Map<string, string>();
    for (const located of [...all.filter((o) => o.method === 'get'), ...all.filter((o) => o.method !== 'get')]) {
      const expanded = new Set<string>();
      renderOperation(located, {doc, baseUrl: 'https://api.example.com/v1'}, {homes: undefined, expanded});
      for (const key of expanded) if (!homes.has(key)) homes.set(key, String(located.operation['x-doc-path']));
    }
    expect(homes.size).toBeGreaterThan(20);
    expect(schemaHomes(doc)).toEqual(homes);
  });

  it('write the VM object out in full on one page only', () => {
    const anchor = schemaAnchor('VirtualMachine', 'response');
    const homes = [...pages].filter(([, nodes]) => shared(nodes, anchor)).map(([page]) => page);
    expect(homes).toHaveLength(1);
  });
});
