import type {ReactNode} from 'react';
import DataTable, {CodeText} from '@site/src/components/DataTable';
import {billableResourceTypes, runoutRulesFor, runoutTimeline, storagePriceRows, type BillableResourceTypeId} from '@site/src/data/billing';
import {formatRate} from '@site/src/data/prices';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Every `resource_type` the billing API reports, what it bills, its unit, what its lines'
 * `item` names and when it is billed: `<ResourceTypeTable />`, or
 * `types={['ai_inference', …]}` for some of them, in the data's order.
 */
export function ResourceTypeTable({types}: {types?: readonly BillableResourceTypeId[]}): ReactNode {
  return (
    <DataTable
      rows={types ? billableResourceTypes.filter((t) => types.includes(t.id)) : billableResourceTypes}
      rowKey={(t) => t.id}
      columns={[
        {header: <code>resource_type</code>, cell: (t) => <code>{t.id}</code>},
        {header: 'What is billed', cell: (t) => <CodeText text={t.pricedAs ? `${t.what}; priced at ${lowerFirst(t.pricedAs)}` : t.what} />},
        {header: 'Unit', cell: (t) => <code>{t.unit}</code>},
        {header: <code>item</code>, cell: (t) => <CodeText text={t.item} />},
        {header: 'Billed', cell: (t) => t.billedWhen},
      ]}
    />
  );
}

/**
 * What each kind of resource does when the grace period after a zero balance ends, what is
 * kept and what a top-up changes: `<CreditRunoutTable />`, or `types={['ai_deployment', …]}`
 * for the kinds that cover those usage resource types.
 */
export function CreditRunoutTable({types}: {types?: readonly BillableResourceTypeId[]}): ReactNode {
  return (
    <DataTable
      rows={runoutRulesFor(types)}
      rowKey={(r) => r.kind}
      columns={[
        {header: 'Resource', cell: (r) => r.kind},
        {header: 'When the grace period ends', cell: (r) => <CodeText text={r.duringGrace ? `${r.atGraceEnd}. Until then: ${lowerFirst(r.duringGrace)}` : r.atGraceEnd} />},
        {header: 'Kept', cell: (r) => <CodeText text={r.kept} />},
        {header: 'After a top-up', cell: (r) => <CodeText text={r.afterTopUp} />},
      ]}
    />
  );
}

/** What happens, and when, after the credit balance reaches zero: `<RunoutTable />`. */
export function RunoutTable(): ReactNode {
  return (
    <DataTable
      rows={runoutTimeline()}
      rowKey={(step) => step.when}
      columns={[
        {header: 'Hours after zero', cell: (step) => (step.atHours === null ? 'Before' : step.atHours.toLocaleString('en-US'))},
        {header: 'When', cell: (step) => step.when},
        {header: 'What happens', cell: (step) => <CodeText text={step.what} />},
      ]}
    />
  );
}

/** Storage kinds with a price of their own, per GB per hour and per GB per month: `<StoragePriceTable />`. */
export function StoragePriceTable(): ReactNode {
  return (
    <DataTable
      rows={storagePriceRows}
      rowKey={(k) => k.id}
      columns={[
        {header: 'Storage', cell: (k) => k.name},
        {header: 'Price per GB per hour', cell: (k) => formatRate(k.pricePerGbHour ?? 0, {unit: ''}).trim()},
        {header: 'Per GB per month', cell: (k) => formatRate(k.pricePerGbHour ?? 0, {per: 'month'}).replace(' per month', '')},
        {header: 'Used by', cell: (k) => k.attachesTo},
      ]}
    />
  );
}
