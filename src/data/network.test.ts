import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {flavors, policies} from './platform';
import {bastionBreakEvenVms, dataTransferFree, fabricFlavors, flavorBandwidthGbps, inCidr, privateNetwork, sriovFlavors} from './network';

/** Every value under a key of this name anywhere in the spec. */
function valuesOf(node: unknown, name: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((item) => valuesOf(item, name, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === name) out.push(v);
      valuesOf(v, name, out);
    }
  }
  return out;
}

describe('network facts', () => {
  it('tells whether an address is in a CIDR block', () => {
    expect(inCidr('10.0.4.17', '10.0.0.0/16')).toBe(true);
    expect(inCidr('10.1.4.17', '10.0.0.0/16')).toBe(false);
    expect(inCidr('203.0.113.24', '0.0.0.0/0')).toBe(true);
    expect(inCidr('198.51.100.7', '198.51.100.7/32')).toBe(true);
    expect(inCidr('198.51.100.8', '198.51.100.7/32')).toBe(false);
    expect(() => inCidr('10.0.300.1', '10.0.0.0/16')).toThrow(/Not an IPv4 address/);
    expect(() => inCidr('10.0.0.1', '10.0.0.0/33')).toThrow(/Not a CIDR block/);
  });

  it('keeps the platform addresses and the first VM address inside the private range', () => {
    for (const address of [privateNetwork.gateway, privateNetwork.dnsResolver, privateNetwork.firstVmAddress]) {
      expect(inCidr(address, privateNetwork.cidr)).toBe(true);
    }
  });

  it('keeps the spec\'s private and public example addresses where the pages say they are', {timeout: 60_000}, () => {
    const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
    const fixed = valuesOf(spec, 'fixed_ip').filter((v): v is string => typeof v === 'string' && /^\d/.test(v));
    expect(fixed.length).toBeGreaterThan(0);
    for (const address of fixed) expect(inCidr(address, privateNetwork.cidr), address).toBe(true);
    const floating = valuesOf(spec, 'floating_ip').filter((v): v is string => typeof v === 'string' && /^\d/.test(v));
    for (const address of floating) expect(inCidr(address, privateNetwork.cidr), address).toBe(false);
  });

  it('puts the high-speed fabric only on SR-IOV flavors, and reads bandwidth from the flavors', () => {
    expect(fabricFlavors().length).toBeGreaterThan(0);
    for (const flavor of fabricFlavors()) expect(sriovFlavors()).toContain(flavor);
    for (const flavor of flavors) expect(flavorBandwidthGbps(flavor.name)).toBe(flavor.networkGbps);
    expect(() => flavorBandwidthGbps('n9-none')).toThrow(/Unknown flavor "n9-none"/);
  });

  it('says data transfer is free only while both prices are zero', () => {
    expect(dataTransferFree).toBe(true);
  });

  it('finds where a bastion costs less than public IPs on every VM', () => {
    const vms = bastionBreakEvenVms();
    const ip = policies.publicIpPricePerHour;
    const bastion = flavors.find((f) => f.name === 'n1-cpu-small')!.pricePerHour + ip;
    expect(vms * ip).toBeGreaterThanOrEqual(bastion - 1e-9);
    expect((vms - 1) * ip).toBeLessThan(bastion);
    expect(() => bastionBreakEvenVms('n9-none')).toThrow(/Unknown flavor/);
  });
});
