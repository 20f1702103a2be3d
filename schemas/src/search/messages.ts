/** What the search pages say (its status texts). */
export const SEARCH_MESSAGES = {
  queryTooLong: 'q must be at most 100 characters',
  searching: 'Searching...',
  resultsFor: (query: string, count: number) => `Search Results for "${query}" (${count})`,
  noResultsFor: (query: string) => `No results found for "${query}"`,
  noResultsHint: 'Try different keywords or check your spelling',
  hashtagNotFound: 'Hashtag not found',
} as const;
