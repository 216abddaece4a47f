/**
 * The Algolia index settings of the DocSearch crawler's Docusaurus template, in one
 * place: `npm run search:push` sends them to Algolia, and the local client reads its
 * typo and prefix rules from them, so both modes match words the same way.
 */
export {MAX_QUERY_LENGTH} from './limits';

export const INDEX_SETTINGS = {
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
  /** One typo allowed in query words of at least 3 characters, two from 7. */
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  /** Algolia's default, stated so the local client can read it: only the last query word matches as a prefix. */
  queryType: 'prefixLast' as 'prefixLast' | 'prefixAll' | 'prefixNone',
  minProximity: 1,
  ignorePlurals: true,
  advancedSyntax: true,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional' as const,
  /** English stop words are left out of a query (the local list: src/search/stopWords.ts). */
  queryLanguages: ['en'] as 'en'[],
  removeStopWords: ['en'] as 'en'[],
  separatorsToIndex: '_',
};

/**
 * The highlight tags of the local client for requests that name none (the modal sends
 * its own): the classes the DocSearch crawler's index uses.
 */
export const PAGE_HIGHLIGHT_TAGS = {highlightPreTag: INDEX_SETTINGS.highlightPreTag, highlightPostTag: INDEX_SETTINGS.highlightPostTag};
