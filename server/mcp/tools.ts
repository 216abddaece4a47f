/**
 * The MCP server one request is answered with: the docs tools and the llms.txt resource,
 * bound to the brand and origin of the host asked. A new one is made per request (the
 * transport is stateless), so nothing of one host's answer can reach another's; what is
 * shared (the library, the search index) holds only the build's brand-neutral text.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {AjvJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import {z} from 'zod';
import type {Brand} from '../../src/branding/brand';
import {DEFAULT_BRAND} from '../../src/branding/defaults';
import {brandedMarkdown} from '../markdown';
import {InputError, type DocsLibrary} from './library';
import {brandName, TOOL_NAMES} from './names';
import {DEFAULT_RESULTS, MAX_RESULTS, MAX_SEARCH_QUERY, type DocsSearch} from './search';

/** Characters of a page or operation one call returns; the rest comes with `offset`. About 6,000 tokens. */
export const MAX_PAGE_CHARS = 24_000;

export {brandName, TOOL_NAMES} from './names';

const SERVER_VERSION = '1.0.0';

/**
 * The server's JSON Schema validator (it checks elicitation answers, which these tools never
 * ask for), shared: each server would otherwise build its own Ajv, a quarter of a
 * millisecond per request. It caches compiled schemas only, nothing of a request.
 */
const VALIDATOR = new AjvJsonSchemaValidator();

export interface RequestContext {
  library: DocsLibrary;
  search: DocsSearch;
  /** The partner brand of the host asked; undefined for the default brand. */
  brand: Brand | undefined;
  /** The origin the request was addressed to (`https://docs.acme.example`). */
  origin: string;
}

/**
 * Part of a long text from `offset`: up to MAX_PAGE_CHARS, cut at a line end when one is
 * in the second half (so a table row or code line is not split), never inside a surrogate pair.
 */
export function slice(text: string, offset: number): {part: string; next: number | null} {
  if (offset > 0 && offset >= text.length) throw new InputError(`offset ${offset} is past the end (the text has ${text.length} characters).`);
  let end = Math.min(text.length, offset + MAX_PAGE_CHARS);
  if (end < text.length) {
    const lineEnd = text.lastIndexOf('\n', end - 1);
    if (lineEnd > offset + MAX_PAGE_CHARS / 2) end = lineEnd + 1;
    else if (/[\uD800-\uDBFF]/.test(text[end - 1])) end -= 1;
  }
  return {part: text.slice(offset, end), next: end < text.length ? end : null};
}

function textResult(text: string, structuredContent?: Record<string, unknown>): CallToolResult {
  return structuredContent ? {content: [{type: 'text', text}], structuredContent} : {content: [{type: 'text', text}]};
}

/** A bad argument becomes a tool error the assistant can read and act on; anything else is the server's fault and says only that. */
async function answering(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    const message = error instanceof InputError ? error.message : 'The documentation server could not answer this call; try again later.';
    return {content: [{type: 'text', text: message}], isError: true};
  }
}

/**
 * An API operation page's twin with only the curl sample kept: the other languages
 * repeat it, and an assistant's context is better spent on the schemas.
 */
export function withCurlSampleOnly(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  let inSamples = false;
  let keep = true;
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null) {
      if (marker) fence = marker;
      else if (/^#{1,2} /.test(line)) {
        inSamples = /^## Code samples\s*$/.test(line);
        keep = true;
      } else if (inSamples && /^\*\*[^*]+\*\*\s*$/.test(line)) {
        keep = /^\*\*curl\*\*\s*$/i.test(line);
      }
    } else if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
      fence = null;
    }
    if (keep) out.push(line);
  }
  return out.join('\n').replace(/\n{3,}$/, '\n\n');
}

// The argument schemas hold no brand, so they are made once: building them is most of
// what a per-request server would otherwise cost.
const SEARCH_INPUT = {
  query: z.string().min(1).max(MAX_SEARCH_QUERY).describe(`What to look for, in a few words (at most ${MAX_SEARCH_QUERY} characters).`),
  section: z
    .string()
    .max(100)
    .optional()
    .describe('Only results of this section, as results name it (for example "Virtual machines", "Storage", "API reference"). Case does not matter.'),
  limit: z.number().int().min(1).max(MAX_RESULTS).optional().describe(`How many results (1-${MAX_RESULTS}, default ${DEFAULT_RESULTS}).`),
};
const SEARCH_OUTPUT = {
  query: z.string(),
  total: z.number().describe('Pages that match in all.'),
  results: z.array(z.object({title: z.string(), url: z.string(), section: z.string(), snippet: z.string()})),
};
const READ_INPUT = {
  url_or_path: z.string().min(1).max(2048).describe('The page: a path such as /docs/virtual-machines/hibernation, or a URL a search result gave.'),
  offset: z.number().int().min(0).optional().describe('Where to continue a long page (the offset the previous part gave). Default 0.'),
};
const OPERATION_INPUT = {
  operation: z.string().min(1).max(512).describe('An operationId, or "METHOD /path".'),
  offset: z.number().int().min(0).optional().describe('Where to continue a long operation (the offset the previous part gave). Default 0.'),
};
const SECTIONS_INPUT = {
  section: z.string().max(100).optional().describe('One section, by name (for example "Storage"). Case does not matter.'),
};

const readOnly = {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false} as const;

