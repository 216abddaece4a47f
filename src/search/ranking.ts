/**
 * Ranking: Algolia's tie-breaking over the engine's matches, with the page-level weight by
 * kind DocSearch configs give through `pageRank`, and the grouping that keeps one page's
 * sections from filling the first results.
 */
import type {Field} from './engine';
import {wordSpans} from './highlight';
import {FIELD_BOOST, runQuery, type Combine, type Matched, type PreparedQuery, type Variant} from './query';
import {PAGE_RANK, type SearchRecord} from './records';
import type {Index} from './searchIndex';

export interface Candidate {
  id: number;
  words: number;
  typos: number;
  /** 1 for a generic section of an API operation page (see `GENERIC_API_SECTIONS`). */
  generic: number;
  /** 1 for a page's title record when the title is the query (a page wins for its own name). */
  named: number;
  attribute: number;
  exact: number;
  score: number;
  level: number;
  pageRank: number;
  position: number;
}

/**
 * The sections every API operation page has. Their records match a query through the
 * operation's title above them, and say less than the operation or a guide that matches
 * as well, so they rank below both.
 */
export const GENERIC_API_SECTIONS = new Set(['Authentication', 'Parameters', 'Request body', 'Responses', 'Error codes', 'Code samples']);

export function isGenericSection(record: SearchRecord): boolean {
  const section = record.hierarchy?.lvl2;
  return record.weight?.pageRank === PAGE_RANK.operation && typeof section === 'string' && GENERIC_API_SECTIONS.has(section);
}

/**
 * The page-level weight by kind, added to the attribute per query word matched (a guide,
 * pageRank 2, gets 3 a word; an API reference guide 1.5): a guide's heading that holds the
 * words outranks an operation's title that holds them, while an operation's title still
 * beats a guide's passing mention in its text.
 */
export const KIND_BOOST_PER_RANK = 1.5;

/** Words a title may hold beyond the query and still be named by it. */
const TITLE_FILLER = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'with', 'by', 'from', 'at', 'its', 'your']);

/**
 * Algolia's criteria over MiniSearch's matches, counted in the terms as typed (a synonym's
 * words stand for the terms they replace): more query words matched, fewer typos, a page's
 * title record whose title is the query, not a generic API section, a better attribute (sum
 * over the words of the best field boost they matched in, plus the weight of the page's
 * kind), more words matched exactly rather than by prefix or a multi-word synonym, then
 * `weight.pageRank`, `weight.level`, `weight.position`, and MiniSearch's own score last.
 */
export function createRanker(variant: Variant, termCount: number): (matched: Matched, record: SearchRecord) => Candidate {
  // Scratch space reused for every record of the query: ranking thousands of matches of a
  // short prefix should not allocate three arrays each.
  const typos = new Float64Array(termCount);
  const boost = new Float64Array(termCount);
  const exact = new Uint8Array(termCount);
  const inTitle = new Uint8Array(termCount);
  const {match, origins} = variant;
  return (matched, record) => {
    typos.fill(Infinity);
    boost.fill(0);
    exact.fill(0);
    inTitle.fill(0);
    // A word two terms both matched appears in both parts with the same fields; min/max
    // make seeing it twice harmless, so this equals walking MiniSearch's merged `match`.
    for (const part of matched.parts) {
      const words = part.match;
      for (const word of Object.keys(words)) {
        const hits = match(word);
        if (hits.length === 0) continue;
        let best = -Infinity;
        for (const field of words[word]) {
          const b = FIELD_BOOST[field as Field] ?? 1;
          if (b > best) best = b;
        }
        const titled = record.type === 'lvl1' && words[word].includes('lvl1');
        for (const hit of hits) {
          const isExact = hit.exact && variant.exact[hit.index];
          for (const i of origins[hit.index]) {
            if (hit.typos < typos[i]) typos[i] = hit.typos;
            if (best > boost[i]) boost[i] = best;
            if (isExact) exact[i] = 1;
            if (titled) inTitle[i] = 1;
          }
        }
      }
    }
    let words = 0;
    let typoSum = 0;
    let attribute = 0;
    let exactCount = 0;
    let titleTerms = 0;
    for (let i = 0; i < termCount; i += 1) {
      if (typos[i] !== Infinity) {
        words += 1;
        typoSum += typos[i];
      }
      attribute += boost[i];
      exactCount += exact[i];
      titleTerms += inTitle[i];
    }
    const weight = record.weight;
    const pageRank = weight?.pageRank ?? 0;
    return {
      id: matched.id,
      words,
      typos: typoSum,
      named: titleTerms === termCount && titleIsQuery(record.hierarchy.lvl1, match) ? 1 : 0,
      generic: isGenericSection(record) ? 1 : 0,
      attribute: attribute + words * pageRank * KIND_BOOST_PER_RANK,
      exact: exactCount,
      score: matched.score,
      level: weight?.level ?? 0,
      pageRank,
      position: weight?.position ?? 0,
    };
  };
}

