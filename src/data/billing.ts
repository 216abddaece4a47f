/**
 * Billing facts the billing pages state: what each usage `resource_type` is metered on and
 * which operations add it, the pricebook's items, what happens to each kind of resource when
 * credit runs out and when, and the worked examples customers check against their usage
 * lines. What a VM keeps and pays in each status is `settledStates` (virtual-machines.ts).
 * Prices come from platform.ts, storage.ts, kubernetes.ts, ai-studio.ts and prices.ts; this
 * module only combines them.
 */
import {baseModels, fineTuningMethods, trainingTokens, type SizeClass} from './ai-studio';
import {loadBalancer, masterFlavors} from './kubernetes';
import {flavors, policies} from './platform';
import {HOURS_PER_MONTH, flavorPricePerHour} from './prices';
import {storageKind} from './storage';

/** The `resource_type` values of the billing and pricebook API (the spec's `BillingResourceType`). */
export type BillableResourceTypeId =
  | 'virtual_machine' | 'volume' | 'file_share' | 'public_ip' | 'snapshot' | 'image' | 'cluster' | 'node_group' | 'object_storage'
  | 'contract' | 'ai_inference' | 'ai_deployment' | 'ai_fine_tuning' | 'ai_evaluation' | 'ai_synthesis' | 'dataset';

/** The units of usage lines and pricebook entries (the spec's `BillingUnit`). */
export type BillingUnitId = 'hour' | 'gb_hour' | 'million_tokens';

/** A `resource_type` of the billing and pricebook API, and what it is metered on. */
export interface BillableResourceType {
  /** The API value, as in `BillingResourceType`. */
  id: BillableResourceTypeId;
  /** What a usage line of this type is for. */
  what: string;
  /** The unit of its usage lines. */
  unit: BillingUnitId;
  /** What the `item` field of its usage lines names. */
  item: string;
  /** When it accrues charges. */
  billedWhen: string;
  /**
   * The operations that add this resource, grow it or start its billing. Each answers
   * `403 insufficient_credit` from a zero balance: `tests/billing-spec.test.ts` checks that
   * the spec lists the code for every one of them.
   */
  addedBy: readonly string[];
  /** Why nothing in the API adds it, for the types with no `addedBy`. */
  notCreditChecked?: string;
  /** The pricebook entries it is charged at, when it has none of its own. */
  pricedAs?: string;
}

