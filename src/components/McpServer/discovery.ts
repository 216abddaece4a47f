/**
 * Whether this host serves the docs' MCP server: `GET /mcp` asking for JSON. Our server
 * answers with the server's name and URL in the host's brand; a static deployment of the
 * build has no such route (404, or its HTML not-found page), and then nothing that
 * leads to the server is shown. Asked once per page load, by whichever needs it first.
 */
import {MCP_PATH, parseDiscovery, type McpDiscovery} from './mcp';

let discovery: Promise<McpDiscovery | null> | undefined;

/** What this host's server says of itself, or null where there is none. */
export function discoverMcpServer(): Promise<McpDiscovery | null> {
  discovery ??= fetch(MCP_PATH, {headers: {accept: 'application/json'}, credentials: 'omit'})
    .then(async (response) => {
      if (!response.ok || !/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return null;
      return parseDiscovery(await response.json(), window.location.origin);
    })
    .catch(() => null);
  return discovery;
}
