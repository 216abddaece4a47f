/**
 * Synonyms at query time: a query becomes itself plus one variant per synonym that applies
 * (each replacing one run of its words), and the engine searches every variant. The list is
 * the site's (`src/data/searchSynonyms.ts`); every client of this engine gets it.
 */
import {SEARCH_SYNONYMS, type SearchSynonym} from '../data/searchSynonyms';
import {queryTerms} from './highlight';

export interface QueryVariant {
  /** The variant's distinct terms, in order. */
  terms: string[];
  /** Per term, the terms of the query as typed that it stands for. */
  origins: number[][];
  /**
   * Per term, whether matching it counts as an exact match of the query. As in Algolia
   * (`alternativesAsExact`), a one-word synonym of one word does, a multi-word one not.
   */
  exact: boolean[];
  /** True for a variant made by a synonym. */
  synonym: boolean;
}

interface Compiled {
  input: string[];
  synonyms: string[][];
}

const compile = (list: SearchSynonym[]): Compiled[] =>
  list
    .map(({input, synonyms}) => ({input: queryTerms(input), synonyms: synonyms.map(queryTerms).filter((words) => words.length > 0)}))
    .filter((entry) => entry.input.length > 0);

const SITE_SYNONYMS = compile(SEARCH_SYNONYMS);

/** Most variants searched for one query: the query and seven synonym rewrites. */
const MAX_VARIANTS = 8;

/** A typed word stands for a synonym's word, or its plural (Algolia's `ignorePlurals`). */
const sameWord = (typed: string, word: string) => typed === word || typed === `${word}s` || typed === `${word}es`;

function variant(parts: {term: string; origins: number[]; exact: boolean}[], synonym: boolean): QueryVariant {
  const out: QueryVariant = {terms: [], origins: [], exact: [], synonym};
  for (const {term, origins, exact} of parts) {
    const at = out.terms.indexOf(term);
    if (at < 0) {
      out.terms.push(term);
      out.origins.push([...origins]);
      out.exact.push(exact);
    } else {
      for (const origin of origins) if (!out.origins[at].includes(origin)) out.origins[at].push(origin);
      out.exact[at] = out.exact[at] && exact;
    }
  }
  return out;
}

/** The query itself first, then its synonym variants (`synonyms` are the site's unless given). */
export function queryVariants(terms: string[], synonyms: SearchSynonym[] | null = null): QueryVariant[] {
  const variants = [variant(terms.map((term, i) => ({term, origins: [i], exact: true})), false)];
  for (const {input, synonyms: alternatives} of synonyms ? compile(synonyms) : SITE_SYNONYMS) {
    for (let start = 0; start + input.length <= terms.length; start += 1) {
      if (!input.every((word, k) => sameWord(terms[start + k], word))) continue;
      const replaced = input.map((_, k) => start + k);
      for (const words of alternatives) {
        if (variants.length >= MAX_VARIANTS) return variants;
        const single = input.length === 1 && words.length === 1;
        variants.push(
          variant(
            [
              ...terms.slice(0, start).map((term, i) => ({term, origins: [i], exact: true})),
              ...words.map((term) => ({term, origins: replaced, exact: single})),
              ...terms.slice(start + input.length).map((term, i) => ({term, origins: [start + input.length + i], exact: true})),
            ],
            true,
          ),
        );
      }
    }
  }
  return variants;
}
