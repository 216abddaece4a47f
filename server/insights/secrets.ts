/**
 * Search queries that look like a secret are not kept: a reader who pastes an API key into
 * the search box (it happens) must not find it in a dashboard. A query is taken for a
 * secret when one of its words has a known key's shape or is a long run of letters and
 * digits mixed the way tokens are and words are not.
 */
const KNOWN_SHAPES = [
  /\b(?:sk|pk|rk)[-_](?:live|test|proj)?[-_]?[A-Za-z0-9]{16,}/, // common secret/publishable key prefixes
  /\bgh[pousr]_[A-Za-z0-9]{20,}/, // GitHub tokens
  /\bAKIA[0-9A-Z]{16}\b/, // AWS access key ids
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/, // a JWT's header and payload
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

/** True when `query` holds something with the shape of a key or token. */
export function looksLikeSecret(query: string): boolean {
  if (KNOWN_SHAPES.some((shape) => shape.test(query))) return true;
  // A run of 16 or more letters and digits with no separator in it, mixing digits with
  // letters: a token, not a word, a version or a path (whose parts are short).
  return query.split(/[\s\-_./:+=]+/).some((part) => part.length >= 16 && /^[A-Za-z0-9]+$/.test(part) && /\d/.test(part) && /[A-Za-z]/.test(part));
}