export const billableResourceTypes: readonly BillableResourceType[] = [
  {id: 'virtual_machine', what: 'A VM\'s flavor (GPUs, vCPUs, RAM, ephemeral disk and local NVMe), on demand or spot', unit: 'hour', item: 'The flavor name', billedWhen: 'In the statuses the VM state table marks as billed', addedBy: ['createVirtualMachine', 'startVirtualMachine', 'restoreVirtualMachine', 'resizeVirtualMachine', 'restoreSnapshot']},
  {id: 'volume', what: 'A Cloud-SSD or Shared-SSD volume on its provisioned size, boot volumes included', unit: 'gb_hour', item: 'The size and kind of the volume', billedWhen: 'From creation to deletion, attached or not, whatever the VM\'s status', addedBy: ['createVolume', 'updateVolume', 'createVirtualMachine', 'restoreSnapshot']},
  {id: 'file_share', what: 'A high-performance file share on its provisioned size', unit: 'gb_hour', item: 'The size of the share', billedWhen: 'From creation to deletion, however much of it is used', addedBy: ['createFileShare', 'updateFileShare']},
  {id: 'public_ip', what: `A public IPv4 address, \`resource_name\` the address: one attached to a VM (\`resource_id\` the VM), or the address of a Kubernetes Service of type LoadBalancer (\`resource_id\` ${loadBalancer.usage.resourceId})`, unit: 'hour', item: 'Public IPv4 address', billedWhen: 'While it is attached to the VM, in every VM status; for a LoadBalancer Service, while the Service exists', addedBy: ['attachFloatingIp']},
  {id: 'snapshot', what: 'A snapshot of a boot volume, on its stored size', unit: 'gb_hour', item: 'The stored size of the snapshot', billedWhen: 'From the moment it is available until it or its VM is deleted', addedBy: ['createSnapshot']},
  {id: 'image', what: 'A custom image, on its stored size, at the snapshot storage price', unit: 'gb_hour', item: 'The stored size of the image', billedWhen: 'From the moment it is available until you delete it, whatever happens to its source VM', addedBy: ['createImage', 'importImage']},
  {id: 'cluster', what: 'A Kubernetes cluster\'s control plane: each master node at its master flavor\'s price', unit: 'hour', item: 'The master flavor name', billedWhen: 'From the cluster\'s creation until it is deleted', addedBy: ['createCluster']},
  {id: 'node_group', what: 'A Kubernetes node group\'s worker nodes, each at the group\'s flavor price', unit: 'hour', item: 'The flavor name', billedWhen: 'While the nodes exist', addedBy: ['createCluster', 'createNodeGroup', 'updateNodeGroup', 'addClusterNodes'], pricedAs: 'The `virtual_machine` entry of the flavor'},
  {id: 'object_storage', what: 'Data stored in one object storage bucket', unit: 'gb_hour', item: 'The data stored', billedWhen: 'For every GB stored; requests and transfer are free', addedBy: [], notCreditChecked: 'Buckets are created and written with an S3 client, not with this API; when the grace period ends, buckets become read-only.'},
  {id: 'contract', what: 'A contract\'s committed hourly cost, which pays for the VMs it covers; their hours still appear as `virtual_machine` lines, item the flavor, with a zero cost, so usage reconciles', unit: 'hour', item: 'The contract name', billedWhen: 'Every hour of the contract\'s term, whether the covered VMs run or not', addedBy: [], notCreditChecked: 'Contracts are signed with sales, not created with the API, and a commitment is charged whatever the balance.', pricedAs: 'The contract\'s own prices'},
  {id: 'ai_inference', what: 'Serverless inference on a base model, input and output tokens', unit: 'million_tokens', item: 'The model id followed by `input` or `output`', billedWhen: 'Per request; nothing while you send nothing', addedBy: ['createChatCompletion']},
  {id: 'ai_deployment', what: 'An AI studio deployment\'s replicas, each at its flavor\'s price', unit: 'hour', item: 'The flavor name', billedWhen: 'Per replica while the deployment is billed (its state table says when)', addedBy: ['createDeployment', 'updateDeployment'], pricedAs: 'The `virtual_machine` entry of the flavor'},
  {id: 'ai_fine_tuning', what: `A fine-tuning job's training tokens: ${trainingTokens}`, unit: 'million_tokens', item: 'The method and the base model', billedWhen: 'As the job trains', addedBy: ['createFineTuningJob']},
  {id: 'ai_evaluation', what: 'An evaluation\'s input and output tokens', unit: 'million_tokens', item: 'The model doing the work followed by `input` or `output`', billedWhen: 'As the evaluation runs', addedBy: ['createEvaluation'], pricedAs: 'The `ai_inference` entries of the model doing the work (for a fine-tuned model, its base model)'},
  {id: 'ai_synthesis', what: 'A data synthesis job\'s input and output tokens', unit: 'million_tokens', item: 'The generator model followed by `input` or `output`', billedWhen: 'As the dataset is generated', addedBy: ['synthesizeDataset'], pricedAs: 'The `ai_inference` entries of the generator model'},
  {id: 'dataset', what: 'An AI studio dataset, on its stored size, at the object storage price', unit: 'gb_hour', item: 'The stored size of the dataset', billedWhen: 'From the moment it is ready until you delete it', addedBy: ['createDataset', 'synthesizeDataset']},
];

/**
 * Whether a resource type is billed at a standing rate, per hour or per GB-hour, which
 * `getResourceBillingRate` returns for one resource. Token-based types (`million_tokens`) are
 * charged per use at their pricebook entries (input and output tokens apart), so the operation
 * refuses them with `422 validation_failed`; `tests/billing-spec.test.ts` checks the spec says so.
 */
export function hasStandingRate(type: BillableResourceType): boolean {
  return type.unit !== 'million_tokens';
}

/** The resource type with this id. */
export function billableResourceType(id: BillableResourceTypeId): BillableResourceType {
  return billableResourceTypes.find((t) => t.id === id)!;
}

/**
 * Operations that add something free of charge, so they never check credit. With the
 * `addedBy` lists above they classify every operation that creates or grows anything,
 * which `tests/billing-spec.test.ts` checks.
 */
