// The virtual-machines facts agree with the platform data and with the API spec.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {policies, vmStates} from './platform';
import {limits} from './limits';
import {bootVolume, cloudInitStages, customImageRules, imageImportFormats, settledStates, vmActions} from './virtual-machines';

const spec = loadSpec(path.resolve(__dirname, '../../openapi')) as unknown as {
  paths: Record<string, Record<string, {operationId?: string; description?: string}>>;
  components: {schemas: Record<string, {properties?: Record<string, {maxLength?: number; maximum?: number; enum?: string[]; description?: string}>}>};
};
const schemas = spec.components.schemas;
const operations = Object.values(spec.paths).flatMap((item) => Object.values(item));
const operation = (id: string) => operations.find((op) => op.operationId === id);

describe('virtual-machines data', () => {
  it('bills the flavor in exactly the settled statuses vmStates bills', () => {
    for (const state of settledStates.filter((s) => s.status !== 'deleted')) {
      expect(vmStates.find((v) => v.status === state.status)?.billed, state.status).toBe(state.flavorBilled);
    }
  });

  it('names only operations and statuses the spec has', () => {
    const statuses = new Set(vmStates.map((s) => s.status));
    for (const action of vmActions) {
      expect(operation(action.operationId), action.operationId).toBeDefined();
      expect(statuses.has(action.transitional)).toBe(true);
      for (const from of action.from) expect(statuses.has(from)).toBe(true);
    }
  });

  it('gives user data the size limit of limits.ts everywhere the spec accepts it', () => {
    const bytes = limits.userDataMaxKiB.value * 1024;
    expect(schemas.VirtualMachineCreate.properties!.user_data.maxLength).toBe(bytes);
    expect(schemas.ProfileCreate.properties!.user_data.maxLength).toBe(bytes);
    expect(schemas.VirtualMachineCreate.properties!.user_data.description).toContain(`${limits.userDataMaxKiB.value} KiB`);
  });

  it('states the custom image formats and limits of the data', () => {
    expect(schemas.ImageImport.properties!.format.enum).toEqual(imageImportFormats.map((f) => f.format));
    for (const id of ['createImage', 'importImage']) {
      expect(operation(id)!.description).toContain(`at most ${customImageRules.perOrganization} custom images`);
    }
    expect(operation('importImage')!.description).toContain(`at most ${customImageRules.maxGb.toLocaleString('en-US')} GB`);
    expect(operation('importImage')!.description).toContain(`at least ${customImageRules.downloadTimeoutHours} hours`);
    expect(operation('createImage')!.description).toContain(`for a ${bootVolume.sizeGb} GB boot volume`);
  });

  it('states the spot notice and console log limits of the data', () => {
    expect(schemas.VirtualMachineCreate.properties!.spot.description).toContain(`${policies.spotInterruptionNoticeSeconds} seconds of notice`);
    expect(operation('attachVirtualMachineCallback')!.description).toContain(`${policies.spotInterruptionNoticeSeconds} seconds of notice`);
    expect(schemas.ConsoleLogRequest.properties!.lines.maximum).toBe(limits.consoleLogMaxLines.value);
    expect(operation('getConsoleLog')!.description).toContain(`${limits.consoleLogRetentionHours.value} hours`);
  });

  it('lists the cloud-init stages in boot order', () => {
    expect(cloudInitStages.map((s) => s.stage)).toEqual(['Local', 'Network', 'Config', 'Final']);
  });
});
