import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {describe, expect, it} from 'vitest';
import {specSnapshot} from '@site/plugins/openapi/state';
import {operations} from '@site/plugins/openapi/spec';
import {findOperation, type ConsoleOperation, type OpenApiDocument} from './operation';
import {createValidator} from './validate';
import {CHECKED_KEYWORDS, SchemaChecker} from './schemaCheck';
import {buildRequest, curlCommand, shellQuote} from './request';
import {sandboxViolations} from './send';

// The spec as the build publishes it (/openapi.json is the same document as JSON).
const doc = JSON.parse(JSON.stringify(specSnapshot(path.resolve(__dirname, '../../../openapi')))) as OpenApiDocument;
const validator = createValidator(doc);
const operation = (id: string): ConsoleOperation => {
  const found = findOperation(doc, id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const prefilled = (op: ConsoleOperation) => Object.fromEntries(op.parameters.map((p) => [`${p.in}:${p.name}`, p.example]));
const bodyText = (op: ConsoleOperation) => (op.body?.example === undefined ? '' : JSON.stringify(op.body.example, null, 2));

describe('the operation as the console reads it', () => {
  it('finds every operation of the spec, with its method and path', () => {
    for (const located of operations(doc as never)) {
      const found = operation(String(located.operation.operationId));
      expect(found.method).toBe(located.method.toUpperCase());
      expect(found.path).toBe(located.path);
    }
  });

  it('prefills the example values, which the validator accepts, on every operation', () => {
    const problems: string[] = [];
    for (const located of operations(doc as never)) {
      const op = operation(String(located.operation.operationId));
      for (const p of op.parameters) {
        for (const v of validator.parameter(p, p.example)) problems.push(`${op.id} ${v.where}: ${v.message}`);
      }
      for (const v of validator.body(op, bodyText(op)).violations) problems.push(`${op.id} ${v.where}: ${v.message}`);
    }
    expect(problems).toEqual([]);
  });

  it('reads the key header from the security scheme', () => {
    expect(operation('createVolume').keyHeader).toBe('X-API-Key');
  });
});

describe('validation as the reader edits', () => {
  it('names a missing field, a wrong type and an unknown field in plain words', () => {
    const op = operation('createVolume');
    const body = {...(op.body!.example as Record<string, unknown>)};
    delete body.name;
    body.size_gb = 'big';
    body.colour = 'red';
    const {violations} = validator.body(op, JSON.stringify(body));
    expect(violations).toContainEqual({where: 'body.name', message: 'Required field "name" is missing.'});
    expect(violations).toContainEqual({where: 'body.size_gb', message: 'Must be a whole number.'});
    expect(violations).toContainEqual({where: 'body.colour', message: '"colour" is not a field of this object.'});
  });

  it('says when the body is not JSON, and when a required body is empty', () => {
    const op = operation('createVolume');
    expect(validator.body(op, '{"name": ').violations[0]).toMatchObject({where: 'body', message: expect.stringMatching(/^Not valid JSON/)});
    expect(validator.body(op, '  ').violations).toEqual([{where: 'body', message: 'This operation needs a body.'}]);
  });

  it('checks parameters by their schema: required, whole numbers', () => {
    const op = operation('getVolume');
    const id = op.parameters.find((p) => p.name === 'volume_id')!;
    expect(validator.parameter(id, '')).toEqual([{where: 'path.volume_id', message: 'Required: give a value.'}]);
    expect(validator.parameter(id, 'abc')).toEqual([{where: 'path.volume_id', message: 'Must be a whole number.'}]);
    expect(validator.parameter(id, '7710')).toEqual([]);
  });
});

describe('the request and its curl command', () => {
  const op = operation('createVolume');
  const draft = buildRequest(op, 'https://api.example.com/v1/', prefilled(op), bodyText(op));

  it('sends to the base, with the body as JSON', () => {
    expect(draft.url).toBe('https://api.example.com/v1/core/volumes');
    expect(draft.method).toBe('POST');
    expect(draft.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(draft.body!)).toEqual(op.body!.example);
  });

  it('fills path parameters, encoded, and leaves out empty optional ones', () => {
    const get = operation('listVolumes');
    const values = Object.fromEntries(get.parameters.map((p) => [`${p.in}:${p.name}`, '']));
    expect(buildRequest(get, 'https://x.test/v1', values, undefined).url).toBe('https://x.test/v1/core/volumes');
    const one = operation('getVolume');
    expect(buildRequest(one, 'https://x.test/v1', {'path:volume_id': '1/2'}, undefined).url).toBe('https://x.test/v1/core/volumes/1%2F2');
  });

  it('names the key as $API_KEY and never holds a key', () => {
    const secret = 'vc_live_secret_123';
    const command = curlCommand({...draft, headers: {...draft.headers, 'X-API-Key': secret}}, 'X-API-Key');
    expect(command).toContain('-H "X-API-Key: $API_KEY"');
    expect(command).not.toContain(secret);
    expect(command).toContain(`-d ${shellQuote(JSON.stringify(op.body!.example))}`);
    expect(command.startsWith("curl -X POST 'https://api.example.com/v1/core/volumes'")).toBe(true);
  });

  it('quotes for the shell so nothing in a value is expanded', () => {
    expect(shellQuote(`it's $HOME`)).toBe(`'it'\\''s $HOME'`);
  });

  it('leaves the key header out of a public operation', () => {
    expect(curlCommand(draft, null)).not.toContain('API_KEY');
  });
});

describe("the sandbox's refusal", () => {
  it('reads the violations of a 422 sandbox_violation, and nothing else', () => {
    const answer = {error: {code: 'sandbox_violation', message: 'x', violations: [{where: 'body.name', message: 'is required'}]}};
    expect(sandboxViolations(answer)).toEqual([{where: 'body.name', message: 'is required'}]);
    expect(sandboxViolations({error: {code: 'not_found'}})).toBeNull();
    expect(sandboxViolations('text')).toBeNull();
  });
});

describe('the browser-side schema checker agrees with Ajv', () => {
  // Ajv, as the build and the sandbox's spec checks use it; in Node it may compile code.
  const ajv = new Ajv2020({strict: false, allErrors: true});
  addFormats(ajv);
  ajv.addSchema({$id: 'https://spec.test/openapi.json', components: doc.components} as object);
  const ajvValid = (schema: object, value: unknown) =>
    ajv.validate(JSON.parse(JSON.stringify({$id: `https://spec.test/s${Math.random()}.json`, ...schema}).replace(/"\$ref":"#\//g, '"$ref":"https://spec.test/openapi.json#/')) as object, value);
  const checker = new SchemaChecker(doc);

  it('checks every validation keyword the spec uses', () => {
    const annotations = new Set(['description', 'example', 'examples', 'default', 'readOnly', 'writeOnly', 'title', 'deprecated', 'discriminator', 'x-extensible-enum', 'x-statuses', 'nullable', '$comment']);
    const used = new Set<string>();
    const walk = (schema: unknown): void => {
      if (!schema || typeof schema !== 'object') return;
      for (const [key, value] of Object.entries(schema)) {
        if (!key.startsWith('x-') || key === 'x-extensible-enum') used.add(key);
        if (key === 'properties') Object.values(value as object).forEach(walk);
        else if (['items', 'additionalProperties', 'not'].includes(key)) walk(value);
        else if (['allOf', 'anyOf', 'oneOf'].includes(key)) (value as unknown[]).forEach(walk);
      }
    };
    Object.values(doc.components!.schemas!).forEach(walk);
    const unchecked = [...used].filter((k) => !annotations.has(k) && !(CHECKED_KEYWORDS as readonly string[]).includes(k));
    expect(unchecked).toEqual([]);
  });

  it('gives the same verdict on every body example and on broken copies of each', () => {
    const disagreements: string[] = [];
    let cases = 0;
    for (const located of operations(doc as never)) {
      const op = operation(String(located.operation.operationId));
      if (!op.body || op.body.example === undefined || typeof op.body.example !== 'object' || Array.isArray(op.body.example) || op.body.example === null) continue;
      const example = op.body.example as Record<string, unknown>;
      const variants: [string, unknown][] = [['example', example], ['extra field', {...example, not_a_field_xyz: 1}]];
      for (const key of Object.keys(example)) {
        const without = {...example};
        delete without[key];
        variants.push([`without ${key}`, without]);
        variants.push([`${key} as a list`, {...example, [key]: [[]]}]);
        variants.push([`${key} as text`, {...example, [key]: 'x'.repeat(300)}]);
        variants.push([`${key} as -1`, {...example, [key]: -1}]);
      }
      for (const [label, value] of variants) {
        cases += 1;
        const ours = checker.check(op.body.schema, value).length === 0;
        const theirs = ajvValid(op.body.schema, value);
        if (ours !== theirs) disagreements.push(`${op.id} ${label}: ours ${ours}, Ajv ${theirs}`);
      }
    }
    expect(cases).toBeGreaterThan(200);
    expect(disagreements).toEqual([]);
  });
});
