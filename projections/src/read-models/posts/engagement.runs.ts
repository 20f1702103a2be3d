import { sql } from 'kysely';
import type { ProjectionContext, RunHandler, TypedRecordedEventOf } from '../../projection.ts';
import { followEdgeMoves, type FollowRunEvent } from '../../read-model-parts/follow-edge-runs.ts';
import { chunksByKind } from '../../read-model-parts/run-chunks.ts';
import { applyAuthors, type AuthorEvent } from './audience.handlers.ts';
import { applyContent, type ContentEvent } from './content.handlers.ts';
import { ENGAGEMENT_WEIGHTS, POST_COUNT_COLUMNS, postCountsAfter, type PostCountChange } from './post-scores.ts';
import type { PostsDb } from './posts.tables.ts';
import { ENGAGEMENT_TYPES } from '../../read-model-parts/engagement-types.ts';

/**
 * Events that come between engagement and touch nothing it reads or writes (authors, follows, a
 * failed video), only create a post (engagement before its creation is ignored, see play), or
 * publish a video (see segments): they join the run, so that runs span whole batches. Deletions
 * and moderation (they take engagement away) are handlers of their own, and end a run.
 */
const ALONGSIDE_TYPES = [
  'UserRegistered',
  'ProfileCustomized',
  'PrivacySettingsChanged',
  'UserFollowed',
  'UserUnfollowed',
  'TextPostCreated',
  'VideoPostSubmitted',
  'MediaProcessed',
  'MediaProcessingFailed',
] as const;
type EngagementType = (typeof ENGAGEMENT_TYPES)[number];
type RunType = EngagementType | (typeof ALONGSIDE_TYPES)[number];
type RunEvent = TypedRecordedEventOf<RunType>;
type EngagementEvent = TypedRecordedEventOf<EngagementType>;

interface CountChange extends Required<PostCountChange> {
  readonly postId: string;
  readonly at: string;
}
interface LikeRow {
  readonly postId: string;
  readonly userId: string;
  readonly likedAt: string;
}
interface CommentRow {
  readonly id: string;
  readonly postId: string;
  readonly authorId: string;
  readonly content: string;
  readonly createdAt: string;
}

const pairKey = (a: string, b: string) => `${a}\u0000${b}`;
const change = (postId: string, at: string, c: PostCountChange): CountChange => ({
  postId,
  at,
  likes: 0,
  comments: 0,
  shares: 0,
  views: 0,
  engagement: 0,
  ...c,
});
const isEngagement = (e: RunEvent): e is EngagementEvent => (ENGAGEMENT_TYPES as readonly string[]).includes(e.type);

/**
 * Likes, unlikes, comments, shares and views: the counters and scores on the post row, who liked
 * what, the comments themselves, what each viewer has seen and how much they like each author.
 * Engagement with a post that is gone (or not there yet) changes nothing. The read model's only
 * implementation of these and the events alongside (a single event is a run of one), in a few
 * round trips per run. The facts engagement decides on (which posts exist, which likes and
 * comments are there, each affinity) are read once; the events alongside are applied in chunks
 * of one type (posts and authors, audience.handlers.ts and content.handlers.ts; the follow edges
 * in one statement); the engagement is then played in TypeScript in the run's order, and only
 * the final rows are written. The scores depend on the order (decay, then add, clamped at 0), so
 * each post's changes are folded in SQL, step by step in the run's order (postCountsAfter).
 */
export const postsRuns: RunHandler<PostsDb, RunType> = {
  types: [...ENGAGEMENT_TYPES, ...ALONGSIDE_TYPES],
  async apply(ctx, events) {
    for (const segment of await segments(ctx, events)) await applySegment(ctx, segment);
  },
};

/**
 * MediaProcessed publishes a video and restarts its scores' clock (scores_at), so engagement with
 * the video before it must be written first: the run is cut before a MediaProcessed of a video
 * the run already engaged with (almost never: the video was still processing).
 */
async function segments({ db }: ProjectionContext<PostsDb>, events: readonly RunEvent[]): Promise<RunEvent[][]> {
  if (!events.some((e) => e.type === 'MediaProcessed')) return [[...events]];
  const mediaOf = new Map<string, string>();
  for (const e of events) if (e.type === 'VideoPostSubmitted') mediaOf.set(e.data.postId, e.data.mediaId);
  const engaged = [...new Set(events.filter(isEngagement).map((e) => e.data.postId))];
  const stored =
    engaged.length === 0
      ? []
      : await db
          .selectFrom('posts')
          .select(['id', 'media_id'])
          .where('id', '=', sql<string>`any(${engaged}::text[])`)
          .where('media_id', 'is not', null)
          .execute();
  for (const { id, media_id } of stored) mediaOf.set(id, media_id!);
  const out: RunEvent[][] = [[]];
  let engagedMedia = new Set<string>();
  for (const e of events) {
    if (e.type === 'MediaProcessed' && engagedMedia.has(e.data.mediaId)) {
      out.push([]);
      engagedMedia = new Set();
    }
    out[out.length - 1]!.push(e);
    const media = isEngagement(e) ? mediaOf.get(e.data.postId) : undefined;
    if (media) engagedMedia.add(media);
  }
  return out;
}

