/**
 * Test and benchmark helpers: the official SDK client over real HTTP, with the Host header
 * of a partner. `fetch` cannot set Host, so requests go through `node:http` to the
 * loopback address while naming the host asked, as a proxy in front would.
 */
import http from 'node:http';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** A `fetch` that sends every request to `127.0.0.1:port` with `Host: host`. */
export function fetchAsHost(port: number, host: string, agent?: http.Agent): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = host;
    const body = typeof init?.body === 'string' ? init.body : init?.body == null ? undefined : String(init.body);
    return new Promise<Response>((resolve, reject) => {
      const abort = () => req.destroy(new Error('The request was aborted.'));
      const req = http.request({host: '127.0.0.1', port, path: url.pathname + url.search, method: init?.method ?? 'GET', headers, agent}, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          init?.signal?.removeEventListener('abort', abort);
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = res.statusCode ?? 0;
          resolve(new Response(NULL_BODY_STATUS.has(status) ? null : Buffer.concat(chunks), {status, headers: responseHeaders}));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      init?.signal?.addEventListener('abort', abort, {once: true});
      req.end(body);
    });
  };
}

/** An SDK client connected to our `/mcp` as `host`. */
export async function connectAs(port: number, host: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`http://${host}/mcp`), {fetch: fetchAsHost(port, host)});
  const client = new Client({name: 'docs-test', version: '1.0.0'});
  await client.connect(transport);
  return client;
}
