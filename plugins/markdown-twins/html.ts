/**
 * The HTML a fact component renders, as mdast: tables become GFM tables, lists lists,
 * links links. Only the small set of elements our components emit is known; anything
 * else keeps its text, so a new element degrades to words rather than to markup.
 */
import * as cheerio from 'cheerio';
import type {AnyNode, Element} from 'domhandler';
import type {BlockContent, PhrasingContent, RootContent, Table, TableRow} from 'mdast';

const isElement = (node: AnyNode): node is Element => node.type === 'tag';

/** Inline content of an element: text, code, emphasis and links. */
export function phrasingOf(nodes: AnyNode[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      const value = (node as unknown as {data: string}).data;
      if (value) out.push({type: 'text', value});
    } else if (isElement(node)) {
      const name = node.name.toLowerCase();
      if (name === 'br') out.push({type: 'text', value: ' '});
      else if (name === 'code') out.push({type: 'inlineCode', value: textOf(node)});
      else if (name === 'strong' || name === 'b') out.push({type: 'strong', children: phrasingOf(node.children)});
      else if (name === 'em' || name === 'i') out.push({type: 'emphasis', children: phrasingOf(node.children)});
      else if (name === 'a' && node.attribs.href) out.push({type: 'link', url: node.attribs.href, children: phrasingOf(node.children)});
      else if (name === 'img') out.push({type: 'image', url: node.attribs.src ?? '', alt: node.attribs.alt ?? ''});
      else if (name === 'svg') out.push({type: 'text', value: node.attribs['aria-label'] ?? ''});
      else out.push(...phrasingOf(node.children));
    }
  }
  return out;
}

function textOf(node: AnyNode): string {
  if (node.type === 'text') return (node as unknown as {data: string}).data;
  return isElement(node) ? node.children.map(textOf).join('') : '';
}

function tableOf(table: Element): Table {
  const rows: TableRow[] = [];
  const walk = (node: Element) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (child.name === 'tr') {
        const cells = child.children.filter(isElement).filter((c) => c.name === 'td' || c.name === 'th');
        rows.push({type: 'tableRow', children: cells.map((cell) => ({type: 'tableCell', children: phrasingOf(cell.children)}))});
      } else walk(child);
    }
  };
  walk(table);
  const width = Math.max(0, ...rows.map((r) => r.children.length));
  // GFM tables need the same number of cells in every row.
  for (const row of rows) while (row.children.length < width) row.children.push({type: 'tableCell', children: []});
  return {type: 'table', align: Array(width).fill(null), children: rows};
}

const BLOCK = new Set(['table', 'p', 'ul', 'ol', 'div', 'section', 'figure', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'details', 'blockquote', 'dl']);

/** Block content of a list of nodes; runs of inline content become paragraphs. */
export function blocksOf(nodes: AnyNode[]): BlockContent[] {
  const out: BlockContent[] = [];
  let inline: AnyNode[] = [];
  const flush = () => {
    const children = phrasingOf(inline).filter((c) => c.type !== 'text' || c.value.trim() !== '');
    if (children.length > 0) out.push({type: 'paragraph', children: phrasingOf(inline)});
    inline = [];
  };
  for (const node of nodes) {
    if (!isElement(node) || !BLOCK.has(node.name.toLowerCase())) {
      inline.push(node);
      continue;
    }
    flush();
    const name = node.name.toLowerCase();
    if (name === 'table') out.push(tableOf(node));
    else if (name === 'p') out.push({type: 'paragraph', children: phrasingOf(node.children)});
    else if (name === 'ul' || name === 'ol') {
      out.push({
        type: 'list',
        ordered: name === 'ol',
        spread: false,
        children: node.children.filter(isElement).map((li) => ({type: 'listItem', spread: false, children: blocksOf(li.children)})),
      });
    } else if (/^h[2-6]$/.test(name)) out.push({type: 'heading', depth: Number(name[1]) as 2, children: phrasingOf(node.children)});
    else if (name === 'pre') out.push({type: 'code', value: textOf(node)});
    else out.push(...blocksOf(node.children));
  }
  flush();
  return out;
}

/** Rendered HTML as mdast, block or inline. */
export function htmlToMdast(html: string, inline: boolean): RootContent[] {
  const $ = cheerio.load(html, null, false);
  const nodes = $.root().contents().toArray();
  return inline ? phrasingOf(nodes) : blocksOf(nodes);
}
