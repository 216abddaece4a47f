/** Request samples of an operation in curl, Python, Go and JavaScript (httpsnippet 3). */
import {HTTPSnippet} from 'httpsnippet';

export interface SampleInput {
  method: string;
  /** Full URL template, e.g. `https://api.example.com/v1/core/volumes/{volume_id}`. */
  url: string;
  parameters: {name: string; in: string; required?: boolean; example?: unknown}[];
  body?: unknown;
  authenticated: boolean;
  /** False when the success response has no body (`204`): the samples print its status instead. */
  responseBody?: boolean;
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

type Language = (typeof TARGETS)[number]['id'];

/** What each marker becomes in a language, and the imports that code needs. */
interface Replacement {
  code: string;
  imports: readonly string[];
}

const REPLACEMENTS: Record<Language, Record<string, Replacement>> = {
  curl: {
    [KEY_MARKER]: {code: '$API_KEY', imports: []},
    [IDEMPOTENCY_MARKER]: {code: SHELL_UUID, imports: []},
  },
  python: {
    [KEY_MARKER]: {code: 'os.environ["API_KEY"]', imports: ['os']},
    [IDEMPOTENCY_MARKER]: {code: 'str(uuid.uuid4())', imports: ['uuid']},
  },
  go: {
    [KEY_MARKER]: {code: 'os.Getenv("API_KEY")', imports: ['os']},
    // crypto/rand.Text (Go 1.24, like every Go release still supported): 128 random bits in
    // the standard library, so the sample builds without a module of its own.
    [IDEMPOTENCY_MARKER]: {code: 'rand.Text()', imports: ['crypto/rand']},
  },
  javascript: {
    [KEY_MARKER]: {code: 'process.env.API_KEY', imports: []},
    [IDEMPOTENCY_MARKER]: {code: 'crypto.randomUUID()', imports: []},
  },
};

/** The marker as httpsnippet quotes it; curl's header strings are re-quoted so that the shell expands them. */
function replaceMarker(language: Language, snippet: string, marker: string, code: string): string {
  switch (language) {
    case 'curl':
      return snippet.replace(new RegExp(`'([^':]+): ${marker}'`), (_, name: string) => `"${name}: ${code}"`);
    case 'javascript':
      return snippet.replace(`'${marker}'`, () => code);
    default:
      return snippet.replace(`"${marker}"`, () => code);
  }
}

/** Python: the standard-library imports first, sorted; Go: the import block kept sorted, as gofmt leaves it. */
function addImports(language: Language, snippet: string, imports: readonly string[]): string {
  if (imports.length === 0) return snippet;
  if (language === 'python') return `${[...imports].sort().map((name) => `import ${name}\n`).join('')}${snippet}`;
  if (language === 'go') {
    return snippet.replace(/import \(\n([^)]*)\)/, (_, block: string) => {
      const specs = [...block.split('\n').map((line) => line.trim()).filter(Boolean), ...imports.map((name) => `"${name}"`)];
      return `import (\n${[...new Set(specs)].sort().map((spec) => `\t${spec}\n`).join('')})`;
    });
  }
  throw new Error(`no import rule for ${language} samples`);
}

/**
 * Puts the reader's API key (from the environment, never pasted into code) and a fresh
 * idempotency key in place of the markers, with only the imports the result uses.
 */
function finishSample(language: Language, snippet: string): string {
  let code = snippet;
  const imports: string[] = [];
  for (const [marker, replacement] of Object.entries(REPLACEMENTS[language])) {
    if (!code.includes(marker)) continue;
    code = replaceMarker(language, code, marker, replacement.code);
    imports.push(...replacement.imports);
  }
  return addImports(language, code, imports);
}

/** A JSON value as a Python literal: JSON's strings and numbers are Python's; `true`, `false` and `null` are not. */
function pythonLiteral(value: unknown): string {
  const words: Record<string, string> = {true: 'True', false: 'False', null: 'None'};
  return JSON.stringify(value, null, 2).replace(/"(?:[^"\\]|\\.)*"|\b(?:true|false|null)\b/g, (token) => words[token] ?? token);
}

const GO_CHECK = '\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}';

/**
 * What httpsnippet leaves wrong, fixed so that every sample runs as written (tests/samples
 * runs them): Python and JavaScript bodies built from the JSON value (httpsnippet breaks
 * strings that hold a newline), no `response.json()` of an empty answer, and Go that
 * checks its errors (`go vet` refuses a response used before its error is checked).
 */
function repairSample(language: Language, code: string, input: SampleInput): string {
  const empty = input.responseBody === false;
  switch (language) {
    case 'python': {
      let out = code;
      if (input.body !== undefined) {
        const start = out.indexOf('payload = ');
        const end = out.search(/\n(?:headers = |\nresponse = )/);
        if (start === -1 || end < start) throw new Error(`no payload in the Python sample of ${input.method} ${input.url}`);
        out = `${out.slice(0, start)}payload = ${pythonLiteral(input.body)}${out.slice(end)}`;
      }
      return empty ? out.replace('print(response.json())', 'print(response.status_code)') : out;
    }
    case 'javascript': {
      let out = code;
      if (input.body !== undefined) {
        const literal = JSON.stringify(input.body, null, 2).replace(/\n/g, '\n  ');
        out = out.replace(/^ {2}body: '.*'$/m, () => `  body: JSON.stringify(${literal})`);
      }
      return empty ? out.replace(/const data = await response\.json\(\);\n(\s*)console\.log\(data\);/, 'console.log(response.status);') : out;
    }
    case 'go':
      return addImports(
        'go',
        code
          .replace(/^(\t\w+), _ := (http\.NewRequest\(.*\)|http\.DefaultClient\.Do\(req\)|io\.ReadAll\(res\.Body\))$/gm, (_, name: string, call: string) => `${name}, err := ${call}${GO_CHECK}`),
        ['log'],
      );
    default:
      return code;
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
    return {id, label, lang, code: finishSample(id, repairSample(id, codeText.trim(), input))};
  });
}
