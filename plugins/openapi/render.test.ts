import path from 'node:path';
import {createSlugger} from '@docusaurus/utils';
import {describe, expect, it} from 'vitest';
import {PERMISSION_CATALOGUE} from './permissions';
import {markdown, renderOperation} from './render';
import {loadSpec, operations} from './spec';

const doc = loadSpec(path.join(__dirname, '__fixtures__/basic'));
const render = (id: string) => {
  const located = operations(doc).find((o) => o.operation.operationId === id)!;
  return renderOperation(located, {doc, baseUrl: 'https://api.fixture.test/v1'});
};
/** Every node of a rendered page, depth first. */
const all = (nodes: unknown[]): Record<string, unknown>[] =>
  nodes.flatMap((n) => {
    const node = n as Record<string, unknown>;
    return [node, ...all((node.children as unknown[]) ?? [])];
  });
const headings = (nodes: unknown[]) =>
  all(nodes)
    .filter((n) => n.type === 'heading')
    .map((n) => ((n.children as {value: string}[])[0]?.value ?? ''));
const texts = (nodes: unknown[]) => all(nodes).map((n) => (typeof n.value === 'string' ? n.value : '')).join(' ');

describe('markdown (descriptions)', () => {
  it('parses each text once but hands every caller a tree of its own', () => {
    const text = 'A **bold** word and <b>raw HTML</b>.';
    const first = markdown(text);
    expect(first).toEqual([
      {type: 'paragraph', children: [{type: 'text', value: 'A '}, {type: 'strong', children: [{type: 'text', value: 'bold'}]}, {type: 'text', value: ' word and '}, {type: 'text', value: '<b>'}, {type: 'text', value: 'raw HTML'}, {type: 'text', value: '</b>'}, {type: 'text', value: '.'}]},
    ]);
    // A page's plugins change the nodes they are given; the next page must not see it.
    (first[0] as {children: unknown[]}).children.length = 0;
    expect(markdown(text)).not.toEqual(first);
    expect((markdown(text)[0] as {children: unknown[]}).children).toHaveLength(7);
  });
});

