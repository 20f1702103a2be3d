import { sql } from 'kysely';
import type { RunHandler } from '../../projection.ts';
import { NO_MOVE, thenMove, type ClampedMove } from './clamped-moves.ts';
import { ENGAGEMENT_TYPES, STATS_CHANGES, type EngagementType } from './engagement.handlers.ts';
import { countersUpdate } from './search-ranking.ts';
import type { SearchDb } from './search.tables.ts';

/** One post's four counter moves over a run. */
interface PostMoves {
  likes: ClampedMove;
  comments: ClampedMove;
  shares: ClampedMove;
  views: ClampedMove;
}

/**
 * A run of engagement events in one UPDATE: each post's counters move once, by the composition
 * of its events' clamped moves (clamped-moves.ts), and rank_key is computed from the final
 * counters, which is what the last of its events one by one would have stored.
 */
export const engagementRuns: RunHandler<SearchDb, EngagementType> = {
  types: ENGAGEMENT_TYPES,
  async apply({ tx, schema }, events) {
    const posts = new Map<string, PostMoves>();
    for (const { type, data } of events) {
      const change = STATS_CHANGES[type];
      const post = posts.get(data.postId) ?? { likes: NO_MOVE, comments: NO_MOVE, shares: NO_MOVE, views: NO_MOVE };
      // Every event moves all four counters, by 0 for the ones it does not change (as statsUpdate does).
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
  },
};
