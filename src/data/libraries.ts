/**
 * The client libraries and the Terraform provider: what readers install, which version
 * the docs describe, the oldest runtime each supports and how programs load them. The
 * library pages render these values, so a release changes one line here.
 *
 * The packages are brand-neutral: every partner's customers install the same ones and
 * point them at their own API base (`GPUCLOUD_BASE_URL` or an explicit argument).
 * `src/data/libraries.test.ts` checks the values against each other and the route list.
 */

/** The four ways to call the API other than plain HTTP. */
export type LibraryId = 'python' | 'go' | 'javascript' | 'terraform';

/** A runtime and the oldest version of it a library supports. */
export interface Runtime {
  /** As readers know it: `Python`, `Go`, `Node.js`, `Terraform`. */
  name: string;
  /** Oldest supported version, without a leading `v`: `3.10`, `1.24`, `20`, `1.5`. */
  minimum: string;
}

export interface Library {
  id: LibraryId;
  /** The language or tool, as a heading would name it. */
  language: string;
  /** Where the package is published. */
  registry: 'PyPI' | 'Go modules' | 'npm' | 'Terraform Registry';
  /** Package (PyPI, npm), module path (Go) or provider source address (Terraform). */
  package: string;
  /** Version the docs describe, as the registry spells it (Go modules carry a leading `v`). */
  version: string;
  /** The runtime the library needs and its oldest supported version. */
  runtime: Runtime;
  /** Other runtimes that work as well (OpenTofu for the provider). */
  alsoRuns?: readonly Runtime[];
  /** One shell command that installs exactly `version`, copy-pasteable. */
  installCommand: string;
  /** The line that makes the library available in a program or configuration. */
  importLine: string;
  /** The name programs refer to the library by (the Go package name differs from the module path). */
  importName: string;
  /** The page that documents the library. */
  route: string;
}

/**
 * Environment variables every client and the provider read when no explicit value is
 * given. Examples always show the base explicitly as `https://api.example.com/v1`, which the
 * site rebrands for a partner's readers.
 */
export const libraryEnvironment = {
  /** The API key, sent as `X-API-Key`. */
  apiKey: 'GPUCLOUD_API_KEY',
  /** The API base, including `/v1`. */
  baseUrl: 'GPUCLOUD_BASE_URL',
} as const;

/**
 * What every client does on its own for each call; the provider inherits it through the
 * Go client. The error codes are values of the spec's `ErrorCode`.
 */
export const clientBehaviour = {
  /** Retries after the first attempt, by default. */
  maxRetries: 3,
  /** Error codes retried with exponential backoff (`Retry-After` wins when the answer has it). */
  retriedCodes: ['rate_limited', 'unavailable'] as const,
  /** HTTP statuses of those codes. */
  retriedStatuses: [429, 503] as const,
  /** Network errors (connection refused or reset, timeouts) are retried as well. */
  retriesNetworkErrors: true,
  /** Header sent on every POST: a fresh UUID per logical call, the same one on its retries. */
  idempotencyHeader: 'Idempotency-Key',
  /** Response header whose value the typed error carries as `request_id`. */
  requestIdHeader: 'X-Request-Id',
  /** Fields of the typed error every client raises or returns. */
  errorFields: ['code', 'status', 'message', 'details', 'request_id'] as const,
} as const;

export const libraries: Readonly<Record<LibraryId, Library>> = {
  python: {
    id: 'python',
    language: 'Python',
    registry: 'PyPI',
    package: 'gpucloud',
    version: '2.4.0',
    runtime: {name: 'Python', minimum: '3.10'},
    installCommand: 'python -m pip install gpucloud==2.4.0',
    importLine: 'import gpucloud',
    importName: 'gpucloud',
    route: '/docs/libraries/python',
  },
  go: {
    id: 'go',
    language: 'Go',
    registry: 'Go modules',
    package: 'github.com/gpucloud-dev/gpucloud-go',
    version: 'v1.6.0',
    runtime: {name: 'Go', minimum: '1.24'},
    installCommand: 'go get github.com/gpucloud-dev/gpucloud-go@v1.6.0',
    importLine: 'import gpucloud "github.com/gpucloud-dev/gpucloud-go"',
    importName: 'gpucloud',
    route: '/docs/libraries/go',
  },
  javascript: {
    id: 'javascript',
    language: 'JavaScript and TypeScript',
    registry: 'npm',
    package: '@gpucloud/client',
    version: '3.1.0',
    // Browsers are not supported: an API key must never reach a web page.
    runtime: {name: 'Node.js', minimum: '20'},
    installCommand: 'npm install @gpucloud/client@3.1.0',
    importLine: "import {Client} from '@gpucloud/client';",
    importName: 'Client',
    route: '/docs/libraries/javascript',
  },
  terraform: {
    id: 'terraform',
    language: 'Terraform',
    registry: 'Terraform Registry',
    package: 'gpucloud/gpucloud',
    version: '1.9.0',
    runtime: {name: 'Terraform', minimum: '1.5'},
    alsoRuns: [{name: 'OpenTofu', minimum: '1.6'}],
    // Terraform installs providers from the configuration's required_providers block.
    installCommand: 'terraform init',
    importLine: 'gpucloud = { source = "gpucloud/gpucloud", version = "~> 1.9.0" }',
    importName: 'gpucloud',
    route: '/docs/libraries/terraform',
  },
};

/** "Python 3.10 or later", "OpenTofu 1.6 or later". */
export function runtimeRequirement(runtime: Runtime): string {
  return `${runtime.name} ${runtime.minimum} or later`;
}

/** The version as semver without the Go module prefix: `v1.6.0` → `1.6.0`. */
export function plainVersion(library: Library): string {
  return library.version.replace(/^v/, '');
}

/** A pessimistic version constraint that stays on the documented minor version: `~> 1.9.0`. */
export function versionConstraint(library: Library): string {
  return `~> ${plainVersion(library)}`;
}
