import path from 'node:path';
import type {PhrasingContent, Table} from 'mdast';
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
  type Group = Wrapper & {children: [Wrapper & {children: PhrasingContent[]}, Table]};
  const groupsOf = (client: string) => expandTables(element('ApiClientMethods', {client})) as unknown as Group[];
  const summaryOf = (group: Group) => markdown([{type: 'paragraph', children: group.children[0].children}]).trim();

  it('becomes one folded group per resource: its name and count of methods, then a table of method, linked request and notes', () => {
    const groups = groupsOf('python');
    for (const group of groups) {
      expect(group).toMatchObject({type: 'mdxJsxFlowElement', name: 'ApiFields', attributes: [{name: 'className', value: 'api-schema-details client-methods'}]});
      expect(group.children.map((c) => ('name' in c ? c.name : c.type))).toEqual(['summary', 'table']);
    }
    // Every method once, in the spec's order of resources.
    expect(groups.reduce((n, g) => n + g.children[1].children.length - 1, 0)).toBe(clientMethods(spec).length);
    const resources = [...new Set(clientMethods(spec).map((m) => `\`client.${m.resource.python}\``))];
    expect(groups.map((g) => summaryOf(g).split(' · ')[0])).toEqual(resources);

    const vms = groups.find((g) => summaryOf(g).startsWith('`client.virtual_machines`'))!;
    const vmCount = clientMethods(spec).filter((m) => m.resource.python === 'virtual_machines').length;
    expect(summaryOf(vms)).toBe(`\`client.virtual_machines\` · ${vmCount} methods`);
    const md = markdown([vms.children[1]]);
    expect(md).toContain('| Method | Request | Notes |');
    expect(md).toContain(`| \`create\` | [\`POST /core/virtual-machines\`](${docPath('createVirtualMachine')}) | answers \`202\`; poll until \`ACTIVE\` |`);
    expect(md).toContain(`| \`hibernate\` | [\`POST /core/virtual-machines/{vm_id}/hibernate\`](${docPath('hibernateVirtualMachine')}) | answers \`202\`; poll until \`HIBERNATED\` |`);
    const volumes = groups.find((g) => summaryOf(g).startsWith('`client.volumes`'))!;
    expect(markdown([volumes.children[1]])).toContain(`| \`list\` | [\`GET /core/volumes\`](${docPath('listVolumes')}) | iterates every page |`);
  });

  it('has a Notes column only where one of the group methods has a note, and counts one method in the singular', () => {
    const groups = groupsOf('python');
    const plain = groups.filter((g) => !markdown([g.children[1]]).includes('| Notes |'));
    expect(plain.length).toBeGreaterThan(0);
    for (const group of plain) expect(markdown([group.children[1]]).split('\n')[0]).toBe('| Method | Request |');
    const single = groups.find((g) => g.children[1].children.length === 2)!;
    expect(summaryOf(single)).toMatch(/ · 1 method$/);
  });

  it('names methods in the case of each client', () => {
    const first = (client: string, resource: string) => {
      const group = groupsOf(client).find((g) => summaryOf(g).startsWith(`\`${resource}\``))!;
      return markdown([group.children[1]]);
    };
    expect(first('go', 'client.VirtualMachines')).toContain('| `Create` |');
    expect(first('javascript', 'client.virtualMachines')).toContain('| `create` |');
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
  it('are the same GFM tables, each group of methods under its summary in bold, with links to the reference pages\' twins', async () => {
    const source = '---\ntitle: Clients\ndescription: D.\n---\n\nEvery method:\n\n<ApiClientMethods client="go" />\n\n## Terraform\n\n<TerraformResources />\n';
    const md = squeeze(twinMarkdown(await markdownTwin('docs/libraries/example.mdx', source, {siteDir, specDir, siteUrl: 'https://docs.example.com'})));
    const twinLink = (id: string) => `https://docs.example.com${docPath(id)}.md`;
    expect(md).toMatch(/\*\*`client\.VirtualMachines` · \d+ methods\*\*\n\n\| Method \| Request \| Notes \|/);
    expect(md).toContain(`| \`Create\` | [\`POST /core/virtual-machines\`](${twinLink('createVirtualMachine')}) |`);
    expect(md).toContain(`| \`gpucloud_volume\` | [\`createVolume\`](${twinLink('createVolume')}), waits for \`AVAILABLE\` |`);
    expect(md).toContain('**Data sources**');
    expect(md).not.toMatch(/<[A-Z]/);
  });
});
