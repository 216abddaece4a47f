/**
 * Words, query terms and Algolia-style highlight and snippet values. The index and the
 * highlighter share one tokenizer so a word is marked exactly when the index matched it.
 */
import {INDEX_SETTINGS} from './settings';

/** A word: letters, digits, combining marks, underscore (Algolia indexes `_`, see `separatorsToIndex`). */
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
const NOT_TERM_CHAR = /[^\p{L}\p{N}_]/gu;

const ASCII_WORD = /^[A-Za-z0-9_]+$/;

/** Lower case, accents dropped: `Réseau` and `reseau` are one term. */
export function normalizeTerm(word: string): string {
  // Most words are plain ASCII, which lower-casing alone normalizes; this runs for every
  // word of every highlighted field.
  if (ASCII_WORD.test(word)) return word.toLowerCase();
  return word.toLowerCase().normalize('NFKD').replace(NOT_TERM_CHAR, '');
}

export interface WordSpan {
  start: number;
  end: number;
  term: string;
}

export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  for (const match of text.matchAll(WORD)) {
    const term = normalizeTerm(match[0]);
    if (term) spans.push({start: match.index, end: match.index + match[0].length, term});
  }
  return spans;
}

/** The tokenizer MiniSearch indexes with; its terms go through `normalizeTerm` next. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Distinct normalized terms of a query, in order. */
export function queryTerms(query: string): string[] {
  return [...new Set(wordSpans(query).map((span) => span.term))];
}

export interface TermRule {
  term: string;
  prefix: boolean;
  /** Largest edit distance allowed; 0 for none. */
  maxTypos: number;
}

/**
 * How each query term may match, by the index settings Algolia gets (the crawler's):
 * one typo from `minWordSizefor1Typo` characters, two from `minWordSizefor2Typos`, none
 * in numbers, and a prefix match for the last term only (`queryType: 'prefixLast'`),
 * the word being typed.
 */
export function termRules(terms: string[]): TermRule[] {
  const {minWordSizefor1Typo, minWordSizefor2Typos, allowTyposOnNumericTokens, queryType} = INDEX_SETTINGS;
  return terms.map((term, i) => {
    const length = [...term].length;
    const typos = length >= minWordSizefor2Typos ? 2 : length >= minWordSizefor1Typo ? 1 : 0;
    return {
      term,
      prefix: queryType === 'prefixAll' || (queryType === 'prefixLast' && i === terms.length - 1),
      maxTypos: !allowTyposOnNumericTokens && /^\d+$/.test(term) ? 0 : typos,
    };
  });
}

/** Edit distance if it is at most `max`, else `max + 1`. */
export function boundedLevenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/** How a word matched one query term. */
export interface TermMatch {
  /** Index of the query term. */
  index: number;
  typos: number;
  exact: boolean;
}

/** One word the plural of the other (`ignorePlurals`): an exact match, as Algolia counts it. */
function samePlural(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length >= INDEX_SETTINGS.minWordSizefor1Typo && (long === `${short}s` || long === `${short}es`);
}

/** Which query terms a normalized word satisfies, by the same rules MiniSearch searched with; memoised per query. */
export function createTermMatcher(rules: TermRule[]): (word: string) => TermMatch[] {
  const cache = new Map<string, TermMatch[]>();
  return (word) => {
    let found = cache.get(word);
    if (found) return found;
    found = [];
    rules.forEach((rule, index) => {
      if (word === rule.term || samePlural(word, rule.term)) found!.push({index, typos: 0, exact: true});
      else if (rule.prefix && word.startsWith(rule.term)) found!.push({index, typos: 0, exact: false});
      else if (rule.maxTypos > 0) {
        const typos = boundedLevenshtein(rule.term, word, rule.maxTypos);
        if (typos <= rule.maxTypos) found!.push({index, typos, exact: false});
      }
    });
    cache.set(word, found);
    return found;
  };
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export type MatchLevel = 'none' | 'partial' | 'full';

export interface HighlightResult {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetResult {
  value: string;
  matchLevel: MatchLevel;
}

export interface MarkOptions {
  terms: string[];
  match: (word: string) => TermMatch[];
  preTag: string;
  postTag: string;
}

interface Marked {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  allMarked: boolean;
}

/** Escapes `text` and wraps every matching word in the tags. */
function mark(text: string, spans: WordSpan[], options: MarkOptions): Marked {
  const matched = new Set<number>();
  let value = '';
  let last = 0;
  let marked = 0;
  for (const span of spans) {
    const hits = options.match(span.term);
    if (hits.length === 0) continue;
    hits.forEach((hit) => matched.add(hit.index));
    value += `${escapeHtml(text.slice(last, span.start))}${options.preTag}${escapeHtml(text.slice(span.start, span.end))}${options.postTag}`;
    last = span.end;
    marked += 1;
  }
  value += escapeHtml(text.slice(last));
  const matchedWords = options.terms.filter((_, i) => matched.has(i));
  const matchLevel: MatchLevel = matched.size === 0 ? 'none' : matched.size === options.terms.length ? 'full' : 'partial';
  return {value, matchLevel, matchedWords, allMarked: marked > 0 && marked === spans.length};
}

/** `spans` may be passed when the caller has them already (`wordSpans(text)`). */
export function highlightText(text: string, options: MarkOptions, spans: WordSpan[] = wordSpans(text)): HighlightResult {
  const {value, matchLevel, matchedWords, allMarked} = mark(text, spans, options);
  return matchLevel === 'none' ? {value, matchLevel, matchedWords} : {value, matchLevel, matchedWords, fullyHighlighted: allMarked};
}

/**
 * At most `words` words of `text` around its first matching word (a third of the window
 * before it, the rest after), or its first words when nothing matches; `ellipsis` marks
 * each side that was cut.
 */
export function snippetText(text: string, words: number, ellipsis: string, options: MarkOptions, spans: WordSpan[] = wordSpans(text)): SnippetResult {
  const size = Math.max(1, Math.floor(words));
  if (spans.length <= size) {
    const {value, matchLevel} = mark(text, spans, options);
    return {value, matchLevel};
  }
  const first = spans.findIndex((span) => options.match(span.term).length > 0);
  const before = Math.floor((size - 1) / 3);
  const start = first < 0 ? 0 : Math.max(0, Math.min(first - before, spans.length - size));
  const end = start + size;
  const from = start === 0 ? 0 : spans[start].start;
  const to = end === spans.length ? text.length : spans[end - 1].end;
  const windowSpans = spans.slice(start, end).map((span) => ({...span, start: span.start - from, end: span.end - from}));
  const {value, matchLevel} = mark(text.slice(from, to), windowSpans, options);
  return {value: `${start > 0 ? ellipsis : ''}${value}${end < spans.length ? ellipsis : ''}`, matchLevel};
}
