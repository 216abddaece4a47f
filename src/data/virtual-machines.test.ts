// The virtual-machines facts agree with the platform data and with the API spec.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec} from '../../plugins/openapi/spec';
import {policies, vmStates} from './platform';
import {limits} from './limits';
import {gpuQuota} from './organization';
import {bootVolume, cloudInitEveryBoot, cloudInitStages, customImageRules, imageImportFormats, settledStates, vmActions} from './virtual-machines';

const spec = loadSpec(path.resolve(__dirname, '../../openapi')) as unknown as {
  paths: Record<string, Record<string, {operationId?: string; description?: string}>>;
  components: {schemas: Record<string, {properties?: Record<string, {maxLength?: number; maximum?: number; enum?: string[]; description?: string}>}>};
};
const schemas = spec.components.schemas;
const operations = Object.values(spec.paths).flatMap((item) => Object.values(item));
const operation = (id: string) => operations.find((op) => op.operationId === id);

describe('virtual-machines data', () => {
  it('takes the flavor billing of every settled status from vmStates', () => {
    for (const state of settledStates.filter((s) => s.status !== 'deleted')) {
      expect(vmStates.find((v) => v.status === state.status)?.billed, state.status).toBe(state.flavorBilled);
    }
    expect(settledStates.find((s) => s.status === 'deleted')!.flavorBilled).toBe(false);
  });

  it('bills the boot volume at the volume price in every status, never as part of the flavor', () => {
    for (const state of settledStates.filter((s) => s.status !== 'deleted')) {
      expect(state.bootVolume, state.status).toContain('billed at the volume price');
      expect(state.bootVolume, state.status).not.toMatch(/flavor/i);
    }
  });

  it('counts GPUs against the quota in every settled status but HIBERNATED, ERROR included', () => {
    expect(settledStates.filter((s) => s.countsAgainstGpuQuota).map((s) => s.status)).toEqual(['ACTIVE', 'SHUTOFF', 'ERROR']);
  });

  it('counts the GPU quota of a VM status as the VM row of gpuQuota says', () => {
    const vmRow = gpuQuota.uses.find((u) => u.what === 'Virtual machines')!;
    expect(vmRow.counts).toBe(true);
    for (const state of settledStates.filter((s) => s.status !== 'deleted')) {
      const excepted = gpuQuota.vmStatusesNotCounted.includes(state.status);
      expect(state.countsAgainstGpuQuota, state.status).toBe(!excepted);
    }
    for (const status of gpuQuota.vmStatusesNotCounted) {
      expect(vmStates.some((v) => v.status === status), status).toBe(true);
      expect(vmRow.detail, status).toContain(`except \`${status}\``);
      expect(gpuQuota.summary, status).toContain(`except \`${status}\``);
      expect(gpuQuota.uses.some((u) => !u.counts && u.detail.includes(`\`${status}\``)), `a row that does not count names ${status}`).toBe(true);
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
    // What runs at every boot is a module some stage runs; runcmd runs once per VM.
    for (const m of cloudInitEveryBoot) expect(cloudInitStages.some((s) => s.runs.includes(`\`${m}\``)), m).toBe(true);
    expect(cloudInitEveryBoot).not.toContain('runcmd');
  });
});
