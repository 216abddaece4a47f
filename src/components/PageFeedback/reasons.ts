/**
 * What a reader may say was wrong with a page: the codes the server stores
 * (server/insights/store.ts FEEDBACK_REASONS, which a test holds equal) and their labels.
 */
export const REASONS = [
  ['inaccurate', 'Something is wrong or out of date'],
  ['hard-to-follow', 'Hard to follow'],
  ['missing-information', 'Missing information'],
  ['sample-broken', 'A code sample does not work'],
  ['other', 'Something else'],
] as const;

/** The most a comment may hold, in characters (the server refuses more). */
export const COMMENT_MAX = 2000;