export function createDocsServer(context: RequestContext): McpServer {
  const {library, search, brand, origin} = context;
  const name = brandName(brand);
  /** The build's text in the brand of the host asked (the twins' own rewrite). */
  const branded = (text: string) => (brand?.is_partner ? brandedMarkdown(text, brand, origin) : text);
  const urlOf = (route: string) => `${origin}${route}`;

  const server = new McpServer(
    {name: `${name} docs`, version: SERVER_VERSION},
    {
      jsonSchemaValidator: VALIDATOR,
      instructions: branded(
        `Documentation of ${DEFAULT_BRAND.name}, a GPU cloud. Find pages with search_docs (or browse them with list_sections), then read one with read_page; ` +
          'for a REST API call, get_api_operation gives its parameters, schemas, errors and a curl sample. Quote the URLs these tools give.',
      ),
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: `Search the ${name} docs`,
      description: branded(
        `Full-text search over the ${DEFAULT_BRAND.name} documentation (guides, tutorials and the REST API reference), ranked as the site's own search ranks it. ` +
          'Returns the best-matching pages, one result per page: title, URL, section and a snippet. Use plain words ("hibernate a VM", "create an API key"); ' +
          'then call read_page with a result URL for the whole page.',
      ),
      inputSchema: SEARCH_INPUT,
      outputSchema: SEARCH_OUTPUT,
      annotations: readOnly,
    },
    ({query, section, limit}) =>
      answering(async () => {
        const {results, total} = await search.search(query, {section, limit});
        const shown = results.map((r) => ({title: branded(r.title), url: urlOf(r.path), section: branded(r.section), snippet: branded(r.snippet)}));
        const text = shown.length
          ? shown.map((r, i) => `${i + 1}. ${r.title} (${r.section})\n   ${r.url}\n   ${r.snippet}`).join('\n')
          : `No page matches "${query}"${section ? ` in ${section}` : ''}. Try other words, or list_sections.`;
        return textResult(text, {query, total, results: shown});
      }),
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a docs page',
      description:
        'A documentation page as Markdown, by its path (/docs/getting-started, /docs/getting-started.md) or its full URL on any host. ' +
        `Long pages come in parts of up to ${MAX_PAGE_CHARS.toLocaleString('en')} characters: the end of each part says the offset to ask for next.`,
      inputSchema: READ_INPUT,
      annotations: readOnly,
    },
    ({url_or_path, offset = 0}) =>
      answering(async () => {
        const {file, route} = library.markdownFileOf(url_or_path);
        const text = branded(await library.text(file));
        const {part, next} = slice(text, offset);
        const pageUrl = urlOf(route);
        const footer =
          next === null
            ? offset > 0
              ? `\n\n---\n(End of ${pageUrl}.)`
              : ''
            : `\n\n---\n(Characters ${offset}-${next} of ${text.length} of ${pageUrl}. For the rest, call read_page with offset ${next}.)`;
        return textResult(part + footer);
      }),
  );

  server.registerTool(
    'get_api_operation',
    {
      title: 'Get a REST API operation',
      description: branded(
        `One operation of the ${DEFAULT_BRAND.name} REST API, by its operationId (generateApiKey) or its method and path ("POST /auth/api-keys"; ` +
          'a concrete path such as "GET /core/volumes/7710" works too): summary, authentication, parameters, request body schema, responses and error codes, and a curl sample. ' +
          `Long operations come in parts of up to ${MAX_PAGE_CHARS.toLocaleString('en')} characters, continued with offset.`,
      ),
      inputSchema: OPERATION_INPUT,
      annotations: readOnly,
    },
    ({operation, offset = 0}) =>
      answering(async () => {
        const found = await library.findOperation(operation);
        const {file} = library.markdownFileOf(found.docPath);
        const body = branded(withCurlSampleOnly(await library.text(file)));
        const header = `Operation \`${found.operationId}\`: \`${found.method} ${found.path}\`. Reference page: ${urlOf(found.docPath)}\n\n`;
        const {part, next} = slice(header + body, offset);
        const footer = next === null ? '' : `\n\n---\n(Continues: call get_api_operation with operation "${found.operationId}" and offset ${next}.)`;
        return textResult(part + footer);
      }),
  );

  server.registerTool(
    'list_sections',
    {
      title: 'List the docs sections',
      description:
        'The sections of the documentation and their pages, as llms.txt lists them. Without a section: every section with its pages\' titles and URLs. ' +
        'With a section: its pages with a one-line description each.',
      inputSchema: SECTIONS_INPUT,
      annotations: readOnly,
    },
    ({section}) =>
      answering(async () => {
        const sections = await library.sections();
        const wanted = section?.trim().toLowerCase();
        if (wanted) {
          const one = sections.find((s) => s.name.toLowerCase() === wanted);
          if (!one) throw new InputError(`No section "${section?.trim()}". Sections: ${sections.map((s) => s.name).join(', ')}.`);
          return textResult(branded([`## ${one.name}`, '', ...one.pages.map((p) => `- [${p.title}](${urlOf(p.route)}): ${p.description}`)].join('\n')));
        }
        const text = sections.map((s) => [`## ${s.name}`, '', ...s.pages.map((p) => `- [${p.title}](${urlOf(p.route)})`)].join('\n')).join('\n\n');
        return textResult(branded(text));
      }),
  );

  if (library.files.has('llms.txt')) {
    server.registerResource(
      'llms.txt',
      urlOf('/llms.txt'),
      {
        title: `${name} docs index (llms.txt)`,
        description: 'Every page of the documentation by section, with a one-line description and a link to its Markdown.',
        mimeType: 'text/markdown',
      },
      async (uri) => ({contents: [{uri: uri.href, mimeType: 'text/markdown', text: branded(await library.text('llms.txt'))}]}),
    );
  }

  return server;
}
