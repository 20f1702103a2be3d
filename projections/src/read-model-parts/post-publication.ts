import { sql } from 'kysely';
import { OBJECT_PATH_PREFIX, isPostContentType, type TextPostStyle } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers } from '../projection.ts';

/**
 * When a post becomes visible to everyone, for read models that only hold published posts (search,
 * trending). A text post publishes at once; a video post once its media object's processing has
 * produced the MP4 and the poster, whichever of VideoPostSubmitted and MediaProcessed comes first
 * (the posts read model's rule). Until then the video waits in `unpublished_videos`; a failed one
 * never publishes (unless processing later succeeds, as in the posts read model). A post a
 * moderator removed goes as a deleted one does (ContentRemoved); a user a moderator removed, or who
 * deleted their account (AccountDeleted), goes with every post of theirs (`userRemoved`).
 */
export interface PostPublicationDb {
  unpublished_videos: {
    post_id: string;
    media_id: string;
    author_id: string;
    description: string;
    category: string;
    created_at: Date;
  };
  video_outcomes: { media_id: string; status: 'processed' | 'failed'; poster_url: string | null };
}

/** A post as it is published: what search and trending need of it. */
export interface PublishedPost {
  readonly id: string;
  readonly authorId: string;
  readonly kind: 'text' | 'video';
  /** A text post's content, a video's description. */
  readonly text: string;
  /** A video's category; null for a text post. */
  readonly category: string | null;
  /** A video's poster, a text post's photo. */
  readonly thumbnailUrl: string | null;
  /** A text post's colours and font style (its card); null for a video. */
  readonly textStyle: TextPostStyle | null;
  readonly publishedAt: string;
}

export interface PublicationListener<DB> {
  /** The post became visible (called once per post). */
  readonly published: (ctx: ProjectionContext<DB>, post: PublishedPost) => Promise<void>;
  /** The post was deleted or removed by a moderator (whether or not it was ever published). */
  readonly deleted: (ctx: ProjectionContext<DB>, postId: string, deletedAt: string) => Promise<void>;
  /** A moderator removed (suspended) a user, or they deleted their account: their posts and whatever else the read model holds of them go. */
  readonly userRemoved: (ctx: ProjectionContext<DB>, userId: string, removedAt: string) => Promise<void>;
  /**
   * They deleted their account: called after userRemoved, for what goes only then (their follows;
   * a suspended user's stay). A hook here, so that read models need not wrap AccountDeleted.
   */
  readonly accountDeleted?: (ctx: ProjectionContext<DB>, userId: string, deletedAt: string) => Promise<void>;
  /**
   * For read models that keep a suspended user's posts, flagged, until an admin reinstates them:
   * a moderator's removal of a user calls this instead of userRemoved (their waiting videos stay
   * too), and AccountReinstated calls userReinstated.
   */
  readonly suspension?: {
    readonly userSuspended: (ctx: ProjectionContext<DB>, userId: string, removedAt: string) => Promise<void>;
    readonly userReinstated: (ctx: ProjectionContext<DB>, userId: string, reinstatedAt: string) => Promise<void>;
  };
}

/** The two tables, created in `schema` by the read model's migration. */
export const postPublicationTables = (schema: string) => sql`
  create table ${sql.id(schema, 'unpublished_videos')} (
    post_id text primary key,
    media_id text not null,
    author_id text not null,
    description text not null,
    category text not null,
    created_at timestamptz not null
  );
  create index on ${sql.id(schema, 'unpublished_videos')} (media_id);
  create table ${sql.id(schema, 'video_outcomes')} (
    media_id text primary key,
    status text not null,
    poster_url text
  )`;

