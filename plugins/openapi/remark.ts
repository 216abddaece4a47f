/**
 * Remark plugin: `<ApiOperation operationId="…" />` in an MDX page becomes the static
 * reference of that operation, rendered at build time from the spec.
 */
import type {Node, Parent} from 'unist';
import {renderOperation} from './render';
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
        if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name === 'ApiOperation') {
          const where = file.path ?? 'an MDX page';
          if (!doc) {
            doc = specSnapshot(options.specDir);
            index = new Map(operations(doc).map((o) => [o.operation.operationId ?? '', o]));
          }
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
