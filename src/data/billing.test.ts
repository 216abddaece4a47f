import {describe, expect, it} from 'vitest';
import {billableResourceTypes, contractCosts, creditRunout, freeResources, keptVolumeCosts, pricebookItems, runoutRules, runoutTimeline, trainingWeek, trainingWeekCosts} from './billing';
import {policies} from './platform';

describe('billing facts', () => {
  it('prices the training week per minute: days plus the billed HIBERNATING minutes', () => {
    const c = trainingWeekCosts();
    expect(c.flavorMinutes).toBe(7 * (720 + trainingWeek.hibernatingMinutesPerDay));
    expect(c.lines.flavor.cost).toBeCloseTo((c.flavorMinutes / 60) * 1.9, 6);
    expect(c.lines.dataVolume.cost).toBeCloseTo(500 * 168 * policies.volumePricePerGbHour, 9);
    expect(c.lines.publicIp.cost).toBeCloseTo(168 * policies.publicIpPricePerHour, 9);
    expect(c.saved).toBeCloseTo((168 - c.flavorHours) * 1.9, 6);
  });

  it('bills the boot volume of the training week at the volume price for every hour, whatever the state', () => {
    const c = trainingWeekCosts();
    expect(c.lines.bootVolume.quantity).toBe(trainingWeek.bootVolumeGb * c.weekHours);
    expect(c.lines.bootVolume.cost).toBeCloseTo(trainingWeek.bootVolumeGb * c.weekHours * policies.volumePricePerGbHour, 9);
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

  it('says what happens to every billable resource type when credit runs out, in exactly one rule', () => {
    const covered = runoutRules.flatMap((r) => r.resourceTypes);
    expect([...covered].sort()).toEqual(billableResourceTypes.map((t) => t.id).sort());
  });

  it('writes the end of the grace period from the per-kind rules, never in words of its own', () => {
    const end = runoutTimeline().find((s) => s.atHours === creditRunout.graceHours)!.what;
    for (const rule of runoutRules) {
      expect(end, rule.kind).toContain(rule.atGraceEnd.startsWith('Nothing') ? rule.kind.slice(1) : rule.atGraceEnd.slice(1));
    }
    expect(end).not.toMatch(/scaled to zero|stopped/);
  });

  it('lists each resource type once, and each operation that adds something in one place', () => {
    expect(new Set(billableResourceTypes.map((t) => t.id)).size).toBe(billableResourceTypes.length);
    for (const t of billableResourceTypes) expect(t.addedBy.length > 0 || Boolean(t.notCreditChecked), t.id).toBe(true);
    const free = freeResources.flatMap((r) => r.addedBy);
    const paid = new Set(billableResourceTypes.flatMap((t) => t.addedBy));
    expect(free.filter((id) => paid.has(id))).toEqual([]);
  });

  it('has one pricebook entry per name and resource type, in the units of the type', () => {
    const items = pricebookItems();
    expect(new Set(items.map((i) => `${i.resourceType}/${i.name}`)).size).toBe(items.length);
    for (const item of items) {
      const type = billableResourceTypes.find((t) => t.id === item.resourceType)!;
      expect(type.pricedAs, `${item.resourceType} is priced as another type's entries`).toBeUndefined();
      expect(item.unit, item.name).toBe(type.unit);
    }
    const withEntries = new Set(items.map((i) => i.resourceType));
    for (const t of billableResourceTypes) expect(withEntries.has(t.id) || Boolean(t.pricedAs), t.id).toBe(true);
  });
});
