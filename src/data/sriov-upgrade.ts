/**
 * The flavor move the SR-IOV upgrade tutorial walks through: from a flavor whose network
 * interface is virtio (a port on the host's virtual switch) to the nearest flavor whose
 * interface is an SR-IOV virtual function. The tutorial renders specs and prices from
 * these flavors; `src/data/sriov-upgrade.test.ts` checks that the pair still fits.
 */
import {flavors, type Flavor} from './platform';

function flavor(name: string): Flavor {
  const found = flavors.find((f) => f.name === name);
  if (!found) throw new Error(`Unknown flavor "${name}"; known: ${flavors.map((f) => f.name).join(', ')}`);
  return found;
}

/** The flavor the tutorial's VMs start on (virtio network interface). */
export const fromFlavor: Flavor = flavor('n3-L40x1');
/** The flavor the tutorial moves them to (SR-IOV network interface). */
export const toFlavor: Flavor = flavor('n3-A100x1');

/** Guest kernel driver of each kind of interface, as `ethtool -i` names it. */
export const nicDrivers = {virtio: 'virtio_net', sriov: 'mlx5_core'} as const;

/** Extra cost per hour of moving `vmCount` VMs from `from` to `to`. */
export function extraCostPerHour(vmCount = 1, from: Flavor = fromFlavor, to: Flavor = toFlavor): number {
  return Math.round((to.pricePerHour - from.pricePerHour) * vmCount * 1e6) / 1e6;
}
