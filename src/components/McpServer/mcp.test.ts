import {describe, expect, it} from 'vitest';
import {clientSnippet, cursorInstallUrl, mcpServer, parseDiscovery, serverName, vscodeInstallUrl} from './mcp';

const origin = 'https://docs.acme.example';
const server = {url: 'https://docs.acme.example/mcp', name: 'acme-compute-docs'};

describe('serverName', () => {
  it.each([
    ['Acme Compute docs', 'acme-compute-docs'],
    ['  Ünïcode GPU  docs ', 'unicode-gpu-docs'],
    ['<img src=x onerror=alert(1)> docs', 'img-src-x-onerror-alert-1-docs'],
    ['javascript:alert(1)', 'javascript-alert-1'],
    ['日本 docs', 'docs'],
    ['***', 'docs'],
  ])('%j -> %s', (name, expected) => {
    expect(serverName(name)).toBe(expected);
  });

  it('is short and plain whatever it is given', () => {
    const name = serverName(`${'a b '.repeat(100)}docs`);
    expect(name.length).toBeLessThanOrEqual(48);
    expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('parseDiscovery', () => {
  it("takes the server's URL on the page's host and its name", () => {
    expect(parseDiscovery({name: 'Acme Compute docs', url: 'https://docs.acme.example/mcp', transport: 'streamable-http', tools: []}, origin)).toEqual(server);
  });

  it.each([null, 'html', {}, {transport: 'sse', url: 'https://docs.acme.example/mcp'}, [1, 2]])('is null for %j, which is no discovery answer', (body) => {
    expect(parseDiscovery(body, origin)).toBeNull();
  });

  it.each(['javascript:alert(1)', 'https://evil.example/mcp', '//evil.example/mcp', 'not a url', 42])('puts the page\'s own URL in place of %j', (url) => {
    expect(parseDiscovery({transport: 'streamable-http', url, name: 'Acme Compute docs'}, origin)?.url).toBe('https://docs.acme.example/mcp');
  });

  it('leaves the name to the brand when the answer gives none', () => {
    const found = parseDiscovery({transport: 'streamable-http'}, 'http://acme.localhost:3000');
    expect(found).toEqual({url: 'http://acme.localhost:3000/mcp', name: null});
    expect(mcpServer(found, 'http://acme.localhost:3000', 'Acme Compute docs')).toEqual({url: 'http://acme.localhost:3000/mcp', name: 'acme-compute-docs'});
  });
});

describe('install links', () => {
  it("give Cursor the name and the base64 of {url}", () => {
    const link = new URL(cursorInstallUrl(server));
    expect(`${link.protocol}//${link.host}${link.pathname}`).toBe('cursor://anysphere.cursor-deeplink/mcp/install');
    expect(link.searchParams.get('name')).toBe('acme-compute-docs');
    expect(JSON.parse(atob(link.searchParams.get('config')!))).toEqual({url: server.url});
  });

  it('give VS Code the name, transport and URL as JSON', () => {
    const link = vscodeInstallUrl(server);
    expect(link.startsWith('vscode:mcp/install?')).toBe(true);
    expect(JSON.parse(decodeURIComponent(link.slice('vscode:mcp/install?'.length)))).toEqual({name: 'acme-compute-docs', type: 'http', url: server.url});
  });
});

describe('clientSnippet', () => {
  it("writes each client's configuration", () => {
    expect(JSON.parse(clientSnippet('cursor', server).code)).toEqual({mcpServers: {'acme-compute-docs': {url: server.url}}});
    expect(JSON.parse(clientSnippet('vscode', server).code)).toEqual({servers: {'acme-compute-docs': {type: 'http', url: server.url}}});
    expect(clientSnippet('claude-code', server).code).toBe('claude mcp add --transport http acme-compute-docs https://docs.acme.example/mcp');
  });

  it('quotes a URL a shell would read', () => {
    expect(clientSnippet('claude-code', {...server, url: "https://docs.acme.example/mcp?a=1&b='2'"}).code).toBe(
      "claude mcp add --transport http acme-compute-docs 'https://docs.acme.example/mcp?a=1&b='\\''2'\\'''",
    );
  });
});
