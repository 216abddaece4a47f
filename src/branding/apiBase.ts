import {partnerApiBase as apiBaseFor} from './boot';
import {DEFAULT_API_BASES} from './defaults';

/** The partner-config API base for a host, with the default brand's environments. */
export function partnerApiBase(hostname: string, override?: string | null): string {
  return apiBaseFor(hostname, override, DEFAULT_API_BASES);
}

/** The full partner-config URL for a host. */
export function partnerConfigUrl(hostname: string, override?: string | null): string {
  return `${partnerApiBase(hostname, override)}/auth/partner-config/docs?domain=${encodeURIComponent(hostname)}`;
}
