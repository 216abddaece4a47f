// The delivery rules the callbacks page renders are the ones the spec states: its
// webhooks, the callback schemas' limits and the spot notice.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {callbackDelivery, callbackEvents, callbackMaxAttempts, formatDuration, formatElapsed, retrySchedule} from './callbacks';

const spec = loadSpec(path.resolve(__dirname, '../../openapi')) as unknown as {
  webhooks: Record<string, {post: {description: string; requestBody: {content: {'application/json': {schema: {$ref: string}; example: Record<string, unknown>}}}}}>;
  components: {schemas: Record<string, Record<string, unknown>>; parameters: Record<string, {description: string; schema: {maximum?: number}}>};
};
const schemas = spec.components.schemas;
const property = (schema: string, name: string) => (schemas[schema].properties as Record<string, Record<string, unknown>>)[name];

describe('callback facts agree with the spec', () => {
  const hooks = Object.values(spec.webhooks ?? {}).map((h) => h.post);

  it('describes one webhook per event type, with its payload schema', () => {
    const shown = hooks.map((h) => {
      const ref = h.requestBody.content['application/json'].schema.$ref.split('/').pop()!;
      return {schema: ref, type: (property(ref, 'type') as {const: string}).const};
    });
    expect(shown.sort((a, b) => a.type.localeCompare(b.type))).toEqual(callbackEvents.map((e) => ({schema: e.schema, type: e.type})).sort((a, b) => a.type.localeCompare(b.type)));
    for (const event of callbackEvents) {
      const data = property(event.schema, 'data') as {required: string[]};
      expect(data.required).toContain(event.dataKey);
    }
  });

  it('states the timeout, the attempts and the rotation overlap the data gives', () => {
    for (const h of hooks) expect(h.description.replace(/\s+/g, ' ')).toContain(`within ${callbackDelivery.timeoutSeconds} seconds`);
    for (const schema of ['VmCallbackRequest', 'VmCallbackUpdate', 'VolumeCallbackSet', 'VolumeCallbackUpdate']) {
      const url = property(schema, 'url') as {description: string; maxLength: number};
      expect(url.description, schema).toContain(`within ${callbackDelivery.timeoutSeconds} seconds`);
      expect(url.maxLength, schema).toBe(callbackDelivery.urlMaxLength);
    }
    expect(spec.components.parameters.CallbackAttempt.schema.maximum).toBe(callbackMaxAttempts);
    expect(spec.components.parameters.CallbackSignature.description).toContain(`${callbackDelivery.secretRotationOverlapHours} hours`);
    for (const schema of ['VmCallbackUpdate', 'VolumeCallbackUpdate']) {
      expect((property(schema, 'rotate_secret') as {description: string}).description).toContain(`${callbackDelivery.secretRotationOverlapHours} hours`);
    }
    expect((schemas.CallbackSecret as {pattern: string}).pattern.startsWith(`^${callbackDelivery.secretPrefix}`)).toBe(true);
  });

  it('gives a spot VM the notice of the data, in the description and the example', () => {
    const spot = spec.webhooks.vmSpotInterrupted.post;
    expect(spot.description.replace(/\s+/g, ' ')).toContain(`${callbackDelivery.spotNoticeSeconds} seconds later`);
    const example = spot.requestBody.content['application/json'].example as {time: string; data: {hibernate_at: string}};
    expect((Date.parse(example.data.hibernate_at) - Date.parse(example.time)) / 1000).toBe(callbackDelivery.spotNoticeSeconds);
  });
});

describe('callback schedule helpers', () => {
  it('lists the first delivery and every retry, with running totals', () => {
    const rows = retrySchedule();
    expect(rows).toHaveLength(callbackMaxAttempts);
    expect(rows[0]).toEqual({attempt: 1, delaySeconds: 0, sinceFirstSeconds: 0});
    expect(rows.at(-1)!.sinceFirstSeconds).toBe(callbackDelivery.retryDelaysSeconds.reduce((a, b) => a + b, 0));
  });

  it('formats durations in the largest whole unit', () => {
    expect(formatDuration(30)).toBe('30 seconds');
    expect(formatDuration(120)).toBe('2 minutes');
    expect(formatDuration(3600)).toBe('1 hour');
    expect(formatElapsed(0)).toBe('at once');
    expect(formatElapsed(3750)).toBe('1 h 2 min 30 s');
  });
});