const isFollow = (e: RunEvent): e is FollowRunEvent => e.type === 'UserFollowed' || e.type === 'UserUnfollowed';
const isAuthor = (e: RunEvent): e is AuthorEvent =>
  e.type === 'UserRegistered' || e.type === 'ProfileCustomized' || e.type === 'PrivacySettingsChanged';

/** A segment of a run (see segments): the facts read, the events alongside applied, the engagement played and written. */
async function applySegment(ctx: ProjectionContext<PostsDb>, events: readonly RunEvent[]): Promise<void> {
  const facts = await readFacts(ctx, events.filter(isEngagement));
  // Where each post created in the segment starts to exist, if its creation made it.
  const created = new Map<string, number>();
  for (const [i, e] of events.entries())
    if ((e.type === 'TextPostCreated' || e.type === 'VideoPostSubmitted') && !created.has(e.data.postId))
      created.set(e.data.postId, i);
  // Authors and posts in order (a post reads its author's moderation flags), a chunk of one type at a time.
  const alongside = events.filter((e) => !isEngagement(e) && !isFollow(e));
  for (const chunk of chunksByKind(alongside, (e) => e.type)) {
    const first = chunk[0]!;
    if (isAuthor(first)) await applyAuthors(ctx, chunk as AuthorEvent[]);
    else await applyContent(ctx, chunk as ContentEvent[]);
  }
  // Edges are all that follows touch: they go in one statement.
  await followEdgeMoves(ctx.schema, events.filter(isFollow))?.execute(ctx.tx);
  const made =
    created.size === 0
      ? []
      : await ctx.db
          .selectFrom('posts')
          .select('id')
          .where('id', '=', sql<string>`any(${[...created.keys()]}::text[])`)
          .execute();
  const madeAt = new Map(made.map(({ id }) => [id, created.get(id)!]));
  const exists = (postId: string, i: number) => facts.posts.has(postId) || (madeAt.get(postId) ?? Infinity) < i;
  await write(ctx, play(events, facts, exists));
  // A suspended user's parked comment that is deleted just goes, as deleteComment does.
  const deleted = events.flatMap((e) => (e.type === 'CommentDeleted' ? [e.data.commentId] : []));
  if (deleted.length > 0)
    await ctx.db
      .deleteFrom('suspended_comments')
      .where('id', '=', sql<string>`any(${deleted}::text[])`)
      .execute();
}

interface Facts {
  readonly posts: Set<string>;
  readonly likes: Set<string>;
  /** Comment id → its post. */
  readonly comments: Map<string, string>;
  /** pairKey(user, author) → likes. */
  readonly affinity: Map<string, number>;
}

async function readFacts(
  { db, tx, schema }: ProjectionContext<PostsDb>,
  events: readonly EngagementEvent[],
): Promise<Facts> {
  const postIds = new Set<string>();
  const likePosts: string[] = [];
  const likeUsers: string[] = [];
  const affinityUsers: string[] = [];
  const affinityAuthors: string[] = [];
  const commentIds = new Set<string>();
  for (const e of events) {
    if (e.type === 'CommentAdded' || e.type === 'CommentDeleted') commentIds.add(e.data.commentId);
    if (e.type !== 'CommentDeleted') postIds.add(e.data.postId);
    if (e.type === 'PostLiked' || e.type === 'PostUnliked') {
      likePosts.push(e.data.postId);
      likeUsers.push(e.data.userId);
      affinityUsers.push(e.data.userId);
      affinityAuthors.push(e.data.authorId);
    }
  }
  const comments =
    commentIds.size === 0
      ? []
      : await db
          .selectFrom('post_comments')
          .select(['id', 'post_id'])
          .where('id', '=', sql<string>`any(${[...commentIds]}::text[])`)
          .execute();
  // A deleted comment's post too: its counters move only if it is there.
  for (const c of comments) postIds.add(c.post_id);
  const posts =
    postIds.size === 0
      ? []
      : await db
          .selectFrom('posts')
          .select('id')
          .where('id', '=', sql<string>`any(${[...postIds]}::text[])`)
          .execute();
  // Joined from the keys, so that each is one index lookup (not a scan of the table).
  const likes =
    likePosts.length === 0
      ? []
      : (
          await sql<{ post_id: string; user_id: string }>`
    select l.post_id, l.user_id from unnest(${likePosts}::text[], ${likeUsers}::text[]) k(post_id, user_id)
      join ${sql.id(schema, 'post_likes')} l on l.post_id = k.post_id and l.user_id = k.user_id`.execute(tx)
        ).rows;
  const affinity =
    affinityUsers.length === 0
      ? []
      : (
          await sql<{ user_id: string; author_id: string; likes: number }>`
    select a.user_id, a.author_id, a.likes from unnest(${affinityUsers}::text[], ${affinityAuthors}::text[]) k(user_id, author_id)
      join ${sql.id(schema, 'author_affinity')} a on a.user_id = k.user_id and a.author_id = k.author_id`.execute(tx)
        ).rows;
  return {
    posts: new Set(posts.map((p) => p.id)),
    likes: new Set(likes.map((l) => pairKey(l.post_id, l.user_id))),
    comments: new Map(comments.map((c) => [c.id, c.post_id])),
    affinity: new Map(affinity.map((a) => [pairKey(a.user_id, a.author_id), a.likes])),
  };
}

