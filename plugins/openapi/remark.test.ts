import path from 'node:path';
import {describe, expect, it} from 'vitest';
import remarkApiOperation from './remark';

const specDir = path.join(__dirname, '__fixtures__/basic');
const element = (operationId?: string) => ({
  type: 'mdxJsxFlowElement',
  name: 'ApiOperation',
  attributes: operationId === undefined ? [] : [{type: 'mdxJsxAttribute', name: 'operationId', value: operationId}],
  children: [],
});

describe('remarkApiOperation', () => {
  it('replaces <ApiOperation> by the rendered operation, keeping the rest of the page', () => {
    const tree = {type: 'root', children: [{type: 'paragraph', children: [{type: 'text', value: 'Intro'}]}, element('deleteThing')]};
    remarkApiOperation({specDir})(tree as never, {path: 'docs/things/delete.mdx'});
    expect(tree.children[0]).toMatchObject({type: 'paragraph'});
    expect(tree.children[1]).toMatchObject({type: 'mdxJsxFlowElement', name: 'div'});
    expect(tree.children.some((n) => (n as {name?: string}).name === 'ApiOperation')).toBe(false);
    expect(tree.children.length).toBeGreaterThan(5);
  });

  it('fails on an unknown operation, naming the page', () => {
    const tree = {type: 'root', children: [element('fetchThing')]};
    expect(() => remarkApiOperation({specDir})(tree as never, {path: 'docs/things/fetch.mdx'})).toThrow(
      'docs/things/fetch.mdx: <ApiOperation operationId="fetchThing" /> names an operation the API spec does not have',
    );
  });

  it('fails without a literal operationId', () => {
    const tree = {type: 'root', children: [element()]};
    expect(() => remarkApiOperation({specDir})(tree as never, {path: 'docs/x.mdx'})).toThrow(/docs\/x\.mdx: <ApiOperation> needs a literal operationId/);
  });
});
