// The spec's examples agree with themselves where no schema can say so: an example resource
// whose status changed since it was created carries the time of that change in updated_at.
// Every part also avoids what YAML 1.1 parsers (PyYAML, SnakeYAML, which Python and Java
// generators use) reject although the build's YAML 1.2 parser accepts it.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {loadSpec} from '../plugins/openapi/spec';
import {initialStatuses, staleUpdatedAt, yaml11Problems} from './spec-examples';

const root = path.resolve(__dirname, '..');

describe('example resources whose status changed carry the time of the change', () => {
  it('finds an ATTACHED volume whose updated_at is still its created_at, and nothing else, in the fixture', () => {
    const fixture = parse(readFileSync(path.join(root, 'tests/fixtures/spec-examples/stale-updated-at.yaml'), 'utf8')) as Record<string, unknown>;
    expect([...(initialStatuses(fixture).get('volume') ?? [])]).toEqual(['CREATING']);
    expect(staleUpdatedAt(fixture)).toEqual([
      '/paths//volumes/get/responses/200/content/application/json/example/volumes/0: volume ATTACHED',
      '/paths//volumes/{volume_id}/get/responses/200/content/application/json/example/volume: volume ATTACHED',
    ]);
  });

  it('finds none in the spec', () => {
    const spec = loadSpec(path.join(root, 'openapi')) as unknown as Record<string, unknown>;
    expect(initialStatuses(spec).get('instance')).toEqual(new Set(['CREATING']));
    expect(staleUpdatedAt(spec)).toEqual([]);
  });
});

describe('the spec parts read the same in YAML 1.1', () => {
  it('finds a plain scalar ending in `?` inside a flow collection, and not a quoted one', () => {
    const fixture = [
      "- {role: user, content: Why is my VM billed?}",
      "- {role: user, content: 'Why is my VM billed?'}",
      'description: Is it billed? Only while ACTIVE.',
      '[a?, b]',
    ].join('\n');
    expect(yaml11Problems('fixture.yaml', fixture)).toEqual(['fixture.yaml:1', 'fixture.yaml:4']);
  });

  it('finds none in the parts', () => {
    const dir = path.join(root, 'openapi/parts');
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((f) => yaml11Problems(`openapi/parts/${f}`, readFileSync(path.join(dir, f), 'utf8')))).toEqual([]);
  });
});
