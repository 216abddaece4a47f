/**
 * Querying: a query's terms and their synonym variants, each term's matches in the engine
 * (cached across keystrokes), and MiniSearch's AND/OR combination of them.
 */
import {type Field} from './engine';
import {createTermMatcher, normalizeTerm, queryTerms, termRules, tokenize, type TermMatch, type TermRule} from './highlight';
import type {Index, TermHit, TermHits} from './searchIndex';
import {MAX_QUERY_LENGTH} from './settings';
import {queryVariants, type QueryVariant} from './synonyms';
import {withoutStopWords} from './stopWords';

/** Page title first, then headings by depth; the section name (lvl0) ranks with lvl3, body text last. */
export const FIELD_BOOST: Record<Field, number> = {lvl1: 10, lvl2: 8, lvl3: 6, lvl0: 6, lvl4: 5, lvl5: 4, lvl6: 4, content: 1};

export type Combine = 'AND' | 'OR';

/**
 * A record matched by the whole query: MiniSearch's combined score and, per query term
 * that matched it (in query order), that term's own match. This is what MiniSearch's
 * AND/OR combination computes, kept apart so the per-term matches stay shareable.
 */
export interface Matched {
  id: number;
  score: number;
  parts: TermHit[];
}

/** A query term as MiniSearch will search it, with the prefix and typo rule it gets. */
export interface TermSpec {
  /** The term as sent to MiniSearch, which processes it again. */
  term: string;
  /** MiniSearch's processed term; two query terms may process to one. */
  processed: string;
  prefix: boolean;
  fuzzy: number | false;
  key: string;
}

/** The query as typed, or one synonym rewrite of it, ready to search. */
export interface Variant extends QueryVariant {
  rules: TermRule[];
  specs: TermSpec[];
  match: (word: string) => TermMatch[];
  /** Matches for AND and OR, run once per query for all requests of a call. */
  results: Partial<Record<Combine, Matched[]>>;
}

export interface PreparedQuery {
  /** The terms as typed. */
  terms: string[];
  /** The query itself first, then its synonym variants. */
  variants: Variant[];
  /** Which typed terms a word satisfies, directly or through a synonym: what highlighting marks. */
  match: (word: string) => TermMatch[];
  /** The ranked matches for AND and OR: record positions. */
  ranked: Partial<Record<Combine, Int32Array>>;
}

function prepareVariant(query: QueryVariant): Variant {
  const rules = termRules(query.terms);
  const byTerm = new Map(rules.map((rule) => [rule.term, rule]));
  const specs: TermSpec[] = [];
  for (const term of query.terms) {
    // What MiniSearch's own tokenizer and processTerm make of the term; the rule is looked
    // up by that processed term, as the prefix and fuzzy callbacks of one joined search did.
    for (const token of tokenize(term)) {
      const processed = normalizeTerm(token);
      if (!processed) continue;
      const rule = byTerm.get(processed);
      const prefix = rule?.prefix ?? false;
      const fuzzy = rule?.maxTypos || false;
      specs.push({term: token, processed, prefix, fuzzy, key: `${processed}\u0000${prefix ? 1 : 0}\u0000${fuzzy || 0}`});
    }
  }
  return {...query, rules, specs, match: createTermMatcher(rules), results: {}};
}

/** Matches of a word against the typed terms, through every variant; the best per term. */
function typedTermMatcher(variants: Variant[]): (word: string) => TermMatch[] {
  const cache = new Map<string, TermMatch[]>();
  return (word) => {
    let found = cache.get(word);
    if (found) return found;
    const best = new Map<number, TermMatch>();
    for (const variant of variants) {
      for (const hit of variant.match(word)) {
        const exact = hit.exact && variant.exact[hit.index];
        for (const index of variant.origins[hit.index]) {
          const seen = best.get(index);
          if (!seen || hit.typos < seen.typos || (hit.typos === seen.typos && exact && !seen.exact)) best.set(index, {index, typos: hit.typos, exact});
        }
      }
    }
    found = [...best.values()];
    cache.set(word, found);
    return found;
  };
}

