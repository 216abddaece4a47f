import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {flavors, policies} from './platform';
import {bootVolume} from './virtual-machines';
import {bastionBreakEvenVms, bastionHourlyCost, dataTransferFree, defaultVmRule, fabricFlavors, firewallPolicy, flavorBandwidthGbps, inCidr, privateNetwork, sriovFlavors} from './network';

/** A description with its line breaks as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Every doc page's source, with its path relative to the site. */
function docSources(): {file: string; text: string}[] {
  const dir = path.resolve(__dirname, '../../docs');
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => ({file: `docs/${f}`, text: readFileSync(path.join(dir, f), 'utf8')}));
}

/** Private addresses with a prefix length (`10.0.4.17/16`) that lie inside the environment's range. */
function privatePrefixesIn(text: string): {address: string; prefix: number; line: number}[] {
  const out: {address: string; prefix: number; line: number}[] = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/\b(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})\b/g)) {
      if (inCidr(m[1], privateNetwork.cidr)) out.push({address: m[1], prefix: Number(m[2]), line: i + 1});
    }
  });
  return out;
}

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

  it('gives every private address a page writes with a prefix the prefix of the data\'s range', () => {
    const prefix = Number(privateNetwork.cidr.split('/')[1]);
    // The check fails on a /24 written for the environment's /16 network.
    expect(privatePrefixesIn('ens3 UP 10.0.4.17/24\nfrom 203.0.113.0/24').map((p) => p.prefix)).toEqual([24]);
    const wrong = docSources().flatMap(({file, text}) => privatePrefixesIn(text)
      .filter((p) => p.prefix !== prefix)
      .map((p) => `${file}:${p.line}: ${p.address}/${p.prefix}, the private network is ${privateNetwork.cidr}`));
    expect(wrong).toEqual([]);
  });

  it('gives every VM in the spec the default firewall rules of the data', {timeout: 60_000}, () => {
    const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
    const lists = valuesOf(spec, 'firewall_rules').filter((v): v is Record<string, unknown>[] => Array.isArray(v) && v.length > 0 && typeof v[0] === 'object');
    expect(lists.length).toBeGreaterThan(0);
    for (const rules of lists) {
      for (const want of firewallPolicy.defaultVmRules) {
        const got = rules.find((r) => r.description === want.description);
        if (!got) continue; // a VM whose default rule was deleted
        expect({direction: got.direction, protocol: got.protocol, portRangeMin: got.port_range_min, portRangeMax: got.port_range_max, remoteCidr: got.remote_cidr}, want.description)
          .toEqual({direction: want.direction, protocol: want.protocol, portRangeMin: want.portRangeMin, portRangeMax: want.portRangeMax, remoteCidr: want.remoteCidr});
      }
    }
  });

  it('has the spec say how firewalls treat outbound and private traffic as the data does', {timeout: 60_000}, () => {
    const spec = loadSpec(path.resolve(__dirname, '../../openapi')) as unknown as {paths: Record<string, Record<string, {description: string}>>};
    const create = flat(spec.paths['/core/firewalls'].post.description);
    expect(firewallPolicy.unmatchedTraffic).toBe('dropped');
    expect(create).toContain('in both directions: traffic that no rule allows is dropped');
    expect(create).not.toMatch(/outbound traffic is allowed unless/);
    if (firewallPolicy.outboundOpenByDefault) expect(create).toContain(`\`${defaultVmRule('egress').description}\``);
    if (!firewallPolicy.filteredInsideEnvironment) expect(create).toContain('between VMs of one environment, on its private network, is never filtered');
    const vm = flat(spec.paths['/core/virtual-machines'].post.description);
    expect(vm).toContain(`SSH (TCP port ${defaultVmRule('ingress').portRangeMin}) from any address, and all outbound traffic`);
  });

  it('says data transfer is free only while both prices are zero', () => {
    expect(dataTransferFree).toBe(true);
  });

  it('finds where a bastion costs less than public IPs on every VM', () => {
    const vms = bastionBreakEvenVms();
    const ip = policies.publicIpPricePerHour;
    // The bastion's flavor, its own public IP and its boot volume at the volume price.
    const bastion = flavors.find((f) => f.name === 'n1-cpu-small')!.pricePerHour + ip + bootVolume.sizeGb * policies.volumePricePerGbHour;
    expect(bastionHourlyCost()).toBeCloseTo(bastion, 12);
    expect(vms * ip).toBeGreaterThanOrEqual(bastion - 1e-9);
    expect((vms - 1) * ip).toBeLessThan(bastion);
    expect(() => bastionBreakEvenVms('n9-none')).toThrow(/Unknown flavor/);
  });
});
