import {mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from '../app';
import {openPglite, type InsightsDb} from './db';
import {INSIGHTS_POSTS_PER_MINUTE, MAX_COMMENT_LENGTH} from './routes';
import {insightsSettled, tinyBuild} from './testing';

let buildDir: string;
let dataDir: string;
let app: FastifyInstance;

const origin = 'http://localhost';
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  headers: {host: 'localhost', origin, 'content-type': 'application/json', ...headers},
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

let db: InsightsDb;

beforeAll(async () => {
  buildDir = await tinyBuild();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'insights-data-'));
  app = await createApp({buildDir, insights: {open: async () => (db = await openPglite(dataDir)), postsPerMinute: 1000}});
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(buildDir, {recursive: true, force: true});
  await rm(dataDir, {recursive: true, force: true});
});

async function rows(table: 'feedback' | 'search_events', where = 'TRUE'): Promise<Record<string, unknown>[]> {
  return db.query(`SELECT * FROM ${table} WHERE ${where} ORDER BY id`);
}

describe('page feedback posts', () => {
  beforeAll(() => insightsSettled(app));

  it('keep a JSON answer with its reasons and comment, and answer 202 once committed', async () => {
    const res = await app.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: false, reasons: ['inaccurate'], comment: '<b>port 22</b> is wrong'})});
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({status: 'accepted', detailKey: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/)});
    const [row] = await rows('feedback', "comment LIKE '%port 22%'");
    expect(row).toMatchObject({host: 'localhost', path: '/docs/intro', helpful: false, reasons: ['inaccurate'], comment: '<b>port 22</b> is wrong'});
    // No address, no user agent, no cookie: the table has no column for them.
    expect(Object.keys(row).sort()).toEqual(['at', 'comment', 'detail_key_sha256', 'helpful', 'host', 'id', 'path', 'reasons']);
  });

  it('let the browser that answered add its reasons and comment once, with the key it was given', async () => {
    const res = await app.inject({url: '/insights/feedback', ...json({path: '/docs/storage/volumes', helpful: false})});
    const {detailKey} = res.json() as {detailKey: string};
    const detail = (key: string) => app.inject({url: '/insights/feedback/detail', ...json({detailKey: key, reasons: ['sample-broken'], comment: 'the curl sample 404s'})});
    expect((await detail('A'.repeat(24))).statusCode).toBe(404);
    const added = await detail(detailKey);
    expect(added.statusCode).toBe(202);
    const [row] = await rows('feedback', "comment = 'the curl sample 404s'");
    expect(row).toMatchObject({path: '/docs/storage/volumes', helpful: false, reasons: ['sample-broken'], detail_key_sha256: null});
    const again = await detail(detailKey);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toContain('used already');
  });

  it('say whether they are taken, for the form to show itself', async () => {
    const res = await app.inject({url: '/insights/status', headers: {host: 'localhost'}});
    expect(res.json()).toEqual({feedback: true, search: true});
    expect((await app.inject({url: '/insights/status', headers: {host: 'evil.example'}})).statusCode).toBe(421);
  });

  it('take a plain HTML form post and send the reader back to the thanks note', async () => {
    const form = new URLSearchParams([['path', '/docs/storage/volumes'], ['helpful', 'no'], ['reasons', 'hard-to-follow'], ['reasons', 'missing-information'], ['comment', '  resize steps  ']]);
    const res = await app.inject({url: '/insights/feedback', method: 'POST', headers: {host: 'localhost', origin, 'content-type': 'application/x-www-form-urlencoded'}, payload: form.toString()});
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/docs/storage/volumes#feedback-thanks');
    const [row] = await rows('feedback', "comment = 'resize steps'");
    expect(row).toMatchObject({helpful: false, reasons: ['hard-to-follow', 'missing-information'], comment: 'resize steps'});
  });

  it.each([
    ['another site', {origin: 'https://evil.example'}, 403, 'cross_origin'],
    ['no Origin', {origin: ''}, 403, 'cross_origin'],
    ['a host the server does not serve', {host: 'evil.example', origin: 'http://evil.example'}, 421, 'misdirected_request'],
  ])('refuse a post from %s', async (_name, headers, status, code) => {
    const before = (await rows('feedback')).length;
    const res = await app.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: true}, headers as Record<string, string>)});
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect((await rows('feedback')).length).toBe(before);
  });

  it.each([
    ['a page the site does not have', {path: '/docs/nope', helpful: true}, 404, 'This site has no page at /docs/nope.'],
    ['an unknown field', {path: '/docs/intro', helpful: true, email: 'a@b.c'}, 400, 'Unknown field: email.'],
    ['an unknown reason', {path: '/docs/intro', helpful: false, reasons: ['boring']}, 400, 'reasons.0'],
    ['a comment over the limit', {path: '/docs/intro', helpful: false, comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1)}, 400, 'comment'],
    ['no answer', {path: '/docs/intro'}, 400, 'helpful'],
    ['a path to another site', {path: '//evil.example/docs', helpful: true}, 400, 'path'],
    ['a body that is not JSON', '{"path":', 400, 'The body is not valid JSON.'],
  ])('refuse %s, saying why', async (_name, body, status, message) => {
    const res = await app.inject({url: '/insights/feedback', ...json(body)});
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toContain(message);
  });

  it('refuse a body over its limit and a content type it does not take', async () => {
    const big = await app.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: false, comment: 'x'.repeat(20_000)})});
    expect(big.statusCode).toBe(413);
    const text = await app.inject({url: '/insights/feedback', method: 'POST', headers: {host: 'localhost', origin, 'content-type': 'text/plain'}, payload: 'yes'});
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toContain('application/json');
  });
});

