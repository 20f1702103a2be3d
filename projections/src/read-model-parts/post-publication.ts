import { sql } from 'kysely';
import { OBJECT_PATH_PREFIX, isPostContentType, type TextPostStyle } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers, TypedRecordedEventOf } from '../projection.ts';

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
  /**
   * These posts became visible, in this order (each once, all at once: a run's publications go
   * in a few statements). Answers the ids of those it took in (a post already there is not).
   */
  readonly published: (ctx: ProjectionContext<DB>, posts: readonly PublishedPost[]) => Promise<readonly string[]>;
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

/** The events that publish posts: applied in runs (publishRun), by the read model's run handler. */
export const PUBLICATION_TYPES = [
  'TextPostCreated',
  'VideoPostSubmitted',
  'MediaProcessed',
  'MediaProcessingFailed',
] as const;
export type PublicationType = (typeof PUBLICATION_TYPES)[number];
export type PublicationEvent = TypedRecordedEventOf<PublicationType>;
export const isPublication = (event: { type: string }): event is PublicationEvent =>
  (PUBLICATION_TYPES as readonly string[]).includes(event.type);

type Outcome = { status: 'processed' | 'failed'; poster_url: string | null };
type Waiting = { post_id: string; media_id: string; author_id: string; description: string; category: string };

/**
 * Applies a run's publication events (with their places in the run), in a few statements: the
 * run is played in TypeScript on the outcomes and waiting videos it touches (read once), in its
 * order, as one event at a time would (a video publishes when both its submission and its
 * media's processing are there, at the later of the two; the videos a processing releases in post
 * id order); the two tables take their final rows, and `published` gets every post the run
 * publishes, in order. Answers where in the run each post the read model took in was published,
 * so engagement with it earlier in the run can be left out (it found no post then).
 */