export const freeResources: readonly {what: string; addedBy: readonly string[]}[] = [
  {what: 'Environments', addedBy: ['createEnvironment']},
  {what: 'Keypairs', addedBy: ['importKeypair']},
  {what: 'Provisioning profiles', addedBy: ['createProfile', 'updateProfile']},
  {what: 'Volume attachments (a volume is billed whether attached or not)', addedBy: ['attachVolume']},
  {what: 'Firewalls and their rules', addedBy: ['createFirewall', 'addFirewallRule', 'addVirtualMachineFirewallRule', 'attachFirewallToVirtualMachines']},
  {what: 'API keys and object storage access keys', addedBy: ['generateApiKey', 'createAccessKey']},
  {what: 'Callbacks', addedBy: ['attachVirtualMachineCallback', 'attachVolumeCallback']},
  {what: 'Invitations', addedBy: ['createInvite']},
  {what: 'Custom roles', addedBy: ['createRole']},
  {what: 'Role assignments', addedBy: ['assignMemberRole']},
  {what: 'Console logs', addedBy: ['requestConsoleLog']},
];

/** One entry of the pricebook (`listPricebookEntries`). */
export interface PricebookItem {
  resourceType: BillableResourceTypeId;
  name: string;
  description: string;
  unit: BillingUnitId;
  /** USD per `unit`. */
  pricePerUnit: number;
}

const gpuDescription = (f: (typeof flavors)[number]) =>
  f.gpu === null ? `${f.vcpus} vCPUs, ${f.ramGb} GB RAM, no GPU` : `${f.gpuCount} × ${f.gpu}${f.gpu.includes('GB') ? '' : ` ${f.gpuMemoryGb} GB`}, ${f.vcpus} vCPUs, ${f.ramGb} GB RAM`;
const sizeClassName: Record<SizeClass, string> = {small: 'a small base model', large: 'a large base model'};

/**
 * Every entry of the pricebook, in its order. Types with `pricedAs` have no entries of their
 * own: node groups and deployments are charged at the flavor entries, evaluations and
 * synthesis at the serverless token entries, contracts at their own prices.
 */
export function pricebookItems(): PricebookItem[] {
  return [
    ...flavors.map((f): PricebookItem => ({resourceType: 'virtual_machine', name: f.name, description: gpuDescription(f), unit: 'hour', pricePerUnit: f.pricePerHour})),
    {resourceType: 'volume', name: 'volume-storage', description: 'Cloud-SSD volume storage, per GB provisioned', unit: 'gb_hour', pricePerUnit: storageKind('cloud-ssd').pricePerGbHour!},
    {resourceType: 'volume', name: 'shared-ssd-storage', description: 'Shared-SSD volume storage, per GB provisioned', unit: 'gb_hour', pricePerUnit: storageKind('shared-ssd').pricePerGbHour!},
    {resourceType: 'file_share', name: 'hp-file-storage', description: 'High-performance file storage, per GB provisioned', unit: 'gb_hour', pricePerUnit: storageKind('hp-file').pricePerGbHour!},
    {resourceType: 'public_ip', name: 'public-ipv4', description: 'Public IPv4 address', unit: 'hour', pricePerUnit: policies.publicIpPricePerHour},
    {resourceType: 'snapshot', name: 'snapshot-storage', description: 'Boot-volume snapshot, per GB stored', unit: 'gb_hour', pricePerUnit: policies.snapshotPricePerGbHour},
    {resourceType: 'image', name: 'image-storage', description: 'Custom image, per GB stored', unit: 'gb_hour', pricePerUnit: policies.snapshotPricePerGbHour},
    ...masterFlavors.map((m): PricebookItem => ({resourceType: 'cluster', name: m.name, description: `Kubernetes master node, ${m.vcpus} vCPUs, ${m.ramGb} GB RAM`, unit: 'hour', pricePerUnit: m.pricePerHour})),
    {resourceType: 'object_storage', name: 'object-storage', description: 'Object storage, per GB stored', unit: 'gb_hour', pricePerUnit: policies.objectStoragePricePerGbHour},
    ...baseModels.flatMap((m): PricebookItem[] => [
      {resourceType: 'ai_inference', name: `${m.id} input`, description: `${m.name}, per million input tokens`, unit: 'million_tokens', pricePerUnit: m.inputPricePerMillionTokens},
      {resourceType: 'ai_inference', name: `${m.id} output`, description: `${m.name}, per million output tokens`, unit: 'million_tokens', pricePerUnit: m.outputPricePerMillionTokens},
    ]),
    ...fineTuningMethods.flatMap((method) =>
      (Object.entries(method.pricePerMillionTrainingTokens) as [SizeClass, number | null][])
        .filter(([, price]) => price !== null)
        .map(([size, price]): PricebookItem => ({resourceType: 'ai_fine_tuning', name: `fine-tuning-${method.id}-${size}`, description: `${method.name} on ${sizeClassName[size]}, per million training tokens`, unit: 'million_tokens', pricePerUnit: price!})),
    ),
    {resourceType: 'dataset', name: 'dataset-storage', description: 'AI studio dataset, per GB stored', unit: 'gb_hour', pricePerUnit: policies.objectStoragePricePerGbHour},
  ];
}