interface Played {
  readonly changes: CountChange[];
  /** pairKey(post, user) → the like there at the end of the run, or null where it was taken back. */
  readonly likes: Map<string, LikeRow | null>;
  readonly comments: Map<string, CommentRow | null>;
  readonly seen: Map<string, { userId: string; postId: string; at: string }>;
  readonly affinity: Map<string, { userId: string; authorId: string; likes: number }>;
}

/** The run's engagement one event at a time, in TypeScript, on the facts read and what the run itself did. */
function play(events: readonly RunEvent[], facts: Facts, exists: (postId: string, index: number) => boolean): Played {
  const out: Played = { changes: [], likes: new Map(), comments: new Map(), seen: new Map(), affinity: new Map() };
  const liked = (key: string) => (out.likes.has(key) ? out.likes.get(key) !== null : facts.likes.has(key));
  const commentPost = (id: string) => (out.comments.has(id) ? out.comments.get(id)?.postId : facts.comments.get(id));
  const moveAffinity = (userId: string, authorId: string, by: 1 | -1) => {
    if (userId === authorId) return;
    const key = pairKey(userId, authorId);
    const current = out.affinity.get(key)?.likes ?? facts.affinity.get(key);
    out.affinity.set(key, { userId, authorId, likes: Math.max(0, (current ?? 0) + by) });
  };
  for (const [i, e] of events.entries()) {
    if (!isEngagement(e)) continue;
    const { type, data: d } = e;
    switch (type) {
      case 'PostLiked': {
        const key = pairKey(d.postId, d.userId);
        if (!exists(d.postId, i) || liked(key)) break;
        out.likes.set(key, { postId: d.postId, userId: d.userId, likedAt: d.likedAt });
        out.changes.push(change(d.postId, d.likedAt, { likes: 1, engagement: ENGAGEMENT_WEIGHTS.like }));
        moveAffinity(d.userId, d.authorId, 1);
        break;
      }
      case 'PostUnliked': {
        const key = pairKey(d.postId, d.userId);
        if (!liked(key)) break;
        out.likes.set(key, null);
        // A post that is gone (or not created yet) has no counters to move.
        if (exists(d.postId, i))
          out.changes.push(change(d.postId, d.unlikedAt, { likes: -1, engagement: -ENGAGEMENT_WEIGHTS.like }));
        moveAffinity(d.userId, d.authorId, -1);
        break;
      }
      case 'CommentAdded':
        if (!exists(d.postId, i)) break;
        // A comment id added twice is an error: the run fails, and its retry as runs of one names the event.
        if (commentPost(d.commentId) !== undefined) throw new Error(`comment ${d.commentId} added twice`);
        out.comments.set(d.commentId, {
          id: d.commentId,
          postId: d.postId,
          authorId: d.authorId,
          content: d.content,
          createdAt: d.createdAt,
        });
        out.changes.push(change(d.postId, d.createdAt, { comments: 1, engagement: ENGAGEMENT_WEIGHTS.comment }));
        break;
      case 'CommentDeleted': {
        const postId = commentPost(d.commentId);
        if (postId === undefined) break;
        out.comments.set(d.commentId, null);
        // A post that is gone (or not created yet) has no counters to move.
        if (exists(postId, i))
          out.changes.push(change(postId, d.deletedAt, { comments: -1, engagement: -ENGAGEMENT_WEIGHTS.comment }));
        break;
      }
      case 'PostShared':
        if (exists(d.postId, i))
          out.changes.push(change(d.postId, d.sharedAt, { shares: 1, engagement: ENGAGEMENT_WEIGHTS.share }));
        break;
      case 'PostViewed':
        if (!exists(d.postId, i)) break;
        out.changes.push(change(d.postId, d.viewedAt, { views: 1 }));
        out.seen.set(pairKey(d.viewerId, d.postId), { userId: d.viewerId, postId: d.postId, at: d.viewedAt });
        break;
    }
  }
  return out;
}

