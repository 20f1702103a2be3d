import type { QueryCreator, Selectable } from 'kysely';
import type { Comment } from '@myworld/schemas';
import type { PageKey } from './posts.queries.ts';
import type { PostsDb } from './posts.tables.ts';

type Db = QueryCreator<PostsDb>;
type CommentRow = Omit<Selectable<PostsDb['post_comments']>, 'hidden'>;
type AuthorCard = Pick<Selectable<PostsDb['authors']>, 'username' | 'first_name' | 'profile_image_url'>;

/** A post's counters and what decides who sees them (the author and whether they hide engagement). */
export interface PostEngagement {
  readonly postId: string;
  readonly authorId: string;
  readonly status: PostsDb['posts']['status'];
  /** Hidden by moderation (the post itself or its author): only its author sees it. */
  readonly hidden: boolean;
  readonly likeCount: number;
  readonly commentCount: number;
  readonly shareCount: number;
  readonly viewCount: number;
  /** The author hides likes and views from everyone else (authors.hide_engagement). */
  readonly hideEngagement: boolean;
}

/** What a post's engagement is read from: `posts` left-joined with its `authors` row. */
export const ENGAGEMENT_COLUMNS = [
  'posts.id',
  'posts.author_id',
  'posts.status',
  'posts.hidden',
  'posts.like_count',
  'posts.comment_count',
  'posts.share_count',
  'posts.view_count',
  'authors.hide_engagement',
] as const;

type EngagementRow = Pick<
  Selectable<PostsDb['posts']>,
  'id' | 'author_id' | 'status' | 'hidden' | 'like_count' | 'comment_count' | 'share_count' | 'view_count'
> & { hide_engagement: boolean | null };

export const toPostEngagement = (row: EngagementRow): PostEngagement => ({
  postId: row.id,
  authorId: row.author_id,
  status: row.status,
  hidden: row.hidden,
  likeCount: row.like_count,
  commentCount: row.comment_count,
  shareCount: row.share_count,
  viewCount: row.view_count,
  hideEngagement: row.hide_engagement ?? false,
});

/** The counters of a post (any status), or undefined when the read model has no such post (unknown or deleted). */
export async function postEngagement(db: Db, postId: string): Promise<PostEngagement | undefined> {
  const row = await db
    .selectFrom('posts')
    .leftJoin('authors', 'authors.user_id', 'posts.author_id')
    .select(ENGAGEMENT_COLUMNS)
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return row && toPostEngagement(row);
}

/** Whether `userId` likes the post now. */
export async function likesPost(db: Db, userId: string, postId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('post_likes')
      .select('post_id')
      .where('post_id', '=', postId)
      .where('user_id', '=', userId)
      .executeTakeFirst()) !== undefined
  );
}

const toComment = (row: CommentRow, author: AuthorCard | undefined): Comment => ({
  id: row.id,
  postId: row.post_id,
  authorId: row.author_id,
  content: row.content,
  createdAt: row.created_at.toISOString(),
  user: {
    id: row.author_id,
    username: author?.username ?? 'unknown',
    firstName: author?.first_name ?? '',
    profileImageUrl: author?.profile_image_url ?? null,
  },
});

/**
 * A post's comments (none hidden by moderation), newest first by (created_at desc, id desc), each with its writer's card, one
 * page at a time: `before` is the previous page's last key. Each comment carries its `pageKey`.
 * Ask for one more than a page to learn whether another follows.
 */
export async function commentsPage(
  db: Db,
  postId: string,
  { limit = 20, before }: { limit?: number; before?: PageKey } = {},
): Promise<Array<Comment & { pageKey: PageKey }>> {
  let query = db
    .selectFrom('post_comments as c')
    .leftJoin('authors as a', 'a.user_id', 'c.author_id')
    .select([
      'c.id',
      'c.post_id',
      'c.author_id',
      'c.content',
      'c.created_at',
      'a.username',
      'a.first_name',
      'a.profile_image_url',
    ])
    .where('c.post_id', '=', postId)
    .where('c.hidden', '=', false);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('c.created_at', '<', before.at),
        eb.and([eb('c.created_at', '=', before.at), eb('c.id', '<', before.id)]),
      ]),
    );
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    ...toComment(r, r.username === null ? undefined : (r as AuthorCard)),
    pageKey: { at: r.created_at, id: r.id },
  }));
}

/** One comment with its writer's card, or undefined (unknown, deleted, or its post deleted). */
export async function commentById(db: Db, commentId: string): Promise<Comment | undefined> {
  const row = await db
    .selectFrom('post_comments as c')
    .leftJoin('authors as a', 'a.user_id', 'c.author_id')
    .select([
      'c.id',
      'c.post_id',
      'c.author_id',
      'c.content',
      'c.created_at',
      'a.username',
      'a.first_name',
      'a.profile_image_url',
    ])
    .where('c.id', '=', commentId)
    .executeTakeFirst();
  return row && toComment(row, row.username === null ? undefined : (row as AuthorCard));
}

/** What a comment shows of a user (its writer): the card, or a placeholder for someone the read model does not know. */
export async function commentUser(db: Db, userId: string): Promise<Comment['user']> {
  const author = await db
    .selectFrom('authors')
    .select(['username', 'first_name', 'profile_image_url'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    id: userId,
    username: author?.username ?? 'unknown',
    firstName: author?.first_name ?? '',
    profileImageUrl: author?.profile_image_url ?? null,
  };
}