/** Every word of the title, but for small filler words, matches the query. */
function titleIsQuery(title: string, match: Variant['match']): boolean {
  return wordSpans(title).every((span) => TITLE_FILLER.has(span.term) || match(span.term).length > 0);
}

export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    b.words - a.words ||
    a.typos - b.typos ||
    b.named - a.named ||
    a.generic - b.generic ||
    b.attribute - a.attribute ||
    b.exact - a.exact ||
    b.pageRank - a.pageRank ||
    b.level - a.level ||
    a.position - b.position ||
    b.score - a.score ||
    a.id - b.id
  );
}

/**
 * All matches in ranked order, before facet filters and distinct (a total order, so
 * filtering a ranked list keeps it ranked). A record several variants match ranks by its
 * best. A one-term query without synonyms depends only on the term and its rule, so its
 * list is kept across searches: every search starts with one, and one or two letters match
 * most records, which ranking thousands of times over would cost.
 */
export function rankedMatches(index: Index, prepared: PreparedQuery, combineWith: Combine): Int32Array {
  const cached = prepared.ranked[combineWith];
  if (cached) return cached;
  const [first] = prepared.variants;
  const key =
    prepared.variants.length === 1 && prepared.terms.length === 1 && first.specs.length === 1
      ? `${first.specs[0].key}\u0000${JSON.stringify(first.rules)}`
      : null;
  let ranked = key === null ? undefined : index.ranked.get(key);
  if (!ranked) {
    const {records} = index;
    const best = new Map<number, Candidate>();
    for (const variant of prepared.variants) {
      const rank = createRanker(variant, prepared.terms.length);
      for (const matched of runQuery(index, variant, combineWith)) {
        const candidate = rank(matched, records[matched.id]);
        const seen = best.get(candidate.id);
        if (!seen || compareCandidates(candidate, seen) < 0) best.set(candidate.id, candidate);
      }
    }
    ranked = Int32Array.from([...best.values()].sort(compareCandidates), (candidate) => candidate.id);
    if (key !== null) index.ranked.set(key, ranked);
  }
  prepared.ranked[combineWith] = ranked;
  return ranked;
}

/** The first results the modal shows at once, and how many of them one page may hold. */
export const FIRST_RESULTS = 5;
export const FIRST_RESULTS_PER_PAGE = 2;

/**
 * DocSearch's distinct grouping for the first results: a page holds at most
 * `FIRST_RESULTS_PER_PAGE` of the first `FIRST_RESULTS`, so that they show at least three
 * pages wherever three match; the sections passed over follow, in rank order. `pageOf`
 * numbers each record's page.
 */
export function spreadPages(ids: number[], pageOf: Int32Array): number[] {
  const head: number[] = [];
  const perPage = new Map<number, number>();
  for (const id of ids) {
    if (head.length === FIRST_RESULTS) break;
    const count = perPage.get(pageOf[id]) ?? 0;
    if (count >= FIRST_RESULTS_PER_PAGE) continue;
    perPage.set(pageOf[id], count + 1);
    head.push(id);
  }
  if (head.length === 0 || head.length === ids.length) return ids;
  const inHead = new Set(head);
  return [...head, ...ids.filter((id) => !inHead.has(id))];
}

export type {Combine};
