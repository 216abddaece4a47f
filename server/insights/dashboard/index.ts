/**
 * `/insights`: the dashboard of page feedback and search insights, served by our server
 * only (a static deployment has no insights), never indexed and never in the site's search
 * (it is not part of the build). Its script (./client.ts with uPlot) is bundled with esbuild
 * on the first request and kept in memory; the page itself holds no data and no reader's
 * text, so it is the same for everyone and the report comes from the token-guarded JSON.
 */
import {createHash} from 'node:crypto';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {FastifyInstance, FastifyReply} from 'fastify';
import {dashboardHtml, DASHBOARD_POLICY} from './page';

interface Assets {
  js: string;
  css: string;
  version: string;
}

const here = __dirname;

async function bundle(): Promise<Assets> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(here, 'client.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const js = result.outputFiles[0].text;
  const uplotCss = await readFile(require.resolve('uplot/dist/uPlot.min.css'), 'utf8');
  const css = `${uplotCss}\n${await readFile(path.join(here, 'dashboard.css'), 'utf8')}`;
  return {js, css, version: createHash('sha256').update(js).update(css).digest('hex').slice(0, 12)};
}

export async function insightsDashboard(app: FastifyInstance): Promise<void> {
  let assets: Promise<Assets> | undefined;
  const load = () => {
    assets ??= bundle().catch((error: unknown) => {
      assets = undefined;
      throw error;
    });
    return assets;
  };
  const common = (reply: FastifyReply) => reply.header('x-robots-tag', 'noindex, nofollow').header('content-security-policy', DASHBOARD_POLICY).header('referrer-policy', 'no-referrer');

  app.get('/insights', async (_request, reply) => {
    const {version} = await load();
    return common(reply).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(dashboardHtml(version));
  });
  for (const [file, type, key] of [
    ['dashboard.js', 'text/javascript; charset=utf-8', 'js'],
    ['dashboard.css', 'text/css; charset=utf-8', 'css'],
  ] as const) {
    app.get(`/insights/${file}`, async (request, reply) => {
      const built = await load();
      const current = (request.query as {v?: unknown}).v === built.version;
      return common(reply)
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .type(type)
        .send(built[key]);
    });
  }
}
