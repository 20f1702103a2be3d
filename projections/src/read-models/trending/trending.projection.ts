import { defineProjection, mergeHandlers } from '../../projection.ts';
import { contentHandlers } from './content.handlers.ts';
import { engagementHandlers } from './engagement.handlers.ts';
import { trendingRuns } from './trending.runs.ts';
import { createTrendingTables, type TrendingDb } from './trending.tables.ts';

export type { TrendingDb } from './trending.tables.ts';

/**
 * The trending read model: hashtags by recent use, creators by recent follower growth and
 * engagement received, content by engagement velocity, all decayed from event times and kept
 * incrementally (never computed over the history per request), plus the discover banner's totals.
 */
export const trendingProjection = defineProjection<TrendingDb>({
  name: 'trending',
  // 2: the migration creates myworld_add_keys, which the engagement runs use (same rows as version 1).
  // 3: posts and users removed by moderators leave.
  // 4: deleted accounts leave with their posts and follows.
  // 5: a suspended user's posts and creator row stay, flagged and left out of the reads, until AccountReinstated.
  // 6: publications, the engagement that adds, registrations, pictures and follows applied by one run
  //    handler, a single event as a run of one (same rows as version 5).
  version: 6,
  migrate: createTrendingTables,
  handlers: mergeHandlers(contentHandlers, engagementHandlers),
  runHandlers: [trendingRuns],
});
