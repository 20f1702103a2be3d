import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { statsUpdate, type StatsChange } from './search-ranking.ts';
import type { SearchDb } from './search.tables.ts';

/** The events that move a post's counters (runs of them are applied at once: engagement.runs.ts). */
export const ENGAGEMENT_TYPES = [
  'PostLiked',
  'PostUnliked',
  'CommentAdded',
  'CommentDeleted',
  'PostShared',
  'PostViewed',
] as const;
export type EngagementType = (typeof ENGAGEMENT_TYPES)[number];

/** What each engagement event does to its post's counters (the per-event handlers and the runs both read it). */
export const STATS_CHANGES: Record<EngagementType, StatsChange> = {
  PostLiked: { likes: 1 },
  PostUnliked: { likes: -1 },
  CommentAdded: { comments: 1 },
  CommentDeleted: { comments: -1 },
  PostShared: { shares: 1 },
  PostViewed: { views: 1 },
};

/** Moves a post's counters and its rank_key in one statement; a post not in search (gone, unpublished) changes nothing. */
async function changeStats(
  { tx, schema }: ProjectionContext<SearchDb>,
  postId: string,
  change: StatsChange,
): Promise<void> {
  await sql`update ${sql.id(schema, 'search_posts')} set ${statsUpdate(change)} where id = ${postId}`.execute(tx);
}

/** The counters search results show and rank by (likes, comments, shares, views). */
export const engagementHandlers: ProjectionHandlers<SearchDb> = {
  PostLiked: (ctx, { data: d }) => changeStats(ctx, d.postId, STATS_CHANGES.PostLiked),
  PostUnliked: (ctx, { data: d }) => changeStats(ctx, d.postId, STATS_CHANGES.PostUnliked),
  CommentAdded: (ctx, { data: d }) => changeStats(ctx, d.postId, STATS_CHANGES.CommentAdded),
  CommentDeleted: (ctx, { data: d }) => changeStats(ctx, d.postId, STATS_CHANGES.CommentDeleted),
  PostShared: (ctx, { data: d }) => changeStats(ctx, d.postId, STATS_CHANGES.PostShared),
  PostViewed: (ctx, { data: d }) => changeStats(ctx, d.postId, STATS_CHANGES.PostViewed),
};
