// House conventions of the real spec that the overview page promises and lint cannot see.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from './spec';

const doc = loadSpec(path.resolve(__dirname, '../../openapi'));
const schemas = doc.components.schemas as Record<string, {enum?: string[]; properties?: Record<string, unknown>}>;
type Response = {$ref?: string; content?: {'application/json'?: {schema?: {$ref?: string}; example?: {instance?: {status?: string}}}}};

describe('the API spec', () => {
  it('lets every POST take an Idempotency-Key, as the overview says', () => {
    const without = operations(doc)
      .filter((o) => o.method === 'post')
      .filter((o) => !(o.operation.parameters ?? []).some((p) => (p as {$ref?: string}).$ref === '#/components/parameters/IdempotencyKey'))
      .map((o) => o.operation.operationId);
    expect(without).toEqual([]);
  });

  describe('VM state model', () => {
    const statuses = schemas.VmStatus.enum ?? [];
    const settled = ['ACTIVE', 'SHUTOFF', 'HIBERNATED', 'ERROR'];
    const actions = ['startVirtualMachine', 'stopVirtualMachine', 'rebootVirtualMachine', 'hibernateVirtualMachine', 'restoreVirtualMachine', 'resizeVirtualMachine', 'deleteVirtualMachine'];

    it('answers every VM action with the VM in a transitional status of its own', () => {
      const shown = actions.map((id) => {
        const located = operations(doc).find((o) => o.operation.operationId === id);
        const accepted = located?.operation.responses?.['202'] as Response | undefined;
        const media = accepted?.content?.['application/json'];
        expect(media?.schema?.$ref, id).toBe('#/components/schemas/VirtualMachineResponse');
        return media?.example?.instance?.status ?? `${id}: no status`;
      });
      for (const status of shown) {
        expect(statuses).toContain(status);
        expect(settled).not.toContain(status);
      }
      expect(new Set(shown).size).toBe(actions.length);
    });

    it('counts every status on the dashboard', () => {
      const dashboard = Object.values(schemas).find((s) => s.properties?.virtual_machines) as {
        properties: {virtual_machines: {properties: {by_status: {required: string[]}}}};
      };
      expect([...dashboard.properties.virtual_machines.properties.by_status.required].sort()).toEqual([...statuses].sort());
    });
  });
});

