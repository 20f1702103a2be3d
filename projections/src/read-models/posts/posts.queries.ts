import type { QueryCreator, Selectable } from 'kysely';
import type {
  FontStyle,
  PostItem,
  PostItemAuthor,
  ProfilePhoto,
  ProfilePost,
  ProfileVideo,
  VideoCategory,
} from '@myworld/schemas';
import type { PostsDb } from './posts.tables.ts';

type Db = QueryCreator<PostsDb>;
export type PostRow = Selectable<PostsDb['posts']>;
type AuthorRow = Selectable<PostsDb['authors']>;

/** Where a newest-first page continues: strictly older than this (time, then id for ties). */
export interface PageKey {
  readonly at: Date;
  readonly id: string;
}

const missingAuthor = (userId: string): AuthorRow => ({
  user_id: userId,
  username: 'unknown',
  first_name: '',
  email: '',
  profile_image_url: null,
  hide_engagement: false,
  hidden: false,
  suspended: false,
});

/**
 * A post as `viewerId` may see it: the author's email only to themselves, and likeCount and
 * viewCount left out for everyone else when the author hides engagement.
 */
function toPostItem(row: PostRow, author: AuthorRow, viewerId: string | null, liked: boolean): PostItem {
  const own = viewerId === row.author_id;
  const user: PostItemAuthor = {
    id: author.user_id,
    username: author.username,
    firstName: author.first_name,
    profileImageUrl: author.profile_image_url,
    ...(own ? { email: author.email } : {}),
  };
  const counts = {
    ...(own || !author.hide_engagement ? { likeCount: row.like_count, viewCount: row.view_count } : {}),
    commentCount: row.comment_count,
    shareCount: row.share_count,
  };
  const base = {
    id: row.id,
    authorId: row.author_id,
    user,
    createdAt: (row.published_at ?? row.created_at).toISOString(),
    ...counts,
    liked,
  };
  if (row.kind === 'video') {
    return {
      ...base,
      kind: 'video',
      videoUrl: row.video_url,
      thumbnailUrl: row.poster_url,
      description: row.description,
      category: row.category as VideoCategory,
      durationSeconds: row.duration_seconds,
      status: row.status,
      failureReason: row.failure_reason,
      ...(row.effects ? { effects: row.effects } : {}),
    };
  }
  return {
    ...base,
    kind: 'text',
    description: row.description,
    content: row.content,
    imageUrl: row.image_url,
    textColor: row.text_color,
    backgroundColor: row.background_color,
    fontStyle: row.font_style as FontStyle,
  };
}

/** Turns rows into items for one viewer: two indexed lookups for the whole page (authors, the viewer's likes). */
export async function hydratePostItems(db: Db, rows: readonly PostRow[], viewerId: string | null): Promise<PostItem[]> {
  if (rows.length === 0) return [];
  const authorIds = [...new Set(rows.map((r) => r.author_id))];
  const [authors, likes] = await Promise.all([
    db.selectFrom('authors').selectAll().where('user_id', 'in', authorIds).execute(),
    viewerId
      ? db
          .selectFrom('post_likes')
          .select('post_id')
          .where('user_id', '=', viewerId)
          .where(
            'post_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : Promise.resolve([]),
  ]);
  const byId = new Map(authors.map((a) => [a.user_id, a]));
  const liked = new Set(likes.map((l) => l.post_id));
  return rows.map((r) => toPostItem(r, byId.get(r.author_id) ?? missingAuthor(r.author_id), viewerId, liked.has(r.id)));
}

/** One post for `viewerId`: published ones for everyone, a processing or failed video and a hidden post only for its author. */
export async function postItemById(db: Db, id: string, viewerId: string | null): Promise<PostItem | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || ((row.status !== 'published' || row.hidden) && row.author_id !== viewerId)) return undefined;
  return (await hydratePostItems(db, [row], viewerId))[0];
}

/** An author's published posts (any kind, none hidden), newest first. */
export async function publishedPostsByAuthor(
  db: Db,
  authorId: string,
  { limit = 30, before }: { limit?: number; before?: PageKey } = {},
): Promise<PostRow[]> {
  let query = db
    .selectFrom('posts')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('status', '=', 'published')
    .where('hidden', '=', false);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('published_at', '<', before.at),
        eb.and([eb('published_at', '=', before.at), eb('id', '<', before.id)]),
      ]),
    );
  return query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** How many posts an author has published (hidden ones left out). */