/** Every term a query searches, with its rule, synonyms' included: what decides which term files it needs. */
export function searchedTerms(prepared: PreparedQuery): TermSpec[] {
  return prepared.variants.flatMap((variant) => variant.specs);
}

export function prepareQuery(query: string): PreparedQuery {
  // Algolia's removeStopWords (settings.ts): a question's "how", "does", "the" are no part of its subject.
  const terms = withoutStopWords(queryTerms(query.slice(0, MAX_QUERY_LENGTH)));
  const variants = queryVariants(terms).map(prepareVariant);
  return {terms, variants, match: variants.length === 1 ? variants[0].match : typedTermMatcher(variants), ranked: {}};
}

/** One term's matches, optionally only among `among` (skipped documents cost no scoring). */
function searchTerm(index: Index, spec: TermSpec, among?: ReadonlyMap<number, unknown>): TermHits {
  const results = index.engine.search(spec.term, {
    prefix: () => spec.prefix,
    fuzzy: () => spec.fuzzy,
    boost: FIELD_BOOST,
    // A boost of 1 leaves scores bit for bit the same; 0 makes MiniSearch skip the document.
    ...(among ? {boostDocument: (id: number) => (among.has(id) ? 1 : 0)} : {}),
  });
  const hits: TermHits = new Map();
  for (const {id, score, match} of results) hits.set(id as number, {score, match, term: spec.processed});
  return hits;
}

function cachedTerm(index: Index, spec: TermSpec): TermHits {
  let hits = index.terms.get(spec.key);
  if (!hits) index.terms.set(spec.key, (hits = searchTerm(index, spec)));
  return hits;
}

function distinctTerms(parts: TermHit[]): number {
  return new Set(parts.map((part) => part.term)).size || 1;
}

/**
 * MiniSearch's AND/OR of a variant's terms, computed per term so each term's matches can be
 * cached: scores add in query order and are multiplied by the number of distinct terms
 * matched, exactly as MiniSearch's own combination does. For AND, the last term (the word
 * being typed, often a short prefix matching most records) is scored only among the records
 * the other terms matched, unless it is cached already.
 */
export function runQuery(index: Index, variant: Variant, combineWith: Combine): Matched[] {
  const cached = variant.results[combineWith];
  if (cached) return cached;
  const {specs} = variant;
  const perTerm: TermHits[] = [];
  if (combineWith === 'AND') {
    let among: TermHits | null = null;
    for (let i = 0; i < specs.length; i += 1) {
      const spec = specs[i];
      const hits: TermHits =
        among && i === specs.length - 1 && !index.terms.get(spec.key) ? searchTerm(index, spec, among) : cachedTerm(index, spec);
      perTerm.push(hits);
      if (!among || hits.size < among.size) among = hits;
    }
  } else {
    for (const spec of specs) perTerm.push(cachedTerm(index, spec));
  }

  // MiniSearch multiplies by the number of distinct processed terms matched.
  const repeated = new Set(specs.map((spec) => spec.processed)).size < specs.length;
  const results: Matched[] = [];
  if (perTerm.length > 0) {
    // Every record any term matched, or for AND only those of the smallest term.
    const seeds = combineWith === 'AND' ? [perTerm.reduce((a, b) => (b.size < a.size ? b : a))] : perTerm;
    const seen = combineWith === 'AND' ? null : new Set<number>();
    for (const seed of seeds) {
      for (const id of seed.keys()) {
        if (seen) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        const parts: TermHit[] = [];
        let score = 0;
        let complete = true;
        for (let i = 0; i < perTerm.length; i += 1) {
          const part = perTerm[i].get(id);
          if (!part) {
            complete = false;
            if (combineWith === 'AND') break;
            continue;
          }
          score = parts.length === 0 ? part.score : score + part.score;
          parts.push(part);
        }
        if (combineWith === 'AND' && !complete) continue;
        results.push({id, score: score * (repeated ? distinctTerms(parts) : parts.length), parts});
      }
    }
  }
  variant.results[combineWith] = results;
  return results;
}
