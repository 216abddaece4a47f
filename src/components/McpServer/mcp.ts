/**
 * The docs' MCP server as readers connect to it: the discovery answer of `GET /mcp`, the
 * server's name in a client's configuration, the install links of Cursor and VS Code and
 * the configuration each client needs. Plain functions: the page menu, the page about
 * assistants and its Markdown twin (plugins/markdown-twins) build the same text.
 */

/** Where the server answers, on the docs' own host. */
export const MCP_PATH = '/mcp';

/** The server as this host's discovery answer describes it. */
export interface McpServer {
  /** The server's URL on this host. */
  url: string;
  /** Its name in a client's configuration: letters, digits and hyphens only. */
  name: string;
}

/** A client whose configuration the docs show. */
export type McpClient = 'cursor' | 'vscode' | 'claude-code';

/**
 * A server name every client accepts (Claude Code allows letters, digits, hyphens and
 * underscores only) from a brand's display name: `Acme Compute docs` -> `acme-compute-docs`.
 * Whatever the input, the result is plain lower-case ASCII.
 */
export function serverName(displayName: string): string {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug || 'docs';
}

/** What a discovery answer says: the server's URL, and its name when it gives one. */
export interface McpDiscovery {
  url: string;
  /** A plain server name (see `serverName`), or null when the answer names none. */
  name: string | null;
}

/**
 * What a discovery answer says, or null when it is not one (a static deployment answers
 * 404 or an HTML page). The URL is taken only when it is an http(s) URL on the page's own
 * host; otherwise the page's origin + `/mcp` stands in, so a link never leads anywhere but
 * this host. The name is reduced to a plain server name.
 */
export function parseDiscovery(body: unknown, origin: string): McpDiscovery | null {
  if (!body || typeof body !== 'object') return null;
  const answer = body as {transport?: unknown; url?: unknown; name?: unknown};
  if (answer.transport !== 'streamable-http') return null;
  const own = new URL(MCP_PATH, origin);
  let url = own.href;
  if (typeof answer.url === 'string') {
    try {
      const given = new URL(answer.url);
      if ((given.protocol === 'https:' || given.protocol === 'http:') && given.host === own.host) url = given.href;
    } catch {
      // Not a URL: the page's own address stands.
    }
  }
  return {url, name: typeof answer.name === 'string' && answer.name.trim() ? serverName(answer.name) : null};
}

/**
 * The server to show: the discovery's URL (the page's origin + `/mcp` without one) under
 * the name of `displayName`, the brand the page shows plus " docs".
 */
export function mcpServer(discovered: McpDiscovery | null | undefined, origin: string, displayName: string): McpServer {
  return {url: discovered?.url ?? new URL(MCP_PATH, origin).href, name: serverName(displayName)};
}

/** Base64 of a string's UTF-8 bytes. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Cursor's install link: the server's name and its configuration (`{"url": …}`) in base64. */
export function cursorInstallUrl(server: McpServer): string {
  const config = base64(JSON.stringify({url: server.url}));
  return `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(server.name)}&config=${encodeURIComponent(config)}`;
}

/** VS Code's install link: the server's name, transport and URL as URL-encoded JSON. */
export function vscodeInstallUrl(server: McpServer): string {
  return `vscode:mcp/install?${encodeURIComponent(JSON.stringify({name: server.name, type: 'http', url: server.url}))}`;
}

/** A URL as one shell word: as it is when it holds nothing a shell reads, else in single quotes. */
const shellWord = (text: string) => (/^[\w:/.%@+,=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

export interface ClientSnippet {
  language: 'json' | 'bash';
  /** The file the configuration goes in, for a code block's title. */
  title?: string;
  code: string;
}

/** What a client needs to connect to the server. */
export function clientSnippet(client: McpClient, server: McpServer): ClientSnippet {
  switch (client) {
    case 'cursor':
      return {language: 'json', title: '.cursor/mcp.json', code: JSON.stringify({mcpServers: {[server.name]: {url: server.url}}}, null, 2)};
    case 'vscode':
      return {language: 'json', title: '.vscode/mcp.json', code: JSON.stringify({servers: {[server.name]: {type: 'http', url: server.url}}}, null, 2)};
    case 'claude-code':
      return {language: 'bash', code: `claude mcp add --transport http ${server.name} ${shellWord(server.url)}`};
    default:
      throw new Error(`Unknown MCP client "${String(client)}": one of cursor, vscode, claude-code`);
  }
}
