import type { QueryCreator } from 'kysely';
import { CANDIDATE_COLUMNS, type FeedCandidateRow } from './feed.queries.ts';
import type { PostsDb } from './posts.tables.ts';

type Db = QueryCreator<PostsDb>;
/** At most this many of each followee's newest posts or likes are looked at (10,000 followees stay bounded). */
const PER_FOLLOWEE = 20;

/**
 * What the viewer's network does, for recommendations: the posts of the people they follow, the
 * posts those people liked, and which of a page's posts they liked. Each reads per followee from
 * an index (a LATERAL join), so the cost depends on how many people the viewer follows, not on
 * the history.
 */

/** Published posts by the authors the viewer follows (not their own), newest first. */
export async function followeeCandidates(db: Db, viewerId: string, limit: number): Promise<FeedCandidateRow[]> {
  return db
    .selectFrom('follow_edges as f')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('posts')
          .select(CANDIDATE_COLUMNS)
          .whereRef('posts.author_id', '=', 'f.followee_id')
          .where('posts.status', '=', 'published')
          .where('posts.hidden', '=', false)
          .orderBy('posts.published_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(Math.min(limit, PER_FOLLOWEE))
          .as('p'),
      (join) => join.onTrue(),
    )
    .selectAll('p')
    .where('f.follower_id', '=', viewerId)
    .orderBy('p.published_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Published posts the people the viewer follows liked most recently (not the viewer's own), each once. */
export async function likedByFolloweesCandidates(db: Db, viewerId: string, limit: number): Promise<FeedCandidateRow[]> {
  const likes = await db
    .selectFrom('follow_edges as f')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('post_likes')
          .select(['post_likes.post_id', 'post_likes.liked_at'])
          .whereRef('post_likes.user_id', '=', 'f.followee_id')
          .orderBy('post_likes.liked_at', 'desc')
          .limit(Math.min(limit, PER_FOLLOWEE))
          .as('l'),
      (join) => join.onTrue(),
    )
    .select(['l.post_id', 'l.liked_at'])
    .where('f.follower_id', '=', viewerId)
    .orderBy('l.liked_at', 'desc')
    .limit(limit * 2)
    .execute();
  const ids = [...new Set(likes.map((l) => l.post_id))].slice(0, limit);
  return publishedCandidatesByIds(db, ids, viewerId);
}

/** Which of `postIds` someone the viewer follows has liked. */
export async function likedByFollowees(db: Db, viewerId: string, postIds: readonly string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('post_likes as l')
    .innerJoin('follow_edges as f', (join) =>
      join.onRef('f.followee_id', '=', 'l.user_id').on('f.follower_id', '=', viewerId),
    )
    .select('l.post_id')
    .distinct()
    .where('l.post_id', 'in', [...postIds])
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

/** The published ones (none hidden) among `ids` (in the order of `ids`), leaving out `notBy`'s own. */
export async function publishedCandidatesByIds(
  db: Db,
  ids: readonly string[],
  notBy?: string,
): Promise<FeedCandidateRow[]> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom('posts')
    .select(CANDIDATE_COLUMNS)
    .where('id', 'in', [...ids])
    .where('status', '=', 'published')
    .where('hidden', '=', false);
  if (notBy) query = query.where('author_id', '!=', notBy);
  const byId = new Map((await query.execute()).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
