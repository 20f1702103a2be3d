import { sql, type QueryCreator } from 'kysely';
import type { PageKey, PostRow } from './posts.queries.ts';
import type { PostsDb } from './posts.tables.ts';

type Db = QueryCreator<PostsDb>;

/**
 * Ranked lists' candidates: the newest published posts (none hidden) before `before`, `limit` of them, read from
 * the partial index on published_at (with `category`, that category's videos, from their own
 * index). Ranking a fixed-size window keeps a page's cost independent of how much history there is.
 */
export async function feedCandidates(
  db: Db,
  { before, limit, category }: { before?: PageKey; limit: number; category?: string },
): Promise<FeedCandidateRow[]> {
  // Only what ranking reads: the page's own rows are read afterwards (postRowsByIds).
  let query = db
    .selectFrom('posts')
    .select(CANDIDATE_COLUMNS)
    .where('status', '=', 'published')
    .where('hidden', '=', false);
  if (category) query = query.where('kind', '=', 'video').where('category', '=', category);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('published_at', '<', before.at),
        eb.and([eb('published_at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** What ranking and filtering read of a candidate (kind and category for the category filters). */
export const CANDIDATE_COLUMNS = [
  'id',
  'author_id',
  'kind',
  'category',
  'published_at',
  'engagement_score',
  'view_score',
] as const;
export type FeedCandidateRow = Pick<PostRow, (typeof CANDIDATE_COLUMNS)[number]>;

/** Full rows of the given posts, in the order of `ids` (missing and hidden ones left out). */
export async function postRowsByIds(db: Db, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('posts')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('hidden', '=', false)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** What the viewer's history says about a page of candidates: whom they follow, how much they like each author, what they have seen. */
export interface ViewerSignals {
  readonly followed: ReadonlySet<string>;
  readonly affinity: ReadonlyMap<string, number>;
  readonly seen: ReadonlySet<string>;
}

/** Three indexed lookups limited to the candidates' posts and authors (never the viewer's whole history). */
export async function viewerSignals(
  db: Db,
  viewerId: string,
  candidates: readonly FeedCandidateRow[],
  seenBefore: Date,
): Promise<ViewerSignals> {
  if (candidates.length === 0) return { followed: new Set(), affinity: new Map(), seen: new Set() };
  const authorIds = [...new Set(candidates.map((c) => c.author_id))];
  const postIds = candidates.map((c) => c.id);
  const [followed, affinity, seen] = await Promise.all([
    db
      .selectFrom('follow_edges')
      .select('followee_id')
      .where('follower_id', '=', viewerId)
      .where('followee_id', 'in', authorIds)
      .execute(),
    db
      .selectFrom('author_affinity')
      .select(['author_id', 'likes'])
      .where('user_id', '=', viewerId)
      .where('author_id', 'in', authorIds)
      .where('likes', '>', 0)
      .execute(),
    db
      .selectFrom('viewer_seen')
      .select('post_id')
      .where('user_id', '=', viewerId)
      .where('post_id', 'in', postIds)
      .where('seen_at', '<=', seenBefore)
      .execute(),
  ]);
  return {
    followed: new Set(followed.map((f) => f.followee_id)),
    affinity: new Map(affinity.map((a) => [a.author_id, a.likes])),
    seen: new Set(seen.map((s) => s.post_id)),
  };
}

/**
 * The Following tab: published posts of the authors the viewer follows (and their own), newest
 * first. Each followee's posts are read from the (author, published_at) index and merged, so the
 * cost depends on how many people the viewer follows (10,000 at most), not on the history.
 */
export async function followingPage(
  db: Db,
  viewerId: string,
  { before, limit }: { before?: PageKey; limit: number },
): Promise<PostRow[]> {
  const authors = db
    .selectFrom('follow_edges')
    .select('followee_id as author_id')
    .where('follower_id', '=', viewerId)
    .unionAll(db.selectNoFrom(sql<string>`${viewerId}::text`.as('author_id')));
  return db
    .selectFrom(authors.as('a'))
    .innerJoinLateral(
      (eb) => {
        // A hidden post stays in its author's own Following tab.
        let posts = eb
          .selectFrom('posts')
          .selectAll()
          .whereRef('posts.author_id', '=', 'a.author_id')
          .where('posts.status', '=', 'published')
          .where((w) => w.or([w('posts.hidden', '=', false), w('posts.author_id', '=', viewerId)]));
        if (before)
          posts = posts.where((w) =>
            w.or([
              w('posts.published_at', '<', before.at),
              w.and([w('posts.published_at', '=', before.at), w('posts.id', '<', before.id)]),
            ]),
          );
        return posts.orderBy('posts.published_at', 'desc').orderBy('posts.id', 'desc').limit(limit).as('p');
      },
      (join) => join.onTrue(),
    )
    .selectAll('p')
    .orderBy('p.published_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}
