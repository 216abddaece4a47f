import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {existsSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import Fastify, {type FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {describeViolation, sandbox, SANDBOX_MAX_BODY_BYTES} from './sandbox';
import {createApp} from './app';
import {writeBuildManifest} from './build-manifest';

/** A small API: one list with a query parameter, one create with a body, both behind an API key. */
const SPEC = `
openapi: 3.1.0
info: {title: Fixture, version: '1'}
servers: [{url: 'https://api.fixture.test/v1'}]
security: [{apiKey: []}]
components:
  securitySchemes:
    apiKey: {type: apiKey, in: header, name: X-API-Key}
paths:
  /volumes:
    get:
      operationId: listVolumes
      parameters:
        - {name: region, in: query, required: true, schema: {type: string, enum: [no-osl-1, se-sto-1]}}
      responses:
        '200':
          description: The volumes.
          content:
            application/json:
              example: {volumes: [{id: 7710, name: datasets, size_gb: 500}]}
    post:
      operationId: createVolume
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              required: [name, size_gb]
              properties:
                name: {type: string, minLength: 1, maxLength: 50}
                size_gb: {type: integer, minimum: 1}
      responses:
        '202':
          description: Accepted.
          content:
            application/json:
              example: {volume: {id: 7711, name: datasets, status: CREATING}}
  /volumes/{volume_id}:
    delete:
      operationId: deleteVolume
      parameters:
        - {name: volume_id, in: path, required: true, schema: {type: integer}}
      responses:
        '204': {description: Deleted.}
`;

let dir: string;
let app: FastifyInstance;

async function makeApp(rateLimit?: {limit: number; windowMs: number; now?: () => number}): Promise<FastifyInstance> {
  const made = Fastify();
  await made.register(sandbox, {specFile: path.join(dir, 'openapi.yaml'), ...(rateLimit ? {rateLimit} : {rateLimit: false})});
  return made;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-'));
  await writeFile(path.join(dir, 'openapi.yaml'), SPEC);
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
  await rm(dir, {recursive: true, force: true});
});

const KEY = {'x-api-key': 'any-key-works-here'};
const json = {'content-type': 'application/json'};

describe('the sandbox', () => {
  it("answers a valid request from the spec's example, marked as the sandbox's", async () => {
    const res = await app.inject({method: 'GET', url: '/sandbox/v1/volumes?region=no-osl-1', headers: KEY});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({volumes: [{id: 7710, name: 'datasets', size_gb: 500}]});
    expect(res.headers['x-sandbox']).toBe('true');
    expect(res.headers['cache-control']).toBe('no-store');
    // The live API's request id header, with an id of the sandbox's own kind (the budget's headers are tested below).
    expect(res.headers['x-request-id']).toMatch(/^sbx_[0-9a-f]{16}$/);
    const created = await app.inject({method: 'POST', url: '/sandbox/v1/volumes', headers: {...KEY, ...json}, payload: JSON.stringify({name: 'datasets', size_gb: 500})});
    expect(created.statusCode).toBe(202);
    expect(created.json()).toEqual({volume: {id: 7711, name: 'datasets', status: 'CREATING'}});
    const deleted = await app.inject({method: 'DELETE', url: '/sandbox/v1/volumes/7711', headers: KEY});
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
  });

  it('refuses what the spec refuses, saying where and what in plain words', async () => {
    const res = await app.inject({method: 'POST', url: '/sandbox/v1/volumes', headers: {...KEY, ...json}, payload: JSON.stringify({name: '', size_gb: 500, colour: 'violet'})});
    expect(res.statusCode).toBe(422);
    const {error} = res.json() as {error: {code: string; violations: {where: string; message: string}[]}};
    expect(error.code).toBe('sandbox_violation');
    expect(error.violations).toEqual(
      expect.arrayContaining([
        {where: 'body', message: expect.stringMatching(/additional properties; found 'colour'/)},
        {where: 'body.name', message: expect.stringMatching(/fewer than 1 characters/)},
      ]),
    );
    const query = await app.inject({method: 'GET', url: '/sandbox/v1/volumes?region=mars-1', headers: KEY});
    expect(query.statusCode).toBe(422);
    expect((query.json() as {error: {violations: {where: string; message: string}[]}}).error.violations[0]).toMatchObject({where: 'query.region', message: expect.stringMatching(/allowed values/)});
  });

  it('asks for the API key the operation requires, and takes any value', async () => {
    const res = await app.inject({method: 'GET', url: '/sandbox/v1/volumes?region=no-osl-1'});
    expect(res.statusCode).toBe(422);
    expect((res.json() as {error: {violations: {message: string}[]}}).error.violations.map((v) => v.message)).toContain('An API key (the X-API-Key header) is required.');
  });

  it('answers 404 for a path no operation has and 405 for a method the path lacks', async () => {
    const missing = await app.inject({method: 'GET', url: '/sandbox/v1/buckets', headers: KEY});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({error: {code: 'not_found', message: 'No API operation has the path /buckets.'}});
    const method = await app.inject({method: 'PATCH', url: '/sandbox/v1/volumes', headers: {...KEY, ...json}, payload: '{}'});
    expect(method.statusCode).toBe(405);
  });

  it('refuses a body that is not JSON and one over the size limit', async () => {
    const broken = await app.inject({method: 'POST', url: '/sandbox/v1/volumes', headers: {...KEY, ...json}, payload: '{"name": "a\n"'});
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({error: {code: 'invalid_json'}});
    const big = await app.inject({method: 'POST', url: '/sandbox/v1/volumes', headers: {...KEY, ...json}, payload: JSON.stringify({name: 'x'.repeat(SANDBOX_MAX_BODY_BYTES)})});
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({error: {code: 'payload_too_large'}});
  });

  it('limits each client to its budget a minute, then says when to come back', async () => {
    let now = 0;
    const limited = await makeApp({limit: 2, windowMs: 60_000, now: () => now});
    try {
      const ask = () => limited.inject({method: 'GET', url: '/sandbox/v1/volumes?region=no-osl-1', headers: KEY});
      const first = await ask();
      expect(first.statusCode).toBe(200);
      expect([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining'], first.headers['ratelimit-reset']]).toEqual(['2', '1', '60']);
      now = 15_000;
      const second = await ask();
      expect(second.statusCode).toBe(200);
      expect([second.headers['ratelimit-remaining'], second.headers['ratelimit-reset']]).toEqual(['0', '45']);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect([refused.headers['retry-after'], refused.headers['ratelimit-remaining']]).toEqual(['45', '0']);
      now = 60_000;
      expect((await ask()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never answers 5xx, whatever the method, path, query, headers and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.array(fc.oneof(fc.constantFrom('volumes', '7710', '..', '%2e%2e', '{volume_id}', '__proto__'), fc.string({maxLength: 12})), {maxLength: 4}),
        fc.dictionary(fc.string({maxLength: 8}), fc.string({maxLength: 12}), {maxKeys: 3}),
        fc.oneof(fc.constant(undefined), fc.json({maxDepth: 3}), fc.string({maxLength: 200})),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
        async (method, segments, query, body, type) => {
          const url = `/sandbox/v1/${segments.map(encodeURIComponent).join('/')}?${new URLSearchParams(query)}`;
          const headers: Record<string, string> = {...KEY, ...(type ? {'content-type': type} : {})};
          const res = await app.inject({method, url, headers, ...(body !== undefined && method !== 'GET' ? {payload: body} : {})});
          expect(res.statusCode, `${method} ${url} ${type} ${body}`).toBeLessThan(500);
          // A path that dot segments take out of the sandbox is the site's, not the sandbox's.
          if (new URL(url, 'http://docs.test').pathname.startsWith('/sandbox/v1')) expect(res.headers['x-sandbox'], `${method} ${url} ${type} ${body}`).toBe('true');
        },
      ),
      {numRuns: 150},
    );
  });
});

describe('the sandbox in the server', () => {
  it('is served where the build has the spec, with the JSON security policy, and absent where it has none', async () => {
    const build = await mkdtemp(path.join(os.tmpdir(), 'sandbox-build-'));
    try {
      await writeFile(path.join(build, 'index.html'), '<!doctype html><title>Home</title>');
      await writeFile(path.join(build, '404.html'), '<!doctype html><title>Not found</title>');
      await writeBuildManifest(build);
      const without = await createApp({buildDir: build, watchPartners: false});
      expect((await without.inject({method: 'GET', url: '/sandbox/v1/volumes?region=no-osl-1', headers: KEY})).statusCode).toBe(404);
      await without.close();
      await writeFile(path.join(build, 'openapi.yaml'), SPEC);
      await writeBuildManifest(build);
      const served = await createApp({buildDir: build, watchPartners: false});
      const res = await served.inject({method: 'GET', url: '/sandbox/v1/volumes?region=no-osl-1', headers: KEY});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      await served.close();
    } finally {
      await rm(build, {recursive: true, force: true});
    }
  });
});

describe('describeViolation', () => {
  it('names where a violation is and keeps its message readable', () => {
    expect(describeViolation({path: ['body', 'name'], message: 'Request body property name must NOT have fewer than 1 characters'})).toEqual({where: 'body.name', message: 'The body property name must NOT have fewer than 1 characters'});
    expect(describeViolation({path: ['body'], message: 'Request body must have required property \'name\''})).toEqual({where: 'body', message: "The body must have required property 'name'"});
    expect(describeViolation({})).toEqual({where: 'request', message: 'is not valid'});
  });
});

describe.skipIf(!existsSync(path.join(__dirname, '..', 'build', 'openapi.yaml')))('the sandbox on the built spec', () => {
  it('answers an operation of the real API from its example', async () => {
    const real = Fastify();
    await real.register(sandbox, {specFile: path.join(__dirname, '..', 'build', 'openapi.yaml'), rateLimit: false});
    try {
      const res = await real.inject({method: 'GET', url: '/sandbox/v1/core/flavors', headers: KEY});
      expect(res.statusCode).toBe(200);
      expect((res.json() as {flavors: unknown[]}).flavors.length).toBeGreaterThan(0);
    } finally {
      await real.close();
    }
  });
});
