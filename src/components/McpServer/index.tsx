/**
 * The docs' MCP server on the page about assistants: its URL on the reader's host, each
 * client's configuration, the install links, and a note where this host has no server.
 *
 * The URL is the host's own, which only the browser knows. The server HTML carries the
 * site's URL (right for the default host, and for readers without JavaScript); on a
 * partner's host these parts stay hidden until the app has put the host's URL and the
 * partner's name in, as the rest of the brand waits (src/css/custom.css). Each part is
 * marked `data-hydrate` so the page is hydrated rather than kept as server HTML.
 */
import {useEffect, useLayoutEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import Admonition from '@theme/Admonition';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useBrand, useBrandSettled} from '@site/src/branding/BrandProvider';
import {discoverMcpServer} from './discovery';
import {clientSnippet, cursorInstallUrl, mcpServer, vscodeInstallUrl, type McpClient, type McpDiscovery, type McpServer} from './mcp';
import styles from './styles.module.css';

type Availability = 'pending' | 'available' | 'unavailable';

interface ShownServer {
  server: McpServer;
  /** Whether the server answers on this host (asked in the browser only). */
  availability: Availability;
  /** False while the server HTML's values show: before hydration, or before the brand is known. */
  ready: boolean;
}

function useShownServer(): ShownServer {
  const siteUrl = useDocusaurusContext().siteConfig.url;
  const brand = useBrand();
  const settled = useBrandSettled();
  const [origin, setOrigin] = useState<string | null>(null);
  const [discovered, setDiscovered] = useState<McpDiscovery | null | undefined>(undefined);
  // Before the first paint after hydration, so the server HTML's URL is replaced at once.
  useLayoutEffect(() => setOrigin(window.location.origin), []);
  useEffect(() => {
    let live = true;
    void discoverMcpServer().then((found) => live && setDiscovered(found));
    return () => {
      live = false;
    };
  }, []);
  const ready = origin !== null && (settled || brand.is_partner);
  return {
    // Named after the brand the page shows, which the rest of the page shows too.
    server: mcpServer(ready ? discovered : undefined, ready ? origin : siteUrl, `${brand.name} docs`),
    availability: discovered === undefined ? 'pending' : discovered ? 'available' : 'unavailable',
    ready,
  };
}

/** The server's URL on the reader's host, as inline code. */
export function McpServerUrl(): ReactNode {
  const {server, ready} = useShownServer();
  return (
    // data-brand-values: on a partner's host the server sends the partner's docs URL here,
    // which React keeps while hydrating and replaces with the host's own right after.
    <code className={clsx(!ready && styles.pending)} data-mcp-url="" data-hydrate="" data-brand-values="" suppressHydrationWarning>
      {server.url}
    </code>
  );
}

/** What `client` needs to connect: its configuration file, or the command that adds the server. */
export function McpServerConfig({client}: {client: McpClient}): ReactNode {
  const {server, ready} = useShownServer();
  const snippet = clientSnippet(client, server);
  return (
    <div className={clsx(!ready && styles.pending)} data-mcp-config={client} data-hydrate="">
      {/* Keyed on the code: a block hydrated from server HTML keeps that HTML, so new code needs a new block. */}
      <CodeBlock key={snippet.code} language={snippet.language} title={snippet.title}>
        {snippet.code}
      </CodeBlock>
    </div>
  );
}

/** Cursor's or VS Code's one-click install, shown where the server answers. */
export function McpInstallLink({client}: {client: 'cursor' | 'vscode'}): ReactNode {
  const {server, availability, ready} = useShownServer();
  if (availability !== 'available' || !ready) return <div data-hydrate="" hidden />;
  const href = client === 'cursor' ? cursorInstallUrl(server) : vscodeInstallUrl(server);
  const label =
    client === 'cursor'
      ? translate({id: 'mcpServer.installCursor', message: 'Add to Cursor', description: 'The link on the assistants page that installs the docs MCP server in Cursor'})
      : translate({id: 'mcpServer.installVscode', message: 'Add to VS Code', description: 'The link on the assistants page that installs the docs MCP server in VS Code'});
  return (
    <p data-hydrate="">
      <a className={clsx('button button--primary', styles.install)} href={href} data-mcp-install={client}>
        {label}
      </a>
    </p>
  );
}

/**
 * Says, where this host serves the docs without their server (a static deployment), that
 * assistants cannot connect here. `data-mcp-server` tells whether the server answered.
 */
export function McpServerNote(): ReactNode {
  const {availability} = useShownServer();
  return (
    <div data-mcp-server={availability} data-hydrate="">
      {availability === 'unavailable' && (
        <Admonition type="note" title={translate({id: 'mcpServer.unavailable.title', message: 'No MCP server on this site', description: 'Title of the note shown when the docs are served without their MCP server'})}>
          <p>
            {translate({
              id: 'mcpServer.unavailable.body',
              message:
                'MCP needs the docs server. This copy of the docs is served as static files, so nothing answers at /mcp here and the steps below do not work on this address. Use the docs at an address served by their own server, or point your assistant at llms.txt instead.',
              description: 'The note shown when the docs are served without their MCP server',
            })}
          </p>
        </Admonition>
      )}
    </div>
  );
}
