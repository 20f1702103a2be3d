import { sql, type Kysely } from 'kysely';
import { positionText, type Position } from '@myworld/schemas';
import { ENGAGEMENT_COLUMNS, toPostEngagement, type PostEngagement } from './engagement.queries.ts';
import type { PostsDb } from './posts.tables.ts';
import { PREPARED } from '../../database.ts';
import { compiledOnce } from '../../compiled-once.ts';

type Db = Kysely<PostsDb>;

/** A post's counters as the read model holds them now, and how far it has got with one caller's own engagement. */
export interface EngagementSoFar {
  /** All zero when the read model has not applied the post yet (the command found it on its stream). */
  readonly counts: PostEngagement;
  /** Whether the read model holds `likerId`'s like of the post. */
  readonly likeApplied: boolean;
  /** Whether the read model holds the comment `commentId`. */
  readonly commentApplied: boolean;
  /** Where the read model stood when these were read (the same snapshot: one statement). */
  readonly checkpoint: Position | null;
}

/**
 * One statement, never a wait: the counters, whether the caller's like and comment are in them,
 * and the checkpoint they are as of. A command adds what the read model has not applied of its
 * own effect to answer the count its caller can compute (commands never wait for read models).
 */
export async function engagementSoFar(
  db: Db,
  post: { readonly postId: string; readonly authorId: string },
  own: { readonly likerId?: string; readonly commentId?: string },
): Promise<EngagementSoFar> {
  const row = await countsNow(db, post.postId, own.likerId ?? null, own.commentId ?? null);
  // No post yet: the read model has applied nothing about it (engagement with an unknown post is skipped).
  if (!row)
    return { counts: await noEngagementYet(db, post), likeApplied: false, commentApplied: false, checkpoint: null };
  return {
    counts: toPostEngagement(row),
    likeApplied: Boolean(row.like_applied),
    commentApplied: Boolean(row.comment_applied),
    checkpoint: row.checkpoint === null ? null : positionText.parse(row.checkpoint),
  };
}

/** Every like, comment and share asks it: compiled once, prepared by each connection. */
const countsNow = compiledOnce((db: Db, postId: string, likerId: string | null, commentId: string | null) =>
  db
    .selectFrom('posts')
    .leftJoin('authors', 'authors.user_id', 'posts.author_id')
    .select((eb) => [
      ...ENGAGEMENT_COLUMNS,
      eb
        .exists(
          eb
            .selectFrom('post_likes')
            .select('post_likes.post_id')
            .where('post_likes.post_id', '=', postId)
            .where('post_likes.user_id', '=', likerId),
        )
        .as('like_applied'),
      eb
        .exists(eb.selectFrom('post_comments').select('post_comments.id').where('post_comments.id', '=', commentId))
        .as('comment_applied'),
      // The registry row moves in the same transaction as the rows it counts.
      sql<string | null>`(select g.checkpoint_commit || '/' || g.checkpoint_prepare from projection_generations g
        where g.name = 'posts' and g.status = 'active')`.as('checkpoint'),
    ])
    .where('posts.id', '=', postId)
    .modifyEnd(PREPARED),
);

/** A post the read model has not applied yet: nothing counted, the author's setting as it has it. */
async function noEngagementYet(db: Db, post: { postId: string; authorId: string }): Promise<PostEngagement> {
  const author = await db
    .selectFrom('authors')
    .select('hide_engagement')
    .where('user_id', '=', post.authorId)
    .executeTakeFirst();
  return {
    postId: post.postId,
    authorId: post.authorId,
    status: 'published',
    hidden: false,
    likeCount: 0,
    commentCount: 0,
    shareCount: 0,
    viewCount: 0,
    hideEngagement: author?.hide_engagement ?? false,
  };
}
