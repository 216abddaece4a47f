// The storage facts the API spec states (volume types, attachment limits, file share sizes
// and prices) equal src/data/storage.ts, which the storage pages render.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../plugins/openapi/spec';
import {toMoney} from '../src/data/prices';
import {objectStorageEndpoints, storageKind, storageLimits, volumeTypes} from '../src/data/storage';

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const spec = loadSpec(path.resolve(__dirname, '../openapi')) as unknown as Node;
const schemas = spec.components.schemas as Node;
/** A description with its line breaks as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the API spec agrees with src/data/storage.ts', () => {
  it('lists the volume types of the data, with their sizes, attachments and prices', () => {
    const example = spec.paths['/core/volume-types'].get.responses['200'].content['application/json'].example.volume_types as Node[];
    expect(example.map((t) => t.name)).toEqual(volumeTypes.map((k) => k.name));
    for (const type of example) {
      const kind = volumeTypes.find((k) => k.name === type.name)!;
      expect(type.price_per_gb_hour).toEqual(toMoney(kind.pricePerGbHour!));
      expect(type.max_attachments).toBe(kind.maxAttachments);
      expect(type.min_size_gb).toBe(storageLimits.volumeMinGb.value);
      expect(type.max_size_gb).toBe(storageLimits.volumeMaxGb.value);
    }
    expect(schemas.VolumeCreate.properties.size_gb.maximum).toBe(storageLimits.volumeMaxGb.value);
    expect(schemas.Volume.properties.attachments.maxItems).toBe(storageLimits.sharedSsdMaxAttachments.value);
  });

  it('states volume prices and the Shared-SSD attachment limit as the data does', () => {
    const create = flat(spec.paths['/core/volumes'].post.description);
    expect(create).toContain(`Cloud-SSD ${storageKind('cloud-ssd').pricePerGbHour}`);
    expect(create).toContain(`Shared-SSD ${storageKind('shared-ssd').pricePerGbHour}`);
    expect(create).toContain(`up to ${storageLimits.sharedSsdMaxAttachments.value} VMs`);
    expect(create).toContain(`at least ${storageLimits.bootableVolumeMinGb.value} GB`);
    expect(flat(schemas.VolumeCreate.properties.image_name.description)).toContain(`at least ${storageLimits.bootableVolumeMinGb.value} GB`);
    expect(flat(spec.paths['/core/volumes/{volume_id}/attach'].post.description)).toContain(`up to ${storageLimits.sharedSsdMaxAttachments.value} VMs`);
  });

  it('gives file shares the sizes, quota and price of the data', () => {
    for (const schema of [schemas.FileShare, schemas.FileShareCreate, schemas.FileShareUpdate]) {
      expect(schema.properties.size_gb.minimum).toBe(storageLimits.fileShareMinGb.value);
      expect(schema.properties.size_gb.maximum).toBe(storageLimits.fileShareMaxGb.value);
    }
    const create = flat(spec.paths['/core/file-shares'].post.description);
    const n = (v: number) => v.toLocaleString('en-US');
    expect(create).toContain(`between ${n(storageLimits.fileShareMinGb.value)} and ${n(storageLimits.fileShareMaxGb.value)} GB`);
    expect(create).toContain(`at most ${storageLimits.fileSharesPerEnvironment.value} file shares`);
    expect(create).toContain(`${storageKind('hp-file').pricePerGbHour} USD per GB per hour`);
  });

  it('gives object storage the endpoints of the data', () => {
    const example = spec.paths['/object-storage/regions'].get.responses['200'].content['application/json'].example.regions as Node[];
    expect(example.map((r) => ({region: r.name, location: r.location, endpoint: r.endpoint, open: r.open}))).toEqual(objectStorageEndpoints);
  });
});
