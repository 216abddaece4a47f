/**
 * `<ApiOperationList errorCode="insufficient_credit" />`: the operations of the spec that can
 * answer an error code (their `x-error-codes`), as one table built at build time, so a page
 * that lists them never keeps a second, hand-written list. Each operation links to its
 * reference page; the Markdown twins get the same table.
 */
import type {RootContent} from 'mdast';
import {code, tableCell as cell, tableRow as row, text} from './mdast';
import {operations, type OpenApiDocument} from './spec';

/** One operation that lists the code. */
export interface ListedOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  docPath: string;
}

/** The error codes the spec defines (`components.schemas.ErrorCode.enum`). */
function errorCodes(doc: OpenApiDocument): string[] {
  const schemas = (doc.components as {schemas?: Record<string, {enum?: string[]}>} | undefined)?.schemas ?? {};
  return schemas.ErrorCode?.enum ?? [];
}

/** Every operation whose `x-error-codes` lists `errorCode`, in the spec's order. */
export function operationsWithErrorCode(doc: OpenApiDocument, errorCode: string): ListedOperation[] {
  return operations(doc)
    .filter((o) => ((o.operation['x-error-codes'] as string[] | undefined) ?? []).includes(errorCode))
    .map((o) => ({
      operationId: o.operation.operationId ?? '',
      method: o.method.toUpperCase(),
      path: o.path,
      summary: (o.operation.summary as string | undefined) ?? '',
      tag: ((o.operation.tags as string[] | undefined) ?? [])[0] ?? '',
      docPath: (o.operation['x-doc-path'] as string | undefined) ?? '',
    }));
}

/** The table `<ApiOperationList errorCode="…" />` becomes. */
export function operationListTable(doc: OpenApiDocument, errorCode: unknown, where: string): RootContent[] {
  const known = errorCodes(doc);
  if (typeof errorCode !== 'string' || !known.includes(errorCode)) {
    throw new Error(`${where}: <ApiOperationList errorCode=${JSON.stringify(errorCode ?? null)} /> names no error code of the spec; write one of ${known.map((c) => `"${c}"`).join(', ')} as a literal string`);
  }
  const listed = operationsWithErrorCode(doc, errorCode);
  if (listed.length === 0) throw new Error(`${where}: <ApiOperationList errorCode="${errorCode}" /> lists nothing: no operation has ${errorCode} in its x-error-codes`);
  const header = row(['Operation', 'Request', 'What it does'].map((h) => cell(text(h))));
  const rows = listed.map((o) =>
    row([
      cell({type: 'link', url: o.docPath, title: null, children: [code(o.operationId)]}),
      cell(code(`${o.method} ${o.path}`)),
      cell(text(o.summary)),
    ]),
  );
  return [{type: 'table', align: [null, null, null], children: [header, ...rows]}];
}
