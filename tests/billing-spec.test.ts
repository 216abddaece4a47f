// The billing and pricebook parts of the spec state the facts src/data/billing.ts and the
// billing pages give: resource types, prices, the contract example and the run-out rules.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../plugins/openapi/spec';
import {billableResourceTypes, contractCosts, creditCheckedOperations, creditRunout, exampleContract} from '../src/data/billing';
import {flavors, policies} from '../src/data/platform';
import {type Money, toMoney} from '../src/data/prices';
import {storageKind} from '../src/data/storage';

const spec = loadSpec(path.resolve(__dirname, '../openapi')) as unknown as {components: {schemas: Record<string, Record<string, unknown>>; responses: Record<string, unknown>}};
const ops = operations(spec as never);
const op = (id: string) => ops.find((o) => (o.operation as {operationId: string}).operationId === id)!.operation as Record<string, any>;

describe('billing facts in the spec', () => {
  it('enumerates every billable resource type the billing pages describe', () => {
    expect(spec.components.schemas.BillingResourceType.enum).toEqual(billableResourceTypes.map((t) => t.id));
  });

  it('prices every pricebook entry as the data does', () => {
    const entries = op('listPricebookEntries').responses['200'].content['application/json'].example.pricebook_entries as {name: string; price_per_unit: Money}[];
    const expected: Record<string, number> = {
      'volume-storage': policies.volumePricePerGbHour,
      'public-ipv4': policies.publicIpPricePerHour,
      'shared-ssd-storage': storageKind('shared-ssd').pricePerGbHour!,
      'hp-file-storage': storageKind('hp-file').pricePerGbHour!,
      'snapshot-storage': policies.snapshotPricePerGbHour,
      'object-storage': policies.objectStoragePricePerGbHour,
      ...Object.fromEntries(flavors.map((f) => [f.name, f.pricePerHour])),
    };
    for (const e of entries) expect(e.price_per_unit, e.name).toEqual(toMoney(expected[e.name]));
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(expected).sort());
  });

  it('shows the worked contract in the contract example', () => {
    const contract = op('getContract').responses['200'].content['application/json'].example.contract;
    const c = contractCosts();
    expect(contract.id).toBe(exampleContract.id);
    expect(contract.committed_hourly_cost).toEqual(toMoney(c.committedHourly));
    expect(contract.items[0]).toMatchObject({flavor_name: exampleContract.flavor, quantity: exampleContract.quantity, list_price_per_hour: toMoney(c.list), contract_price_per_hour: toMoney(c.contractPrice), discount_percent: exampleContract.discountPercent});
  });

  it('states the grace period and the deletion delay of the data', () => {
    const text = op('getCreditBalance').description as string;
    expect(text).toContain(`working for ${policies.negativeBalanceGraceHours} hours`);
    expect(text).toContain(`deleted ${creditRunout.deletionAfterGraceDays} days later`);
    expect(text).toContain(`minimum of ${policies.minimumTopUpUsd} USD`);
  });

  it('lets every credit-checked operation answer 403 with insufficient_credit, listed among its error codes', () => {
    for (const id of creditCheckedOperations) {
      expect(op(id)['x-error-codes'], id).toContain('insufficient_credit');
      const ref = op(id).responses['403']?.$ref as string;
      const response = spec.components.responses[ref.split('/').pop()!] as {description: string};
      expect(response.description, id).toContain('insufficient_credit');
    }
  });
});
