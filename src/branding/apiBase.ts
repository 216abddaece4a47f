import {partnerApiBase} from './boot';

export {partnerApiBase};

/** The full partner-config URL for a host. */
export function partnerConfigUrl(hostname: string, override?: string | null): string {
  return `${partnerApiBase(hostname, override)}/auth/partner-config/docs?domain=${encodeURIComponent(hostname)}`;
}
