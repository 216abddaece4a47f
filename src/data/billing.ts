/**
 * Billing facts the billing pages state: what each resource type is metered on, what a VM
 * keeps and pays for in each state, what happens when credit runs out and when, and the
 * worked examples customers check against their usage lines. Prices come from
 * platform.ts, storage.ts and prices.ts; this module only combines them.
 */
import {flavors, policies} from './platform';
import {HOURS_PER_MONTH, flavorPricePerHour} from './prices';
import {storageKind} from './storage';

/** The `resource_type` values of the billing and pricebook API, and what each is metered on. */
export interface BillableResourceType {
  /** The API value, as in `BillingResourceType`. */
  id: 'virtual_machine' | 'volume' | 'public_ip' | 'snapshot' | 'cluster' | 'object_storage';
  /** What a usage line of this type is for. */
  what: string;
  /** The unit of its usage lines: per resource-hour or per GB-hour. */
  unit: 'hour' | 'gb_hour';
  /** When it accrues charges. */
  billedWhen: string;
}

export const billableResourceTypes: readonly BillableResourceType[] = [
  {id: 'virtual_machine', what: 'A VM\'s flavor (GPUs, vCPUs, RAM, ephemeral disk and local NVMe), on demand or spot', unit: 'hour', billedWhen: 'In the states the VM state table marks as billed'},
  {id: 'volume', what: 'A Cloud-SSD or Shared-SSD volume, or a high-performance file share, on its provisioned size', unit: 'gb_hour', billedWhen: 'From creation to deletion, attached or not, whatever the VM\'s state'},
  {id: 'public_ip', what: 'A public IPv4 address attached to a VM', unit: 'hour', billedWhen: 'While it is attached, in every VM state'},
  {id: 'snapshot', what: 'A snapshot of a boot volume, on its stored size', unit: 'gb_hour', billedWhen: 'From the moment it is available until it or its VM is deleted'},
  {id: 'cluster', what: 'A Kubernetes cluster\'s worker nodes, each at its node group\'s flavor price', unit: 'hour', billedWhen: 'While the nodes exist; the control plane is not billed'},
  {id: 'object_storage', what: 'Data stored in one object storage bucket', unit: 'gb_hour', billedWhen: 'For every GB stored; requests and transfer are free'},
];

/** What a VM keeps in a state, and which of its parts are billed. */
export interface StateBilling {
  status: 'ACTIVE' | 'SHUTOFF' | 'HIBERNATED' | 'ERROR' | 'deleted';
  /** Whether the flavor is billed (matches `vmStates` in platform.ts). */
  flavorBilled: boolean;
  gpu: string;
  ephemeralDisk: string;
  bootVolume: string;
  volumes: string;
  publicIp: string;
  snapshots: string;
}

export const stateBilling: readonly StateBilling[] = [
  {status: 'ACTIVE', flavorBilled: true, gpu: 'Held', ephemeralDisk: 'Kept', bootVolume: 'Kept, billed', volumes: 'Attached, billed', publicIp: 'Kept, billed', snapshots: 'Kept, billed'},
  {status: 'SHUTOFF', flavorBilled: true, gpu: 'Held (reserved)', ephemeralDisk: 'Kept', bootVolume: 'Kept, billed', volumes: 'Attached, billed', publicIp: 'Kept, billed', snapshots: 'Kept, billed'},
  {status: 'HIBERNATED', flavorBilled: false, gpu: 'Released', ephemeralDisk: 'Erased', bootVolume: 'Holds the saved VM, billed', volumes: 'Attached, billed', publicIp: 'Kept, billed', snapshots: 'Kept, billed'},
  {status: 'ERROR', flavorBilled: false, gpu: 'Depends on the failure', ephemeralDisk: 'Kept until deleted', bootVolume: 'Kept, billed', volumes: 'Attached, billed', publicIp: 'Kept, billed', snapshots: 'Kept, billed'},
  {status: 'deleted', flavorBilled: false, gpu: 'Released', ephemeralDisk: 'Erased', bootVolume: 'Deleted with the VM', volumes: 'Detached, kept, billed', publicIp: 'Released', snapshots: 'Deleted'},
];