/** The run's final rows in one statement (each CTE touches keys no other one does). */
async function write({ tx, schema }: ProjectionContext<PostsDb>, played: Played): Promise<void> {
  const t = (name: keyof PostsDb) => sql.id(schema, name);
  const likes = [...played.likes.entries()];
  const gone = likes.filter(([, row]) => row === null).map(([key]) => key.split('\u0000'));
  const kept = likes.flatMap(([, row]) => (row ? [row] : []));
  const comments = [...played.comments.entries()];
  const removed = comments.filter(([, row]) => row === null).map(([id]) => id);
  const added = comments.flatMap(([, row]) => (row ? [row] : []));
  const seen = [...played.seen.values()];
  const affinity = [...played.affinity.values()];
  const c = played.changes;
  // Each step: postCountsAfter (changePostCounts' builder), on the row the step before left.
  const after = postCountsAfter('f', sql.ref('r.at'), {
    likes: sql.ref('r.likes'),
    comments: sql.ref('r.comments'),
    shares: sql.ref('r.shares'),
    views: sql.ref('r.views'),
    engagement: sql.ref('r.engagement'),
  });
  const columns = sql.join(POST_COUNT_COLUMNS.map((column) => sql.ref(column)));
  await sql`
    with recursive
    unliked as (
      delete from ${t('post_likes')} l using unnest(${gone.map((g) => g[0])}::text[], ${gone.map((g) => g[1])}::text[]) g(post_id, user_id)
       where l.post_id = g.post_id and l.user_id = g.user_id),
    liked as (
      insert into ${t('post_likes')} (post_id, user_id, liked_at)
      select * from unnest(${kept.map((l) => l.postId)}::text[], ${kept.map((l) => l.userId)}::text[], ${kept.map((l) => l.likedAt)}::timestamptz[])
      on conflict (post_id, user_id) do update set liked_at = excluded.liked_at),
    uncommented as (
      delete from ${t('post_comments')} where id = any(${removed}::text[])),
    commented as (
      insert into ${t('post_comments')} (id, post_id, author_id, content, created_at, hidden)
      select *, false from unnest(${added.map((a) => a.id)}::text[], ${added.map((a) => a.postId)}::text[], ${added.map((a) => a.authorId)}::text[],
                                  ${added.map((a) => a.content)}::text[], ${added.map((a) => a.createdAt)}::timestamptz[])
      on conflict (id) do update set post_id = excluded.post_id, author_id = excluded.author_id, content = excluded.content,
                                     created_at = excluded.created_at, hidden = false),
    seen as (
      insert into ${t('viewer_seen')} (user_id, post_id, seen_at)
      select * from unnest(${seen.map((s) => s.userId)}::text[], ${seen.map((s) => s.postId)}::text[], ${seen.map((s) => s.at)}::timestamptz[])
      on conflict (user_id, post_id) do update set seen_at = excluded.seen_at),
    affinity as (
      insert into ${t('author_affinity')} (user_id, author_id, likes)
      select * from unnest(${affinity.map((a) => a.userId)}::text[], ${affinity.map((a) => a.authorId)}::text[], ${affinity.map((a) => a.likes)}::int[])
      on conflict (user_id, author_id) do update set likes = excluded.likes),
    steps as (
      select c.*, row_number() over (partition by c.post_id order by c.seq) as n
        from unnest(${c.map((x) => x.postId)}::text[], ${c.map((x) => x.at)}::timestamptz[], ${c.map((x) => x.likes)}::int[], ${c.map((x) => x.comments)}::int[],
                    ${c.map((x) => x.shares)}::int[], ${c.map((x) => x.views)}::int[], ${c.map((x) => x.engagement)}::float8[])
             with ordinality as c(post_id, at, likes, comments, shares, views, engagement, seq)),
    folded as (
      select id as post_id, 0::bigint as n, ${columns}
        from ${t('posts')} where id in (select post_id from steps)
      union all
      select f.post_id, r.n, ${sql.join(POST_COUNT_COLUMNS.map((column) => after[column]))}
        from folded f join steps r on r.post_id = f.post_id and r.n = f.n + 1)
    update ${t('posts')} p set ${sql.join(POST_COUNT_COLUMNS.map((column) => sql`${sql.ref(column)} = ${sql.ref(`f.${column}`)}`))}
      from (select distinct on (post_id) * from folded order by post_id, n desc) f
     where p.id = f.post_id and f.n > 0`.execute(tx);
}
