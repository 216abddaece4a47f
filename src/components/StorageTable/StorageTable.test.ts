// The storage comparison renders src/data/storage.ts, server-side, as the build does.
import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import StorageTable from '.';
import {flavors, policies} from '../../data/platform';
import {formatStorageLimit, formatStoragePrice, localNvmeFlavor, localNvmeFlavors, storageKind, storageKinds, storageLimits, volumeTypes} from '../../data/storage';

const rows = (html: string) => html.match(/<tr>/g)!.length - 1;
const cells = (html: string) => [...html.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));

describe('StorageTable', () => {
  it('compares every storage kind on every column by default', () => {
    const html = renderToStaticMarkup(h(StorageTable));
    expect(rows(html)).toBe(storageKinds.length);
    expect(cells(html)).toEqual(expect.arrayContaining(['Storage', 'Survives hibernation', 'Cloud-SSD', 'Included in the flavor price', '$0.000096 per GB per hour']));
  });

  it('narrows to the kinds and columns asked for, and refuses unknown kinds', () => {
    const html = renderToStaticMarkup(h(StorageTable, {kinds: ['cloud-ssd', 'shared-ssd'], columns: ['name', 'attachesTo']}));
    expect(cells(html)).toEqual(['Storage', 'Used by', 'Cloud-SSD', 'One VM at a time', 'Shared-SSD', 'Up to 8 VMs of one environment']);
    expect(() => renderToStaticMarkup(h(StorageTable, {kinds: ['floppy' as never]}))).toThrow(/unknown storage kind "floppy"/);
  });
});

describe('storage data', () => {
  it('keeps volume and object storage prices equal to the billing policies', () => {
    expect(storageKind('cloud-ssd').pricePerGbHour).toBe(policies.volumePricePerGbHour);
    expect(storageKind('object').pricePerGbHour).toBe(policies.objectStoragePricePerGbHour);
    expect(formatStoragePrice('shared-ssd', {quantity: 1000})).toBe('$0.13 per hour');
    expect(formatStoragePrice('ephemeral')).toBe('Included in the flavor price');
  });

  it('agrees with itself on attachment and size limits', () => {
    expect(storageKind('shared-ssd').maxAttachments).toBe(storageLimits.sharedSsdMaxAttachments.value);
    expect(storageKind('shared-ssd').attachesTo).toContain(String(storageLimits.sharedSsdMaxAttachments.value));
    expect(storageKind('cloud-ssd').maxAttachments).toBe(1);
    for (const kind of volumeTypes) expect(kind.size).toBe(`${storageLimits.volumeMinGb.value} to ${storageLimits.volumeMaxGb.value.toLocaleString('en-US')} GB`);
    expect(storageKind('hp-file').size).toBe(`${formatStorageLimit('fileShareMinGb').replace(' GB', '')} to ${formatStorageLimit('fileShareMaxGb')}`);
    expect(storageKind('object').size).toContain(formatStorageLimit('objectMaxSizeTiB'));
  });

  it('splits each local NVMe flavor\'s ephemeral storage into its drives', () => {
    for (const entry of localNvmeFlavors) {
      const flavor = flavors.find((f) => f.name === entry.flavor);
      expect(flavor, entry.flavor).toBeDefined();
      expect(entry.drives * entry.driveGb).toBe(flavor!.ephemeralGb);
    }
    expect(() => localNvmeFlavor('n1-cpu-small')).toThrow(/not a flavor with local NVMe/);
  });
});