/**
 * What happens when the credit balance runs out, in order. `afterZeroHours` is counted
 * from the minute the balance reaches zero.
 */
export const creditRunout = {
  /** An email warns owners and billing members when the balance covers fewer hours than this at the current spend. */
  lowBalanceWarningHours: 72,
  /** Hours from a zero balance to the end of the grace period. */
  graceHours: policies.negativeBalanceGraceHours,
  /** Days from the end of the grace period to the deletion of every resource. */
  deletionAfterGraceDays: 14,
  /** Days before deletion on which a last warning is emailed. */
  deletionWarningDaysBefore: [7, 1] as readonly number[],
} as const;

/** What one kind of resource does when the credit runs out, and after a top-up. */
export interface RunoutRule {
  /** The kind of resource, as the table's first column names it. */
  kind: string;
  /** The usage resource types the rule covers; every type is covered by exactly one rule. */
  resourceTypes: readonly BillableResourceTypeId[];
  /** What it does from the zero balance until the grace period ends, where that is not "keeps running". */
  duringGrace?: string;
  /** What happens to it when the grace period ends. */
  atGraceEnd: string;
  /** What of it is kept after the grace period. */
  kept: string;
  /** What happens once a top-up brings the balance above zero. */
  afterTopUp: string;
}

export const runoutRules: readonly RunoutRule[] = [
  {kind: 'VMs in a billed status, spot included', resourceTypes: ['virtual_machine'], atGraceEnd: 'Hibernated, which releases their GPUs, ends the flavor charge and erases the ephemeral disk', kept: 'The boot volume, volumes, snapshots and public IP, still billed', afterTopUp: 'They stay `HIBERNATED` until you restore them; a restore needs a free GPU of the flavor'},
  {kind: 'Kubernetes node groups', resourceTypes: ['node_group'], atGraceEnd: 'Their worker nodes are removed (`node_count` drops to 0 and `status_reason` says the credit ran out)', kept: 'Each node group with its settings and `desired_count`', afterTopUp: 'The platform brings each group back to its `desired_count` by itself'},
  {kind: 'Kubernetes control planes', resourceTypes: ['cluster'], atGraceEnd: 'Nothing changes; the control plane keeps running and is still billed', kept: 'The cluster and its API', afterTopUp: 'Nothing to do'},
  {kind: 'AI studio deployments', resourceTypes: ['ai_deployment'], duringGrace: 'Keep answering requests, their replicas still billed', atGraceEnd: 'Deleted, which ends their replica charges', kept: 'The models they served', afterTopUp: 'Create the deployments again'},
  {kind: 'Fine-tuning jobs, evaluations and synthesis jobs', resourceTypes: ['ai_fine_tuning', 'ai_evaluation', 'ai_synthesis'], atGraceEnd: 'Running ones are cancelled', kept: 'Their datasets; the tokens processed until then stay billed', afterTopUp: 'Create them again'},
  {kind: 'Serverless inference', resourceTypes: ['ai_inference'], duringGrace: 'Keeps answering', atGraceEnd: 'Refused with `403 insufficient_credit`', kept: 'Nothing to keep', afterTopUp: 'Answers again at once'},
  {kind: 'Volumes, file shares, snapshots, custom images and public IPs', resourceTypes: ['volume', 'file_share', 'snapshot', 'image', 'public_ip'], atGraceEnd: 'Nothing changes; they stay and are still billed', kept: 'All of them, attached as they were', afterTopUp: 'Nothing to do'},
  {kind: 'Object storage buckets', resourceTypes: ['object_storage'], atGraceEnd: 'Made read-only (reads and downloads work, writes are refused)', kept: 'Every object, still billed', afterTopUp: 'Writable again at once'},
  {kind: 'AI studio datasets', resourceTypes: ['dataset'], atGraceEnd: 'Nothing changes; they stay and are still billed', kept: 'All of them', afterTopUp: 'Nothing to do'},
  {kind: 'Contracts', resourceTypes: ['contract'], atGraceEnd: 'Nothing changes; the committed hourly cost keeps being charged, as it is a commitment', kept: 'The contract', afterTopUp: 'Nothing to do'},
];

