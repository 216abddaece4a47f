/**
 * The permission each operation needs, as the spec says it in `x-permission`, and the
 * permission catalogue's operations read back from it: an operation's page names its
 * permission (render.ts), and `<ApiPermissions />` on the organization page lists, per
 * permission of `src/data/organization.ts`, the operations that need it. The catalogue
 * says what a permission allows; the spec alone says which operations need it.
 */
import type {PhrasingContent, RootContent, Table} from 'mdast';
import {NO_PERMISSION, permissions} from '../../src/data/organization';
import {code, jsx, tableCell as cell, tableRow as row, text, withInlineCode} from './mdast';
import {operations, type LocatedOperation, type OpenApiDocument} from './spec';

/** The route and anchor of the permission catalogue, which API pages link. */
export const PERMISSION_CATALOGUE = '/docs/resource-management/organization#permissions';

/** What an operation asks of the calling key. */
export type RequiredPermission =
  | {kind: 'public'}
  | {kind: 'none'}
  | {kind: 'permission'; name: string};

/**
 * The permission an operation needs: none for a public operation (`security: []`),
 * `x-permission: none` for one any valid key may call, else the permission named.
 * Throws, naming the operation, when an authenticated operation has no `x-permission`
 * or a public one has one: either would put a wrong line on its page.
 */
export function requiredPermission(doc: OpenApiDocument, located: LocatedOperation): RequiredPermission {
  const {operation} = located;
  const security = (operation.security ?? doc.security ?? []) as unknown[];
  const value = operation['x-permission'];
  const id = operation.operationId ?? `${located.method.toUpperCase()} ${located.path}`;
  if (security.length === 0) {
    if (value !== undefined) throw new Error(`${id} is public (security: []) but names x-permission: ${String(value)}`);
    return {kind: 'public'};
  }
  if (typeof value !== 'string' || value === '') throw new Error(`${id} needs an API key but has no x-permission (a permission, or "${NO_PERMISSION}")`);
  return value === NO_PERMISSION ? {kind: 'none'} : {kind: 'permission', name: value};
}

/** The permissions of the catalogue that some fields of an operation need on top of its own. */
export function fieldPermissions(operationId: string | undefined): {permission: string; fields: readonly string[]}[] {
  return permissions.flatMap((p) => (p.checkedBy?.kind === 'fields' && p.checkedBy.operationId === operationId ? [{permission: p.name, fields: p.checkedBy.fields}] : []));
}

/** The operations that name each permission in `x-permission`, in the spec's order. */
export function operationsByPermission(doc: OpenApiDocument): Map<string, LocatedOperation[]> {
  const byPermission = new Map<string, LocatedOperation[]>();
  for (const located of operations(doc)) {
    const required = requiredPermission(doc, located);
    if (required.kind !== 'permission') continue;
    byPermission.set(required.name, [...(byPermission.get(required.name) ?? []), located]);
  }
  return byPermission;
}

const link = (url: string, children: PhrasingContent[]): PhrasingContent => ({type: 'link', url, title: null, children});

/**
 * `<ApiPermissions />`: every permission of the catalogue, each a folded group (as the
 * library pages' method tables) whose summary names it and its count of operations, and
 * whose table links every operation that needs it. A permission no operation names says
 * where it is checked instead (its `checkedBy`). Fails, naming the page, on an `x-permission` the catalogue
 * does not know, or a catalogue permission that neither an operation nor `checkedBy` uses.
 */
export function permissionTables(doc: OpenApiDocument, where: string): RootContent[] {
  const byPermission = operationsByPermission(doc);
  const known = new Set(permissions.map((p) => p.name));
  const unknown = [...byPermission.keys()].filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`${where}: the spec's x-permission names ${unknown.join(', ')}, which src/data/organization.ts does not know`);
  return permissions.map((permission) => {
    const ops = byPermission.get(permission.name) ?? [];
    if (ops.length === 0 && !permission.checkedBy) throw new Error(`${where}: no operation needs ${permission.name}, and the catalogue does not say where it is checked (checkedBy)`);
    const count = ops.length === 0 ? (permission.checkedBy?.kind === 'console' ? 'console only' : 'fields of another operation') : `${ops.length} ${ops.length === 1 ? 'operation' : 'operations'}`;
    const summary = jsx('summary', {}, [code(permission.name), text(` · ${count}`)]);
    // What the permission allows is the catalogue table's (<PolicyTable permissions />);
    // a group says only which operations need it, or where it is checked instead.
    const body: RootContent[] = permission.checkedBy ? [{type: 'paragraph', children: withInlineCode(permission.checkedBy.what)}] : [];
    if (ops.length) {
      const table: Table = {
        type: 'table',
        align: [null, null],
        children: [
          row([cell(text('Operation')), cell(text('Request'))]),
          ...ops.map((o) => row([cell(link(String(o.operation['x-doc-path']), [text(o.operation.summary ?? o.operation.operationId ?? '')])), cell(code(`${o.method.toUpperCase()} ${o.path}`))])),
        ],
      };
      body.push(table);
    }
    return jsx('ApiFields', {className: 'api-schema-details api-permission'}, [summary, ...body]) as unknown as RootContent;
  });
}
