import { sql } from 'kysely';
import type { ProjectionContext, TypedRecordedEventOf } from '../../projection.ts';
import { NO_MOVE, thenMove, type ClampedMove } from './clamped-moves.ts';
import { countersUpdate, type StatsChange } from './search-ranking.ts';
import type { SearchDb } from './search.tables.ts';
import { ENGAGEMENT_TYPES } from '../../read-model-parts/engagement-types.ts';

type EngagementType = (typeof ENGAGEMENT_TYPES)[number];
export type EngagementEvent = TypedRecordedEventOf<EngagementType>;
export const isEngagement = (event: { type: string }): event is EngagementEvent =>
  (ENGAGEMENT_TYPES as readonly string[]).includes(event.type);

/** What each engagement event does to its post's counters (each is max(0, count + change)). */
const STATS_CHANGES: Record<EngagementType, StatsChange> = {
  PostLiked: { likes: 1 },
  PostUnliked: { likes: -1 },
  CommentAdded: { comments: 1 },
  CommentDeleted: { comments: -1 },
  PostShared: { shares: 1 },
  PostViewed: { views: 1 },
};

/** One post's four counter moves over a run. */
interface PostMoves {
  likes: ClampedMove;
  comments: ClampedMove;
  shares: ClampedMove;
  views: ClampedMove;
}

/**
 * The counters search results show and rank by (likes, comments, shares, views), for a run of
 * engagement events in one UPDATE: each post's counters move once, by the composition of its
 * events' clamped moves (clamped-moves.ts), and rank_key is computed from the final counters,
 * which is what the last of its events one by one would have stored. A post not in search (gone,
 * unpublished) changes nothing.
 */
export async function applyEngagement(
  { tx, schema }: ProjectionContext<SearchDb>,
  events: readonly EngagementEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const posts = new Map<string, PostMoves>();
  for (const { type, data } of events) {
    const change = STATS_CHANGES[type];
    const post = posts.get(data.postId) ?? { likes: NO_MOVE, comments: NO_MOVE, shares: NO_MOVE, views: NO_MOVE };
    // Every event moves all four counters, by 0 for the ones it does not change.
    posts.set(data.postId, {
      likes: thenMove(post.likes, change.likes ?? 0),
      comments: thenMove(post.comments, change.comments ?? 0),
      shares: thenMove(post.shares, change.shares ?? 0),
      views: thenMove(post.views, change.views ?? 0),
    });
  }
  const moves = [...posts.values()];
  const values = (counter: keyof PostMoves, part: keyof ClampedMove) =>
    sql`${moves.map((m) => m[counter][part])}::int[]`;
  const moved = (counter: keyof PostMoves, column: string) =>
    sql`greatest(${sql.ref(`v.${counter}_floor`)}, ${sql.ref(`p.${column}`)} + ${sql.ref(`v.${counter}_shift`)})`;
  await sql`
    update ${sql.id(schema, 'search_posts')} as p
       set ${countersUpdate({ likes: moved('likes', 'like_count'), comments: moved('comments', 'comment_count'), shares: moved('shares', 'share_count'), views: moved('views', 'view_count') })}
      from unnest(${[...posts.keys()]}::text[], ${values('likes', 'floor')}, ${values('likes', 'shift')}, ${values('comments', 'floor')}, ${values('comments', 'shift')},
                  ${values('shares', 'floor')}, ${values('shares', 'shift')}, ${values('views', 'floor')}, ${values('views', 'shift')})
           as v(id, likes_floor, likes_shift, comments_floor, comments_shift, shares_floor, shares_shift, views_floor, views_shift)
     where p.id = v.id`.execute(tx);
}
