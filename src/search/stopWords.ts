/**
 * English stop words: the words a question is framed with ("how does", "what is the") that
 * say nothing of its subject. With `removeStopWords: ['en']` (src/search/settings.ts) Algolia
 * leaves them out of a query, and so does the local client (query.ts), except the word being
 * typed, which matches as a prefix; a query of stop words alone keeps them all.
 * Without this, "how does hibernation work" asked every page for "how" and "does", and a page
 * with a "How it works" heading that mentions hibernation once came before the guide.
 * The list is short on purpose: words that narrow a question ("which", "when", "after",
 * "should") stay, as the relevance queries showed they must.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'how', 'what', 'why', 'is', 'are', 'was', 'were', 'do', 'does', 'did']);

/** The terms without their stop words, the last (the word being typed) kept; all of them when nothing else is left. */
export function withoutStopWords(terms: readonly string[]): string[] {
  const kept = terms.filter((term, i) => i === terms.length - 1 || !STOP_WORDS.has(term));
  return kept.some((term) => !STOP_WORDS.has(term)) ? kept : [...terms];
}
