import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../../plugins/openapi/spec';
import {regions} from './platform';
import {objectStorageEndpoints, regionEndpoints} from './regions';

const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
const example = (id: string) =>
  (operations(spec).find((o) => o.operation.operationId === id)!.operation.responses!['200'] as {content: {'application/json': {example: {regions: {name: string; location: string; endpoint?: string; open: boolean}[]}}}}).content['application/json'].example.regions;

describe('region facts agree with the spec', () => {
  it('gives every region the object storage endpoint listObjectStorageRegions returns', () => {
    const listed = Object.fromEntries(example('listObjectStorageRegions').map((r) => [r.name, r.endpoint]));
    expect(objectStorageEndpoints).toEqual(listed);
  });

  it('lists the regions listRegions returns', () => {
    expect(example('listRegions').map((r) => ({id: r.name, location: r.location, open: r.open}))).toEqual(regions.map((r) => ({...r})));
  });

  it('has an endpoint for every region', () => {
    expect(regionEndpoints()).toHaveLength(regions.length);
  });
});