/**
 * What happens when the credit balance runs out, in order. `afterZeroHours` is counted
 * from the minute the balance reaches zero.
 */
export const creditRunout = {
  /** An email warns owners and billing members when the balance covers fewer hours than this at the current spend. */
  lowBalanceWarningHours: 72,
  /** Hours from a zero balance to the suspension of compute (the grace period). */
  graceHours: policies.negativeBalanceGraceHours,
  /** Days from the end of the grace period to the deletion of every resource. */
  deletionAfterGraceDays: 14,
  /** Days before deletion on which a last warning is emailed. */
  deletionWarningDaysBefore: [7, 1] as readonly number[],
} as const;

/** One step of the run-out timeline, for the table on the billing policies page. */
export interface RunoutStep {
  /** Hours after the balance reached zero (negative: before it). */
  atHours: number | null;
  when: string;
  what: string;
}

/** The run-out timeline, derived from `creditRunout`, so the table and the prose agree. */
export function runoutTimeline(): RunoutStep[] {
  const grace = creditRunout.graceHours;
  const deletion = grace + creditRunout.deletionAfterGraceDays * 24;
  return [
    {atHours: null, when: `Balance covers less than ${creditRunout.lowBalanceWarningHours} hours of spend`, what: 'Email to owners and Billing members; nothing changes yet.'},
    {atHours: 0, when: 'Balance reaches zero', what: 'Grace period starts and `grace_period_ends_at` is set. Running resources keep running and the balance goes negative. Requests that would add a paid resource or start a billed state answer `403 insufficient_credit`.'},
    {atHours: grace, when: `${grace} hours after zero`, what: 'Grace period ends. Every VM in a billed state is hibernated (ephemeral disks erased), cluster node groups are scaled to zero nodes, AI studio deployments are stopped and object storage buckets become read-only. Storage and public IPs stay and are still billed.'},
    ...creditRunout.deletionWarningDaysBefore.map((days) => ({atHours: deletion - days * 24, when: `${days} ${days === 1 ? 'day' : 'days'} before deletion`, what: 'Email to owners and Billing members listing every resource that will be deleted.'})),
    {atHours: deletion, when: `${creditRunout.deletionAfterGraceDays} days after the grace period`, what: 'Every resource of the organization is deleted: VMs with their boot volumes and snapshots, volumes, file shares, clusters, buckets and their objects. Public IPs are released. Nothing can be recovered.'},
  ];
}

/** Operations that answer `403 insufficient_credit` while the balance is zero or negative. */
export const creditCheckedOperations: readonly string[] = [
  'createVirtualMachine',
  'startVirtualMachine',
  'restoreVirtualMachine',
  'resizeVirtualMachine',
  'restoreSnapshot',
  'createSnapshot',
  'createVolume',
  'attachFloatingIp',
  'createCluster',
  'createNodeGroup',
  'updateNodeGroup',
  'addClusterNodes',
];

/** Minutes, as usage lines meter them, turned into hours. */
const hours = (minutes: number) => minutes / 60;

/**
 * Worked example 1: one week of a training VM that runs by day and is hibernated every night.
 * The flavor is billed while ACTIVE and HIBERNATING, not while HIBERNATED or RESTORING.
 */
export const trainingWeek = {
  flavor: 'n3-H100x1',
  days: 7,
  /** Minutes ACTIVE per day (08:00 to 20:00). */
  activeMinutesPerDay: 12 * 60,
  /** Minutes HIBERNATING per evening (billed). */
  hibernatingMinutesPerDay: 4,
  /** Minutes RESTORING per morning (not billed). */
  restoringMinutesPerDay: 3,
  bootVolumeGb: 100,
  dataVolumeGb: 500,
  publicIps: 1,
} as const;

