import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkExamples, isMarked, pageExamples} from './examples';
import {loadSpec} from './spec';

const fixture = loadSpec(path.join(__dirname, '__fixtures__/basic'));
const block = (meta: string, json: unknown) => `\`\`\`json ${meta}\n${typeof json === 'string' ? json : JSON.stringify(json, null, 2)}\n\`\`\``;
const check = (...blocks: string[]) => checkExamples(fixture, pageExamples('page.mdx', ['# Page', ...blocks].join('\n\n')));
const thing = {id: 42, name: 'lamp', status: 'ACTIVE', color: null};

describe('pageExamples', () => {
  it('reads every json block with its meta and line, leaving other languages and nested fences alone', () => {
    const source = [
      '```bash',
      'echo \'```json\'',
      '```',
      '',
      '```json title="Response" operation="createThing" status="201"',
      '{"thing": {}}',
      '```',
      '',
      '````json title="Request body" operation="createThing" request',
      '```',
      '````',
    ].join('\n');
    const examples = pageExamples('page.mdx', source);
    expect(examples.map((e) => [e.line, e.marks, e.source])).toEqual([
      [5, {title: 'Response', operation: 'createThing', status: '201'}, '{"thing": {}}'],
      [9, {title: 'Request body', operation: 'createThing', request: ''}, '```'],
    ]);
    expect(examples.map(isMarked)).toEqual([true, true]);
    expect(isMarked(pageExamples('page.mdx', '```json title="Output"\n{}\n```')[0])).toBe(false);
  });
});

describe('checkExamples', () => {
  it('passes blocks that match their operation, request body or named schema, and skips unmarked ones', () => {
    expect(
      check(
        block('title="Response" operation="createThing" status="201"', {thing}),
        block('title="Request body" operation="createThing" request', {name: 'lamp', shape: {kind: 'square', side: 3}}),
        block('operation="listThings" status="200"', {things: [thing], total: 1}),
        block('schema="Thing"', thing),
        block('title="Output"', {anything: true}),
      ),
    ).toEqual([]);
  });

  it('fails a block missing a required field, naming file, line and field', () => {
    expect(check(block('operation="createThing" status="201"', {thing: {id: 42, name: 'lamp'}}))).toEqual([
      "page.mdx:3: /thing must have required property 'status'",
    ]);
  });

  it('fails a field the schema does not declare, also through allOf', () => {
    expect(check(block('operation="listThings" status="200"', {things: [{...thing, colour: 'red'}], total: 1, next: 2}))).toEqual([
      'page.mdx:3: / must NOT have additional properties (next)',
      'page.mdx:3: /things/0 must NOT have additional properties (colour)',
    ]);
  });

  it('fails a wrong type, enum value or oneOf shape', () => {
    const problems = check(
      block('schema="Thing"', {...thing, id: '42', status: 'LOST'}),
      block('operation="createThing" request', {name: 'lamp', shape: {kind: 'triangle'}}),
    );
    expect(problems).toContain('page.mdx:3: /id must be integer');
    expect(problems).toContain('page.mdx:3: /status must be equal to one of the allowed values');
    expect(problems.some((p) => p.startsWith('page.mdx:12: /shape'))).toBe(true);
  });

  it('fails a mark that names nothing the spec has, and a block that is not JSON', () => {
    expect(
      check(
        block('operation="fetchThing" status="200"', {}),
        block('operation="createThing" status="200"', {}),
        block('operation="deleteThing" status="204"', {}),
        block('operation="getHealth" request', {}),
        block('operation="createThing"', {}),
        block('status="201"', {}),
        block('schema="Gadget"', {}),
        block('schema="Thing"', '{"id": 42,}'),
      ),
    ).toEqual([
      'page.mdx:3: operation="fetchThing" is not an operation of the spec',
      'page.mdx:7: createThing has no 200 response',
      'page.mdx:11: the 204 response of deleteThing has no JSON body',
      'page.mdx:15: getHealth takes no JSON request body',
      'page.mdx:19: operation="createThing" needs status="…" or request',
      'page.mdx:23: a marked block needs operation="…" (with status="…" or request) or schema="…"',
      'page.mdx:27: schema="Gadget" is not in components.schemas',
      expect.stringMatching(/^page\.mdx:31: not valid JSON/),
    ]);
  });
});

describe('every page under docs/', () => {
  const siteDir = path.resolve(__dirname, '../..');
  const pagesDir = path.join(siteDir, 'docs');
  const files = readdirSync(pagesDir, {recursive: true, encoding: 'utf8'})
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.join('docs', f.split(path.sep).join('/')));
  const examples = files.flatMap((file) => pageExamples(file, readFileSync(path.join(siteDir, file), 'utf8')));

  it('show JSON that matches the spec wherever a block names its operation or schema', () => {
    expect(checkExamples(loadSpec(path.join(siteDir, 'openapi')), examples)).toEqual([]);
  });

  it('name the operation or schema of every JSON block, guides included', () => {
    // Output blocks show what a command printed (often a jq projection, not a whole body), so they are left unmarked.
    const covered = examples.filter((e) => e.marks.title !== 'Output');
    expect(covered.length).toBeGreaterThan(20);
    expect(covered.filter((e) => !isMarked(e)).map((e) => `${e.file}:${e.line}`)).toEqual([]);
  });
});
