import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import type { EventData, EventType } from '@myworld/schemas';
import type { Projection } from '../../projection.ts';
import { schemaDifferences } from '../../testing/compare-schemas.ts';
import { scriptedLog, watchedRuns, type ScriptedLog } from '../../testing/scripted-rebuilds.ts';
import { seeded } from '../../testing/seeded-random.ts';
import { searchProjection } from '../search/search.projection.ts';
import { trendingProjection } from './trending.projection.ts';

const SEARCH_TABLES = [
  'search_posts',
  'search_users',
  'hashtags',
  'post_hashtags',
  'unpublished_videos',
  'video_outcomes',
];
const TRENDING_TABLES = [
  'trending_posts',
  'trending_likes',
  'trending_comments',
  'creators',
  'creator_follows',
  'totals',
  'hashtags',
  'post_hashtags',
  'unpublished_videos',
  'video_outcomes',
];
const HOUR = 3_600_000;

/**
 * Likes, views, comments and shares interleaved with unlikes, deleted comments, follows, a
 * publication and a deletion, on several posts by several authors, at times out of order (the
 * keys' float arithmetic depends on the order), including a post that never publishes.
 */
function scriptedHistory(): { events: NewEvent[]; clampPost: string; unpublishedPost: string } {
  const random = seeded(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const base = Date.parse('2025-06-10T12:00:00.000Z');
  const at = () => new Date(base - Math.floor(random() * 72 * HOUR)).toISOString();
  const events: NewEvent[] = [];
  const add = <T extends EventType>(type: T, data: EventData<T>) =>
    events.push({ id: randomUUID(), type, data, metadata: testMetadata() });

  const users = Array.from({ length: 8 }, (_, i) => ({ id: randomUUID(), username: `runner_${i}` }));
  for (const u of users) {
    add('UserRegistered', {
      userId: u.id,
      username: u.username,
      firstName: 'Run',
      lastName: u.username,
      email: `${u.username}@example.test`,
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: '2025-06-01T10:00:00.000Z',
    });
  }
  const authors = users.slice(0, 3);
  const posts = Array.from({ length: 6 }, (_, i) => ({ id: randomUUID(), authorId: authors[i % 3]!.id }));
  for (const [i, p] of posts.entries()) {
    add('TextPostCreated', {
      postId: p.id,
      authorId: p.authorId,
      content: `Post ${i} about sunsets #runs`,
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
      imageMediaId: null,
      createdAt: at(),
    });
  }
  // A video whose media never finishes processing (never published), and one that publishes mid-history.
  const unpublished = { id: randomUUID(), authorId: authors[2]!.id, mediaId: randomUUID() };
  const late = { id: randomUUID(), authorId: authors[1]!.id, mediaId: randomUUID() };
  for (const v of [unpublished, late])
    add('VideoPostSubmitted', {
      postId: v.id,
      authorId: v.authorId,
      mediaId: v.mediaId,
      description: 'A video #runs',
      category: 'travel',
      createdAt: at(),
    });

  // Around the clamp, on a post nothing else touches: an unlike of a like that is not there, a like, two unlikes, a like again.
  const [clampPost, ...busy] = posts;
  const fan = users[5]!.id;
  const likeOf = (postId: string, userId: string, authorId: string) => ({ postId, userId, authorId });
  add('PostUnliked', { ...likeOf(clampPost!.id, fan, clampPost!.authorId), unlikedAt: at() });
  add('PostLiked', { ...likeOf(clampPost!.id, fan, clampPost!.authorId), likedAt: at() });
  add('PostUnliked', { ...likeOf(clampPost!.id, fan, clampPost!.authorId), unlikedAt: at() });
  add('PostUnliked', { ...likeOf(clampPost!.id, fan, clampPost!.authorId), unlikedAt: at() });
  add('PostLiked', { ...likeOf(clampPost!.id, fan, clampPost!.authorId), likedAt: at() });
  add('PostViewed', { postId: clampPost!.id, viewerId: fan, authorId: clampPost!.authorId, viewedAt: at() });

  // Repeats inside one run: a like given twice (the first one counts), and a comment id on a post
  // that never publishes, then on two published ones (only the first published one records it).
  const twice = likeOf(busy[0]!.id, users[6]!.id, busy[0]!.authorId);
  add('PostLiked', { ...twice, likedAt: at() });
  add('PostViewed', { postId: busy[1]!.id, viewerId: fan, authorId: busy[1]!.authorId, viewedAt: at() });
  add('PostLiked', { ...twice, likedAt: at() });
  const reused = randomUUID();
  for (const post of [unpublished, busy[1]!, busy[2]!]) {
    add('CommentAdded', {
      commentId: reused,
      postId: post.id,
      postAuthorId: post.authorId,
      authorId: fan,
      content: 'Again',
      createdAt: at(),
    });
  }

  const targets = [...busy, unpublished, late, { id: randomUUID(), authorId: authors[0]!.id }];
  const comments: Array<{ id: string; postId: string; authorId: string }> = [
    { id: reused, postId: busy[2]!.id, authorId: fan },
  ];
  for (let i = 0; i < 400; i++) {
    if (i === 150) {
      const variant = (key: string, contentType: string) => ({
        key: `${late.mediaId}/${key}`,
        contentType,
        size: 1000,
        width: 720,
        height: 1280,
      });
      add('MediaProcessed', {
        mediaId: late.mediaId,
        variants: { video: variant('video.mp4', 'video/mp4'), poster: variant('poster.jpg', 'image/jpeg') },
        durationSeconds: 10,
        processedAt: at(),
      });
    }
    if (i === 300) add('PostDeleted', { postId: busy[3]!.id, authorId: busy[3]!.authorId, deletedAt: at() });
    const post = pick(targets);
    const user = pick(users).id;
    const roll = random();
    if (roll < 0.3) add('PostLiked', { ...likeOf(post.id, user, post.authorId), likedAt: at() });
    else if (roll < 0.6)
      add('PostViewed', { postId: post.id, viewerId: user, authorId: post.authorId, viewedAt: at() });
    else if (roll < 0.72) {
      // Now and then a comment id seen before (on this post or another): only its first insert may credit.
      const commentId = comments.length > 0 && random() < 0.1 ? pick(comments).id : randomUUID();
      comments.push({ id: commentId, postId: post.id, authorId: user });
      add('CommentAdded', {
        commentId,
        postId: post.id,
        postAuthorId: post.authorId,
        authorId: user,
        content: 'Nice',
        createdAt: at(),
      });
    } else if (roll < 0.8)
      add('PostShared', {
        shareId: randomUUID(),
        postId: post.id,
        userId: user,
        authorId: post.authorId,
        sharedAt: at(),
      });
    else if (roll < 0.88) add('PostUnliked', { ...likeOf(post.id, user, post.authorId), unlikedAt: at() });
    else if (roll < 0.93 && comments.length > 0) {
      const c = pick(comments);
      add('CommentDeleted', { commentId: c.id, postId: c.postId, authorId: c.authorId, deletedAt: at() });
    } else if (roll < 0.97) add('UserFollowed', { followerId: user, followeeId: pick(authors).id, followedAt: at() });
    else add('UserUnfollowed', { followerId: user, followeeId: pick(authors).id, unfollowedAt: at() });
  }
  return { events, clampPost: clampPost!.id, unpublishedPost: unpublished.id };
}

describe('the one path of search and trending gives the same tables however a history is cut into runs', () => {
  let log: ScriptedLog;
  let db: Kysely<any>;
  let history: ReturnType<typeof scriptedHistory>;
  beforeAll(async () => {
    history = scriptedHistory();
    log = await scriptedLog('engagement_runs', history.events);
    db = log.db;
  });
  afterAll(async () => {
    await log.close();
  });
  const built = (projection: Projection, batchSize: number) => log.built(projection, batchSize);

  it.each([
    { projection: searchProjection, tables: SEARCH_TABLES },
    { projection: trendingProjection, tables: TRENDING_TABLES },
  ])(
    '$projection.name: one large batch, small batches and one event per batch (runs of one) build the same tables',
    async ({ projection, tables }) => {
      const runs = { applied: 0, failures: [] as unknown[] };
      const inRuns = await built(watchedRuns(projection, runs), 10_000);
      expect(runs.failures).toEqual([]);
      // A run ends at a deletion (and, in trending, where unlikes and deleted comments come).
      expect(runs.applied).toBeGreaterThanOrEqual(2);
      const inSmallBatches = await built(watchedRuns(projection, runs), 7);
      expect(runs.failures).toEqual([]);
      expect(runs.applied).toBeGreaterThan(20);
      const oneByOne = await built(projection, 1);
      const same = Object.fromEntries(tables.map((t) => [t, 0]));
      expect(await schemaDifferences(db, inRuns, oneByOne, tables)).toEqual(same);
      expect(await schemaDifferences(db, inSmallBatches, oneByOne, tables)).toEqual(same);
    },
  );

  it('search: the clamp at 0 inside a run loses the unlikes of likes that were not there', async () => {
    const schema = await built(searchProjection, 10_000);
    const row = await sql<{
      like_count: number;
      view_count: number;
    }>`select like_count, view_count from ${sql.id(schema, 'search_posts')} where id = ${history.clampPost}`.execute(
      db,
    );
    expect(row.rows).toEqual([{ like_count: 1, view_count: 1 }]);
    const engaged = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(schema, 'search_posts')} where like_count > 0 and view_count > 0 and comment_count > 0`.execute(
      db,
    );
    expect(engaged.rows[0]!.n).toBeGreaterThan(2);
  });

  it('trending: engagement on a post that never published records and credits nothing; the authors of the others grow', async () => {
    const schema = await built(trendingProjection, 10_000);
    const likes = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(schema, 'trending_likes')} where post_id = ${history.unpublishedPost}`.execute(
      db,
    );
    expect(likes.rows[0]!.n).toBe(0);
    const comments = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(schema, 'trending_comments')} where post_id = ${history.unpublishedPost}`.execute(
      db,
    );
    expect(comments.rows[0]!.n).toBe(0);
    const grown = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(schema, 'creators')} where growth_key > 0`.execute(db);
    expect(grown.rows[0]!.n).toBe(3);
  });
});
