import {describe, expect, it} from 'vitest';
import {flavors, policies} from '@site/src/data/platform';
import {formatRate} from '@site/src/data/prices';
import {storageKinds} from '@site/src/data/storage';
import {bootVolume} from '@site/src/data/virtual-machines';
import {describeLiveWrite, type LiveWrite} from './cost';

const write = (overrides: Partial<LiveWrite>): LiveWrite => ({
  operationId: 'createVirtualMachine',
  method: 'POST',
  url: 'https://api.example.com/v1/core/virtual-machines',
  summary: 'Create virtual machines',
  pathValues: {},
  body: undefined,
  ...overrides,
});

describe('the sentence of the live confirmation', () => {
  it('prices a VM create from the flavor data, for every flavor', () => {
    for (const flavor of flavors) {
      const sentence = describeLiveWrite(write({body: {flavor_name: flavor.name, count: 1}}));
      expect(sentence).toContain(
        `Creates 1 VM of ${flavor.name}, billed ${formatRate(flavor.pricePerHour)} until you delete it, plus ${formatRate(bootVolume.sizeGb * policies.volumePricePerGbHour)} for its ${bootVolume.sizeGb} GB boot volume.`,
      );
      expect(sentence).toContain('Sends a real POST to https://api.example.com/v1/core/virtual-machines: it will create virtual machines.');
    }
  });

  it('multiplies by the count, adds public IPs, and uses the spot price for spot VMs', () => {
    const flavor = flavors.find((f) => f.spotPricePerHour !== null)!;
    const sentence = describeLiveWrite(write({body: {flavor_name: flavor.name, count: 3, spot: true, assign_floating_ip: true}}));
    expect(sentence).toContain(
      `Creates 3 VMs of ${flavor.name} at the spot price, billed ${formatRate(flavor.spotPricePerHour! * 3)} until you delete them, plus ${formatRate(bootVolume.sizeGb * policies.volumePricePerGbHour * 3)} for their ${bootVolume.sizeGb} GB boot volumes and ${formatRate(policies.publicIpPricePerHour * 3)} for their public IPs.`,
    );
  });

  it('adds no boot volume for VMs booted from a volume the reader names', () => {
    const sentence = describeLiveWrite(write({body: {flavor_name: 'n3-H100x1', boot_volume_name: 'golden'}}));
    expect(sentence).toMatch(/until you delete it\. Sends/);
    expect(sentence).not.toContain('boot volume');
  });

  it('reads "billed $1.90 per hour" for one n3-H100x1, as the pricing pages do', () => {
    const h100 = flavors.find((f) => f.name === 'n3-H100x1')!;
    expect(describeLiveWrite(write({body: {flavor_name: 'n3-H100x1'}}))).toContain(`Creates 1 VM of n3-H100x1, billed ${formatRate(h100.pricePerHour)} until you delete it, plus`);
  });

  it('prices a volume by size and type, per hour and per month', () => {
    for (const kind of storageKinds.filter((k) => k.id === 'cloud-ssd' || k.id === 'shared-ssd')) {
      const perHour = kind.pricePerGbHour! * 500;
      const sentence = describeLiveWrite(write({operationId: 'createVolume', url: 'https://api.example.com/v1/core/volumes', summary: 'Create a volume', body: {name: 'data', size_gb: 500, volume_type: kind.name}}));
      expect(sentence).toContain(`Creates a 500 GB ${kind.name} volume, billed ${formatRate(perHour)} (${formatRate(perHour, {per: 'month'})}) until you delete it.`);
    }
  });

  it('prices a resize by the new flavor', () => {
    const flavor = flavors.at(-1)!;
    const sentence = describeLiveWrite(write({operationId: 'resizeVirtualMachine', summary: 'Resize a VM', pathValues: {vm_id: '40213'}, body: {flavor_name: flavor.name}}));
    expect(sentence).toContain(`Moves VM 40213 to ${flavor.name}, billed ${formatRate(flavor.pricePerHour)} from then on.`);
  });

  it('says what any other write does, from its summary', () => {
    const sentence = describeLiveWrite(write({operationId: 'deleteVolume', method: 'DELETE', url: 'https://api.example.com/v1/core/volumes/7710', summary: 'Delete a volume'}));
    expect(sentence).toBe('Sends a real DELETE to https://api.example.com/v1/core/volumes/7710: it will delete a volume.');
  });

  it('does not invent a price for an unknown flavor', () => {
    expect(describeLiveWrite(write({body: {flavor_name: 'x9-imaginary'}}))).toContain("Creates 1 VM of x9-imaginary, billed at that flavor's price until you delete it.");
  });
});
