/**
 * For the durability tests: a server in a process of its own, keeping insights in PGlite.
 * `tsx server/insights/server.testing.ts BUILD_DIR DATA_DIR` prints `ready PORT` once the
 * store is open, and stops gracefully on SIGTERM as `npm start` does.
 */
import {createApp} from '../app';
import {closeOnSignals} from '../shutdown';
import {openPglite} from './db';
import {insightsReady} from './testing';

async function main(): Promise<void> {
  const [buildDir, dataDir] = process.argv.slice(2);
  const app = await createApp({buildDir, insights: {open: () => openPglite(dataDir), postsPerMinute: 100_000}});
  await app.listen({port: 0, host: '127.0.0.1'});
  await insightsReady(app);
  closeOnSignals(app, {log: () => undefined});
  console.log(`ready ${(app.server.address() as {port: number}).port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
