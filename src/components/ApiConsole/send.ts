/**
 * Sends a request and reads the answer into what the console shows. Failures become
 * sentences: a static copy of the docs has no sandbox, and a browser that refuses a
 * cross-origin call (CORS) or cannot reach the API gives script no detail at all, only a
 * TypeError, so the console says what the likely causes are.
 */
import {STATUS_TEXT} from '@site/plugins/openapi/status';
import type {RequestDraft} from './request';

export type Target = 'sandbox' | 'live';

/** Response headers worth showing: the request id for support, the rate limits, the sandbox mark. */
export const SHOWN_HEADERS = ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'content-type', 'x-sandbox'];

export interface ConsoleResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The body, pretty-printed when it is JSON. */
  body: string;
  /** The body parsed, when it is JSON. */
  json?: unknown;
}

export type SendResult = {kind: 'response'; response: ConsoleResponse} | {kind: 'failure'; message: string};


/** The most of a body shown: a list answer of thousands of items would only slow the page. */
const MAX_BODY_CHARS = 200_000;

export const STATIC_SANDBOX_MESSAGE = 'The sandbox runs on the docs server, and this copy of the docs is static: it has none. Switch to Live to call the API with your key.';

export async function sendRequest(draft: RequestDraft, target: Target, key: {header: string; value: string} | null): Promise<SendResult> {
  const headers: Record<string, string> = {Accept: 'application/json', ...draft.headers};
  if (key) headers[key.header] = key.value;
  let response: Response;
  try {
    response = await fetch(draft.url, {
      method: draft.method,
      headers,
      body: draft.body,
      // The docs page's address is nobody's business, and no cookie of the docs goes along.
      referrerPolicy: 'no-referrer',
      credentials: 'omit',
      cache: 'no-store',
      mode: 'cors',
    });
  } catch {
    if (target === 'sandbox') return {kind: 'failure', message: 'The sandbox could not be reached. Check your connection and try again.'};
    const origin = new URL(draft.url).origin;
    return {
      kind: 'failure',
      message: `The browser did not get an answer from ${origin}. Either the API does not accept calls from this page (the browser blocks cross-origin requests the API has not allowed, CORS), or it cannot be reached from your network. Copy the request as curl and run it in a terminal instead.`,
    };
  }
  // Our server marks every sandbox answer; anything else (a static host's 404 page, its
  // index.html for every path) means there is no sandbox here.
  if (target === 'sandbox' && response.headers.get('x-sandbox') !== 'true') return {kind: 'failure', message: STATIC_SANDBOX_MESSAGE};
  const text = await response.text();
  let body = text;
  let json: unknown;
  if (text !== '') {
    try {
      json = JSON.parse(text);
      body = JSON.stringify(json, null, 2);
    } catch {
      // Not JSON: shown as it came.
    }
  }
  if (body.length > MAX_BODY_CHARS) body = `${body.slice(0, MAX_BODY_CHARS)}\n… (cut: the body is ${body.length.toLocaleString('en-US')} characters long)`;
  const shown = SHOWN_HEADERS.flatMap((name): [string, string][] => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  return {kind: 'response', response: {status: response.status, statusText: response.statusText || STATUS_TEXT[String(response.status)] || '', headers: shown, body, json}};
}

/** The sandbox's refusal (422 `sandbox_violation`) as the list of what it refused, else null. */
export function sandboxViolations(json: unknown): {where: string; message: string}[] | null {
  const error = (json as {error?: {code?: unknown; violations?: unknown}} | undefined)?.error;
  if (!error || error.code !== 'sandbox_violation' || !Array.isArray(error.violations)) return null;
  return error.violations
    .filter((v): v is {where: unknown; message: unknown} => Boolean(v) && typeof v === 'object')
    .map((v) => ({where: String(v.where ?? 'request'), message: String(v.message ?? '')}));
}
