/**
 * Network facts the network pages quote: the private network every environment gets,
 * public addressing, the high-speed fabric, and the ports of the remote-access guides.
 * Per-flavor bandwidth, SR-IOV and the fabric per flavor live on the flavors in
 * `platform.ts`; data-transfer prices live in `policies`.
 */
import {flavors, policies, type Flavor} from './platform';
import {bootVolume} from './virtual-machines';

/** The private network of an environment. Every environment gets its own, isolated one. */
export const privateNetwork = {
  /**
   * The IPv4 range of every environment's private network. Environments are isolated from
   * each other, so two environments use the same range without conflict.
   */
  cidr: '10.0.0.0/16',
  /** The environment router: default gateway, outbound NAT for VMs without a public IP. */
  gateway: '10.0.0.1',
  /** The DHCP server and DNS resolver of the network. */
  dnsResolver: '10.0.0.2',
  /** Addresses the platform keeps for routers, DHCP and load balancers. */
  reservedRange: '10.0.0.0 to 10.0.3.255',
  /** The first address handed to a VM; a VM keeps its address for its whole life. */
  firstVmAddress: '10.0.4.1',
  /** MTU of the private network interface (VXLAN overlay), announced by DHCP. */
  mtu: 1450,
  /** Internal DNS suffix: every VM resolves as `<vm-name>.<suffix>` inside its environment. */
  dnsSuffix: 'internal',
  /** Whether the platform's firewalls filter traffic between VMs of one environment (they do not). */
  filteredInsideEnvironment: false,
} as const;

/** Public addressing. */
export const publicAddressing = {
  /** Public addresses are IPv4 only; VMs have no IPv6 address. */
  ipv6: false,
  /** A public IP is a 1:1 NAT to the VM's private address: the guest only sees its `fixed_ip`. */
  oneToOneNat: true,
  /** Public IPs per VM. */
  perVm: 1,
  /** A released address is never reserved; the next attach gives a new one. */
  keptAfterDetach: false,
} as const;

/** One of the firewall rules every new VM starts with, as the API lists it in `firewall_rules`. */
export interface DefaultVmRule {
  description: string;
  direction: 'ingress' | 'egress';
  protocol: 'tcp' | 'udp' | 'icmp' | 'any';
  portRangeMin: number | null;
  portRangeMax: number | null;
  remoteCidr: string;
}

/**
 * How the platform's firewalls (a VM's own rules and the shared firewalls attached to it)
 * filter traffic. The firewalls page renders it, and network.test.ts ties the spec's
 * createFirewall description and VM examples to it.
 */
export const firewallPolicy = {
  /** There are only allow rules: a packet passes if any rule of the VM allows it. */
  allowRulesOnly: true,
  /** Traffic that no rule allows is dropped, inbound and outbound alike. */
  unmatchedTraffic: 'dropped',
  /** Replies to an allowed connection always pass. */
  stateful: true,
  /**
   * Outbound traffic is open on a new VM, but only because of its default outbound rule:
   * once that rule is deleted, outbound traffic needs an egress rule.
   */
  outboundOpenByDefault: true,
  /** The rules of its own every new VM starts with. */
  defaultVmRules: [
    {description: 'Default SSH access', direction: 'ingress', protocol: 'tcp', portRangeMin: 22, portRangeMax: 22, remoteCidr: '0.0.0.0/0'},
    {description: 'Default outbound access', direction: 'egress', protocol: 'any', portRangeMin: null, portRangeMax: null, remoteCidr: '0.0.0.0/0'},
  ] as const satisfies readonly DefaultVmRule[],
  /** Whether firewalls filter traffic between VMs of one environment: they guard the edge to the internet only. */
  filteredInsideEnvironment: privateNetwork.filteredInsideEnvironment,
} as const;

/** The default rule of a new VM that opens `direction` traffic. */
export function defaultVmRule(direction: 'ingress' | 'egress'): DefaultVmRule {
  const rule = firewallPolicy.defaultVmRules.find((r) => r.direction === direction);
  if (!rule) throw new Error(`No default ${direction} rule`);
  return rule;
}

