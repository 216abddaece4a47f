/**
 * The Markdown AST nodes the build-time elements are made of (`<ApiOperation>`, the client
 * tables, `<ApiPermissions>`, `<ApiOperationList>`), built by hand. A leaf module: everything
 * in this plugin may import it.
 */
import type {PhrasingContent, RootContent, TableCell, TableRow} from 'mdast';

// A JSX element of the MDX AST (mdast-util-mdx-jsx).
export interface JsxElement {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: {type: 'mdxJsxAttribute'; name: string; value: string}[];
  children: (RootContent | JsxElement)[];
}

export const jsx = (name: string, attributes: Record<string, string>, children: JsxElement['children']): JsxElement => ({
  type: 'mdxJsxFlowElement',
  name,
  attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
  children,
});
export const text = (value: string): PhrasingContent => ({type: 'text', value});
export const code = (value: string): PhrasingContent => ({type: 'inlineCode', value});
export const tableCell = (...children: PhrasingContent[]): TableCell => ({type: 'tableCell', children});
export const tableRow = (cells: TableCell[]): TableRow => ({type: 'tableRow', children: cells});

/** Text with `code` spans as phrasing content. */
export function withInlineCode(value: string): PhrasingContent[] {
  return value.split(/(`[^`]+`)/).filter(Boolean).map((part) => (part.startsWith('`') ? code(part.slice(1, -1)) : text(part)));
}