// Money: one representation (the Money object) and one naming rule, as openapi/README.md says.
describe('money in the API spec', () => {
  const MONEY = '#/components/schemas/Money';
  /** Property names that read as money; each must be a Money object or be listed below. */
  const looksLikeMoney = /price|cost|balance|amount|usd|spend/i;
  /** Prices `price_per_<unit>`, amounts over a period or totals `<what>_cost` or `amount`, balances `balance`. */
  const moneyName = /^(?:[a-z0-9]+_)*(?:price_per_[a-z0-9_]+|cost|amount|balance)$/;
  /** Property names that look like money but never hold an amount, with the reason. */
  const notMoney: Record<string, string> = {
    credit_balance: 'the envelope of the CreditBalance resource, whose fields are Money',
    usage_costs: 'the list of UsageCost lines',
    pricebook_entries: 'the list of PricebookEntry items',
  };

  type Schema = {$ref?: string; properties?: Record<string, Schema>; oneOf?: Schema[]; anyOf?: Schema[]; type?: unknown};
  /** Money itself, or Money-or-null. */
  const isMoney = (s: Schema) => {
    const branches = [...(s.oneOf ?? []), ...(s.anyOf ?? [])];
    return s.$ref === MONEY || (branches.some((b) => b.$ref === MONEY) && branches.every((b) => b.$ref === MONEY || b.type === 'null'));
  };

  /** Every problem with money properties in a document: each named property of every schema, examples left out. */
  function moneyProblems(root: unknown): string[] {
    const problems: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}/${i}`));
      const object = node as Record<string, unknown>;
      // Money itself is the representation: its amount is the decimal string.
      if (at === 'components/schemas/Money') return;
      if (object.properties && typeof object.properties === 'object' && !Array.isArray(object.properties)) {
        for (const [name, property] of Object.entries(object.properties as Record<string, Schema>)) {
          const where = `${at}.${name}`;
          const money = isMoney(property);
          if (/usd/i.test(name)) problems.push(`${where}: names a currency; Money carries it`);
          if (money && !moneyName.test(name)) problems.push(`${where}: a money field is named price_per_<unit>, <what>_cost, amount or balance`);
          if (money && /^(?:rate|cost)_/.test(name)) problems.push(`${where}: no rate_ or cost_ prefix`);
          if (!money && looksLikeMoney.test(name) && !(name in notMoney)) problems.push(`${where}: not a Money object (or list it in notMoney with a reason)`);
        }
      }
      for (const [key, value] of Object.entries(object)) if (key !== 'example' && key !== 'examples') visit(value, at ? `${at}/${key}` : key);
    };
    visit(root, '');
    return problems;
  }

  it('finds a float price, a currency in a name and a Money field named against the rule', () => {
    const fixture = {
      components: {
        schemas: {
          Old: {type: 'object', properties: {hourly_cost_usd: {type: 'number'}, price: {type: 'number'}, rate_usd: {$ref: MONEY}, cost_total: {$ref: MONEY}, learning_rate: {type: 'number'}}},
          New: {type: 'object', properties: {hourly_cost: {$ref: MONEY}, spot_price_per_hour: {oneOf: [{type: 'null'}, {$ref: MONEY}]}}},
        },
      },
    };
    expect(moneyProblems(fixture)).toEqual([
      'components/schemas/Old.hourly_cost_usd: names a currency; Money carries it',
      'components/schemas/Old.hourly_cost_usd: not a Money object (or list it in notMoney with a reason)',
      'components/schemas/Old.price: not a Money object (or list it in notMoney with a reason)',
      'components/schemas/Old.rate_usd: names a currency; Money carries it',
      'components/schemas/Old.rate_usd: a money field is named price_per_<unit>, <what>_cost, amount or balance',
      'components/schemas/Old.rate_usd: no rate_ or cost_ prefix',
      'components/schemas/Old.cost_total: a money field is named price_per_<unit>, <what>_cost, amount or balance',
      'components/schemas/Old.cost_total: no rate_ or cost_ prefix',
    ]);
  });

  it('makes every money field of every schema a Money object named by the rule', () => {
    expect(moneyProblems(doc)).toEqual([]);
  });

  it('names no parameter after a currency', () => {
    const names: string[] = [];
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (typeof object.name === 'string' && typeof object.in === 'string') names.push(object.name);
      for (const value of Object.values(object)) visit(value);
    };
    visit(doc);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((n) => /usd/i.test(n))).toEqual([]);
  });

  it('writes every amount in the examples with 2 to 6 decimals, in a currency the Currency schema accepts', () => {
    const amount = new RegExp((schemas.Money.properties?.amount as {pattern: string}).pattern);
    const currency = new RegExp((schemas.Currency as {pattern?: string}).pattern ?? '^$');
    const seen: string[] = [];
    const wrong: string[] = [];
    const visit = (node: unknown, at: string, inExample: boolean): void => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      if (inExample && Object.keys(object).sort().join() === 'amount,currency') {
        seen.push(at);
        if (typeof object.amount !== 'string' || !amount.test(object.amount) || !/\.[0-9]{2,6}$/.test(object.amount)) wrong.push(`${at}: amount ${JSON.stringify(object.amount)}`);
        if (typeof object.currency !== 'string' || !currency.test(object.currency)) wrong.push(`${at}: currency ${JSON.stringify(object.currency)}`);
      }
      for (const [key, value] of Object.entries(object)) visit(value, `${at}/${key}`, inExample || key === 'example' || key === 'examples');
    };
    visit(doc, '', false);
    expect(seen.length).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });
});
