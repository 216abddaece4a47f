/**
 * Remark plugin: `<ApiOperation operationId="…" />` in an MDX page becomes the static
 * reference of that operation, rendered at build time from the spec; so do the library
 * pages' tables, `<ApiClientMethods client="…" />` and `<TerraformResources />`, and the
 * organization page's operations per permission, `<ApiPermissions />`, and the operations
 * that can answer an error code, `<ApiOperationList errorCode="…" />`.
 */
import type {Node, Parent} from 'unist';
import {clientMethodsTable, terraformTables} from './client-tables';
import {permissionTables} from './permissions';
import {operationListTable} from './operation-list';
import {jsx, renderOperation} from './render';
import {operations, type OpenApiDocument, type LocatedOperation} from './spec';
import {specSnapshot} from './state';

export interface RemarkApiOperationOptions {
  /** Folder of the spec (`openapi/`). */
  specDir: string;
}

interface JsxNode extends Node {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: {type: string; name?: string; value?: unknown}[];
}

/** The elements this plugin replaces; nothing else has to know how to render them. */
export const BUILD_TIME_ELEMENTS = ['ApiOperation', 'ApiClientMethods', 'TerraformResources', 'ApiPermissions', 'ApiOperationList'] as const;

// A literal string attribute, or undefined when absent; an expression (`{...}`) is never literal.
function literal(node: JsxNode, name: string): unknown {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
  if (!attribute) return undefined;
  return typeof attribute.value === 'string' ? attribute.value : '{expression}';
}

function operationIdOf(node: JsxNode, file: string): string {
  const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'operationId');
  if (!attribute || typeof attribute.value !== 'string' || attribute.value === '') {
    throw new Error(`${file}: <ApiOperation> needs a literal operationId, e.g. <ApiOperation operationId="listVolumes" />`);
  }
  return attribute.value;
}

export default function remarkApiOperation(options: RemarkApiOperationOptions) {
  return (tree: Node, file: {path?: string}) => {
    let index: Map<string, LocatedOperation> | undefined;
    let doc: OpenApiDocument | undefined;
    const walk = (parent: Parent) => {
      for (let i = 0; i < parent.children.length; i += 1) {
        const child = parent.children[i] as JsxNode;
        const isJsx = child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement';
        if (isJsx && (child.name === 'ApiClientMethods' || child.name === 'TerraformResources' || child.name === 'ApiPermissions' || child.name === 'ApiOperationList')) {
          const where = file.path ?? 'an MDX page';
          if (child.type === 'mdxJsxTextElement') throw new Error(`${where}: <${child.name}> renders tables; put it on a line of its own, with blank lines around it`);
          doc ??= specSnapshot(options.specDir);
          const tables =
            child.name === 'ApiClientMethods' ? clientMethodsTable(doc, literal(child, 'client'), where)
            : child.name === 'TerraformResources' ? terraformTables(doc, literal(child, 'show'), where)
            : child.name === 'ApiOperationList' ? operationListTable(doc, literal(child, 'errorCode'), where)
            : permissionTables(doc, where);
          // One row per operation repeats the reference pages: search indexes those instead.
          parent.children.splice(i, 1, jsx('div', {className: 'search-skip'}, tables) as unknown as Node);
        } else if (isJsx && child.name === 'ApiOperation') {
          const where = file.path ?? 'an MDX page';
          doc ??= specSnapshot(options.specDir);
          index ??= new Map(operations(doc).map((o) => [o.operation.operationId ?? '', o]));
          const id = operationIdOf(child, where);
          const located = index!.get(id);
          if (!located) throw new Error(`${where}: <ApiOperation operationId="${id}" /> names an operation the API spec does not have`);
          const baseUrl = ((doc.servers as {url: string}[] | undefined)?.[0]?.url ?? '').replace(/\/+$/, '');
          const rendered = renderOperation(located, {doc, baseUrl}) as unknown as Node[];
          parent.children.splice(i, 1, ...rendered);
          i += rendered.length - 1;
        } else if ('children' in child && Array.isArray((child as unknown as Parent).children)) {
          walk(child as unknown as Parent);
        }
      }
    };
    walk(tree as Parent);
  };
}
