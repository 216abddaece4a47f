/**
 * One operation of the published spec (/openapi.json) as the console needs it: its
 * parameters and body, with the example values the page's code samples send
 * (plugins/openapi/render.ts picks them the same way), so what the reader sees prefilled
 * is what the samples show.
 */

import {resolvePointer} from '@site/plugins/openapi/pointer';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type SchemaObject = {[key: string]: unknown};

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    securitySchemes?: Record<string, {type: string; in?: string; name?: string}>;
    [key: string]: unknown;
  };
  security?: Record<string, unknown>[];
}

export type ParameterPlace = 'path' | 'query' | 'header';

export interface ConsoleParameter {
  name: string;
  in: ParameterPlace;
  required: boolean;
  description?: string;
  /** The parameter's schema (a top-level `$ref` followed; nested ones still point into the spec). */
  schema: SchemaObject;
  /** The prefilled value as the reader edits it: text. */
  example: string;
}

export interface ConsoleOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  parameters: ConsoleParameter[];
  body?: {required: boolean; schema: SchemaObject; example: Json | undefined};
  /** The header the API key goes in, or null for a public operation. */
  keyHeader: string | null;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The object a local `$ref` (`#/components/...`) points at, followed through chains. */
export function resolveRef<T>(doc: OpenApiDocument, value: T): T {
  let current: unknown = value;
  for (let hops = 0; hops < 20 && current && typeof current === 'object' && typeof (current as {$ref?: unknown}).$ref === 'string'; hops += 1) {
    const ref = (current as {$ref: string}).$ref;
    const target = resolvePointer(doc, ref);
    if (target === undefined) return current as T;
    current = target;
  }
  return current as T;
}

type RawParameter = {name: string; in: string; required?: boolean; description?: string; schema?: SchemaObject; example?: unknown; examples?: Record<string, {value?: unknown}>};
type RawMedia = {schema?: SchemaObject; example?: unknown; examples?: Record<string, {value?: unknown}>};

/** A value as the reader types it: text, arrays comma-separated, objects as JSON. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The operation with this id, or null when the spec has none. */
export function findOperation(doc: OpenApiDocument, operationId: string): ConsoleOperation | null {
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = resolveRef(doc, rawItem);
    for (const method of METHODS) {
      const operation = item[method] as {operationId?: string; summary?: string; parameters?: unknown[]; requestBody?: unknown; security?: Record<string, unknown>[]} | undefined;
      if (!operation || operation.operationId !== operationId) continue;
      // Operation parameters override path-level ones of the same name and place.
      const all = [...((item.parameters as unknown[]) ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(doc, p as RawParameter));
      const byKey = new Map<string, RawParameter>();
      for (const parameter of all) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      const parameters: ConsoleParameter[] = [...byKey.values()]
        .filter((p): p is RawParameter & {in: ParameterPlace} => p.in === 'path' || p.in === 'query' || p.in === 'header')
        .map((p) => {
          const schema = resolveRef(doc, p.schema ?? {});
          const example = p.example ?? Object.values(p.examples ?? {})[0]?.value ?? schema.example ?? schema.default;
          return {name: p.name, in: p.in, required: p.in === 'path' || Boolean(p.required), description: p.description, schema, example: asText(example)};
        });
      const requestBody = resolveRef(doc, operation.requestBody as {required?: boolean; content?: Record<string, RawMedia>} | undefined);
      const media = requestBody?.content?.['application/json'];
      const body = media
        ? {
            required: Boolean(requestBody?.required),
            schema: media.schema ?? {},
            example: (media.example ?? Object.values(media.examples ?? {})[0]?.value ?? resolveRef(doc, media.schema ?? {}).example) as Json | undefined,
          }
        : undefined;
      const security = operation.security ?? doc.security ?? [];
      const schemes = doc.components?.securitySchemes ?? {};
      const apiKey = security.flatMap((requirement) => Object.keys(requirement)).map((name) => schemes[name]).find((scheme) => scheme?.type === 'apiKey' && scheme.in === 'header');
      return {
        id: operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? operationId,
        parameters,
        body,
        keyHeader: security.length === 0 ? null : (apiKey?.name ?? 'X-API-Key'),
      };
    }
  }
  return null;
}

let published: Promise<OpenApiDocument> | undefined;

/** The spec the site publishes, fetched once per tab. */
export function loadSpec(url = '/openapi.json'): Promise<OpenApiDocument> {
  published ??= fetch(url, {credentials: 'same-origin'}).then(async (response) => {
    if (!response.ok) throw new Error(`The API spec did not load (${response.status}).`);
    return (await response.json()) as OpenApiDocument;
  });
  // A failed load is tried again the next time the console opens.
  published.catch(() => (published = undefined));
  return published;
}
