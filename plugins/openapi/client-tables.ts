/**
 * The tables of the library pages, as Markdown AST built at build time from the spec:
 * `<ApiClientMethods client="python" />` (every operation's method in one client, folded
 * by resource) and `<TerraformResources />` (the provider's resources and data sources).
 * Plain GFM tables and links, the methods' in native <details>, so the pages need no
 * script for them and the Markdown twins get the same tables.
 */
import type {PhrasingContent, RootContent, Table, TableRow} from 'mdast';
import {clientMethods, CLIENT_LANGUAGES, isClientLanguage, terraformDataSources, terraformResources, type OperationRef} from './clients';
import {code, jsx, tableCell as cell, tableRow as row, text, withInlineCode} from './mdast';
import type {OpenApiDocument} from './spec';

const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({type: 'link', url, title: null, children});
const table = (header: string[], rows: TableRow[]): Table => ({
  type: 'table',
  align: header.map(() => null),
  children: [row(header.map((h) => cell(text(h)))), ...rows],
});
const lead = (value: string): RootContent => ({type: 'paragraph', children: [{type: 'strong', children: [text(value)]}]});
const operationLink = (op: OperationRef): PhrasingContent => link(op.docPath, [code(op.operationId)]);
const statuses = (list: readonly string[]) => list.map((s) => `\`${s}\``).join(' or ');

/**
 * `<ApiClientMethods client="…" />`: the client's methods grouped by resource, each group a
 * folded native <details> (ApiFields, as the API reference's field lists) whose summary names
 * the resource and its count of methods, and whose table gives each method, its request
 * (linked to the reference page) and what the method does beyond one request, in a Notes
 * column where any of the group's methods has one.
 *
 * Folded, because one table of every operation (some 160 rows) was the largest part of a
 * library page's first layout and paint, for the one or two rows a reader looks for: a closed
 * group is neither styled nor laid out until it is opened, and find-in-page in Chromium and
 * Firefox opens the group that holds a match.
 */
export function clientMethodsTable(doc: OpenApiDocument, client: unknown, where: string): RootContent[] {
  if (!isClientLanguage(client)) {
    throw new Error(`${where}: <ApiClientMethods client=${JSON.stringify(client ?? null)} /> names no client; write client="${CLIENT_LANGUAGES.join('", "')}" as a literal string`);
  }
  const groups = new Map<string, {method: PhrasingContent; request: PhrasingContent; notes: PhrasingContent[]}[]>();
  for (const m of clientMethods(doc)) {
    const notes: PhrasingContent[] = [];
    if (m.paginated) notes.push(text('iterates every page'));
    if (m.settlesIn) {
      const done = m.settlesIn.length > 0 ? `until ${statuses(m.settlesIn)}` : 'until it is gone';
      notes.push(...withInlineCode(`answers \`202\`; poll ${done}`));
    }
    const resource = `client.${m.resource[client]}`;
    const methods = groups.get(resource) ?? [];
    methods.push({method: code(m.method[client]), request: link(m.docPath, [code(`${m.httpMethod} ${m.path}`)]), notes});
    groups.set(resource, methods);
  }
  return [...groups].map(([resource, methods]) => {
    const withNotes = methods.some((m) => m.notes.length > 0);
    const rows = methods.map((m) => row([cell(m.method), cell(m.request), ...(withNotes ? [cell(...m.notes)] : [])]));
    const summary = jsx('summary', {}, [code(resource), text(` · ${methods.length} ${methods.length === 1 ? 'method' : 'methods'}`)]);
    return jsx('ApiFields', {className: 'api-schema-details client-methods'}, [summary, table(['Method', 'Request', ...(withNotes ? ['Notes'] : [])], rows)]) as unknown as RootContent;
  });
}

/** `<TerraformResources show="resources|data-sources" />`, both tables when `show` is left out. */
export function terraformTables(doc: OpenApiDocument, show: unknown, where: string): RootContent[] {
  if (show !== undefined && show !== 'resources' && show !== 'data-sources') {
    throw new Error(`${where}: <TerraformResources show=${JSON.stringify(show)} /> must show "resources" or "data-sources", or leave show out for both`);
  }
  const out: RootContent[] = [];
  if (show !== 'data-sources') {
    const rows = terraformResources(doc).map((r) => {
      const create: PhrasingContent[] = [operationLink(r.create)];
      if (r.createWaitsFor) create.push(...withInlineCode(`, waits for ${statuses(r.createWaitsFor)}`));
      const read: PhrasingContent[] = [operationLink(r.read)];
      if (r.parentAttribute) read.push(...withInlineCode(` (in \`${r.parentAttribute}\`)`));
      const del: PhrasingContent[] = [operationLink(r.delete)];
      if (r.deleteWaits) del.push(text(', waits until it is gone'));
      return row([cell(code(r.name)), cell(...create), cell(...read), cell(...(r.update ? [operationLink(r.update)] : [text('replaces the resource')])), cell(...del)]);
    });
    if (show === undefined) out.push(lead('Resources'));
    out.push(table(['Resource', 'Create', 'Read', 'Update', 'Delete'], rows));
  }
  if (show !== 'resources') {
    const rows = terraformDataSources(doc).map((d) => row([cell(code(d.name)), cell(operationLink(d.operation)), cell(text(d.kind === 'list' ? 'every page of the list' : 'one object'))]));
    if (show === undefined) out.push(lead('Data sources'));
    out.push(table(['Data source', 'Operation', 'Reads'], rows));
  }
  return out;
}

