// The event samples of the callbacks guide are the spec's webhook examples, so the page and
// the API reference show the same payload (default firewall rules, updated_at, flavor).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';

const spec = loadSpec(path.resolve(__dirname, '../openapi')) as unknown as {webhooks: Record<string, {post: {operationId: string; requestBody: {content: {'application/json': {example: unknown}}}}}>};
const page = readFileSync(path.resolve(__dirname, '../docs/resource-management/callbacks.mdx'), 'utf8');
const example = (type: string) => {
  const hook = Object.values(spec.webhooks).find((h) => (h.post.requestBody.content['application/json'].example as {type?: string}).type === type);
  return hook?.post.requestBody.content['application/json'].example;
};

describe('callback samples', () => {
  const blocks = [...page.matchAll(/```json title="([a-z_.]+)" schema="[^"]+"\n([\s\S]*?)```/g)];

  it('shows event samples', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((b) => [b[1], b[2]] as const))('shows %s as the spec\'s webhook example', (type, body) => {
    expect(example(type), `no webhook example of type ${type}`).toBeDefined();
    expect(JSON.parse(body)).toEqual(example(type));
  });
});