/** Handlers for the post and media events that call `listener` when a post publishes or goes (raw SQL: any read model's schema). */
export function postPublicationHandlers<DB extends PostPublicationDb>(
  listener: PublicationListener<DB>,
): ProjectionHandlers<DB> {
  const t = (schema: string, name: keyof PostPublicationDb) => sql.id(schema, name);
  // A deleted post and a removed one go the same way: a video still waiting never publishes.
  const postGone = async (ctx: ProjectionContext<PostPublicationDb>, postId: string, at: string) => {
    await sql`delete from ${t(ctx.schema, 'unpublished_videos')} where post_id = ${postId}`.execute(ctx.tx);
    await listener.deleted(ctx as never, postId, at);
  };
  const userRemoved = async (ctx: ProjectionContext<PostPublicationDb>, userId: string, at: string) => {
    await sql`delete from ${t(ctx.schema, 'unpublished_videos')} where author_id = ${userId}`.execute(ctx.tx);
    await listener.userRemoved(ctx as never, userId, at);
  };
  const handlers: ProjectionHandlers<PostPublicationDb> = {
    TextPostCreated: async (ctx, { data: d }) => {
      await listener.published(ctx as never, {
        id: d.postId,
        authorId: d.authorId,
        kind: 'text',
        text: d.content,
        category: null,
        thumbnailUrl: d.imageUrl,
        textStyle: { backgroundColor: d.backgroundColor, textColor: d.textColor, fontStyle: d.fontStyle },
        publishedAt: d.createdAt,
      });
    },
    VideoPostSubmitted: async (ctx, { data: d }) => {
      const { tx, schema } = ctx;
      const outcome = (
        await sql<{
          status: string;
          poster_url: string | null;
        }>`select status, poster_url from ${t(schema, 'video_outcomes')} where media_id = ${d.mediaId}`.execute(tx)
      ).rows[0];
      if (outcome?.status === 'processed') {
        await listener.published(ctx as never, {
          id: d.postId,
          authorId: d.authorId,
          kind: 'video',
          text: d.description,
          category: d.category,
          thumbnailUrl: outcome.poster_url,
          textStyle: null,
          publishedAt: d.createdAt,
        });
        return;
      }
      await sql`insert into ${t(schema, 'unpublished_videos')} (post_id, media_id, author_id, description, category, created_at)
                values (${d.postId}, ${d.mediaId}, ${d.authorId}, ${d.description}, ${d.category}, ${d.createdAt}::timestamptz) on conflict do nothing`.execute(
        tx,
      );
    },
    MediaProcessed: async (ctx, { data: d }) => {
      const { tx, schema } = ctx;
      const poster = d.variants.poster;
      // Only videos make video posts; an image's variants are already on its text post.
      if (!d.variants.video || !poster) return;
      const posterUrl = `${OBJECT_PATH_PREFIX}${poster.key}`;
      await sql`insert into ${t(schema, 'video_outcomes')} (media_id, status, poster_url) values (${d.mediaId}, 'processed', ${posterUrl})
                on conflict (media_id) do update set status = 'processed', poster_url = excluded.poster_url`.execute(
        tx,
      );
      const waiting = await sql<{ post_id: string; author_id: string; description: string; category: string }>`
        delete from ${t(schema, 'unpublished_videos')} where media_id = ${d.mediaId} returning post_id, author_id, description, category`.execute(
        tx,
      );
      // In post id order, so a replay publishes them in the same order.
      for (const v of waiting.rows.sort((a, b) => a.post_id.localeCompare(b.post_id))) {
        await listener.published(ctx as never, {
          id: v.post_id,
          authorId: v.author_id,
          kind: 'video',
          text: v.description,
          category: v.category,
          thumbnailUrl: posterUrl,
          textStyle: null,
          publishedAt: d.processedAt,
        });
      }
    },
    MediaProcessingFailed: async ({ tx, schema }, { data: d }) => {
      await sql`insert into ${t(schema, 'video_outcomes')} (media_id, status, poster_url) values (${d.mediaId}, 'failed', null)
                on conflict (media_id) do update set status = 'failed', poster_url = null`.execute(tx);
    },
    PostDeleted: async (ctx, { data: d }) => postGone(ctx, d.postId, d.deletedAt),
    // A removed post goes as a deleted one; a removed user's waiting videos never publish.
    ContentRemoved: async (ctx, { data: d }) => {
      if (isPostContentType(d.contentType)) await postGone(ctx, d.contentId, d.removedAt);
      if (d.contentType !== 'user') return;
      if (listener.suspension) await listener.suspension.userSuspended(ctx as never, d.contentId, d.removedAt);
      else await userRemoved(ctx, d.contentId, d.removedAt);
    },
    AccountDeleted: async (ctx, { data: d }) => {
      await userRemoved(ctx, d.userId, d.deletedAt);
      await listener.accountDeleted?.(ctx as never, d.userId, d.deletedAt);
    },
  };
  const { suspension } = listener;
  if (!suspension) return handlers as ProjectionHandlers<DB>;
  const reinstated: ProjectionHandlers<PostPublicationDb> = {
    AccountReinstated: async (ctx, { data: d }) => suspension.userReinstated(ctx as never, d.userId, d.reinstatedAt),
  };
  return { ...handlers, ...reinstated } as ProjectionHandlers<DB>;
}
