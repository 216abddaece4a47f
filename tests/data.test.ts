// Product facts in src/data/ that the API spec also states must agree with it.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';
import {vmStates} from '../src/data/platform';

const doc = loadSpec(path.resolve(__dirname, '../openapi'));
const schemas = doc.components.schemas as Record<string, {enum?: string[]}>;

describe('product facts against the API spec', () => {
  it('lists exactly the VM statuses of the spec, each once', () => {
    const listed = vmStates.map((s) => s.status);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...(schemas.VmStatus.enum ?? [])].sort());
  });
});