describe('renderOperation', () => {
  it('renders method, path, sections and every response', () => {
    const nodes = render('createThing');
    expect(nodes[0]).toMatchObject({type: 'mdxJsxFlowElement', name: 'div'});
    expect(texts([nodes[0]])).toContain('POST');
    expect(texts([nodes[0]])).toContain('/things');
    expect(headings(nodes)).toEqual(['Authentication', 'Request body', 'Responses', '201 Created', '404 Not Found', 'Code samples', 'Response examples']);
  });

  it('lists parameters in a table, with constraints and examples', () => {
    const nodes = render('listThings');
    const table = all(nodes).find((n) => n.type === 'table' && texts([n]).includes('query'))!;
    const rows = all([table]).filter((n) => n.type === 'tableRow');
    expect(rows).toHaveLength(2);
    expect(texts([rows[1]])).toMatch(/page.*query.*integer.*no.*Page number.*default.*1.*minimum.*1.*example.*2/);
  });

  it('leaves out parameters and body when there are none, and says when no key is needed', () => {
    const nodes = render('getHealth');
    expect(headings(nodes)).toEqual(['Authentication', 'Responses', '200 OK', 'Code samples', 'Response examples']);
    expect(texts(nodes)).toContain('None: this endpoint is public');
  });

  it('names the permission an operation needs, linked to the catalogue, or that it needs none', () => {
    const paragraphOf = (id: string) => all(render(id)).find((n) => n.type === 'paragraph' && texts([n]).includes('Requires'))!;
    const write = paragraphOf('createThing');
    expect(texts([write]).replace(/\s+/g, ' ').trim()).toBe('Requires the things:write permission (see the permission catalogue ).');
    expect(all([write]).find((n) => n.type === 'inlineCode')?.value).toBe('things:write');
    expect(all([write]).find((n) => n.type === 'link')?.url).toBe(PERMISSION_CATALOGUE);
    expect(texts([paragraphOf('deleteThing')])).toContain('Requires no permission: any valid API key may call it');
    // A public operation says it needs no key, and names no permission.
    expect(all(render('getHealth')).some((n) => n.type === 'paragraph' && texts([n]).includes('Requires'))).toBe(false);
  });

  it('refuses an authenticated operation without x-permission, and a public one with it', () => {
    const located = operations(doc).find((o) => o.operation.operationId === 'createThing')!;
    const {['x-permission']: _, ...without} = located.operation;
    expect(() => renderOperation({...located, operation: without}, {doc, baseUrl: 'https://api.fixture.test/v1'})).toThrow(/createThing needs an API key but has no x-permission/);
    const health = operations(doc).find((o) => o.operation.operationId === 'getHealth')!;
    expect(() => renderOperation({...health, operation: {...health.operation, 'x-permission': 'things:read'}}, {doc, baseUrl: 'https://api.fixture.test/v1'})).toThrow(/getHealth is public/);
  });

  it('takes path parameters from the path item', () => {
    const nodes = render('deleteThing');
    expect(headings(nodes)).toContain('Parameters');
    expect(texts(nodes)).toContain('thing_id');
    const curl = all(nodes).find((n) => n.type === 'code' && n.lang === 'bash')!;
    expect(curl.value).toContain('https://api.fixture.test/v1/things/42');
  });

  it('describes fields: enums, nullable, arrays, merged allOf, oneOf variants', () => {
    const list = texts(render('listThings'));
    expect(list).toContain('things');
    expect(list).toContain('total');
    expect(list).toContain('array of object');
    expect(list).toContain('"ACTIVE"');
    expect(list).toContain('string | null');
    const create = render('createThing');
    expect(texts(create)).toContain('Exactly one of these shapes:');
    const summaries = all(create).filter((n) => n.name === 'summary').map((n) => texts([n]).trim());
    expect(summaries).toEqual(expect.arrayContaining(['Circle', 'Square']));
    expect(all(create).some((n) => n.type === 'strong' && texts([n]).trim() === 'required')).toBe(true);
  });

  it('shows the spec examples, and samples one where the spec has none', () => {
    const blocks = all(render('createThing')).filter((n) => n.type === 'code' && n.lang === 'json');
    expect(JSON.parse(blocks[0].value as string)).toEqual({name: 'lamp', shape: {kind: 'circle', radius: 2}});
    expect(blocks[0].meta).toBe('title="Request body"');
    const sampled = JSON.parse(blocks[1].value as string);
    expect(sampled.thing).toMatchObject({id: 42, name: 'lamp'});
  });

  it('renders descriptions as Markdown, never as HTML or MDX', () => {
    const nodes = render('listThings');
    expect(all(nodes).some((n) => n.type === 'html' || n.type === 'mdxFlowExpression' || n.type === 'mdxTextExpression')).toBe(false);
    const values = all(nodes).filter((n) => n.type === 'text').map((n) => n.value);
    expect(values).toEqual(expect.arrayContaining(['<script>', '</script>']));
    expect(texts(nodes)).toContain('{curly}');
    expect(all(nodes).filter((n) => n.type === 'table')).toHaveLength(2);
  });

  it('offers code samples in curl, Python, Go and JavaScript that read the key from the environment', () => {
    const samples = all(render('createThing')).find((n) => n.name === 'ApiCodeSamples')!;
    const attribute = (node: Record<string, unknown>, name: string) => (node.attributes as {name: string; value: string}[]).find((a) => a.name === name)?.value;
    const panels = samples.children as Record<string, unknown>[];
    expect(panels.map((p) => attribute(p, 'label'))).toEqual(['curl', 'Python', 'Go', 'JavaScript']);
    // The values are the stored choice and part of element ids: stable, no spaces.
    expect(panels.map((p) => attribute(p, 'value'))).toEqual(['curl', 'python', 'go', 'javascript']);
    const code = all([samples]).filter((n) => n.type === 'code').map((n) => n.value as string);
    expect(code[0]).toContain('"X-API-Key: $API_KEY"');
    expect(code[1]).toContain('os.environ["API_KEY"]');
    expect(code[2]).toContain('os.Getenv("API_KEY")');
    expect(code[3]).toContain('process.env.API_KEY');
    for (const sample of code) expect(sample).toContain('lamp');
  });

  it('ends with an aside of the console opener, the code samples and the response examples, one tab per status; the examples are nowhere else', () => {
    const nodes = render('createThing');
    const attribute = (node: Record<string, unknown>, name: string) => (node.attributes as {name: string; value: string}[]).find((a) => a.name === name)?.value;
    const aside = nodes.at(-1) as unknown as Record<string, unknown>;
    expect(aside).toMatchObject({name: 'div'});
    expect(attribute(aside, 'className')).toBe('api-aside');
    const [opener, heading, samples, examplesHeading, examples] = aside.children as Record<string, unknown>[];
    // The request console's opener first, above the samples it sends.
    expect(opener).toMatchObject({name: 'ApiConsole', children: []});
    expect(attribute(opener, 'operationId')).toBe('createThing');
    expect(headings([heading, examplesHeading])).toEqual(['Code samples', 'Response examples']);
    expect(samples.name).toBe('ApiCodeSamples');
    expect(examples.name).toBe('ApiResponseExamples');
    // The statuses the reference lists, in its order, each with an example.
    const statuses = headings(nodes.slice(0, -1)).map((h) => h.split(' ')[0]!).filter((h) => /^(\d{3}|default)$/.test(h));
    const tabs = examples.children as Record<string, unknown>[];
    expect(tabs.map((t) => attribute(t, 'label'))).toEqual(statuses.filter((s) => tabs.some((t) => attribute(t, 'value') === s)));
    expect(tabs.length).toBeGreaterThan(1);
    const blocks = tabs.flatMap((t) => t.children as Record<string, unknown>[]);
    expect(blocks.every((b) => b.type === 'code' && b.lang === 'json')).toBe(true);
    // One copy: no example's code appears in the reference before the aside.
    const before = all(nodes.slice(0, -1)).filter((n) => n.type === 'code').map((n) => n.value);
    for (const block of blocks) expect(before).not.toContain(block.value);
  });

  it('puts every language in the page as a plain code block, in our own tab set', () => {
    const nodes = all(render('createThing'));
    // The theme's Tabs remount their panels after hydration, re-highlighting every sample.
    expect(nodes.some((n) => n.name === 'Tabs' || n.name === 'TabItem')).toBe(false);
    const samples = nodes.filter((n) => n.name === 'ApiCodeSamples');
    expect(samples).toHaveLength(1);
    const panels = samples[0].children as Record<string, unknown>[];
    expect(panels.map((p) => p.name)).toEqual(['ApiCodeSample', 'ApiCodeSample', 'ApiCodeSample', 'ApiCodeSample']);
    for (const panel of panels) {
      expect(panel.children).toHaveLength(1);
      expect((panel.children as Record<string, unknown>[])[0]).toMatchObject({type: 'code', meta: null});
    }
  });
});

