/**
 * What the MCP discovery document names (tools, the brand's product name): kept apart from
 * tools.ts so that a server that has not been asked a tool call yet does not load the MCP SDK.
 */
import type {Brand} from '../../src/branding/brand';
import {DEFAULT_BRAND} from '../../src/branding/defaults';

export const TOOL_NAMES = ['search_docs', 'read_page', 'get_api_operation', 'list_sections'] as const;

/** The product name of the host asked. */
export function brandName(brand: Brand | undefined): string {
  return brand?.is_partner ? brand.name : DEFAULT_BRAND.name;
}
