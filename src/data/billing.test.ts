import {describe, expect, it} from 'vitest';
import {billableResourceTypes, contractCosts, creditCheckedOperations, creditRunout, keptVolumeCosts, runoutTimeline, stateBilling, trainingWeek, trainingWeekCosts} from './billing';
import {policies, vmStates} from './platform';

describe('billing facts', () => {
  it('bills the flavor in the same states as vmStates', () => {
    for (const s of stateBilling.filter((s) => s.status !== 'deleted')) {
      expect(vmStates.find((v) => v.status === s.status)?.billed, s.status).toBe(s.flavorBilled);
    }
  });

  it('prices the training week per minute: days plus the billed HIBERNATING minutes', () => {
    const c = trainingWeekCosts();
    expect(c.flavorMinutes).toBe(7 * (720 + trainingWeek.hibernatingMinutesPerDay));
    expect(c.lines.flavor.cost).toBeCloseTo((c.flavorMinutes / 60) * 1.9, 6);
    expect(c.lines.dataVolume.cost).toBeCloseTo(500 * 168 * policies.volumePricePerGbHour, 9);
    expect(c.lines.publicIp.cost).toBeCloseTo(168 * policies.publicIpPricePerHour, 9);
    expect(c.saved).toBeCloseTo((168 - c.flavorHours) * 1.9, 6);
  });

  it('prices a kept volume on its size for every hour', () => {
    expect(keptVolumeCosts().cost).toBeCloseTo(1000 * 720 * policies.volumePricePerGbHour, 9);
  });

  it('derives the contract from the list price and the discount', () => {
    const c = contractCosts();
    expect(c.contractPrice).toBe(15.2);
    expect(c.committedHourly).toBe(30.4);
    expect(c.breakEvenShare).toBeCloseTo(0.8, 9);
  });

  it('orders the run-out timeline and takes the grace period from the policies', () => {
    const steps = runoutTimeline().filter((s) => s.atHours !== null).map((s) => s.atHours!);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps).toContain(policies.negativeBalanceGraceHours);
    expect(steps.at(-1)).toBe(policies.negativeBalanceGraceHours + creditRunout.deletionAfterGraceDays * 24);
  });

  it('lists each resource type once and credit-checked operations once', () => {
    expect(new Set(billableResourceTypes.map((t) => t.id)).size).toBe(billableResourceTypes.length);
    expect(new Set(creditCheckedOperations).size).toBe(creditCheckedOperations.length);
  });
});
