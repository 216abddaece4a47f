/** Request samples of an operation in curl, Python, Go and JavaScript (httpsnippet 3). */
import {HTTPSnippet} from 'httpsnippet';

export interface SampleInput {
  method: string;
  /** Full URL template, e.g. `https://api.example.com/v1/core/volumes/{volume_id}`. */
  url: string;
  parameters: {name: string; in: string; required?: boolean; example?: unknown}[];
  body?: unknown;
  authenticated: boolean;
}

export interface Sample {
  id: string;
  label: string;
  lang: string;
  code: string;
}

const TARGETS = [
  {id: 'curl', label: 'curl', target: 'shell', client: 'curl', lang: 'bash'},
  {id: 'python', label: 'Python', target: 'python', client: 'requests', lang: 'python'},
  {id: 'go', label: 'Go', target: 'go', client: 'native', lang: 'go'},
  {id: 'javascript', label: 'JavaScript', target: 'javascript', client: 'fetch', lang: 'javascript'},
] as const;

// The key is read from the environment in every sample, never pasted into code.
const KEY_MARKER = 'API_KEY_FROM_ENVIRONMENT';
// An idempotency key is made fresh by every sample: a pasted example key would make the
// second sample a reader runs within a day replay the first one's response.
const IDEMPOTENCY_MARKER = 'IDEMPOTENCY_KEY_GENERATED_PER_REQUEST';

const isIdempotencyKey = (p: {name: string; in: string}) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key';

/**
 * Shell: macOS always has `uuidgen`, while Debian and Ubuntu ship it only in the optional
 * `uuid-runtime` package; every Linux kernel has `/proc/sys/kernel/random/uuid`.
 */
export const SHELL_UUID = '$(uuidgen 2>/dev/null || cat /proc/sys/kernel/random/uuid)';

function freshIdempotencyKey(id: string, snippet: string): string {
  if (!snippet.includes(IDEMPOTENCY_MARKER)) return snippet;
  switch (id) {
    case 'curl':
      return snippet.replace(/'([^':]+): IDEMPOTENCY_KEY_GENERATED_PER_REQUEST'/, `"$1: ${SHELL_UUID}"`);
    case 'python':
    {
      const keyed = snippet.replace(`"${IDEMPOTENCY_MARKER}"`, 'str(uuid.uuid4())');
      return keyed.startsWith('import os\n') ? keyed.replace('import os\n', 'import os\nimport uuid\n') : `import uuid\n${keyed}`;
    }
    case 'go':
      // crypto/rand.Text (Go 1.24, like every Go release still supported): 128 random bits in
      // the standard library, so the sample builds without a module of its own.
      return snippet.replace(`"${IDEMPOTENCY_MARKER}"`, 'rand.Text()').replace(/import \(\n/, 'import (\n\t"crypto/rand"\n');
    case 'javascript':
      return snippet.replace(`'${IDEMPOTENCY_MARKER}'`, 'crypto.randomUUID()');
    default:
      return snippet;
  }
}

function useEnvironmentKey(id: string, snippet: string): string {
  switch (id) {
    case 'curl':
      return snippet.replace(`'X-API-Key: ${KEY_MARKER}'`, '"X-API-Key: $API_KEY"');
    case 'python':
      return `import os\n${snippet.replace(`"${KEY_MARKER}"`, 'os.environ["API_KEY"]')}`;
    case 'go':
      return snippet.replace(`"${KEY_MARKER}"`, 'os.Getenv("API_KEY")').replace(/import \(\n/, 'import (\n\t"os"\n');
    case 'javascript':
      return snippet.replace(`'${KEY_MARKER}'`, 'process.env.API_KEY');
    default:
      return snippet;
  }
}

/** One sample per language; path parameters filled from their examples. */
export function codeSamples(input: SampleInput): Sample[] {
  let url = input.url;
  for (const p of input.parameters.filter((param) => param.in === 'path')) {
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example ?? 1)));
  }
  const queryString = input.parameters
    .filter((p) => p.in === 'query' && p.required && p.example !== undefined)
    .map((p) => ({name: p.name, value: String(p.example)}));
  const headers = [
    ...(input.authenticated ? [{name: 'X-API-Key', value: KEY_MARKER}] : []),
    ...input.parameters
      .filter((p) => p.in === 'header' && (p.example !== undefined || isIdempotencyKey(p)))
      .map((p) => ({name: p.name, value: isIdempotencyKey(p) ? IDEMPOTENCY_MARKER : String(p.example)})),
    ...(input.body !== undefined ? [{name: 'Content-Type', value: 'application/json'}] : []),
  ];
  const snippet = new HTTPSnippet({
    method: input.method.toUpperCase(),
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString,
    headersSize: -1,
    bodySize: -1,
    postData: input.body !== undefined ? {mimeType: 'application/json', text: JSON.stringify(input.body, null, 2)} : undefined,
  } as never);
  return TARGETS.map(({id, label, target, client, lang}) => {
    const converted = snippet.convert(target as never, client as never, {indent: '  '} as never);
    const codeText = Array.isArray(converted) ? converted[0] : converted;
    if (typeof codeText !== 'string') throw new Error(`httpsnippet produced no ${label} sample for ${input.method.toUpperCase()} ${input.url}`);
    return {id, label, lang, code: freshIdempotencyKey(id, useEnvironmentKey(id, codeText.trim()))};
  });
}
