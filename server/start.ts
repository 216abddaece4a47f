import path from 'node:path';
import {spawnSync} from 'node:child_process';
import {createApp, parseTrustProxy} from './app';
import {closeOnSignals} from './shutdown';
import {parseAllowedHosts} from './hosts';
import {buildIsFresh} from '../scripts/build-state';
import {insightsFromEnv} from './insights/config';

const siteDir = path.resolve(__dirname, '..');
const buildDir = path.join(siteDir, 'build');

async function main(): Promise<void> {
  if (!(await buildIsFresh(siteDir, buildDir))) {
    console.log('The build is missing or older than its sources: building the site first.');
    const result = spawnSync('npm', ['run', 'build'], {cwd: siteDir, stdio: 'inherit'});
    if (result.status !== 0) {
      console.error('The build failed; not starting the server.');
      process.exit(result.status ?? 1);
    }
  }
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
  }
  const host = process.env.HOST ?? '0.0.0.0';
  // Access logs as JSON lines on stdout, unless ACCESS_LOG=off (the browser tests).
  // FRAME_ANCESTORS: origins allowed to frame the docs, space-separated; HTTPS=true sends HSTS.
  const security = {frameAncestors: (process.env.FRAME_ANCESTORS ?? '').split(/\s+/).filter(Boolean), https: process.env.HTTPS === 'true'};
  // TRUST_PROXY: the load balancer in front (true, or its addresses), whose X-Forwarded-* headers are believed.
  // ALLOWED_HOSTS: host names served besides the default, DOCS_URL's, partner and loopback hosts.
  // INSIGHTS=off, DATABASE_URL, INSIGHTS_DIR, INSIGHTS_COMMENT_DAYS: server/insights/config.ts.
  const insights = insightsFromEnv(process.env, siteDir);
  const app = await createApp({buildDir, logger: process.env.ACCESS_LOG !== 'off', security, trustProxy: parseTrustProxy(process.env.TRUST_PROXY), allowedHosts: parseAllowedHosts(process.env.ALLOWED_HOSTS), insights});
  await app.listen({port, host});
  console.log(`Docs served at http://localhost:${port}`);
  console.log(insights ? `Page feedback and search insights are kept in ${insights.where} (INSIGHTS=off turns them off).` : 'Page feedback and search insights are off.');
  closeOnSignals(app);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
