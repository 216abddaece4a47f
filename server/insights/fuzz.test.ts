/**
 * Whatever a client sends to the insights endpoints, the answer is a 2xx or a 4xx with a
 * reason, never a 5xx: valid bodies with values replaced, random bodies (JSON of every shape,
 * form fields, text, bytes that are not UTF-8, NUL characters, malformed escapes) and random
 * headers, from a seeded generator so that a failure can be replayed. Before it landed it
 * found two 5xx: a NUL character in a comment or query (PostgreSQL refuses it in text) and a
 * malformed escape in a page path.
 */
import {mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from '../app';
import {openPglite} from './db';
import {insightsReady, tinyBuild} from './testing';

/** mulberry32: a small seeded generator. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['/docs/intro', '/docs/storage/volumes', '//evil.example', '/docs/%E0%A4%A', '/docs/\u0000x', 'yes', 'no', 'search', 'click', 'inaccurate', 'other', '', ' ', '\u0000', '\ud800', '<script>', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'x'.repeat(70), 'é'.repeat(3000)];

function value(random: () => number, depth = 0): unknown {
  const pick = random();
  if (pick < 0.25) return PIECES[Math.floor(random() * PIECES.length)];
  if (pick < 0.35) return Math.floor(random() * 2000) - 1000;
  if (pick < 0.4) return [1e308, -0, Number.MAX_SAFE_INTEGER + 2, 0.5][Math.floor(random() * 4)];
  if (pick < 0.5) return random() < 0.5;
  if (pick < 0.55) return null;
  if (depth > 2) return 'leaf';
  if (pick < 0.75) return Array.from({length: Math.floor(random() * 25)}, () => value(random, depth + 1));
  const keys = ['path', 'helpful', 'reasons', 'comment', 'detailKey', 'events', 'kind', 'query', 'hits', 'position', 'target', '__proto__', 'constructor', 'extra'];
  return Object.fromEntries(Array.from({length: Math.floor(random() * 6)}, () => [keys[Math.floor(random() * keys.length)], value(random, depth + 1)]));
}

/** Bodies each endpoint takes, for mutation: most of what a fuzzer sends must get past the first check. */
const VALID: Record<string, () => Record<string, unknown>> = {
  '/insights/feedback': () => ({path: '/docs/intro', helpful: false, reasons: ['inaccurate'], comment: 'fine'}),
  '/insights/feedback/detail': () => ({detailKey: 'A'.repeat(24), reasons: ['other'], comment: 'more'}),
  '/insights/search': () => ({events: [{kind: 'search', path: '/docs/intro', query: 'volume', hits: 2}, {kind: 'click', path: '/docs/intro', query: 'volume', position: 1, target: '/docs/storage/volumes'}]}),
};

/** A valid body with one or two of its values (or its events' values) replaced by random ones. */
function mutated(random: () => number, url: string): unknown {
  const valid = VALID[url]();
  const target = Array.isArray(valid.events) && random() < 0.7 ? (valid.events as Record<string, unknown>[])[Math.floor(random() * 2)] : valid;
  const keys = Object.keys(target);
  for (let n = 1 + Math.floor(random() * 2); n > 0; n -= 1) {
    const key = keys[Math.floor(random() * keys.length)];
    target[key] = random() < 0.6 ? PIECES[Math.floor(random() * PIECES.length)] : value(random, 2);
  }
  return valid;
}

function body(random: () => number, url: string): {type: string; payload: string | Buffer} {
  const pick = random();
  if (pick < 0.35) return {type: 'application/json', payload: JSON.stringify(mutated(random, url))};
  if (pick < 0.55) return {type: 'application/json', payload: JSON.stringify(value(random))};
  if (pick < 0.75) {
    const form = new URLSearchParams();
    for (let i = Math.floor(random() * 6); i > 0; i -= 1) form.append(['path', 'helpful', 'reasons', 'comment', 'x'][Math.floor(random() * 5)], String(value(random, 3)));
    return {type: 'application/x-www-form-urlencoded', payload: random() < 0.2 ? '%%%&=&path=%E0%A4%A' : form.toString()};
  }
  if (pick < 0.85) return {type: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x22])};
  if (pick < 0.95) return {type: ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', ''][Math.floor(random() * 4)], payload: 'helpful=yes'};
  return {type: 'application/json', payload: '{"path":"/docs/intro","helpful":true'};
}

let buildDir: string;
let dataDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  buildDir = await tinyBuild();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'insights-fuzz-'));
  app = await createApp({buildDir, insights: {open: () => openPglite(dataDir), postsPerMinute: 1_000_000, adminToken: 'fuzz-team-token-0123456789abcdef'}});
  await insightsReady(app);
});

afterAll(async () => {
  await app?.close();
  await rm(buildDir, {recursive: true, force: true});
  await rm(dataDir, {recursive: true, force: true});
});

describe('the insights endpoints under random input', () => {
  it.each(['/insights/feedback', '/insights/feedback/detail', '/insights/search'])('never answer %s with a 5xx', async (url) => {
    const random = generator(url.length * 7919);
    const failures: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const {type, payload} = body(random, url);
      const headers: Record<string, string> = {host: 'localhost', origin: 'http://localhost'};
      if (type) headers['content-type'] = type;
      if (random() < 0.05) headers.dnt = '1';
      const res = await app.inject({method: 'POST', url, headers, payload});
      if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${type} ${String(payload).slice(0, 200)}: ${res.body.slice(0, 200)}`);
      else expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect(failures).toEqual([]);
  });

  it('never answer the report with a 5xx, whatever its query', async () => {
    const random = generator(42);
    for (let i = 0; i < 200; i += 1) {
      const params = new URLSearchParams();
      for (const name of ['since', 'from', 'to', 'host', 'table']) if (random() < 0.5) params.append(name, String(value(random, 3)));
      for (const file of ['report.json', 'report.csv']) {
        const res = await app.inject({url: `/insights/${file}?${params}`, headers: {authorization: 'Bearer fuzz-team-token-0123456789abcdef'}});
        expect(res.statusCode, `${file}?${params}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
