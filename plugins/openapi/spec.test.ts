import {mkdtempSync, mkdirSync, writeFileSync, cpSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkCompleteness, loadSpec, mergeParts, SpecError, unresolvedRefs} from './spec';

const fixture = path.join(__dirname, '__fixtures__/basic');
const doc = loadSpec(fixture);
const pages = [
  {file: 'things/list.mdx', route: '/docs/api-reference/things/list', operationIds: ['listThings']},
  {file: 'things/create.mdx', route: '/docs/api-reference/things/create', operationIds: ['createThing']},
  {file: 'things/delete.mdx', route: '/docs/api-reference/things/delete', operationIds: ['deleteThing']},
  {file: 'health.mdx', route: '/docs/api-reference/health', operationIds: ['getHealth']},
];

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