// Rendering a real operation page takes seconds on a busy machine: each is rendered once.
const real = loadSpec(path.resolve(__dirname, '../../openapi'));
const rendered = new Map<string, ReturnType<typeof renderOperation>>();
const renderReal = (id: string) => {
  if (!rendered.has(id)) rendered.set(id, renderOperation(operations(real).find((o) => o.operation.operationId === id)!, {doc: real, baseUrl: 'https://api.example.com/v1'}));
  return rendered.get(id)!;
};

describe('renderOperation on the real spec', () => {
  it('lists the error codes of the operation with the status of each', () => {
    const nodes = renderReal('restoreVirtualMachine');
    expect(headings(nodes)).toContain('Error codes');
    const table = all(nodes).find((n) => n.type === 'table' && texts([n]).includes('capacity_unavailable'));
    expect(table, 'no error code table').toBeDefined();
    const rows = (table!.children as unknown[]).map((row) => texts([row]).replace(/\s+/g, ' ').trim());
    expect(rows).toContain('capacity_unavailable 409 Conflict');
    expect(rows).toContain('insufficient_credit 403 Forbidden');
    expect(rows).toContain('internal_error 500 Internal Server Error');
  });

  it('names the permission some fields need on top of the operation\'s own', () => {
    const text = texts(renderReal('listInferenceLogs')).replace(/\s+/g, ' ');
    expect(text).toContain('Requires the ai-studio:read permission');
    expect(text).toContain('The fields messages and completion also need ai-logs:read ; without it they are null.');
  });

  it('names the shared response headers in one line', () => {
    const text = texts(renderReal('getVirtualMachine'));
    expect(text).toContain('Headers: ');
    for (const name of ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) expect(text).toContain(name);
  });
});

describe('shared error responses', () => {
  it('show one example, of a code the operation returns, not every code of the shared response', () => {
    const blocks = all(renderReal('getVirtualMachine')).filter((n) => n.type === 'code' && String(n.meta ?? '').includes('403 response'));
    expect(blocks).toHaveLength(1);
    expect(String(blocks[0].value)).toContain('"forbidden"');
  });
});

describe('statuses that share a response body', () => {
  it('list its fields once; the others link to the heading they are under', () => {
    const nodes = renderReal('hibernateVirtualMachine');
    const summaries = all(nodes)
      .filter((n) => n.type === 'mdxJsxFlowElement' && n.name === 'summary')
      .map((n) => texts([n]).trim());
    const statuses = headings(nodes).filter((h) => /^\d{3} /.test(h));
    expect(statuses.length).toBeGreaterThan(3);
    // Each body is listed once: the success body, and the error body under the first error status.
    expect(summaries.filter((s) => s.endsWith('response fields'))).toEqual(['202 response fields', '401 response fields']);
    const links = all(nodes).filter((n) => n.type === 'link' && String(n.url).startsWith('#'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    // The id the built page gives "401 Unauthorized".
    expect(new Set(links.map((n) => n.url))).toEqual(new Set(['#401-unauthorized']));
  });

  it('link, on every operation, to a heading of the page by the id Docusaurus gives it', () => {
    let checked = 0;
    for (const {operation} of operations(real)) {
      const nodes = renderReal(String(operation.operationId));
      const pageHeadings = headings(nodes);
      const pointers = all(nodes).filter((n) => n.type === 'paragraph' && texts([n]).trim().startsWith('The body has the same fields as under'));
      for (const link of all(pointers).filter((n) => n.type === 'link')) {
        const named = texts([link]).trim();
        expect(pageHeadings, `${String(operation.operationId)}: ${named}`).toContain(named);
        expect(link.url).toBe(`#${createSlugger().slug(named)}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