/** The rules that cover any of these resource types, in table order. */
export function runoutRulesFor(types?: readonly BillableResourceTypeId[]): RunoutRule[] {
  return runoutRules.filter((r) => !types || r.resourceTypes.some((t) => types.includes(t)));
}

/** One step of the run-out timeline, for the table on the billing policies page. */
export interface RunoutStep {
  /** Hours after the balance reached zero (null: before it). */
  atHours: number | null;
  when: string;
  what: string;
}

/** Lower-cases the first letter of a sentence for use inside another, unless it starts a name (`Kubernetes`, `AI`, `VMs`). */
const lowerFirst = (text: string) => (/^(Kubernetes|[A-Z]{2,}|[A-Z][a-z]*[A-Z])/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1));

/**
 * The run-out timeline, derived from `creditRunout` and `runoutRules`, so the table, the
 * per-kind table and the prose agree.
 */
export function runoutTimeline(): RunoutStep[] {
  const grace = creditRunout.graceHours;
  const deletion = grace + creditRunout.deletionAfterGraceDays * 24;
  const exceptions = runoutRules.filter((r) => r.duringGrace).map((r) => `${lowerFirst(r.kind)} ${lowerFirst(r.duringGrace!)}`);
  const changes = runoutRules.filter((r) => !r.atGraceEnd.startsWith('Nothing')).map((r) => `${r.kind}: ${lowerFirst(r.atGraceEnd)}.`);
  const unchanged = runoutRules.filter((r) => r.atGraceEnd.startsWith('Nothing')).map((r) => lowerFirst(r.kind));
  return [
    {atHours: null, when: `Balance covers less than ${creditRunout.lowBalanceWarningHours} hours of spend`, what: 'Email to owners and Billing members; nothing changes yet.'},
    {atHours: 0, when: 'Balance reaches zero', what: `Grace period starts and \`grace_period_ends_at\` is set. Running resources keep running and the balance goes negative; ${exceptions.join(', ')}. Operations that would add a paid resource or start a billed status answer \`403 insufficient_credit\`.`},
    {atHours: grace, when: `${grace} hours after zero`, what: `Grace period ends. ${changes.join(' ')} Unchanged and still billed: ${unchanged.join(', ')}.`},
    ...creditRunout.deletionWarningDaysBefore.map((days) => ({atHours: deletion - days * 24, when: `${days} ${days === 1 ? 'day' : 'days'} before deletion`, what: 'Email to owners and Billing members listing every resource that will be deleted.'})),
    {atHours: deletion, when: `${creditRunout.deletionAfterGraceDays} days after the grace period`, what: 'Every resource of the organization is deleted: VMs with their boot volumes and snapshots, volumes, file shares, custom images, clusters, buckets and their objects, AI studio datasets and models. Public IPs are released. Nothing can be recovered.'},
  ];
}

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
  /**
   * Sales tax and VAT. List prices, usage lines and the credit balance exclude tax. Where tax
   * applies to the organization's billing address, it is charged on each top-up, on top of the
   * credit bought, and shown on that top-up's receipt. The monthly invoice is a statement of
   * usage already paid from credit and adds no tax. The spec's `Payment.amount` says the same.
   */
  tax: {
    /** Whether list prices, usage lines (`cost`) and the balance include tax. */
    includedInPrices: false,
    /** When tax is charged: on each top-up, never on usage. */
    chargedOn: 'top-up',
    /** The document that shows it: the top-up's receipt. */
    shownOn: 'receipt',
    /** Whether the monthly invoice adds tax. */
    addedToInvoice: false,
    /** The rule in the words the pricebook and the billing policies page render. */
    statement: 'List prices, usage lines and your credit balance exclude tax. Where sales tax or VAT applies to your billing address, it is charged on each top-up, on top of the credit you buy, and shown on that top-up\'s receipt; the monthly invoice is a statement of usage already paid from credit and adds no tax.',
  },
} as const;
