import path from 'node:path';
import {toMarkdown} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {describe, expect, it} from 'vitest';
import {markdownTwin, twinMarkdown} from '../markdown-twins/twin';
import {operationsWithErrorCode} from './operation-list';
import remarkApiOperation from './remark';
import {loadSpec, operations} from './spec';

const siteDir = path.resolve(__dirname, '../..');
const specDir = path.join(siteDir, 'openapi');
const spec = loadSpec(specDir);
const docPath = (id: string) => operations(spec).find((o) => o.operation.operationId === id)!.operation['x-doc-path'];

const element = (attributes: Record<string, string>, type = 'mdxJsxFlowElement') => ({
  type,
  name: 'ApiOperationList',
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children: [],
});
function expand(child: object) {
  const tree = {type: 'root', children: [child]};
  remarkApiOperation({specDir})(tree as never, {path: 'docs/billing/example.mdx'});
  return tree.children as {type: string; children: {type: string}[]}[];
}
const squeeze = (md: string) => md.replace(/ {2,}/g, ' ');

describe('<ApiOperationList> at build time', () => {
  it('becomes one table of every operation whose x-error-codes list the code, each linked to its page', () => {
    const [wrapper] = expand(element({errorCode: 'insufficient_credit'}));
    expect(wrapper).toMatchObject({type: 'mdxJsxFlowElement', name: 'div'});
    const [table] = wrapper.children as {type: string; children: unknown[]}[];
    expect(table.type).toBe('table');
    const listed = operationsWithErrorCode(spec, 'insufficient_credit');
    expect(table.children).toHaveLength(listed.length + 1);
    const expected = operations(spec).filter((o) => ((o.operation['x-error-codes'] as string[]) ?? []).includes('insufficient_credit')).map((o) => o.operation.operationId);
    expect(listed.map((o) => o.operationId)).toEqual(expected);
    const md = squeeze(toMarkdown({type: 'root', children: [table]} as never, {extensions: [gfmToMarkdown()]}));
    expect(md).toContain('| Operation | Request | What it does |');
    expect(md).toContain(`| [\`createVirtualMachine\`](${docPath('createVirtualMachine')}) | \`POST /core/virtual-machines\` |`);
  });

  it.each([
    ['an unknown code', {errorCode: 'out_of_money'}, /docs\/billing\/example\.mdx: <ApiOperationList errorCode="out_of_money" \/> names no error code of the spec/],
    ['no code', {}, /<ApiOperationList errorCode=null \/> names no error code/],
  ])('fails the build on %s, naming the page', (_, attributes, message) => {
    expect(() => expand(element(attributes))).toThrow(message);
  });

  it('fails inside a paragraph, where a table cannot go', () => {
    expect(() => expand({type: 'paragraph', children: [element({errorCode: 'insufficient_credit'}, 'mdxJsxTextElement')]})).toThrow(/<ApiOperationList> renders tables; put it on a line of its own/);
  });

  it('is the same table in the Markdown twin, linked to the reference pages\' twins', async () => {
    const source = '---\ntitle: Credit\ndescription: D.\n---\n\nThese check credit:\n\n<ApiOperationList errorCode="insufficient_credit" />\n';
    const md = squeeze(twinMarkdown(await markdownTwin('docs/billing/example.mdx', source, {siteDir, specDir, siteUrl: 'https://docs.example.com'})));
    expect(md).toContain(`| [\`createVirtualMachine\`](https://docs.example.com${docPath('createVirtualMachine')}.md) | \`POST /core/virtual-machines\` |`);
    expect(md).not.toMatch(/<[A-Z]/);
  });
});