/** The ports the remote-access guides open. */
export const ports = {
  ssh: 22,
  rdp: 3389,
  /** Local port the RDP guide forwards to, so it never clashes with a local RDP server. */
  rdpTunnelLocal: 13389,
} as const;

/** The high-speed fabric between VMs, on flavors whose `highSpeedNetwork` is set. */
export const highSpeedFabric = {
  /** Each environment is its own InfiniBand partition: other environments cannot reach it. */
  isolation: 'one InfiniBand partition (P_Key) per environment',
  /** Host channel adapters a VM sees, as named by `ibv_devinfo`. */
  hcaNames: ['mlx5_0', 'mlx5_1', 'mlx5_2', 'mlx5_3', 'mlx5_4', 'mlx5_5', 'mlx5_6', 'mlx5_7'],
  /** Whether the fabric carries IP (IPoIB) addresses: it does not; use RDMA verbs (NCCL, MPI). */
  ipOverInfiniband: false,
  /** VMs on the fabric must be in one environment and one region. */
  scope: 'VMs of a fabric flavor in the same environment',
} as const;

/** Flavors attached to the high-speed fabric. */
export function fabricFlavors(list: readonly Flavor[] = flavors): Flavor[] {
  return list.filter((f) => f.highSpeedNetwork !== null);
}

/** Flavors whose Ethernet interface is an SR-IOV virtual function. */
export function sriovFlavors(list: readonly Flavor[] = flavors): Flavor[] {
  return list.filter((f) => f.sriov);
}

/** The network bandwidth of a flavor in Gbit/s, shared by public and private traffic. */
export function flavorBandwidthGbps(name: string): number {
  const flavor = flavors.find((f) => f.name === name);
  if (!flavor) throw new Error(`Unknown flavor "${name}"; known: ${flavors.map((f) => f.name).join(', ')}`);
  return flavor.networkGbps;
}

/** Whether all data transfer, in and out, is free (it is: both prices are 0). */
export const dataTransferFree = policies.egressPricePerGb === 0 && policies.ingressPricePerGb === 0;

/**
 * Whether an IPv4 address is inside a CIDR block: `inCidr('10.0.4.17', '10.0.0.0/16')`.
 * Used by the tests to keep the spec's example addresses inside the documented range.
 */
export function inCidr(address: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const toInt = (ip: string) => ip.split('.').reduce((n, part) => {
    const octet = Number(part);
    if (!Number.isInteger(octet) || octet < 0 || octet > 255) throw new Error(`Not an IPv4 address: ${ip}`);
    return n * 256 + octet;
  }, 0);
  const size = Number(bits);
  if (!Number.isInteger(size) || size < 0 || size > 32) throw new Error(`Not a CIDR block: ${cidr}`);
  const mask = size === 0 ? 0 : (0xffffffff << (32 - size)) >>> 0;
  return ((toInt(address) & mask) >>> 0) === ((toInt(base) & mask) >>> 0);
}

/** What a bastion costs per hour: its flavor, its own public IP and its boot volume (`bootVolume`, billed at the volume price). */
export function bastionHourlyCost(bastionFlavor = 'n1-cpu-small'): number {
  const flavor = flavors.find((f) => f.name === bastionFlavor);
  if (!flavor) throw new Error(`Unknown flavor "${bastionFlavor}"; known: ${flavors.map((f) => f.name).join(', ')}`);
  return flavor.pricePerHour + policies.publicIpPricePerHour + bootVolume.sizeGb * policies.volumePricePerGbHour;
}

/**
 * How many VMs a bastion must stand in for before it costs less than giving each of them
 * a public IP: the bastion's flavor, its own public IP and its boot volume, against one
 * public IP per VM.
 */
export function bastionBreakEvenVms(bastionFlavor = 'n1-cpu-small'): number {
  return Math.ceil(bastionHourlyCost(bastionFlavor) / policies.publicIpPricePerHour);
}
