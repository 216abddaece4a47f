/**
 * What each MDX component becomes in a page's Markdown twin. Every component a page may
 * use is listed here by name; the twin generator fails on any other, so a new component
 * cannot silently vanish from the twins.
 *
 * Fact components render the same data the page does: they are rendered to static HTML
 * with React and their tables and text read back as Markdown. Brand components give the
 * default brand's values; our server swaps them for a partner's on the partner's host.
 */
import {createElement, type ComponentType, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import type {PhrasingContent, RootContent} from 'mdast';
import {DEFAULT_BRAND} from '../../src/branding/defaults';
import {consoleUrl} from '../../src/components/ConsoleLink/consoleUrl';
import {clientSnippet, MCP_PATH, type McpClient} from '../../src/components/McpServer/mcp';
import {htmlToMdast} from './html';
import FlavorTable from '../../src/components/FlavorTable';
import RegionTable from '../../src/components/RegionTable';
import ImageTable from '../../src/components/ImageTable';
import VmStateTable from '../../src/components/VmStateTable';
import VmLifecycleTable from '../../src/components/VmLifecycleTable';
import Price from '../../src/components/Price';
import Limit from '../../src/components/Limit';
import StorageTable from '../../src/components/StorageTable';
import CallbackEventTable from '../../src/components/CallbackEventTable';
import CallbackRetryTable from '../../src/components/CallbackRetryTable';
import FlavorLabelTable from '../../src/components/FlavorLabelTable';
import GpuCompatibilityMatrix from '../../src/components/GpuCompatibilityMatrix';
import ObjectStorageEndpointTable from '../../src/components/ObjectStorageEndpointTable';
import PolicyTable from '../../src/components/PolicyTable';
import GpuQuotaTable from '../../src/components/GpuQuotaTable';
import ReleaseList from '../../src/components/ReleaseNotes';
import SupportSeverityTable from '../../src/components/SupportSeverityTable';
import RoleTable from '../../src/components/RoleTable';
import RolesGranting from '../../src/components/RoleTable/RolesGranting';
import * as AiStudio from '../../src/components/AiStudio';
import * as KubernetesTables from '../../src/components/KubernetesTables';
import * as BillingTables from '../../src/components/BillingTables';
import AiImageTable, {AiContextTable, AiModelTable} from '../../src/components/AiImageTable';

export interface JsxUse {
  props: Record<string, unknown>;
  /** The element's children, already converted. */
  children: RootContent[];
  /** True for an element inside a paragraph. */
  inline: boolean;
}

export type TwinHandler = (use: JsxUse) => RootContent[];

/** A component rendered with React into static HTML, read back as Markdown. */
export function rendered(component: ComponentType<never>): TwinHandler {
  return ({props, inline}) => htmlToMdast(renderToStaticMarkup(createElement(component as ComponentType<object>, props)), inline);
}

const phrasing = (nodes: RootContent[]): PhrasingContent[] =>
  nodes.flatMap((node) => (node.type === 'paragraph' ? node.children : [node as PhrasingContent]));

const link = (url: string, children: PhrasingContent[]): RootContent[] => [{type: 'link', url, children}];
const labelled = (label: unknown, children: RootContent[]): RootContent[] => [
  {type: 'paragraph', children: [{type: 'strong', children: [{type: 'text', value: String(label ?? '')}]}]},
  ...children,
];
const transparent: TwinHandler = ({children}) => children;

// The docs' MCP server at the default docs URL, which our server replaces with the host's
// (server/markdown.ts). Its name stays neutral: a brand's name in it would not be replaced.
const twinMcpServer = {url: `${DEFAULT_BRAND.docsUrl}${MCP_PATH}`, name: 'docs'};

export const TWIN_COMPONENTS: Readonly<Record<string, TwinHandler>> = {
  // The brand, as the default brand's values.
  Brand: () => [{type: 'text', value: DEFAULT_BRAND.name}],
  ConsoleLink: ({props, children}) => link(consoleUrl(DEFAULT_BRAND.consoleUrl, typeof props.path === 'string' ? props.path : '/'), phrasing(children)),
  SupportEmail: () => link(`mailto:${DEFAULT_BRAND.supportEmail}`, [{type: 'text', value: DEFAULT_BRAND.supportEmail}]),
  SalesEmail: () => link(`mailto:${DEFAULT_BRAND.salesEmail}`, [{type: 'text', value: DEFAULT_BRAND.salesEmail}]),
  ApiBase: () => [{type: 'inlineCode', value: DEFAULT_BRAND.apiBaseUrl}],
  FeatureRequestLink: ({children}) => link(DEFAULT_BRAND.feedbackUrl, phrasing(children)),
  McpServerUrl: () => [{type: 'inlineCode', value: twinMcpServer.url}],
  McpServerConfig: ({props}) => {
    const snippet = clientSnippet(props.client as McpClient, twinMcpServer);
    return [{type: 'code', lang: snippet.language, meta: snippet.title ? `title="${snippet.title}"` : null, value: snippet.code}];
  },
  // Install links and the note about static deployments are for the browser only.
  McpInstallLink: () => [],
  McpServerNote: () => [],

  // Product facts.
  FlavorTable: rendered(FlavorTable),
  RegionTable: rendered(RegionTable),
  ImageTable: rendered(ImageTable),
  VmStateTable: rendered(VmStateTable),
  VmLifecycleTable: rendered(VmLifecycleTable),
  Price: rendered(Price),
  Limit: rendered(Limit),
  StorageTable: rendered(StorageTable),
  CallbackEventTable: rendered(CallbackEventTable),
  CallbackRetryTable: rendered(CallbackRetryTable),
  FlavorLabelTable: rendered(FlavorLabelTable),
  GpuCompatibilityMatrix: rendered(GpuCompatibilityMatrix),
  ObjectStorageEndpointTable: rendered(ObjectStorageEndpointTable),
  PolicyTable: rendered(PolicyTable),
  GpuQuotaTable: rendered(GpuQuotaTable),
  ReleaseList: rendered(ReleaseList),
  SupportSeverityTable: rendered(SupportSeverityTable),
  RoleTable: rendered(RoleTable),
  RolesGranting: rendered(RolesGranting),
  BaseModelTable: rendered(AiStudio.BaseModelTable),
  FineTuningPriceTable: rendered(AiStudio.FineTuningPriceTable),
  DeploymentStateTable: rendered(AiStudio.DeploymentStateTable),
  BenchmarkTable: rendered(AiStudio.BenchmarkTable),
  ModelPrice: rendered(AiStudio.ModelPrice),
  KubernetesVersionTable: rendered(KubernetesTables.KubernetesVersionTable),
  MasterFlavorTable: rendered(KubernetesTables.MasterFlavorTable),
  ClusterAddonTable: rendered(KubernetesTables.ClusterAddonTable),
  StorageClassTable: rendered(KubernetesTables.StorageClassTable),
  ClusterCostTable: rendered(KubernetesTables.ClusterCostTable),
  RunoutTable: rendered(BillingTables.RunoutTable),
  CreditRunoutTable: rendered(BillingTables.CreditRunoutTable),
  ResourceTypeTable: rendered(BillingTables.ResourceTypeTable),
  StoragePriceTable: rendered(BillingTables.StoragePriceTable),
  AiImageTable: rendered(AiImageTable),
  AiModelTable: rendered(AiModelTable),
  AiContextTable: rendered(AiContextTable),

  // Theme components: every tab's content, each under its label.
  Tabs: transparent,
  TabItem: ({props, children}) => labelled(props.label ?? props.value, children),
  ThemedImage: ({props}) => {
    const sources = (props.sources ?? {}) as {light?: string};
    return [{type: 'paragraph', children: [{type: 'image', url: sources.light ?? '', alt: String(props.alt ?? '')}]}];
  },

  // What the API reference renderer emits (plugins/openapi/render.ts).
  ApiFields: transparent,
  ApiCodeSamples: transparent,
  ApiCodeSample: ({props, children}) => labelled(props.label, children),
  // The response examples, each under its status, as the page shows them on a phone.
  ApiResponseExamples: transparent,
  // The request console's opener: a button that needs the site's script.
  ApiConsole: () => [],
};

const mail = (address: string) => () => createElement('a', {href: `mailto:${address}`}, address);

/**
 * What the components are in code a page runs itself (its exports, its expressions):
 * the fact components, and the brand components giving the default brand's values
 * (the real ones read the app's brand context, which the build has no app for).
 */
export const REACT_STAND_INS: Readonly<Record<string, ComponentType<never>>> = {
  Brand: () => DEFAULT_BRAND.name,
  ConsoleLink: ({path = '/', children}: {path?: string; children?: ReactNode}) => createElement('a', {href: consoleUrl(DEFAULT_BRAND.consoleUrl, path)}, children),
  SupportEmail: mail(DEFAULT_BRAND.supportEmail),
  SalesEmail: mail(DEFAULT_BRAND.salesEmail),
  ApiBase: () => createElement('code', null, DEFAULT_BRAND.apiBaseUrl),
  FeatureRequestLink: ({children}: {children?: ReactNode}) => createElement('a', {href: DEFAULT_BRAND.feedbackUrl}, children),
  FlavorTable, RegionTable, ImageTable, VmStateTable, VmLifecycleTable, Price, Limit, StorageTable, CallbackEventTable, CallbackRetryTable,
  FlavorLabelTable, GpuCompatibilityMatrix, ObjectStorageEndpointTable, PolicyTable, GpuQuotaTable, ReleaseList, SupportSeverityTable, RoleTable, RolesGranting,
  ...(AiStudio as unknown as Record<string, ComponentType<never>>),
  ...(KubernetesTables as unknown as Record<string, ComponentType<never>>),
  ...(BillingTables as unknown as Record<string, ComponentType<never>>),
  AiImageTable, AiModelTable, AiContextTable,
};
