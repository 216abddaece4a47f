import {createHash} from 'node:crypto';
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {createApp} from '../app';
import {openPglite} from './db';
import {insightsReady, testEngines, tinyBuild, type TestDatabase} from './testing';

const ADMIN = 'team-token-0123456789abcdef-0123';
const ACME = 'acme-token-abcdefghijklmnopqrstuvwx';
const sha = (token: string) => createHash('sha256').update(token).digest('hex');

let buildDir: string;
let partnersDir: string;

beforeAll(async () => {
  buildDir = await tinyBuild();
  partnersDir = await mkdtemp(path.join(os.tmpdir(), 'insights-partners-'));
  await writeFile(path.join(partnersDir, 'acme.json'), JSON.stringify({domains: ['acme.localhost', 'docs.acme.test'], name: 'Acme', insights_token_sha256: sha(ACME)}));
  await writeFile(path.join(partnersDir, 'globex.json'), JSON.stringify({domains: ['globex.localhost'], name: 'Globex'}));
});

afterAll(async () => {
  await rm(buildDir, {recursive: true, force: true});
  await rm(partnersDir, {recursive: true, force: true});
});

const answer = (app: FastifyInstance, host: string, body: object) =>
  app.inject({url: '/insights/feedback', method: 'POST', headers: {host, origin: `http://${host}`, 'content-type': 'application/json'}, payload: JSON.stringify(body)});

const report = (app: FastifyInstance, token: string | undefined, query = '') =>
  app.inject({url: `/insights/report.json${query}`, headers: token ? {authorization: `Bearer ${token}`} : {}});

describe('insights reports', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'insights-report-'));
    app = await createApp({buildDir, partnersDir, watchPartners: false, insights: {open: () => openPglite(dataDir), adminToken: ADMIN}});
    await insightsReady(app);
    for (const [host, helpful, comment] of [
      ['acme.localhost', false, '=HYPERLINK("http://evil.example")'],
      ['docs.acme.test', true, undefined],
      ['globex.localhost', false, 'globex only'],
      ['localhost', true, 'default brand'],
    ] as const) {
      expect((await answer(app, host, {path: '/docs/intro', helpful, ...(comment ? {comment} : {})})).statusCode).toBe(202);
    }
  });

  afterAll(async () => {
    await app?.close();
    await rm(dataDir, {recursive: true, force: true});
  });

  const hostsIn = (body: {report: {pages: {host: string}[]}}) => body.report.pages.map((p) => p.host).sort();

  it('are read by no one without a valid token', async () => {
    for (const token of [undefined, 'wrong-token-0123456789abcdefgh', `${ADMIN}x`]) {
      const res = await report(app, token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="insights"');
      expect(res.body).not.toContain('acme');
    }
  });

  it("show the docs team every host, or the one it picks", async () => {
    const all = await report(app, ADMIN);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-robots-tag']).toBe('noindex');
    expect(hostsIn(all.json())).toEqual(['acme.localhost', 'docs.acme.test', 'globex.localhost', 'localhost']);
    expect(all.json().choices).toEqual(['acme.localhost', 'docs.acme.test', 'globex.localhost', 'localhost']);
    expect(hostsIn((await report(app, ADMIN, '?host=globex.localhost')).json())).toEqual(['globex.localhost']);
  });

  it("show a partner its own hosts and nothing of any other", async () => {
    const own = await report(app, ACME);
    expect(own.statusCode).toBe(200);
    expect(own.json().reader).toBe('Acme');
    expect(hostsIn(own.json())).toEqual(['acme.localhost', 'docs.acme.test']);
    expect(own.json().choices).toEqual(['acme.localhost', 'docs.acme.test']);
    expect(own.body).not.toContain('globex');
    expect(own.body).not.toContain('default brand');
    for (const other of ['globex.localhost', 'localhost']) {
      const res = await report(app, ACME, `?host=${other}`);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(other === 'localhost' ? 'default brand' : 'globex only');
    }
  });

  it("never hand out a partner's token hash with its config", async () => {
    const res = await app.inject({url: '/v1/auth/partner-config/docs?domain=acme.localhost'});
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Acme');
    expect(res.body).not.toContain('insights_token');
    expect(res.body).not.toContain(sha(ACME));
  });

  it('come with a dashboard page that is never indexed and loads only its own script', async () => {
    const page = await app.inject({url: '/insights'});
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    // The page is the same for everyone: no report, no host, no reader's text in it.
    expect(page.body).not.toContain('acme');
    const version = /dashboard\.js\?v=(\w+)/.exec(page.body)?.[1];
    const js = await app.inject({url: `/insights/dashboard.js?v=${version}`});
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toContain('/insights/report.json');
  });

  it('refuse a range they cannot read, saying what to give', async () => {
    expect((await report(app, ADMIN, '?since=forever')).json().error.message).toContain('since must be a number of days');
    expect((await report(app, ADMIN, '?from=2026-02-30')).json().error.message).toBe('from is not a date of the calendar: 2026-02-30.');
    expect((await report(app, ADMIN, '?since=7d&since=30d')).statusCode).toBe(400);
    expect((await report(app, ADMIN, '?host=not a host')).statusCode).toBe(400);
  });

  it('export a table as CSV, a formula in a comment opening as text', async () => {
    const res = await app.inject({url: '/insights/report.csv?table=comments&host=acme.localhost', headers: {authorization: `Bearer ${ACME}`}});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="insights-comments-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, row] = res.body.split('\r\n');
    expect(header).toBe('at,host,path,helpful,reasons,comment');
    expect(row).toMatch(/^\d{4}-.*Z,acme\.localhost,\/docs\/intro,no,,"'=HYPERLINK\(""http:\/\/evil\.example""\)"$/);
    expect((await app.inject({url: '/insights/report.csv?table=secrets', headers: {authorization: `Bearer ${ADMIN}`}})).statusCode).toBe(400);
  });
});

describe.each(testEngines.filter((e) => e.name === 'PostgreSQL'))('two server instances on one $name', (engine) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await engine.create();
    for (let i = 0; i < 2; i += 1) {
      const app = await createApp({buildDir, partnersDir, watchPartners: false, insights: {open: () => database.open(), adminToken: ADMIN}});
      apps.push(app);
    }
    // Both start (and migrate) at once: the advisory lock makes one of them apply the schema.
    await Promise.all(apps.map(insightsReady));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.remove();
  });

  it('read through the second what was posted to the first', async () => {
    const [first, second] = apps;
    expect((await answer(first, 'docs.acme.test', {path: '/docs/storage/volumes', helpful: false, reasons: ['missing-information'], comment: 'posted to the first'})).statusCode).toBe(202);
    const res = await report(second, ACME, '?host=docs.acme.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().report.pages).toEqual([{host: 'docs.acme.test', path: '/docs/storage/volumes', yes: 0, no: 1, helpfulRate: 0}]);
    expect(res.json().report.comments[0]).toMatchObject({comment: 'posted to the first', reasons: ['missing-information']});
  });
});
