// The billing and pricebook parts of the spec state the facts src/data/billing.ts and the
// billing pages give: resource types, prices, the contract example, the run-out rules, the
// operations that check credit and the VM statuses that bill the flavor.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../plugins/openapi/spec';
import {operationsWithErrorCode} from '../plugins/openapi/operation-list';
import {billableResourceTypes, contractCosts, creditRunout, exampleContract, freeResources, hasStandingRate, invoicing, pricebookItems} from '../src/data/billing';
import {loadBalancer} from '../src/data/kubernetes';
import {policies, vmStates} from '../src/data/platform';
import {toMoney} from '../src/data/prices';

const spec = loadSpec(path.resolve(__dirname, '../openapi')) as unknown as {components: {schemas: Record<string, Record<string, any>>; responses: Record<string, unknown>}};
const ops = operations(spec as never);
const op = (id: string) => ops.find((o) => (o.operation as {operationId: string}).operationId === id)!.operation as Record<string, any>;
const has = (id: string) => ops.some((o) => o.operation.operationId === id);

/** `a`, `b` and `c` in a text: the backticked values, in order. */
const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

describe('billing facts in the spec', () => {
  it('enumerates every billable resource type the billing pages describe, one per billable thing', () => {
    const schema = spec.components.schemas.BillingResourceType;
    expect(schema.enum).toEqual(billableResourceTypes.map((t) => t.id));
    for (const t of billableResourceTypes) expect(schema.description, t.id).toContain(`(\`${t.id}\`)`);
    expect(spec.components.schemas.BillingUnit.enum).toEqual([...new Set(billableResourceTypes.map((t) => t.unit))]);
  });

  it('prices every pricebook entry as the data does, and lists every entry of the data', () => {
    const example = op('listPricebookEntries').responses['200'].content['application/json'].example;
    const entries = example.pricebook_entries as {resource_type: string; name: string; unit: string; description: string; price_per_unit: unknown}[];
    const items = pricebookItems();
    expect(entries.map((e) => ({resource_type: e.resource_type, name: e.name, unit: e.unit, description: e.description, price_per_unit: e.price_per_unit}))).toEqual(
      items.map((i) => ({resource_type: i.resourceType, name: i.name, unit: i.unit, description: i.description, price_per_unit: toMoney(i.pricePerUnit)})),
    );
    expect(example.total).toBe(items.length);
    // The types without entries of their own say which entries they are charged at.
    const text = op('listPricebookEntries').description as string;
    for (const t of billableResourceTypes.filter((x) => x.pricedAs)) expect(text, t.id).toContain(`\`${t.id}\``);
  });

  it('shows usage lines whose unit is their resource type\'s, and totals that add up', () => {
    const list = op('listUsageCosts').responses['200'].content['application/json'].example;
    const lastDay = op('getLastDayUsage').responses['200'].content['application/json'].example.usage;
    const cents = (lines: {cost: {amount: string}}[]) => lines.reduce((sum, l) => sum + Number(l.cost.amount), 0);
    for (const line of [...list.usage_costs, ...lastDay.resources] as {resource_type: string; unit: string}[]) {
      expect(line.unit, line.resource_type).toBe(billableResourceTypes.find((t) => t.id === line.resource_type)!.unit);
    }
    expect(cents(list.usage_costs)).toBeCloseTo(Number(list.total_cost.amount), 9);
    expect(cents(lastDay.resources)).toBeCloseTo(Number(lastDay.total_cost.amount), 9);
    expect(cents(lastDay.by_resource_type)).toBeCloseTo(Number(lastDay.total_cost.amount), 9);
    // The control plane and the worker nodes are lines of their own.
    const lastDayTypes = lastDay.resources.map((l: {resource_type: string}) => l.resource_type);
    expect(lastDayTypes).toEqual(expect.arrayContaining(['cluster', 'node_group']));
  });

  it('shows the worked contract in the contract example', () => {
    const contract = op('getContract').responses['200'].content['application/json'].example.contract;
    const c = contractCosts();
    expect(contract.id).toBe(exampleContract.id);
    expect(contract.committed_hourly_cost).toEqual(toMoney(c.committedHourly));
    expect(contract.items[0]).toMatchObject({flavor_name: exampleContract.flavor, quantity: exampleContract.quantity, list_price_per_hour: toMoney(c.list), contract_price_per_hour: toMoney(c.contractPrice), discount_percent: exampleContract.discountPercent});
  });

  it('states the grace period, what ends it and the deletion delay of the data', () => {
    const text = op('getCreditBalance').description as string;
    expect(text).toContain(`working for ${policies.negativeBalanceGraceHours} hours`);
    expect(text).toContain(`deleted ${creditRunout.deletionAfterGraceDays} days later`);
    expect(text).toContain(`minimum of ${policies.minimumTopUpUsd} USD`);
    expect(text).not.toMatch(/scaled to zero|deployments are stopped/);
    expect(text).toContain('control planes are kept');
  });

  it('makes every operation that adds something billable answer 403 insufficient_credit, listed among its error codes', () => {
    const forbidden = spec.components.responses.Forbidden as {description: string};
    expect(forbidden.description).toContain('insufficient_credit');
    for (const type of billableResourceTypes) {
      for (const id of type.addedBy) {
        expect(has(id), `${type.id}: ${id} is not in the spec`).toBe(true);
        expect(op(id)['x-error-codes'], `${type.id}: ${id}`).toContain('insufficient_credit');
        expect(op(id).responses['403']?.$ref, id).toBe('#/components/responses/Forbidden');
      }
    }
  });

  it('checks credit only on operations that add something billable', () => {
    const paid = new Set(billableResourceTypes.flatMap((t) => t.addedBy));
    const checked = operationsWithErrorCode(spec as never, 'insufficient_credit').map((o) => o.operationId);
    expect(checked.filter((id) => !paid.has(id))).toEqual([]);
  });

  it('classifies every operation that creates, adds or grows something as billable or free', () => {
    const classified = new Set([...billableResourceTypes.flatMap((t) => t.addedBy), ...freeResources.flatMap((r) => r.addedBy)]);
    for (const id of freeResources.flatMap((r) => r.addedBy)) expect(has(id), id).toBe(true);
    const adding = ops.filter((o) => {
      const id = o.operation.operationId ?? '';
      if (o.method === 'post' && /^(create|import|add|attach|generate|assign|synthesize|request|restore|start|resize)/.test(id)) return true;
      // An update that can grow something (a size or a count) adds to the bill.
      const body = (o.operation as {requestBody?: {content?: Record<string, {schema?: {$ref?: string}}>}}).requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = body ? spec.components.schemas[body.split('/').pop()!] : undefined;
      return o.method === 'patch' && Boolean(schema?.properties && Object.keys(schema.properties).some((p) => /^(size_gb|desired_count|replicas|flavor_name)$/.test(p)));
    });
    expect(adding.length).toBeGreaterThan(20);
    expect(adding.map((o) => o.operation.operationId).filter((id) => !classified.has(id!))).toEqual([]);
  });

  it('names exactly the billed statuses of vmStates in the listFlavors description', () => {
    const text = op('listFlavors').description as string;
    const sentence = text.match(/billed its flavor's hourly price[^.]*while it is([^.]*)\./)![1];
    expect(backticked(sentence)).toEqual(vmStates.filter((s) => s.billed).map((s) => s.status));
  });

  it('gives a billing rate for every type with a standing rate, and names the token-based types it refuses', () => {
    const text = op('getResourceBillingRate').description as string;
    const sentence = text.match(/The types billed in `million_tokens` \(([^)]*)\)/)![1];
    expect(backticked(sentence)).toEqual(billableResourceTypes.filter((t) => !hasStandingRate(t)).map((t) => t.id));
    expect(text).toMatch(/answers `422 validation_failed` for them/);
    expect(op('getResourceBillingRate')['x-error-codes']).toContain('validation_failed');
    // Every standing-rate unit is named, and the rate's quantity says what it counts per type.
    const schema = spec.components.schemas.BillingRate;
    const units = [...new Set(billableResourceTypes.filter(hasStandingRate).map((t) => t.unit))];
    for (const unit of units) expect(schema.properties.unit.description, unit).toContain(`\`${unit}\``);
    expect(schema.properties.unit.description).toContain('never `million_tokens`');
  });

  it('says where tax is charged as invoicing.tax does: on top-ups, shown on their receipts, never on usage', () => {
    const tax = invoicing.tax;
    expect([tax.includedInPrices, tax.chargedOn, tax.shownOn, tax.addedToInvoice]).toEqual([false, 'top-up', 'receipt', false]);
    expect(tax.statement).toMatch(/exclude tax/);
    expect(tax.statement).toMatch(/charged on each top-up.*receipt/);
    expect(tax.statement).toMatch(/invoice[^.;]*adds no tax/);
    expect(spec.components.schemas.Payment.properties.amount.description).toMatch(/excluding tax.*shown on the receipt.*never add tax/);
    expect(op('listPayments').description).toMatch(/`amount` is the credit added, excluding tax/);
    expect(op('listPricebookEntries').description).toMatch(/list prices, excluding tax/);
  });

  it('bills a Kubernetes LoadBalancer Service\'s address as a public_ip line of the cluster, as the data says', () => {
    const usage = loadBalancer.usage;
    expect(billableResourceTypes.some((t) => t.id === usage.resourceType)).toBe(true);
    expect(billableResourceTypes.find((t) => t.id === usage.resourceType)!.what).toContain(`LoadBalancer (\`resource_id\` ${usage.resourceId})`);
    const line = spec.components.schemas.UsageCost.properties;
    expect(line.resource_id.description).toContain(`for the address of a Kubernetes Service of type LoadBalancer, ${usage.resourceId}`);
    expect(line.resource_name.description).toMatch(/for a public IP, its address, a VM's or a LoadBalancer Service's/);
    expect(op('listUsageCosts').description).toContain(`a \`${usage.resourceType}\` line whose \`resource_id\` is ${usage.resourceId} and \`resource_name\` ${usage.resourceName}`);
  });

  it('says the master flavors are billed, as the control plane lines of usage show', () => {
    expect(op('listMasterFlavors').description).toMatch(/billed at its flavor's hourly price/);
    expect(billableResourceTypes.find((t) => t.id === 'cluster')!.what).toMatch(/control plane/);
    expect(billableResourceTypes.find((t) => t.id === 'cluster')!.billedWhen).not.toMatch(/not billed/);
    // The operations that create a cluster or its nodes say when each part is billed, as the data does.
    const flat = (id: string) => String(op(id).description).replace(/\s+/g, ' ');
    expect(billableResourceTypes.find((t) => t.id === 'cluster')!.billedWhen).toBe('From the cluster\'s creation until it is deleted');
    expect(flat('createCluster')).toContain('The control plane is billed from this request until the cluster is deleted');
    expect(billableResourceTypes.find((t) => t.id === 'node_group')!.billedWhen).toBe('While the nodes exist');
    expect(flat('createCluster')).toContain('Worker nodes are billed at their node group\'s flavor price while they exist');
    expect(flat('createNodeGroup')).toContain('billed at the group\'s flavor price while they exist');
    expect(flat('addClusterNodes')).toContain('billed at the group\'s flavor price while it exists');
    for (const id of ['createCluster', 'createNodeGroup', 'addClusterNodes']) expect(flat(id), id).not.toMatch(/billed like a VM/);
  });
});
