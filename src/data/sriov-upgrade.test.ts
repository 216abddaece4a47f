import {describe, expect, it} from 'vitest';
import {flavors} from './platform';
import {extraCostPerHour, fromFlavor, toFlavor} from './sriov-upgrade';

describe('the SR-IOV upgrade pair', () => {
  it('moves from a virtio flavor to an SR-IOV flavor of the same bandwidth', () => {
    expect(fromFlavor.sriov).toBe(false);
    expect(toFlavor.sriov).toBe(true);
    expect(toFlavor.networkGbps).toBe(fromFlavor.networkGbps);
  });

  it('moves to the cheapest single-GPU SR-IOV flavor', () => {
    const candidates = flavors.filter((f) => f.sriov && f.gpuCount === 1);
    const cheapest = candidates.reduce((a, b) => (a.pricePerHour <= b.pricePerHour ? a : b));
    expect(toFlavor.name).toBe(cheapest.name);
  });

  it('prices the move per VM and for a pair', () => {
    expect(extraCostPerHour()).toBeCloseTo(toFlavor.pricePerHour - fromFlavor.pricePerHour, 6);
    expect(extraCostPerHour(2)).toBeCloseTo(2 * extraCostPerHour(), 6);
    expect(extraCostPerHour()).toBeGreaterThan(0);
  });
});
