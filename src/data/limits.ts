/**
 * Limits, quotas and retention periods that pages and the API spec state. Pages render
 * them with `<Limit name="…" />`; a test ties the spec's numbers to these.
 */
import {policies} from './platform';

export interface LimitFact {
  value: number;
  /** The unit as it reads after the number: "requests per minute", "characters". */
  unit: string;
  /** What the number limits, for the reference tables. */
  what: string;
}

export const limits = {
  /** Requests one API key may make per minute (`429 rate_limited` beyond). */
  apiRequestsPerMinute: {value: 600, unit: 'requests per minute', what: 'API requests per key'},
  /** Items a list returns when `page_size` is not given. */
  pageSizeDefault: {value: 50, unit: 'items', what: 'Default page size of list operations'},
  /** The largest `page_size` a list accepts. */
  pageSizeMax: {value: 200, unit: 'items', what: 'Largest page size of list operations'},
  /** How long a response is kept for replay under its `Idempotency-Key`. */
  idempotencyWindowHours: {value: 24, unit: 'hours', what: 'Idempotency key lifetime'},
  /** Longest `Idempotency-Key`. */
  idempotencyKeyMaxLength: {value: 64, unit: 'characters', what: 'Idempotency key length'},
  /** Labels one resource may carry. */
  labelsPerResource: {value: 32, unit: 'labels', what: 'Labels per resource'},
  /** Longest label key. */
  labelKeyMaxLength: {value: 63, unit: 'characters', what: 'Label key length'},
  /** Longest label value. */
  labelValueMaxLength: {value: 255, unit: 'characters', what: 'Label value length'},
  /** How far back VM metrics can be read. */
  metricsRetentionDays: {value: 30, unit: 'days', what: 'VM metrics retention'},
  /** How often VM metrics are sampled. */
  metricsSampleSeconds: {value: 60, unit: 'seconds', what: 'VM metrics sampling interval'},
  /** Most points one VM metrics request may return: its window divided by its `step` (the spec's `step` parameter). */
  metricsMaxSteps: {value: 1440, unit: 'steps', what: 'Points per VM metrics request'},
  /** How long cluster events are kept (and at least as long as the cluster exists). */
  clusterEventsRetentionDays: {value: 90, unit: 'days', what: 'Cluster events retention'},
  /** GPUs an organization may run at once before a quota increase. */
  defaultGpuQuota: {value: policies.defaultGpuQuota, unit: 'GPUs', what: 'Default GPU quota per organization'},
  /** Largest cloud-init `user_data` of a VM or provisioning profile (the spec's `maxLength`, 65,536 characters). */
  userDataMaxKiB: {value: 64, unit: 'KiB', what: 'cloud-init user data size'},
  /** Largest virtual disk of a custom image, whether imported or saved from a VM. */
  customImageMaxGb: {value: 2000, unit: 'GB', what: 'Largest custom image (virtual disk size)'},
  /** Custom images one organization may keep across all regions. */
  customImagesPerOrganization: {value: 50, unit: 'custom images', what: 'Custom images per organization'},
  /** Most recent console lines one console log request may collect. */
  consoleLogMaxLines: {value: 10000, unit: 'lines', what: 'Lines per console log'},
  /** How long a collected console log can be read after the request. */
  consoleLogRetentionHours: {value: 24, unit: 'hours', what: 'Console log retention'},
  /** Identical VMs one create request makes (the spec's `VirtualMachineCreate.count` maximum). */
  vmsPerCreateRequest: {value: 20, unit: 'VMs', what: 'VMs per create request'},
  /** Rules one `createFirewall` request may carry (the spec's `FirewallCreate.rules` maxItems); more are added with `addFirewallRule`. */
  firewallRulesPerCreate: {value: 100, unit: 'rules', what: 'Rules in one create-firewall request'},
  /** VMs one firewall may be attached to at once (the spec's `FirewallAttach.vm_ids` maxItems). */
  vmsPerFirewall: {value: 100, unit: 'VMs', what: 'VMs one firewall is attached to'},
  /** Hours resources keep running after the balance reaches zero. */
  negativeBalanceGraceHours: {value: policies.negativeBalanceGraceHours, unit: 'hours', what: 'Grace period at a zero balance'},
} as const satisfies Record<string, LimitFact>;

export type LimitName = keyof typeof limits;

/** "600 requests per minute". */
export const formatLimit = (name: LimitName): string => `${limits[name].value.toLocaleString('en-US')} ${limits[name].unit}`;
