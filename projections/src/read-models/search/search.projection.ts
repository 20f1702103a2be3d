import { defineProjection } from '../../projection.ts';
import { contentHandlers } from './content.handlers.ts';
import { searchRuns } from './search.runs.ts';
import { createSearchTables, type SearchDb } from './search.tables.ts';

export type { SearchDb } from './search.tables.ts';

/**
 * The search read model: published posts (full text, accent-insensitive, weighted), users
 * (trigram on username and name) and hashtags with their uses; what GET /api/search and the
 * hashtag pages read.
 */
export const searchProjection = defineProjection<SearchDb>({
  name: 'search',
  // 3: deleted accounts leave with their posts and follows (kept as edges); users hidden by moderation leave the results.
  // 4: people's events no longer end engagement runs (same rows as version 3).
  // 5: a hidden user's posts leave the results and hashtag pages with them (author_hidden).
  // 6: a suspended user and their posts stay, flagged (suspended, author_hidden), and come back on reinstatement.
  // 7: text posts keep their card's look (background_color, text_color, font_style).
  // 8: publications, engagement and people's events applied by one run handler, a single event as a
  //    run of one (same rows as version 7).
  version: 8,
  migrate: createSearchTables,
  handlers: contentHandlers,
  runHandlers: [searchRuns],
});
