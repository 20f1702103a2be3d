import { defineProjection, mergeHandlers } from '../../projection.ts';
import { contentHandlers } from './content.handlers.ts';
import { engagementHandlers } from './engagement.handlers.ts';
import { engagementRuns } from './engagement.runs.ts';
import { peopleHandlers } from './people.handlers.ts';
import { createSearchTables, type SearchDb } from './search.tables.ts';

export type { SearchDb } from './search.tables.ts';

/**
 * The search read model: published posts (full text, accent-insensitive, weighted), users
 * (trigram on username and name) and hashtags with their uses; what GET /api/search and the
 * hashtag pages read.
 */
export const searchProjection = defineProjection<SearchDb>({
  name: 'search',
  version: 1,
  migrate: createSearchTables,
  handlers: mergeHandlers(contentHandlers, engagementHandlers, peopleHandlers),
  runHandlers: [engagementRuns],
});
