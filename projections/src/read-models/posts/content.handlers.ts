import { sql, type Insertable } from 'kysely';
import { OBJECT_PATH_PREFIX } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers, TypedRecordedEventOf } from '../../projection.ts';
import type { PostsDb } from './posts.tables.ts';

const objectPath = (key: string) => `${OBJECT_PATH_PREFIX}${key}`;

type PostRow = Insertable<PostsDb['posts']>;
/** A new post's row: the kind's own fields over the defaults, no engagement yet, scores from its creation. */
const newPostRow = (
  fields: Pick<PostRow, 'id' | 'author_id' | 'kind' | 'status' | 'created_at' | 'published_at'> & Partial<PostRow>,
): PostRow => ({
  content: '',
  background_color: '#000000',
  text_color: '#ffffff',
  font_style: 'normal',
  image_url: null,
  media_id: null,
  video_url: null,
  poster_url: null,
  duration_seconds: null,
  description: '',
  category: 'none',
  failure_reason: null,
  effects: null,
  like_count: 0,
  comment_count: 0,
  share_count: 0,
  view_count: 0,
  engagement_score: 0,
  view_score: 0,
  scores_at: fields.created_at,
  post_hidden: false,
  author_hidden: false,
  ...fields,
});

/** Which of `authorIds` are hidden or suspended by moderation: a post they write meanwhile starts hidden with them. */
async function hiddenAuthors({ tx, schema }: ProjectionContext<PostsDb>, authorIds: string[]): Promise<Set<string>> {
  const hidden = await sql<{ user_id: string }>`
    select user_id from ${sql.id(schema, 'authors')} where user_id = any(${authorIds}::text[]) and (hidden or suspended)`.execute(
    tx,
  );
  return new Set(hidden.rows.map((a) => a.user_id));
}

type ContentType = 'TextPostCreated' | 'VideoPostSubmitted' | 'MediaProcessed' | 'MediaProcessingFailed';
export type ContentEvent = TypedRecordedEventOf<ContentType>;

/**
 * Posts themselves (applied in the posts read model's runs, engagement.runs.ts): text posts
 * publish at once, a chunk of them in one insert; a video post publishes when its media object's
 * processing has produced the MP4 and the poster, whichever of the two events comes first (the
 * outcome is kept in post_media), one event at a time (they are few, and each reads the other's).
 */
export async function applyContent(ctx: ProjectionContext<PostsDb>, events: readonly ContentEvent[]): Promise<void> {
  if (events.length === 0) return;
  const first = events[0]!;
  if (first.type === 'TextPostCreated')
    return createTextPosts(ctx, events as TypedRecordedEventOf<'TextPostCreated'>[]);
  for (const e of events) await contentSteps[e.type](ctx, e as never);
}

/** Rows per insert: each row is some 30 parameters, and a statement takes 65,535 at most. */
const ROWS_PER_INSERT = 1_000;

/** Text posts in one insert (a post id seen twice fails it, as its second insert alone would). */
async function createTextPosts(
  ctx: ProjectionContext<PostsDb>,
  events: readonly TypedRecordedEventOf<'TextPostCreated'>[],
): Promise<void> {
  const hidden = await hiddenAuthors(ctx, [...new Set(events.map((e) => e.data.authorId))]);
  for (let i = 0; i < events.length; i += ROWS_PER_INSERT)
    await insertTextPosts(ctx, events.slice(i, i + ROWS_PER_INSERT), hidden);
}

async function insertTextPosts(
  { db }: ProjectionContext<PostsDb>,
  events: readonly TypedRecordedEventOf<'TextPostCreated'>[],
  hidden: ReadonlySet<string>,
): Promise<void> {
  await db
    .insertInto('posts')
    .values(
      events.map(({ data: d }) => {
        const at = new Date(d.createdAt);
        return newPostRow({
          id: d.postId,
          author_id: d.authorId,
          kind: 'text',
          status: 'published',
          created_at: at,
          published_at: at,
          content: d.content,
          background_color: d.backgroundColor,
          text_color: d.textColor,
          font_style: d.fontStyle,
          image_url: d.imageUrl,
          media_id: d.imageMediaId,
          author_hidden: hidden.has(d.authorId),
        });
      }),
    )
    .execute();
}