describe('search insight posts', () => {
  beforeAll(() => insightsSettled(app));

  it('keep the settled query with its hit count and a click with its position, lower-cased', async () => {
    const res = await app.inject({
      url: '/insights/search',
      ...json({events: [{kind: 'search', path: '/docs/intro', query: 'Resize Volume', hits: 0}, {kind: 'click', path: '/docs/intro', query: 'volume', position: 2, target: '/docs/storage/volumes'}]}),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({status: 'accepted', kept: 2});
    const kept = await rows('search_events', "query IN ('resize volume', 'volume')");
    expect(kept.map((r) => [r.kind, r.query, r.hits, r.position, r.target])).toEqual([
      ['search', 'resize volume', 0, null, null],
      ['click', 'volume', null, 2, '/docs/storage/volumes'],
    ]);
  });

  it('do not keep a query that looks like a secret', async () => {
    const res = await app.inject({url: '/insights/search', ...json({events: [{kind: 'search', path: '/docs/intro', query: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', hits: 0}]})});
    expect(res.json()).toEqual({status: 'accepted', kept: 0});
    expect(await rows('search_events', "query LIKE 'sk_live%'")).toEqual([]);
  });

  it.each([['Sec-GPC', {'sec-gpc': '1'}], ['DNT', {dnt: '1'}]])('keep nothing from a browser that sends %s', async (_name, headers) => {
    const res = await app.inject({url: '/insights/search', ...json({events: [{kind: 'search', path: '/docs/intro', query: 'private query', hits: 1}]}, headers)});
    expect(res.statusCode).toBe(204);
    expect(await rows('search_events', "query = 'private query'")).toEqual([]);
  });

  it.each([
    ['more than 20 events', {events: Array.from({length: 21}, () => ({kind: 'search', path: '/docs/intro', query: 'gpu', hits: 1}))}, 'events'],
    ['a query over 64 characters', {events: [{kind: 'search', path: '/docs/intro', query: 'q'.repeat(65), hits: 1}]}, 'events.0.query'],
    ['a click without its position', {events: [{kind: 'click', path: '/docs/intro', query: 'gpu', target: '/docs/intro'}]}, 'events.0.position'],
    ['an unknown kind', {events: [{kind: 'view', path: '/docs/intro', query: 'gpu'}]}, 'events.0.kind'],
  ])('refuse %s, naming the field', async (_name, body, field) => {
    const res = await app.inject({url: '/insights/search', ...json(body)});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });
});

describe('the insights endpoints under load and without a database', () => {
  it('give a client its budget a minute, then 429 with Retry-After, without keeping its address', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'insights-data-'));
    const limited = await createApp({buildDir, insights: {open: () => openPglite(dir), postsPerMinute: 3}});
    try {
      await insightsSettled(limited);
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await limited.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: true})})).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
      const last = await limited.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: true})});
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
      await rm(dir, {recursive: true, force: true});
    }
    expect(INSIGHTS_POSTS_PER_MINUTE).toBeGreaterThan(3);
  });

  it('answer 503 with Retry-After while the database is away; /readyz says why and the pages are served', async () => {
    const down = await createApp({buildDir, insights: {open: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'))}});
    try {
      await insightsSettled(down);
      const post = await down.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: true})});
      expect(post.statusCode).toBe(503);
      expect(post.headers['retry-after']).toBe('30');
      const ready = await down.inject({url: '/readyz'});
      expect(ready.statusCode).toBe(200);
      expect(ready.json().insights).toBe('unavailable: connect ECONNREFUSED 127.0.0.1:5432');
      expect((await down.inject({url: '/docs/intro'})).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('are not there when insights are off', async () => {
    const off = await createApp({buildDir});
    try {
      expect((await off.inject({url: '/insights/feedback', ...json({path: '/docs/intro', helpful: true})})).statusCode).toBe(404);
      expect((await off.inject({url: '/readyz'})).json().insights).toBe('off');
      // The page's question gets a line of JSON, not the site's 404 page.
      const status = await off.inject({url: '/insights/status'});
      expect(status.statusCode).toBe(404);
      expect(status.headers['content-type']).toMatch(/^application\/json/);
      expect(status.json()).toEqual({error: {code: 'insights_off', message: expect.stringContaining('INSIGHTS=off')}});
      expect(status.body.length).toBeLessThan(200);
      // The site's own pages are still the site's.
      expect((await off.inject({url: '/docs/intro'})).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
