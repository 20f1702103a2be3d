import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { statsUpdate, type StatsChange } from './search-ranking.ts';
import type { SearchDb } from './search.tables.ts';

/** Moves a post's counters and its rank_key in one statement; a post not in search (gone, unpublished) changes nothing. */
async function changeStats({ tx, schema }: ProjectionContext<SearchDb>, postId: string, change: StatsChange): Promise<void> {
  await sql`update ${sql.id(schema, 'search_posts')} set ${statsUpdate(change)} where id = ${postId}`.execute(tx);
}

/** The counters search results show and rank by (likes, comments, shares, views). */
export const engagementHandlers: ProjectionHandlers<SearchDb> = {
  PostLiked: (ctx, { data: d }) => changeStats(ctx, d.postId, { likes: 1 }),
  PostUnliked: (ctx, { data: d }) => changeStats(ctx, d.postId, { likes: -1 }),
  CommentAdded: (ctx, { data: d }) => changeStats(ctx, d.postId, { comments: 1 }),
  CommentDeleted: (ctx, { data: d }) => changeStats(ctx, d.postId, { comments: -1 }),
  PostShared: (ctx, { data: d }) => changeStats(ctx, d.postId, { shares: 1 }),
  PostViewed: (ctx, { data: d }) => changeStats(ctx, d.postId, { views: 1 }),
};
