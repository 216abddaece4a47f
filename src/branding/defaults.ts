/**
 * The default brand: what the site shows on its own hosts and whenever a partner's
 * configuration cannot be loaded. Product name, domains and colours live here only.
 */
export const DEFAULT_BRAND = {
  /** Product name, shown in the navbar logo alt text, copyright and content via <Brand />. */
  name: 'Violet Cloud',
  /** Public URL of the documentation site. */
  docsUrl: 'https://docs.example.com',
  /** Web console; <ConsoleLink> paths are resolved against it. */
  consoleUrl: 'https://console.example.com',
  /** Where customers propose and vote on features. */
  feedbackUrl: 'https://feedback.example.com',
  /** Production partner-config API base: every docs host not listed below calls it. */
  apiBaseUrl: 'https://api.example.com/v1',
  /** Docs hosts of the development and pre-production environments, and the API base each calls. */
  environmentApiBases: {
    'docs.dev.example.com': 'https://api.dev.example.com/v1',
    'docs.staging.example.com': 'https://api.staging.example.com/v1',
  },
  supportEmail: 'support@example.com',
  salesEmail: 'sales@example.com',
  /** Year of the copyright line. */
  copyrightYear: 2025,
  /** Named colours (see the 22-colour palette): primary and secondary. */
  colors: {primary: 'violet', secondary: 'purple'},
  /** Grey scale of the theme. */
  theme: 'neutral',
  logo: {light: '/img/logo.svg', dark: '/img/logo-dark.svg'},
} as const;

export type DefaultBrand = typeof DEFAULT_BRAND;

/** Where the partner-config API lives, by docs host; local hosts use their own origin. */
export interface ApiBases {
  /** API base of each docs host that has an environment of its own (lower-case host names). */
  byHost: Readonly<Record<string, string>>;
  /** API base of every other host. */
  production: string;
}

export const DEFAULT_API_BASES: ApiBases = {byHost: DEFAULT_BRAND.environmentApiBases, production: DEFAULT_BRAND.apiBaseUrl};

export function copyrightLine(name: string = DEFAULT_BRAND.name, year: number = DEFAULT_BRAND.copyrightYear): string {
  return `Copyright © ${year} ${name}. All rights reserved.`;
}