export function trainingWeekCosts() {
  const w = trainingWeek;
  const weekHours = w.days * 24;
  const flavorMinutes = w.days * (w.activeMinutesPerDay + w.hibernatingMinutesPerDay);
  const flavorHours = hours(flavorMinutes);
  const rate = flavorPricePerHour(w.flavor);
  const volumeRate = policies.volumePricePerGbHour;
  const lines = {
    flavor: {quantity: flavorHours, cost: flavorHours * rate},
    bootVolume: {quantity: w.bootVolumeGb * weekHours, cost: w.bootVolumeGb * weekHours * volumeRate},
    dataVolume: {quantity: w.dataVolumeGb * weekHours, cost: w.dataVolumeGb * weekHours * volumeRate},
    publicIp: {quantity: weekHours * w.publicIps, cost: weekHours * w.publicIps * policies.publicIpPricePerHour},
  };
  const total = lines.flavor.cost + lines.bootVolume.cost + lines.dataVolume.cost + lines.publicIp.cost;
  const storageAndIp = total - lines.flavor.cost;
  /** The same week with the VM left running (or stopped) at night: the flavor is billed every hour. */
  const alwaysOn = weekHours * rate + storageAndIp;
  return {weekHours, flavorMinutes, flavorHours, lines, total, alwaysOn, saved: alwaysOn - total};
}

/** Worked example 2: a volume kept after its VM is deleted. */
export const keptVolume = {
  sizeGb: 1000,
  days: 30,
  /** A snapshot the deleted VM had, deleted with it. */
  snapshotGb: 38,
} as const;

export function keptVolumeCosts() {
  const h = keptVolume.days * 24;
  const quantity = keptVolume.sizeGb * h;
  return {
    hours: h,
    quantity,
    cost: quantity * policies.volumePricePerGbHour,
    perMonth: keptVolume.sizeGb * HOURS_PER_MONTH * policies.volumePricePerGbHour,
    perDay: keptVolume.sizeGb * 24 * policies.volumePricePerGbHour,
  };
}

/** Worked example 3: a committed-use contract, as the spec's contract example (id 315). */
export const exampleContract = {
  id: 315,
  flavor: 'n3-H100x8',
  quantity: 2,
  discountPercent: 20,
  /** Hours in the month of the example (a 30-day month). */
  monthHours: 30 * 24,
  /** A third VM of the flavor, beyond the commitment, runs this many hours. */
  extraVmHours: 500,
} as const;

/** Rounds to cents the way contract prices are quoted. */
const cents = (usd: number) => Math.round(usd * 100) / 100;

export function contractCosts() {
  const c = exampleContract;
  const list = flavorPricePerHour(c.flavor);
  const contractPrice = cents(list * (1 - c.discountPercent / 100));
  const committedHourly = cents(contractPrice * c.quantity);
  const committedMonth = committedHourly * c.monthHours;
  const extra = c.extraVmHours * list;
  const listFullUse = c.quantity * c.monthHours * list;
  /** Hours per month each committed VM must run for the contract to cost less than list prices. */
  const breakEvenHours = committedMonth / (c.quantity * list);
  return {list, contractPrice, committedHourly, committedMonth, extra, total: committedMonth + extra, listFullUse, saved: listFullUse - committedMonth, breakEvenHours, breakEvenShare: breakEvenHours / c.monthHours};
}

/** Worked example 4: snapshot storage, one snapshot kept for a month. */
export function snapshotMonthCost(sizeGb: number): number {
  return sizeGb * HOURS_PER_MONTH * policies.snapshotPricePerGbHour;
}

/** Per-GB-hour prices of the storage kinds that have one, for the pricebook. */
export const storagePriceRows = (['cloud-ssd', 'shared-ssd', 'hp-file', 'object'] as const).map((id) => storageKind(id));

/** Flavors offered as spot, for the pricebook. */
export const spotFlavors = flavors.filter((f) => f.spotPricePerHour !== null);

/** Invoices, receipts and refunds, as the billing policies page promises them. */
export const invoicing = {
  /** Day of the month (UTC) the invoice for the previous calendar month is issued. */
  invoiceDayOfMonth: 1,
  /** Years invoices and receipts stay downloadable in the console. */
  documentRetentionYears: 7,
  /** Days after a top-up within which its unused credit can be refunded to the original payment method. */
  refundWindowDays: 90,
  /** Working days a bank transfer top-up takes to be credited. */
  bankTransferWorkingDays: 3,
  /** Smallest bank transfer top-up in USD (card top-ups use policies.minimumTopUpUsd). */
  minimumBankTransferUsd: 1000,
  /** Days of notice before a list price change takes effect. */
  priceChangeNoticeDays: 30,
} as const;
