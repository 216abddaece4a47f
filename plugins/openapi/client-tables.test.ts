import path from 'node:path';
import type {Table} from 'mdast';
import {toMarkdown} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {describe, expect, it} from 'vitest';
import {markdownTwin, twinMarkdown} from '../markdown-twins/twin';
import {clientMethods, terraformDataSources, terraformResources} from './clients';
import remarkApiOperation from './remark';
import {loadSpec, operations} from './spec';

const siteDir = path.resolve(__dirname, '../..');
const specDir = path.join(siteDir, 'openapi');
const spec = loadSpec(specDir);
const docPath = (id: string) => operations(spec).find((o) => o.operation.operationId === id)!.operation['x-doc-path'];

const element = (name: string, attributes: Record<string, string> = {}, type = 'mdxJsxFlowElement') => ({
  type,
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children: [],
});
function expand(...children: object[]) {
  const tree = {type: 'root', children: [{type: 'paragraph', children: [{type: 'text', value: 'Intro'}]}, ...children]};
  remarkApiOperation({specDir})(tree as never, {path: 'docs/libraries/example.mdx'});
  return tree.children as {type: string}[];
}
type Wrapper = {type: string; name?: string; attributes?: {name: string; value: string}[]; children: {type: string}[]};
/** The expanded element's tables, out of the wrapper that keeps them out of search. */
function expandTables(child: object): {type: string}[] {
  const [, wrapper] = expand(child) as [unknown, Wrapper];
  expect(wrapper).toMatchObject({type: 'mdxJsxFlowElement', name: 'div', attributes: [{name: 'className', value: 'search-skip'}]});
  return wrapper.children;
}
// Table cells padded to the column's width, read with single spaces.
const squeeze = (md: string) => md.replace(/ {2,}/g, ' ');
const markdown = (nodes: object[]) => squeeze(toMarkdown({type: 'root', children: nodes} as never, {extensions: [gfmToMarkdown()]}));

describe('<ApiClientMethods> at build time', () => {
  it('becomes a table with a row per operation: resource, method, linked request and notes', () => {
    const [table] = expandTables(element('ApiClientMethods', {client: 'python'})) as [Table];
    expect(table.type).toBe('table');
    expect(table.children).toHaveLength(clientMethods(spec).length + 1);
    const md = markdown([table]);
    expect(md).toContain(`| \`client.virtual_machines\` | \`create\` | [\`POST /core/virtual-machines\`](${docPath('createVirtualMachine')}) | answers \`202\`; poll until \`ACTIVE\` |`);
    expect(md).toContain(`| \`client.virtual_machines\` | \`hibernate\` | [\`POST /core/virtual-machines/{vm_id}/hibernate\`](${docPath('hibernateVirtualMachine')}) | answers \`202\`; poll until \`HIBERNATED\` |`);
    expect(md).toContain(`| \`client.volumes\` | \`list\` | [\`GET /core/volumes\`](${docPath('listVolumes')}) | iterates every page |`);
  });

  it('names methods in the case of each client', () => {
    const [go] = expandTables(element('ApiClientMethods', {client: 'go'}));
    const [js] = expandTables(element('ApiClientMethods', {client: 'javascript'}));
    expect(markdown([go])).toContain('| `client.VirtualMachines` | `Create` |');
    expect(markdown([js])).toContain('| `client.virtualMachines` | `create` |');
  });

  it.each([
    ['an unknown client', {client: 'ruby'}, /docs\/libraries\/example\.mdx: <ApiClientMethods client="ruby" \/> names no client; write client="python", "go", "javascript"/],
    ['no client', {}, /<ApiClientMethods client=null \/> names no client/],
  ])('fails the build on %s, naming the page', (_, attributes, message) => {
    expect(() => expand(element('ApiClientMethods', attributes))).toThrow(message);
  });

  it('fails inside a paragraph, where a table cannot go', () => {
    expect(() => expand({type: 'paragraph', children: [element('ApiClientMethods', {client: 'go'}, 'mdxJsxTextElement')]})).toThrow(/<ApiClientMethods> renders tables; put it on a line of its own/);
  });
});

describe('<TerraformResources> at build time', () => {
  it('becomes the resources table and the data sources table, each under a label', () => {
    const [resourcesLabel, resources, sourcesLabel, sources] = expandTables(element('TerraformResources'));
    expect(markdown([resourcesLabel])).toBe('**Resources**\n');
    expect(markdown([sourcesLabel])).toBe('**Data sources**\n');
    expect((resources as Table).children).toHaveLength(terraformResources(spec).length + 1);
    expect((sources as Table).children).toHaveLength(terraformDataSources(spec).length + 1);
    const md = markdown([resources, sources]);
    const link = (id: string) => `[\`${id}\`](${docPath(id)})`;
    expect(md).toContain(`| \`gpucloud_virtual_machine\` | ${link('createVirtualMachine')}, waits for \`ACTIVE\` | ${link('getVirtualMachine')} | ${link('updateVirtualMachine')} | ${link('deleteVirtualMachine')}, waits until it is gone |`);
    expect(md).toContain(`| \`gpucloud_keypair\` | ${link('importKeypair')} |`);
    expect(md).toContain(`| \`gpucloud_firewall_rule\` | ${link('addFirewallRule')} | ${link('getFirewall')} (in \`rules\`) | replaces the resource | ${link('removeFirewallRule')} |`);
    expect(md).toContain(`| \`gpucloud_virtual_machines\` | ${link('listVirtualMachines')} | every page of the list |`);
  });

  it('shows one table when asked, and fails on anything else', () => {
    const [only] = expandTables(element('TerraformResources', {show: 'data-sources'}));
    expect(markdown([only])).toMatch(/^\| Data source \| Operation \| Reads \|/);
    expect(() => expand(element('TerraformResources', {show: 'everything'}))).toThrow(/<TerraformResources show="everything" \/> must show "resources" or "data-sources"/);
  });
});

describe('the tables in the Markdown twin', () => {
  it('are the same GFM tables, with links to the reference pages\' twins', async () => {
    const source = '---\ntitle: Clients\ndescription: D.\n---\n\nEvery method:\n\n<ApiClientMethods client="go" />\n\n## Terraform\n\n<TerraformResources />\n';
    const md = squeeze(twinMarkdown(await markdownTwin('docs/libraries/example.mdx', source, {siteDir, specDir, siteUrl: 'https://docs.example.com'})));
    const twinLink = (id: string) => `https://docs.example.com${docPath(id)}.md`;
    expect(md).toContain(`| \`client.VirtualMachines\` | \`Create\` | [\`POST /core/virtual-machines\`](${twinLink('createVirtualMachine')}) |`);
    expect(md).toContain(`| \`gpucloud_volume\` | [\`createVolume\`](${twinLink('createVolume')}), waits for \`AVAILABLE\` |`);
    expect(md).toContain('**Data sources**');
    expect(md).not.toMatch(/<[A-Z]/);
  });
});
