import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {regions} from './platform';
import {environmentNames} from './environments';

const schemas = loadSpec(path.resolve(__dirname, '../../openapi')).components.schemas as Record<string, {enum?: string[]; properties: Record<string, {maxLength?: number; pattern?: string; $ref?: string}>}>;

describe('environment facts agree with the spec', () => {
  it.each(['EnvironmentCreate', 'EnvironmentUpdate'])('%s names follow the data', (schema) => {
    expect(schemas[schema].properties.name.maxLength).toBe(environmentNames.maxLength);
    expect(schemas[schema].properties.name.pattern).toBe(environmentNames.pattern);
  });

  it('offers every region of the data', () => {
    expect(schemas.EnvironmentCreate.properties.region.$ref).toBe('#/components/schemas/RegionName');
    expect(schemas.RegionName.enum).toEqual(regions.map((r) => r.id));
  });
});
