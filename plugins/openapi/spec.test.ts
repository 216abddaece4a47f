import {mkdtempSync, mkdirSync, writeFileSync, cpSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkCompleteness, loadSpec, mergeParts, readPage, scanPages, SpecError, unresolvedRefs} from './spec';

const fixture = path.join(__dirname, '__fixtures__/basic');
const doc = loadSpec(fixture);
const pages = [
  {file: 'things/list.mdx', route: '/docs/api-reference/things/list', title: 'List things', operationIds: ['listThings']},
  {file: 'things/create.mdx', route: '/docs/api-reference/things/create', title: 'Create a thing', operationIds: ['createThing']},
  {file: 'things/delete.mdx', route: '/docs/api-reference/things/delete', title: 'Delete a thing', operationIds: ['deleteThing']},
  {file: 'health.mdx', route: '/docs/api-reference/health', title: 'Health check', operationIds: ['getHealth']},
];

/** A folder of MDX pages, written from `{relative path: source}`. */
function pagesFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pages-'));
  for (const [relative, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), {recursive: true});
    writeFileSync(path.join(dir, relative), source);
  }
  return dir;
}
const page = (title: string, body: string) => `---\ntitle: ${title}\ndescription: A page of the fixture.\n---\n\n${body}\n`;
const fixturePages = {
  'things/list.mdx': page('List things', '<ApiOperation operationId="listThings" />'),
  'things/create.mdx': page('Create a thing', "<ApiOperation operationId='createThing' />"),
  'things/delete.mdx': page('Delete a thing', '<ApiOperation\n  operationId="deleteThing"\n/>'),
  'health.mdx': page('Health check', 'Intro.\n\n<ApiOperation operationId="getHealth"/>'),
  'index.mdx': page('Overview', 'Each page holds one `<ApiOperation operationId="…" />` tag:\n\n```mdx\n<ApiOperation operationId="listThings" />\n```'),
};

describe('completeness checks', () => {
  it('pass when every operation is on exactly one page at its x-doc-path', () => {
    expect(checkCompleteness(doc, pages)).toEqual([]);
  });

  it('fail for an operation with no page', () => {
    expect(checkCompleteness(doc, pages.slice(1))).toEqual([
      'operation listThings (GET /things) has no page (x-doc-path /docs/api-reference/things/list)',
    ]);
  });

  it('fail for a page naming an unknown operation', () => {
    const problems = checkCompleteness(doc, [...pages, {file: 'things/extra.mdx', route: '/docs/api-reference/things/extra', operationIds: ['fetchThing']}]);
    expect(problems).toEqual(['things/extra.mdx shows operation fetchThing, which the spec does not have']);
  });

  it('fail for an operation on two pages', () => {
    const problems = checkCompleteness(doc, [...pages, {file: 'things/again.mdx', route: '/docs/api-reference/things/again', operationIds: ['listThings']}]);
    expect(problems).toContain('operation listThings is shown on two pages: things/list.mdx and things/again.mdx');
  });

  it('fail for a page at another route than the x-doc-path', () => {
    const moved = pages.map((p) => (p.file === 'health.mdx' ? {...p, route: '/docs/api-reference/status'} : p));
    expect(checkCompleteness(doc, moved)).toEqual(['getHealth has x-doc-path /docs/api-reference/health but is shown on /docs/api-reference/status (health.mdx)']);
  });

  it('fail for a $ref that does not resolve, naming where it is', () => {
    const broken = structuredClone(doc);
    (broken.components.schemas as Record<string, unknown>).Thing = {$ref: '#/components/schemas/Missing'};
    expect(unresolvedRefs(broken)).toEqual(['#.components.schemas.Thing: $ref #/components/schemas/Missing does not resolve']);
    expect(checkCompleteness(broken, pages)).toContain('#.components.schemas.Thing: $ref #/components/schemas/Missing does not resolve');
  });

  it('refuse to load a spec with an unresolved $ref', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'spec-'));
    cpSync(fixture, dir, {recursive: true});
    writeFileSync(path.join(dir, 'parts/broken.yaml'), 'paths:\n  /x:\n    get:\n      responses:\n        "200": {$ref: "#/components/responses/Nope"}\n');
    expect(() => loadSpec(dir)).toThrow(/\$ref #\/components\/responses\/Nope does not resolve/);
  });
});

