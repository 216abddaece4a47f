/**
 * How the feature-request site works, as the support section describes it. The site's
 * address is the brand's (the navbar's "Feature requests" link); it is never written here.
 */

/** The statuses a feature request moves through, in order, with what each means. */
export const featureRequestStatuses: readonly {status: string; meaning: string}[] = [
  {status: 'Open', meaning: 'New and visible to everyone; collecting votes and comments.'},
  {status: 'Under review', meaning: 'The product team is assessing demand, effort and fit.'},
  {status: 'Planned', meaning: 'Accepted and scheduled; no date is promised.'},
  {status: 'In progress', meaning: 'Being built. Early access may be offered to voters.'},
  {status: 'Released', meaning: 'Available to every customer and listed in the release notes.'},
  {status: 'Declined', meaning: 'Not planned; the team explains why in a comment.'},
  {status: 'Merged', meaning: 'A duplicate, folded into another request with its votes.'},
];

export const featureRequests = {
  /** Votes each person can have on open requests at once; a vote comes back when its request is released or declined. */
  votesPerPerson: 10,
  /** Days between the product team's triage rounds of new requests. */
  triageEveryDays: 7,
  /** Longest title of a request, in characters. */
  titleMaxLength: 100,
} as const;

/**
 * How a support case is reached and answered, as the getting-help page states it. The address
 * is the brand's (`<SupportEmail />`), never written here.
 */

/** One severity level of a support case, with the time to the first answer from an engineer. */
export interface SupportSeverity {
  /** As you write it at the start of the subject line: `S1` … `S4`. */
  level: 'S1' | 'S2' | 'S3' | 'S4';
  name: string;
  /** When to choose it. */
  meaning: string;
  /** Typical cases, for the table. */
  examples: string;
  /** Target for the first answer from an engineer. */
  firstResponse: {value: number; unit: 'hours' | 'business days'};
  /** Whether the target runs around the clock (weekends and holidays included) or on business days only. */
  aroundTheClock: boolean;
  /** How often you hear from the engineer until the case is resolved or downgraded. */
  updates: string;
}

export const supportSeverities: readonly SupportSeverity[] = [
  {level: 'S1', name: 'Critical', meaning: 'Production is down or data is at risk, and there is no workaround.', examples: 'Every VM of an environment unreachable; volumes that will not attach anywhere; every API call failing with 500 or 503.', firstResponse: {value: 1, unit: 'hours'}, aroundTheClock: true, updates: 'Every 2 hours, day and night'},
  {level: 'S2', name: 'High', meaning: 'An important feature does not work and the workaround is costly, or production is degraded.', examples: 'A production VM stuck in ERROR; clusters that cannot scale; a region refusing new VMs although stock shows free GPUs.', firstResponse: {value: 4, unit: 'hours'}, aroundTheClock: true, updates: 'Every 8 hours'},
  {level: 'S3', name: 'Normal', meaning: 'Something does not work as documented, and a workaround exists.', examples: 'One failed resize; a usage line you cannot reconcile; a quota increase.', firstResponse: {value: 1, unit: 'business days'}, aroundTheClock: false, updates: 'Every business day'},
  {level: 'S4', name: 'Low', meaning: 'A question, a request for advice, or a problem in the documentation.', examples: 'Which flavor suits a workload; how to read an error; a mistake on a docs page.', firstResponse: {value: 2, unit: 'business days'}, aroundTheClock: false, updates: 'When there is news'},
];

/** "1 hour", "4 hours", "1 business day", "2 business days". */
export function formatResponseTarget(target: SupportSeverity['firstResponse']): string {
  const unit = target.value === 1 ? target.unit.replace(/s$/, '') : target.unit;
  return `${target.value} ${unit}`;
}

export const supportChannel = {
  /** Business days: the days the S3 and S4 targets count. */
  businessDays: 'Monday to Friday, public holidays excepted',
  /** Response header (and error field `request_id`) that names a request in the platform's logs. */
  requestIdHeader: 'X-Request-Id',
  /**
   * The status page lives in the brand's console at this path (`<ConsoleLink path=…>`) and opens
   * without signing in, so every partner's readers reach their own.
   */
  statusPagePath: '/status',
} as const;