type Step<T extends ContentType> = (ctx: ProjectionContext<PostsDb>, event: TypedRecordedEventOf<T>) => Promise<void>;

const contentSteps: { [T in ContentType]: Step<T> } = {
  TextPostCreated: (ctx, e) => createTextPosts(ctx, [e]),
  VideoPostSubmitted: async (ctx, { data: d }) => {
    const { db } = ctx;
    const at = new Date(d.createdAt);
    const outcome = await db.selectFrom('post_media').selectAll().where('media_id', '=', d.mediaId).executeTakeFirst();
    await db
      .insertInto('posts')
      .values(
        newPostRow({
          id: d.postId,
          author_id: d.authorId,
          kind: 'video',
          status: outcome ? (outcome.status === 'processed' ? 'published' : 'failed') : 'processing',
          created_at: at,
          published_at: outcome?.status === 'processed' ? at : null,
          media_id: d.mediaId,
          video_url: outcome?.video_url ?? null,
          poster_url: outcome?.poster_url ?? null,
          duration_seconds: outcome?.duration_seconds ?? null,
          description: d.description,
          category: d.category,
          failure_reason: outcome?.failure_reason ?? null,
          // As text: node-pg would send an array as a PostgreSQL array, not JSON.
          effects: d.effects ? JSON.stringify(d.effects) : null,
          author_hidden: (await hiddenAuthors(ctx, [d.authorId])).has(d.authorId),
        }),
      )
      .execute();
  },
  MediaProcessed: async ({ db }, { data: d }) => {
    const video = d.variants.video;
    const poster = d.variants.poster;
    // Only videos make video posts; an image's variants are already on its text post.
    if (!video || !poster) return;
    const outcome = {
      status: 'processed' as const,
      video_url: objectPath(video.key),
      poster_url: objectPath(poster.key),
      duration_seconds: d.durationSeconds,
      failure_reason: null,
    };
    await db
      .insertInto('post_media')
      .values({ media_id: d.mediaId, ...outcome })
      .onConflict((oc) => oc.column('media_id').doUpdateSet(outcome))
      .execute();
    const at = new Date(d.processedAt);
    await db
      .updateTable('posts')
      .set({
        status: 'published',
        video_url: outcome.video_url,
        poster_url: outcome.poster_url,
        duration_seconds: d.durationSeconds,
        failure_reason: null,
        published_at: at,
        scores_at: at,
      })
      .where('media_id', '=', d.mediaId)
      .where('kind', '=', 'video')
      .where('status', '!=', 'published')
      .execute();
  },
  MediaProcessingFailed: async ({ db }, { data: d }) => {
    const outcome = {
      status: 'failed' as const,
      video_url: null,
      poster_url: null,
      duration_seconds: null,
      failure_reason: d.reason,
    };
    await db
      .insertInto('post_media')
      .values({ media_id: d.mediaId, ...outcome })
      .onConflict((oc) => oc.column('media_id').doUpdateSet(outcome))
      .execute();
    await db
      .updateTable('posts')
      .set({ status: 'failed', failure_reason: d.reason })
      .where('media_id', '=', d.mediaId)
      .where('kind', '=', 'video')
      .where('status', '=', 'processing')
      .execute();
  },
};

/** A deleted post leaves every table. */
export const contentHandlers: ProjectionHandlers<PostsDb> = {
  PostDeleted: async ({ db }, { data: d }) => deletePost(db, d.postId),
};

/** A deleted (or removed) post leaves every table. */
export async function deletePost(db: ProjectionContext<PostsDb>['db'], postId: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', postId).execute();
  await db.deleteFrom('post_likes').where('post_id', '=', postId).execute();
  await db.deleteFrom('post_comments').where('post_id', '=', postId).execute();
  await db.deleteFrom('suspended_comments').where('post_id', '=', postId).execute();
  await db.deleteFrom('viewer_seen').where('post_id', '=', postId).execute();
}