describe('a page maps to exactly one operation', () => {
  it('reads every page of a folder: route, title, and double- or single-quoted ids; code is not a tag', () => {
    const scanned = scanPages({pagesDir: pagesFolder(fixturePages), routeBase: '/docs/api-reference'});
    expect(scanned.map((p) => [p.route, p.title, p.operationIds])).toEqual([
      ['/docs/api-reference/health', 'Health check', ['getHealth']],
      ['/docs/api-reference', 'Overview', []],
      ['/docs/api-reference/things/create', 'Create a thing', ['createThing']],
      ['/docs/api-reference/things/delete', 'Delete a thing', ['deleteThing']],
      ['/docs/api-reference/things/list', 'List things', ['listThings']],
    ]);
    expect(checkCompleteness(doc, scanned)).toEqual([]);
  });

  it('fail for a page holding two different operations, naming the page', () => {
    const dir = pagesFolder({...fixturePages, 'things/list.mdx': page('List things', '<ApiOperation operationId="listThings" />\n\n<ApiOperation operationId="createThing" />')});
    const problems = checkCompleteness(doc, scanPages({pagesDir: dir, routeBase: '/docs/api-reference'}));
    const file = path.relative(process.cwd(), path.join(dir, 'things/list.mdx'));
    expect(problems).toContain(`${file} shows 2 operations (listThings, createThing); a page shows exactly one`);
  });

  it('fail for a page holding the same operation twice', () => {
    const problems = checkCompleteness(doc, pages.map((p) => (p.file === 'health.mdx' ? {...p, operationIds: ['getHealth', 'getHealth']} : p)));
    expect(problems).toEqual(['health.mdx shows operation getHealth more than once']);
  });

  it('fail for two operations sharing one x-doc-path, naming both', () => {
    const shared = structuredClone(doc);
    (shared.paths['/things'].post as Record<string, unknown>)['x-doc-path'] = '/docs/api-reference/things/list';
    const problems = checkCompleteness(shared, pages.filter((p) => p.file !== 'things/create.mdx'));
    expect(problems).toContain('operations listThings and createThing share x-doc-path /docs/api-reference/things/list; each operation needs a page of its own');
  });

  it.each([
    ['an expression', '<ApiOperation operationId={id} />'],
    ['a string expression', '<ApiOperation operationId={"getHealth"} />'],
    ['no operationId', '<ApiOperation />'],
    ['an empty id', '<ApiOperation operationId="" />'],
    ['an unfinished tag', '<ApiOperation operationId="getHealth"'],
    ['another attribute', '<ApiOperation operationId="getHealth" collapsed />'],
  ])('fail for an <ApiOperation> tag with %s, naming the page and the tag', (_, tag) => {
    const read = readPage('health.mdx', '/docs/api-reference/health', page('Health check', tag));
    expect(read.operationIds).toEqual([]);
    const problems = checkCompleteness(doc, pages.map((p) => (p.file === 'health.mdx' ? read : p)));
    expect(problems).toContain(`health.mdx has an <ApiOperation> tag the checks cannot read (write it as <ApiOperation operationId="…" />): ${tag}`);
  });
});

describe('an operation page is titled with its summary', () => {
  it('fail for a title that differs from the summary, naming page and operation', () => {
    const renamed = pages.map((p) => (p.file === 'things/delete.mdx' ? {...p, title: 'Remove a thing'} : p));
    expect(checkCompleteness(doc, renamed)).toEqual(['things/delete.mdx has title "Remove a thing", but the summary of deleteThing is "Delete a thing"; they must match']);
  });

  it('fail for an operation page without a title', () => {
    const dir = pagesFolder({...fixturePages, 'health.mdx': '<ApiOperation operationId="getHealth" />\n'});
    const problems = checkCompleteness(doc, scanPages({pagesDir: dir, routeBase: '/docs/api-reference'}));
    const file = path.relative(process.cwd(), path.join(dir, 'health.mdx'));
    expect(problems).toEqual([`${file} has title null, but the summary of getHealth is "Health check"; they must match`]);
  });
});

describe('mergeParts', () => {
  it('rejects a path, component or tag defined twice, naming both files', () => {
    const common = {file: 'parts/common.yaml', doc: {openapi: '3.1.0', paths: {}, components: {schemas: {Error: {}}}, tags: []}};
    const a = {file: 'parts/a.yaml', doc: {paths: {'/x': {get: {}}}, components: {schemas: {Thing: {}}}, tags: [{name: 'T'}]}};
    const b = {file: 'parts/b.yaml', doc: {paths: {'/x': {get: {}}}, components: {schemas: {Thing: {}, Error: {}}}, tags: [{name: 'T'}]}};
    expect(() => mergeParts([common, a, b])).toThrow(SpecError);
    try {
      mergeParts([common, a, b]);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('GET /x is defined in parts/a.yaml and parts/b.yaml');
      expect(message).toContain('components.schemas.Thing is defined in parts/a.yaml and parts/b.yaml');
      expect(message).toContain('components.schemas.Error is defined in parts/common.yaml and parts/b.yaml');
      expect(message).toContain('tag "T" is declared twice (again in parts/b.yaml)');
    }
  });

  it('needs parts/common.yaml', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'spec-'));
    mkdirSync(path.join(dir, 'parts'));
    writeFileSync(path.join(dir, 'parts/a.yaml'), 'paths: {}\n');
    expect(() => loadSpec(dir)).toThrow(/parts\/common.yaml is missing/);
  });
});
