/**
 * Acknowledged means committed: a post answered 202 is in the database even when the
 * server is killed (SIGKILL) a moment later, and a SIGTERM loses no post it accepted.
 * The server runs in a process of its own (server.testing.ts), as in production.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {openPglite} from './db';
import {tinyBuild} from './testing';

let buildDir: string;

beforeAll(async () => {
  buildDir = await tinyBuild();
});

afterAll(async () => {
  await rm(buildDir, {recursive: true, force: true});
});

function startServer(dataDir: string): Promise<{child: ChildProcess; port: number; exited: Promise<number | null>}> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx's loader, not the tsx command: that one runs the script in a child
    // of its own, which a SIGKILL of the command would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'server.testing.ts'), buildDir, dataDir], {stdio: ['ignore', 'pipe', 'inherit']});
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    let out = '';
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`The server exited before it was ready (${code}).`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /ready (\d+)/.exec(out);
      if (match) resolve({child, port: Number(match[1]), exited});
    });
  });
}

/** Posts answer number `i`; resolves to i when the server acknowledged it, else undefined. */
async function post(port: number, i: number): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/insights/feedback`, {
      method: 'POST',
      headers: {origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json'},
      body: JSON.stringify({path: '/docs/intro', helpful: i % 2 === 0, comment: `post-${i}`}),
    });
    return res.status === 202 ? i : undefined;
  } catch {
    return undefined; // cut by the kill: never acknowledged
  }
}

async function keptComments(dataDir: string): Promise<Set<string>> {
  const db = await openPglite(dataDir);
  try {
    return new Set((await db.query<{comment: string}>('SELECT comment FROM feedback')).map((r) => r.comment));
  } finally {
    await db.close();
  }
}

describe('acknowledged insights', () => {
  it('survive a SIGKILL of the server right after the acknowledgement', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'insights-kill-'));
    try {
      const {child, port, exited} = await startServer(dataDir);
      const acknowledged: number[] = [];
      let killed = false;
      const posts = Array.from({length: 60}, (_, i) =>
        post(port, i).then((ok) => {
          if (ok === undefined || killed) return;
          acknowledged.push(ok);
          // Killed as soon as a third of the posts are acknowledged, with the rest in flight.
          if (acknowledged.length === 20) {
            killed = true;
            child.kill('SIGKILL');
          }
        }),
      );
      await Promise.all(posts);
      await exited;
      expect(acknowledged.length).toBeGreaterThanOrEqual(20);
      const kept = await keptComments(dataDir);
      for (const i of acknowledged) expect(kept.has(`post-${i}`), `post-${i} was acknowledged`).toBe(true);
    } finally {
      await rm(dataDir, {recursive: true, force: true});
    }
  });

  it('are all kept through a SIGTERM that comes while posts are in flight, and the server exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'insights-term-'));
    try {
      const {child, port, exited} = await startServer(dataDir);
      const acknowledged: number[] = [];
      let first = true;
      const posts = Array.from({length: 60}, (_, i) =>
        post(port, i).then((ok) => {
          if (ok !== undefined) acknowledged.push(ok);
          if (first) {
            first = false;
            child.kill('SIGTERM');
          }
        }),
      );
      await Promise.all(posts);
      expect(await exited).toBe(0);
      const kept = await keptComments(dataDir);
      expect(acknowledged.length).toBeGreaterThan(0);
      for (const i of acknowledged) expect(kept.has(`post-${i}`), `post-${i} was acknowledged`).toBe(true);
      // Nothing was kept that the server did not also acknowledge.
      expect(kept.size).toBe(acknowledged.length);
    } finally {
      await rm(dataDir, {recursive: true, force: true});
    }
  });
});
