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
