import {useEffect, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {useBrand, useBrandSettled} from '@site/src/branding/BrandProvider';
import {discoverMcpServer} from '@site/src/components/McpServer/discovery';
import {cursorInstallUrl, mcpServer, vscodeInstallUrl, type McpDiscovery, type McpServer} from '@site/src/components/McpServer/mcp';
import styles from './styles.module.css';

interface Props {
  id: string;
  /** The page's route; its Markdown twin is at route + `.md`. */
  route: string;
  onClose: (refocus: boolean) => void;
}

/** A prompt for an assistant that names the page's Markdown URL. */
export function assistantPrompt(markdownUrl: string): string {
  return translate(
    {id: 'pageMenu.prompt', message: 'Read {url} so I can ask questions about it.', description: 'The prompt the page menu sends to an assistant'},
    {url: markdownUrl},
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The docs' MCP server on this host: undefined while asked, null where there is none (a
 * static deployment), whose menu items are then left out.
 */
function useMcpServer(): McpServer | null | undefined {
  const brand = useBrand();
  const known = useBrandSettled() || brand.is_partner;
  const [found, setFound] = useState<McpDiscovery | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void discoverMcpServer().then((answer) => live && setFound(answer));
    return () => {
      live = false;
    };
  }, []);
  if (!found) return found;
  // Named after the brand the page shows; the server's name for the host stands in while that is not known yet.
  return mcpServer(found, window.location.origin, known || !found.name ? `${brand.name} docs` : found.name);
}

/**
 * The opened page menu: a WAI-ARIA menu (arrow keys, Home, End, Escape). Where this host
 * serves the docs' MCP server, it also copies the server's URL and installs it in Cursor
 * and VS Code; `data-mcp-state` says whether that is known yet (`pending`, `available`,
 * `unavailable`).
 */
export default function Menu({id, route, onClose}: Props): ReactNode {
  const list = useRef<HTMLUListElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [mcpCopy, setMcpCopy] = useState<CopyState>('idle');
  const mcp = useMcpServer();
  // Same origin as the page: on a partner's host the server sends the partner's Markdown.
  const markdownUrl = new URL(`${route}.md`, window.location.origin).href;
  const prompt = encodeURIComponent(assistantPrompt(markdownUrl));

  const items = (): HTMLElement[] => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  useEffect(() => {
    items()[0]?.focus();
    const outside = (event: PointerEvent) => {
      if (!list.current?.parentElement?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') onClose(false);
  };

  const copyPage = async () => {
    try {
      const response = await fetch(markdownUrl, {headers: {accept: 'text/markdown'}});
      if (!response.ok) throw new Error(String(response.status));
      await navigator.clipboard.writeText(await response.text());
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  const copyMcpUrl = async () => {
    if (!mcp) return;
    try {
      await navigator.clipboard.writeText(mcp.url);
      setMcpCopy('copied');
    } catch {
      setMcpCopy('failed');
    }
  };

  const mcpCopyLabel =
    mcpCopy === 'copied'
      ? translate({id: 'pageMenu.mcpCopied', message: 'MCP server URL copied', description: 'The page menu item once the MCP server URL is copied'})
      : mcpCopy === 'failed'
        ? translate({id: 'pageMenu.mcpCopyFailed', message: 'Copy failed, try again', description: 'The page menu item when copying the MCP server URL failed'})
        : translate({id: 'pageMenu.mcpCopy', message: 'Copy MCP server URL', description: 'The page menu item that copies the URL of the docs MCP server'});

  const copyLabel =
    copy === 'copied'
      ? translate({id: 'pageMenu.copied', message: 'Copied', description: 'The page menu item once the page is copied'})
      : copy === 'failed'
        ? translate({id: 'pageMenu.copyFailed', message: 'Copy failed, try again', description: 'The page menu item when copying failed'})
        : translate({id: 'pageMenu.copy', message: 'Copy page as Markdown', description: 'The page menu item that copies the page'});

  return (
    <ul ref={list} id={id} role="menu" className={styles.menu} onKeyDown={onKeyDown} data-copy-state={copy}
      data-mcp-state={mcp === undefined ? 'pending' : mcp ? 'available' : 'unavailable'} data-mcp-copy-state={mcpCopy}
      aria-label={translate({id: 'pageMenu.label', message: 'Page options', description: 'The accessible name of the page menu'})}>
      <li role="none">
        <button type="button" role="menuitem" className={styles.item} onClick={copyPage}>
          <span aria-live="polite">{copyLabel}</span>
        </button>
      </li>
      <li role="none">
        <a role="menuitem" className={styles.item} href={markdownUrl} target="_blank" rel="noopener noreferrer">
          {translate({id: 'pageMenu.view', message: 'View as Markdown', description: 'The page menu item that opens the Markdown twin'})}
        </a>
      </li>
      <li role="none">
        <a role="menuitem" className={styles.item} href={`https://chatgpt.com/?hints=search&q=${prompt}`} target="_blank" rel="noopener noreferrer">
          {translate({id: 'pageMenu.chatgpt', message: 'Open in ChatGPT', description: 'The page menu item that opens ChatGPT'})}
        </a>
      </li>
      <li role="none">
        <a role="menuitem" className={styles.item} href={`https://claude.ai/new?q=${prompt}`} target="_blank" rel="noopener noreferrer">
          {translate({id: 'pageMenu.claude', message: 'Open in Claude', description: 'The page menu item that opens Claude'})}
        </a>
      </li>
      {mcp && (
        <>
          <li role="separator" className={styles.separator} />
          <li role="none">
            <button type="button" role="menuitem" className={styles.item} onClick={copyMcpUrl} data-mcp-url={mcp.url}>
              <span aria-live="polite">{mcpCopyLabel}</span>
            </button>
          </li>
          <li role="none">
            <a role="menuitem" className={styles.item} href={cursorInstallUrl(mcp)}>
              {translate({id: 'pageMenu.cursor', message: 'Connect to Cursor', description: 'The page menu item that installs the docs MCP server in Cursor'})}
            </a>
          </li>
          <li role="none">
            <a role="menuitem" className={styles.item} href={vscodeInstallUrl(mcp)}>
              {translate({id: 'pageMenu.vscode', message: 'Connect to VS Code', description: 'The page menu item that installs the docs MCP server in VS Code'})}
            </a>
          </li>
        </>
      )}
    </ul>
  );
}