export async function publishedPostCount(db: Db, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('author_id', '=', authorId)
    .where('status', '=', 'published')
    .where('hidden', '=', false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of one author's posts (of `kinds`), newest first; others see only what the post count counts. */
async function authorPostsPage(
  db: Db,
  authorId: string,
  own: boolean,
  kinds: ReadonlyArray<'text' | 'video'>,
  { limit = 30, before }: { limit?: number; before?: PageKey },
) {
  let query = db.selectFrom('posts').selectAll().where('author_id', '=', authorId).where('kind', 'in', kinds);
  if (!own) query = query.where('status', '=', 'published').where('hidden', '=', false);
  if (before)
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]),
    );
  const [rows, author] = await Promise.all([
    query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    db.selectFrom('authors').select('hide_engagement').where('user_id', '=', authorId).executeTakeFirst(),
  ]);
  return { rows, showViews: own || !author?.hide_engagement };
}

/** A video of a profile grid; viewCount only when shown to the viewer, the failure only to the author. */
function profileVideoOf(r: Selectable<PostsDb['posts']>, own: boolean, showViews: boolean): ProfileVideo {
  return {
    id: r.id,
    videoUrl: r.video_url,
    thumbnailUrl: r.poster_url,
    ...(showViews ? { viewCount: r.view_count } : {}),
    title: r.description,
    description: r.description,
    category: r.category as VideoCategory,
    createdAt: r.created_at.toISOString(),
    status: r.status,
    failureReason: own ? r.failure_reason : null,
  };
}

/**
 * A profile's videos, newest first by submission: published ones for everyone, and the author's
 * own processing, failed and hidden ones for the author. viewCount is left out when hidden from the viewer.
 */
export async function profileVideos(
  db: Db,
  authorId: string,
  viewerId: string | null,
  page: { limit?: number; before?: PageKey } = {},
): Promise<Array<ProfileVideo & { pageKey: PageKey }>> {
  const own = viewerId === authorId;
  const { rows, showViews } = await authorPostsPage(db, authorId, own, ['video'], page);
  return rows.map((r) => ({ ...profileVideoOf(r, own, showViews), pageKey: { at: r.created_at, id: r.id } }));
}

/**
 * A profile's Posts tab: every post, newest first, text posts with what draws their card. Others
 * see the published posts the profile's post count counts; the author also sees their processing,
 * failed and hidden ones.
 */
export async function profilePosts(
  db: Db,
  authorId: string,
  viewerId: string | null,
  page: { limit?: number; before?: PageKey } = {},
): Promise<Array<ProfilePost & { pageKey: PageKey }>> {
  const own = viewerId === authorId;
  const { rows, showViews } = await authorPostsPage(db, authorId, own, ['text', 'video'], page);
  return rows.map((r) => ({
    ...(r.kind === 'video'
      ? { kind: 'video' as const, ...profileVideoOf(r, own, showViews) }
      : {
          kind: 'text' as const,
          id: r.id,
          content: r.content,
          imageUrl: r.image_url,
          backgroundColor: r.background_color,
          textColor: r.text_color,
          fontStyle: r.font_style as FontStyle,
          createdAt: r.created_at.toISOString(),
        }),
    pageKey: { at: r.created_at, id: r.id },
  }));
}

/** A profile's Photos tab: its text posts with a photo (none hidden), newest first. */
export async function profilePhotos(
  db: Db,
  authorId: string,
  { limit = 30, before }: { limit?: number; before?: PageKey } = {},
): Promise<Array<ProfilePhoto & { pageKey: PageKey }>> {
  let query = db
    .selectFrom('posts')
    .selectAll()
    .where('author_id', '=', authorId)
    .where('kind', '=', 'text')
    .where('image_url', 'is not', null)
    .where('hidden', '=', false);
  if (before)
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', before.at), eb.and([eb('created_at', '=', before.at), eb('id', '<', before.id)])]),
    );
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    imageUrl: r.image_url ?? '',
    content: r.content,
    createdAt: r.created_at.toISOString(),
    pageKey: { at: r.created_at, id: r.id },
  }));
}

/** What a post shows of its author (the posts read model's own copy). */
export async function postAuthor(db: Db, userId: string): Promise<AuthorRow | undefined> {
  return db.selectFrom('authors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}
