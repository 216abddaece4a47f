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
