/**
 * What a live write does, in one sentence for the confirmation before it is sent: in
 * money where the site's data knows the price (a VM's flavor and boot volume, a volume's
 * size and type, a public IP), else what the operation's summary says it does. Prices come from src/data,
 * the same figures the pricing pages show.
 */
import {flavors, policies} from '@site/src/data/platform';
import {formatRate} from '@site/src/data/prices';
import {storageKinds} from '@site/src/data/storage';
import {bootVolume} from '@site/src/data/virtual-machines';

export interface LiveWrite {
  operationId: string;
  method: string;
  /** The full URL the request goes to. */
  url: string;
  summary: string;
  /** Path parameter values by name. */
  pathValues: Record<string, string>;
  /** The parsed body, if any. */
  body: unknown;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const field = (body: unknown, name: string): unknown => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined);
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const vmName = (id: string | undefined) => (id ? `VM ${id}` : 'the VM');

function vmCreate(body: unknown): string | null {
  const flavorName = field(body, 'flavor_name');
  if (typeof flavorName !== 'string') return null;
  const rawCount = field(body, 'count');
  const count = typeof rawCount === 'number' && Number.isInteger(rawCount) && rawCount > 0 ? rawCount : 1;
  const spot = field(body, 'spot') === true;
  const vms = `${count} ${plural(count, 'VM', 'VMs')}`;
  const them = plural(count, 'it', 'them');
  const flavor = flavors.find((f) => f.name === flavorName);
  if (!flavor) return `Creates ${vms} of ${flavorName}, billed at that flavor's price until you delete ${them}.`;
  const perHour = spot && flavor.spotPricePerHour !== null ? flavor.spotPricePerHour : flavor.pricePerHour;
  let sentence = `Creates ${vms} of ${flavor.name}${spot ? ' at the spot price' : ''}, billed ${formatRate(perHour * count)} until you delete ${them}`;
  // A VM booted from an image gets a new boot volume, billed at the volume price until the VM
  // is deleted; one booted from a volume the reader names reuses it, already billed.
  const fromVolume = field(body, 'boot_volume_name') !== undefined || field(body, 'boot_volume_id') !== undefined;
  const extras: string[] = [];
  if (!fromVolume) {
    extras.push(`${formatRate(bootVolume.sizeGb * policies.volumePricePerGbHour * count)} for ${plural(count, `its ${bootVolume.sizeGb} GB boot volume`, `their ${bootVolume.sizeGb} GB boot volumes`)}`);
  }
  if (field(body, 'assign_floating_ip') === true) {
    extras.push(`${formatRate(policies.publicIpPricePerHour * count)} for ${plural(count, 'its public IP', 'their public IPs')}`);
  }
  if (extras.length) sentence += `, plus ${extras.join(' and ')}`;
  return `${sentence}.`;
}

function volumeCreate(body: unknown): string | null {
  const size = field(body, 'size_gb');
  if (typeof size !== 'number' || !(size > 0)) return null;
  const typeName = field(body, 'volume_type');
  const kind = storageKinds.find((k) => k.name === (typeof typeName === 'string' ? typeName : 'Cloud-SSD'));
  if (!kind || kind.pricePerGbHour === null) return `Creates a ${size} GB volume, billed until you delete it.`;
  const perHour = kind.pricePerGbHour * size;
  return `Creates a ${size} GB ${kind.name} volume, billed ${formatRate(perHour)} (${formatRate(perHour, {per: 'month'})}) until you delete it.`;
}

function vmResize(body: unknown, vm: string | undefined): string | null {
  const flavorName = field(body, 'flavor_name');
  const flavor = flavors.find((f) => f.name === flavorName);
  if (!flavor) return null;
  return `Moves ${vmName(vm)} to ${flavor.name}, billed ${formatRate(flavor.pricePerHour)} from then on.`;
}

/** The sentence the live confirmation shows before `write` is sent. */
export function describeLiveWrite(write: LiveWrite): string {
  const priced =
    write.operationId === 'createVirtualMachine'
      ? vmCreate(write.body)
      : write.operationId === 'createVolume'
        ? volumeCreate(write.body)
        : write.operationId === 'resizeVirtualMachine'
          ? vmResize(write.body, write.pathValues.vm_id)
          : write.operationId === 'attachFloatingIp'
            ? `Attaches a public IP to ${vmName(write.pathValues.vm_id)}, billed ${formatRate(policies.publicIpPricePerHour)} while it stays attached.`
            : null;
  const action = `Sends a real ${write.method} to ${write.url}: it will ${lowerFirst(write.summary.replace(/\.$/, ''))}.`;
  return priced ? `${priced} ${action}` : action;
}
