/**
 * The request the console sends, built from the reader's values, and the same request
 * as a curl command to copy. The API key is never part of either: the request gets it as
 * a header at the moment it is sent (see send.ts), and the command names `$API_KEY`, so a
 * pasted snippet, a shell history or a screenshot never holds it.
 */
import type {ConsoleOperation} from './operation';

export interface RequestDraft {
  method: string;
  /** Absolute URL, path parameters filled in, query string attached. */
  url: string;
  /** Headers from the reader's header parameters and the body's content type; never the key. */
  headers: Record<string, string>;
  body?: string;
}

/**
 * The request for `values` (text by `in:name`), sent to `base` (the sandbox's or the live
 * API's, no trailing slash). Empty optional parameters are left out.
 */
export function buildRequest(operation: ConsoleOperation, base: string, values: Record<string, string>, bodyText: string | undefined): RequestDraft {
  const valueOf = (place: string, name: string) => values[`${place}:${name}`] ?? '';
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(valueOf('path', name)));
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const value = valueOf(parameter.in, parameter.name);
    if (value === '') continue;
    if (parameter.in === 'query') {
      const isList = ([] as unknown[]).concat(parameter.schema.type ?? []).includes('array');
      // Lists as repeated parameters (`label=a&label=b`), OpenAPI's default form for queries.
      for (const part of isList ? value.split(',').map((item) => item.trim()) : [value]) query.append(parameter.name, part);
    } else if (parameter.in === 'header') {
      headers[parameter.name] = value;
    }
  }
  const search = query.toString();
  const draft: RequestDraft = {method: operation.method, url: `${base.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`, headers};
  if (operation.body && bodyText !== undefined && bodyText.trim() !== '') {
    draft.headers['Content-Type'] = 'application/json';
    draft.body = bodyText;
  }
  return draft;
}

/** Text in single quotes for a POSIX shell: nothing inside is expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request as a curl command. The key header, when the operation takes one, reads the
 * key from the reader's `API_KEY` variable (double quotes, so the shell expands it), never
 * the key itself. A JSON body is compacted to one line when it parses.
 */
export function curlCommand(draft: RequestDraft, keyHeader: string | null): string {
  const lines = [`curl -X ${draft.method} ${shellQuote(draft.url)}`];
  if (keyHeader) lines.push(`-H "${keyHeader}: $API_KEY"`);
  for (const [name, value] of Object.entries(draft.headers)) {
    if (keyHeader && name.toLowerCase() === keyHeader.toLowerCase()) continue;
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (draft.body !== undefined) {
    let body = draft.body;
    try {
      body = JSON.stringify(JSON.parse(body));
    } catch {
      // Sent as typed: the command shows what the console would send.
    }
    lines.push(`-d ${shellQuote(body)}`);
  }
  return lines.join(' \\\n  ');
}