export async function publishRun<DB extends PostPublicationDb>(
  ctx: ProjectionContext<DB>,
  published: PublicationListener<DB>['published'],
  events: ReadonlyArray<readonly [number, PublicationEvent]>,
): Promise<Map<string, number>> {
  if (events.length === 0) return new Map();
  const { tx, schema } = ctx;
  const t = (name: keyof PostPublicationDb) => sql.id(schema, name);
  const mediaIds = [...new Set(events.flatMap(([, e]) => (e.type === 'TextPostCreated' ? [] : [e.data.mediaId])))];
  const videoIds = events.flatMap(([, e]) => (e.type === 'VideoPostSubmitted' ? [e.data.postId] : []));
  // Text posts alone (the most frequent case) need neither table.
  const videos = mediaIds.length > 0;
  const storedOutcomes = videos
    ? await sql<Outcome & { media_id: string }>`
        select media_id, status, poster_url from ${t('video_outcomes')} where media_id = any(${mediaIds}::text[])`.execute(
        tx,
      )
    : { rows: [] };
  const outcomes = new Map(
    storedOutcomes.rows.map((o) => [o.media_id, { status: o.status, poster_url: o.poster_url }]),
  );
  const stored = videos
    ? (
        await sql<Waiting>`
          select post_id, media_id, author_id, description, category from ${t('unpublished_videos')}
           where media_id = any(${mediaIds}::text[]) or post_id = any(${videoIds}::text[])`.execute(tx)
      ).rows
    : [];
  const storedIds = new Set(stored.map((w) => w.post_id));
  const waiting = new Map(stored.map((w) => [w.post_id, { ...w, created_at: null as string | null }]));
  const changedOutcomes = new Set<string>();
  const posts = new Map<string, { post: PublishedPost; index: number }>();
  const publish = (index: number, post: PublishedPost) => {
    // A post published again (its creation repeated) changes nothing: the first one stands.
    if (!posts.has(post.id)) posts.set(post.id, { post, index });
  };
  for (const [index, e] of events) {
    switch (e.type) {
      case 'TextPostCreated': {
        const d = e.data;
        publish(index, {
          id: d.postId,
          authorId: d.authorId,
          kind: 'text',
          text: d.content,
          category: null,
          thumbnailUrl: d.imageUrl,
          textStyle: { backgroundColor: d.backgroundColor, textColor: d.textColor, fontStyle: d.fontStyle },
          publishedAt: d.createdAt,
        });
        break;
      }
      case 'VideoPostSubmitted': {
        const d = e.data;
        const outcome = outcomes.get(d.mediaId);
        if (outcome?.status === 'processed') {
          publish(index, {
            id: d.postId,
            authorId: d.authorId,
            kind: 'video',
            text: d.description,
            category: d.category,
            thumbnailUrl: outcome.poster_url,
            textStyle: null,
            publishedAt: d.createdAt,
          });
        } else if (!waiting.has(d.postId)) {
          const row = { post_id: d.postId, media_id: d.mediaId, author_id: d.authorId, description: d.description };
          waiting.set(d.postId, { ...row, category: d.category, created_at: d.createdAt });
        }
        break;
      }
      case 'MediaProcessed': {
        const d = e.data;
        const poster = d.variants.poster;
        // Only videos make video posts; an image's variants are already on its text post.
        if (!d.variants.video || !poster) break;
        const posterUrl = `${OBJECT_PATH_PREFIX}${poster.key}`;
        outcomes.set(d.mediaId, { status: 'processed', poster_url: posterUrl });
        changedOutcomes.add(d.mediaId);
        const released = [...waiting.values()].filter((w) => w.media_id === d.mediaId);
        // In post id order, so a replay publishes them in the same order.
        for (const v of released.sort((a, b) => a.post_id.localeCompare(b.post_id))) {
          waiting.delete(v.post_id);
          publish(index, {
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
        break;
      }
      case 'MediaProcessingFailed':
        outcomes.set(e.data.mediaId, { status: 'failed', poster_url: null });
        changedOutcomes.add(e.data.mediaId);
        break;
    }
  }
  const settled = [...changedOutcomes].map((mediaId) => ({ mediaId, ...outcomes.get(mediaId)! }));
  const gone = [...storedIds].filter((id) => !waiting.has(id));
  const added = [...waiting.values()].filter((w) => !storedIds.has(w.post_id));
  if (settled.length + gone.length + added.length > 0)
    await sql`
    with outcomes as (
      insert into ${t('video_outcomes')} (media_id, status, poster_url)
      select * from unnest(${settled.map((o) => o.mediaId)}::text[], ${settled.map((o) => o.status)}::text[], ${settled.map((o) => o.poster_url)}::text[])
      on conflict (media_id) do update set status = excluded.status, poster_url = excluded.poster_url),
    released as (
      delete from ${t('unpublished_videos')} where post_id = any(${gone}::text[]))
    insert into ${t('unpublished_videos')} (post_id, media_id, author_id, description, category, created_at)
    select * from unnest(${added.map((w) => w.post_id)}::text[], ${added.map((w) => w.media_id)}::text[], ${added.map((w) => w.author_id)}::text[],
                         ${added.map((w) => w.description)}::text[], ${added.map((w) => w.category)}::text[], ${added.map((w) => w.created_at)}::timestamptz[])`.execute(
      tx,
    );
  const list = [...posts.values()];
  if (list.length === 0) return new Map();
  const taken = new Set(
    await published(
      ctx,
      list.map((p) => p.post),
    ),
  );
  return new Map(list.filter((p) => taken.has(p.post.id)).map((p) => [p.post.id, p.index]));
}

/**
 * Handlers for the events that take posts away, which call `listener` when a post or a user goes
 * (raw SQL: any read model's schema). They are rare, and each ends a run of publications.
 */
export function postRemovalHandlers<DB extends PostPublicationDb>(
  listener: Omit<PublicationListener<DB>, 'published'>,
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
