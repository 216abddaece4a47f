/**
 * Per-region endpoints that are not part of the region list in platform.ts: the S3
 * endpoint of object storage in each region. `src/data/regions.test.ts` ties them to
 * the spec's listObjectStorageRegions example.
 */
import {regions} from './platform';

/** The S3 endpoint to configure in an S3 client for buckets in a region. */
export const objectStorageEndpoints: Readonly<Record<string, string>> = {
  'no-osl-1': 'https://s3.no-osl-1.example.com',
  'ca-mtl-1': 'https://s3.ca-mtl-1.example.com',
  'us-dal-1': 'https://s3.us-dal-1.example.com',
};

/** Every region with its object storage endpoint, in the order of `regions`. */
export function regionEndpoints(): {id: string; location: string; open: boolean; objectStorageEndpoint: string}[] {
  return regions.map((r) => {
    const endpoint = objectStorageEndpoints[r.id];
    if (!endpoint) throw new Error(`Region ${r.id} has no object storage endpoint in src/data/regions.ts`);
    return {...r, objectStorageEndpoint: endpoint};
  });
}
