import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { TRENDING_HALF_LIFE_HOURS, type EventData, type EventType } from '@myworld/schemas';
import type { Projection } from '../projection.ts';
import { analyticsProjection } from '../read-models/analytics/analytics.projection.ts';
import { postsProjection } from '../read-models/posts/posts.projection.ts';
import { recommendationsProjection } from '../read-models/recommendations/recommendations.projection.ts';
import { searchProjection } from '../read-models/search/search.projection.ts';
import { TRENDING_WEIGHTS } from '../read-models/trending/trending-weights.ts';
import { trendingProjection } from '../read-models/trending/trending.projection.ts';
import { schemaDifferences } from '../testing/compare-schemas.ts';
import { scriptedLog, type ScriptedLog } from '../testing/scripted-rebuilds.ts';
import { DECAY_EPOCH } from './forward-decay.ts';

// Ids in the order of the names, so that rows ordered by id list Alice, Bob, Carol.
const user = (name: string, n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, name });
const [A, B, C] = [user('alice', 1), user('bob', 2), user('carol', 3)] as const;
const T = {
  p1: '2025-06-01T10:00:00.000Z',
  v1: '2025-06-01T11:00:00.000Z',
  earlyLike: '2025-06-01T11:30:00.000Z',
  view: '2025-06-01T12:00:00.000Z',
  m1: '2025-06-02T10:00:00.000Z',
  m2: '2025-06-02T11:00:00.000Z',
  v2: '2025-06-02T12:00:00.000Z',
  // A day after v1 published: its engagement score has halved.
  lateLike: '2025-06-03T10:00:00.000Z',
  follows: ['2025-06-03T12:00:00.000Z', '2025-06-03T12:10:00.000Z', '2025-06-03T12:20:00.000Z'] as const,
  unfollow: '2025-06-03T12:15:00.000Z',
};

/**
 * A small history whose every row is worked out by hand below: three users; a text post with two
 * hashtags; a video engaged with before its media is processed (which publishes it a day later);
 * media processed before its video is submitted (which publishes it at once); a video whose
 * processing fails; a like after publication; follows, an unfollow and a follow again.
 */
function history(): NewEvent[] {
  const events: NewEvent[] = [];
  const add = <T extends EventType>(type: T, data: EventData<T>) =>
    events.push({ id: randomUUID(), type, data, metadata: testMetadata() });
  for (const u of [A, B, C])
    add('UserRegistered', {
      userId: u.id,
      username: u.name,
      firstName: u.name,
      lastName: 'Tester',
      email: `${u.name}@example.test`,
      birthDate: '1990-01-01',
      passwordHash: 'x',
      registeredAt: '2025-05-01T10:00:00.000Z',
    });
  add('TextPostCreated', {
    postId: 'p1',
    authorId: A.id,
    content: 'Golden sunset\nat the #beach #golden',
    backgroundColor: '#112233',
    textColor: '#ffffff',
    fontStyle: 'bold',
    imageUrl: null,
    imageMediaId: null,
    createdAt: T.p1,
  });
  add('VideoPostSubmitted', {
    postId: 'v1',
    authorId: B.id,
    mediaId: 'm1',
    description: 'Waves #beach',
    category: 'travel',
    createdAt: T.v1,
  });
  add('PostLiked', { postId: 'v1', userId: C.id, authorId: B.id, likedAt: T.earlyLike });
  add('PostViewed', { postId: 'p1', viewerId: B.id, authorId: A.id, viewedAt: T.view });
  const variants = (media: string) => ({
    video: { key: `${media}/video.mp4`, contentType: 'video/mp4', size: 1000, width: 720, height: 1280 },
    poster: { key: `${media}/poster.jpg`, contentType: 'image/jpeg', size: 100, width: 720, height: 1280 },
  });
  add('MediaProcessed', { mediaId: 'm1', variants: variants('m1'), durationSeconds: 10, processedAt: T.m1 });
  add('MediaProcessed', { mediaId: 'm2', variants: variants('m2'), durationSeconds: 5, processedAt: T.m2 });
  add('VideoPostSubmitted', {
    postId: 'v2',
    authorId: A.id,
    mediaId: 'm2',
    description: 'Night #city',
    category: 'music',
    createdAt: T.v2,
  });
  add('VideoPostSubmitted', {
    postId: 'v3',
    authorId: C.id,
    mediaId: 'm3',
    description: 'Draft',
    category: 'none',
    createdAt: T.v2,
  });
  add('MediaProcessingFailed', { mediaId: 'm3', reason: 'corrupt', failedAt: T.v2 });
  add('PostLiked', { postId: 'v1', userId: A.id, authorId: B.id, likedAt: T.lateLike });
  add('UserFollowed', { followerId: B.id, followeeId: A.id, followedAt: T.follows[0] });
  add('UserFollowed', { followerId: C.id, followeeId: A.id, followedAt: T.follows[1] });
  add('UserUnfollowed', { followerId: B.id, followeeId: A.id, unfollowedAt: T.unfollow });
  add('UserFollowed', { followerId: B.id, followeeId: A.id, followedAt: T.follows[2] });
  return events;
}

/** A forward-decay contribution (forward-decay.ts), computed here by hand. */
const contribution = (weight: number, at: string) =>
  Math.log2(weight) + (Date.parse(at) - Date.parse(DECAY_EPOCH)) / 1000 / (TRENDING_HALF_LIFE_HOURS * 3600);
/** The key of a sum of contributions. */
const keyOf = (...contributions: number[]) => Math.log2(contributions.reduce((sum, c) => sum + 2 ** c, 0));

/** Batch sizes: every event a run of one, runs cut at odd places, the whole history one run where the handlers allow. */
const BATCH_SIZES = [1, 4, 1_000];

describe('publications, engagement and follows through the one path of each read model give the tables worked out by hand', () => {
  let log: ScriptedLog;
  let db: Kysely<any>;
  beforeAll(async () => {
    log = await scriptedLog('one_path_publication', history());
    db = log.db;
  });
  afterAll(async () => {
    await log.close();
  });
  const rows = async (schema: string, query: string) =>
    (await sql.raw<Record<string, any>>(query.replaceAll('$.', `"${schema}".`)).execute(db)).rows;

  /** Who follows whom since when, as `table` (each read model's copy of the follow edges) keeps them. */
  const follows = (schema: string, table: string) =>
    rows(
      schema,
      `select follower_id, (followed_at at time zone 'UTC')::text as at from $.${table} order by follower_id`,
    );
  /** The script's follows that stand at its end: B's and C's of A. */
  const FOLLOWS_OF_A = [
    { follower_id: B.id, at: '2025-06-03 12:20:00' },
    { follower_id: C.id, at: '2025-06-03 12:10:00' },
  ];

  /** Builds `projection` in every batch size, checks `expected` on each, and that the builds are equal to the bit. */
  async function builtInEverySize(
    projection: Projection,
    tables: readonly string[],
    expected: (schema: string) => Promise<void>,
  ): Promise<void> {
    const schemas: string[] = [];
    for (const size of BATCH_SIZES) {
      const schema = await log.built(projection, size);
      await expected(schema);
      schemas.push(schema);
    }
    const same = Object.fromEntries(tables.map((t) => [t, 0]));
    for (const other of schemas.slice(1)) expect(await schemaDifferences(db, schemas[0]!, other, tables)).toEqual(same);
  }

  it('search: the published posts with their counters, the hashtags and their folded keys, the waiting video, the followers', async () => {
    const tables = [
      'search_posts',
      'search_users',
      'hashtags',
      'post_hashtags',
      'unpublished_videos',
      'video_outcomes',
    ];
    await builtInEverySize(searchProjection, tables, async (s) => {
      expect(
        await rows(
          s,
          `select id, kind, title, category, thumbnail_url, font_style, (published_at at time zone 'UTC')::text as at, like_count, view_count from $.search_posts order by id`,
        ),
      ).toEqual([
        {
          id: 'p1',
          kind: 'text',
          title: 'Golden sunset',
          category: null,
          thumbnail_url: null,
          font_style: 'bold',
          at: '2025-06-01 10:00:00',
          like_count: 0,
          view_count: 1,
        },
        // The like before its publication found no post in search.
        {
          id: 'v1',
          kind: 'video',
          title: 'Waves #beach',
          category: 'travel',
          thumbnail_url: '/objects/m1/poster.jpg',
          font_style: null,
          at: '2025-06-02 10:00:00',
          like_count: 1,
          view_count: 0,
        },
        {
          id: 'v2',
          kind: 'video',
          title: 'Night #city',
          category: 'music',
          thumbnail_url: '/objects/m2/poster.jpg',
          font_style: null,
          at: '2025-06-02 12:00:00',
          like_count: 0,
          view_count: 0,
        },
      ]);
      const hashtags = await rows(s, `select tag, use_count, recent_key from $.hashtags order by tag`);
      expect(hashtags.map(({ tag, use_count }) => ({ tag, use_count }))).toEqual([
        { tag: 'beach', use_count: 2 },
        { tag: 'city', use_count: 1 },
        { tag: 'golden', use_count: 1 },
      ]);
      const key = Object.fromEntries(hashtags.map((h) => [h.tag, h.recent_key as number]));
      expect(key.beach).toBeCloseTo(keyOf(contribution(1, T.p1), contribution(1, T.m1)), 9);
      expect(key.golden).toBeCloseTo(contribution(1, T.p1), 9);
      expect(await rows(s, `select post_id, tag from $.post_hashtags order by post_id, tag`)).toEqual([
        { post_id: 'p1', tag: 'beach' },
        { post_id: 'p1', tag: 'golden' },
        { post_id: 'v1', tag: 'beach' },
        { post_id: 'v2', tag: 'city' },
      ]);
      expect(await rows(s, `select post_id from $.unpublished_videos`)).toEqual([{ post_id: 'v3' }]);
      expect(await rows(s, `select media_id, status, poster_url from $.video_outcomes order by media_id`)).toEqual([
        { media_id: 'm1', status: 'processed', poster_url: '/objects/m1/poster.jpg' },
        { media_id: 'm2', status: 'processed', poster_url: '/objects/m2/poster.jpg' },
        { media_id: 'm3', status: 'failed', poster_url: null },
      ]);
      expect(await rows(s, `select id, follower_count, name_key from $.search_users order by id`)).toEqual([
        { id: A.id, follower_count: 2, name_key: 'alice tester' },
        { id: B.id, follower_count: 0, name_key: 'bob tester' },
        { id: C.id, follower_count: 0, name_key: 'carol tester' },
      ]);
    });
  });

  it('trending: the posts, the like after publication, creators with their counts and growth, the banner totals', async () => {
    const tables = [
      'trending_posts',
      'trending_likes',
      'creators',
      'creator_follows',
      'totals',
      'hashtags',
      'post_hashtags',
    ];
    await builtInEverySize(trendingProjection, tables, async (s) => {
      const posts = await rows(s, `select id, author_id, kind, velocity_key from $.trending_posts order by id`);
      expect(posts.map(({ id, author_id, kind }) => ({ id, author_id, kind }))).toEqual([
        { id: 'p1', author_id: A.id, kind: 'text' },
        { id: 'v1', author_id: B.id, kind: 'video' },
        { id: 'v2', author_id: A.id, kind: 'video' },
      ]);
      const velocity = Object.fromEntries(posts.map((p) => [p.id, p.velocity_key as number]));
      expect(velocity.p1).toBeCloseTo(
        keyOf(contribution(TRENDING_WEIGHTS.published, T.p1), contribution(TRENDING_WEIGHTS.view, T.view)),
        9,
      );
      expect(velocity.v1).toBeCloseTo(
        keyOf(contribution(TRENDING_WEIGHTS.published, T.m1), contribution(TRENDING_WEIGHTS.like, T.lateLike)),
        9,
      );
      expect(await rows(s, `select post_id, user_id from $.trending_likes`)).toEqual([
        { post_id: 'v1', user_id: A.id },
      ]);
      const creators = await rows(
        s,
        `select user_id, published_posts, follower_count, growth_key from $.creators order by user_id`,
      );
      expect(
        creators.map(({ user_id, published_posts, follower_count }) => [user_id, published_posts, follower_count]),
      ).toEqual([
        [A.id, 2, 2],
        [B.id, 1, 0],
        [C.id, 0, 0],
      ]);
      // Alice: the view of her post, and the follows that stand (Bob's first one was taken back).
      expect(creators[0]!.growth_key).toBeCloseTo(
        keyOf(
          contribution(TRENDING_WEIGHTS.view, T.view),
          contribution(TRENDING_WEIGHTS.follow, T.follows[1]),
          contribution(TRENDING_WEIGHTS.follow, T.follows[2]),
        ),
        6,
      );
      expect(creators[1]!.growth_key).toBeCloseTo(contribution(TRENDING_WEIGHTS.like, T.lateLike), 9);
      expect(await rows(s, `select videos, text_posts, creators, hashtags from $.totals`)).toEqual([
        { videos: 2, text_posts: 1, creators: 2, hashtags: 3 },
      ]);
      expect(await follows(s, 'creator_follows')).toEqual(FOLLOWS_OF_A);
    });
  });

  it('posts: every post with its status and scores, the likes (one before publication), what was seen, affinity, follow edges', async () => {
    const tables = ['posts', 'post_media', 'post_likes', 'viewer_seen', 'author_affinity', 'authors', 'follow_edges'];
    await builtInEverySize(postsProjection, tables, async (s) => {
      const posts = await rows(
        s,
        `select id, status, (published_at at time zone 'UTC')::text as published, (scores_at at time zone 'UTC')::text as scored, like_count, view_count, engagement_score, view_score, failure_reason
           from $.posts order by id`,
      );
      expect(posts).toEqual([
        {
          id: 'p1',
          status: 'published',
          published: '2025-06-01 10:00:00',
          scored: '2025-06-01 12:00:00',
          like_count: 0,
          view_count: 1,
          engagement_score: 0,
          view_score: 1,
          failure_reason: null,
        },
        // Liked while processing (score 1); publication restarts the clock; a day later the score has halved, plus the new like.
        {
          id: 'v1',
          status: 'published',
          published: '2025-06-02 10:00:00',
          scored: '2025-06-03 10:00:00',
          like_count: 2,
          view_count: 0,
          engagement_score: 1.5,
          view_score: 0,
          failure_reason: null,
        },
        {
          id: 'v2',
          status: 'published',
          published: '2025-06-02 12:00:00',
          scored: '2025-06-02 12:00:00',
          like_count: 0,
          view_count: 0,
          engagement_score: 0,
          view_score: 0,
          failure_reason: null,
        },
        {
          id: 'v3',
          status: 'failed',
          published: null,
          scored: '2025-06-02 12:00:00',
          like_count: 0,
          view_count: 0,
          engagement_score: 0,
          view_score: 0,
          failure_reason: 'corrupt',
        },
      ]);
      expect(await rows(s, `select post_id, user_id from $.post_likes order by user_id`)).toEqual([
        { post_id: 'v1', user_id: A.id },
        { post_id: 'v1', user_id: C.id },
      ]);
      expect(await rows(s, `select user_id, post_id from $.viewer_seen`)).toEqual([{ user_id: B.id, post_id: 'p1' }]);
      expect(await rows(s, `select user_id, author_id, likes from $.author_affinity order by user_id`)).toEqual([
        { user_id: A.id, author_id: B.id, likes: 1 },
        { user_id: C.id, author_id: B.id, likes: 1 },
      ]);
      expect(await rows(s, `select user_id from $.authors order by user_id`)).toEqual(
        [A, B, C].map((u) => ({ user_id: u.id })),
      );
      expect(await follows(s, 'follow_edges')).toEqual(FOLLOWS_OF_A);
    });
  });

  it('recommendations: the videos with a category, interest from others’ likes, each user’s activity', async () => {
    const tables = ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'];
    await builtInEverySize(recommendationsProjection, tables, async (s) => {
      expect(await rows(s, `select post_id, author_id, category from $.post_categories order by post_id`)).toEqual([
        { post_id: 'v1', author_id: B.id, category: 'travel' },
        { post_id: 'v2', author_id: A.id, category: 'music' },
      ]);
      expect(
        await rows(
          s,
          `select user_id, category, score, (scored_at at time zone 'UTC')::text as at from $.category_interest order by user_id`,
        ),
      ).toEqual([
        { user_id: A.id, category: 'travel', score: 2, at: '2025-06-03 10:00:00' },
        { user_id: C.id, category: 'travel', score: 2, at: '2025-06-01 11:30:00' },
      ]);
      expect(await rows(s, `select user_id, views, likes, posts from $.interaction_mix order by user_id`)).toEqual([
        { user_id: A.id, views: 0, likes: 1, posts: 2 },
        { user_id: B.id, views: 1, likes: 0, posts: 1 },
        { user_id: C.id, views: 0, likes: 1, posts: 1 },
      ]);
      expect(await rows(s, `select user_id, hour, interactions from $.active_hours order by user_id, hour`)).toEqual([
        { user_id: A.id, hour: 10, interactions: 2 },
        { user_id: A.id, hour: 12, interactions: 1 },
        { user_id: B.id, hour: 11, interactions: 1 },
        { user_id: B.id, hour: 12, interactions: 1 },
        { user_id: C.id, hour: 11, interactions: 1 },
        { user_id: C.id, hour: 12, interactions: 1 },
      ]);
    });
  });

  it('analytics: every post as created, engagement and followers per creator per hour', async () => {
    const tables = ['analytics_users', 'analytics_posts', 'analytics_creator_hours', 'analytics_post_hours'];
    await builtInEverySize(analyticsProjection, tables, async (s) => {
      expect(await rows(s, `select post_id, kind, category from $.analytics_posts order by post_id`)).toEqual([
        { post_id: 'p1', kind: 'text', category: null },
        { post_id: 'v1', kind: 'video', category: 'travel' },
        { post_id: 'v2', kind: 'video', category: 'music' },
        { post_id: 'v3', kind: 'video', category: 'none' },
      ]);
      expect(
        await rows(
          s,
          `select creator_id, (hour at time zone 'UTC')::text as hour, views, likes, new_followers, unfollows from $.analytics_creator_hours order by creator_id, hour`,
        ),
      ).toEqual([
        { creator_id: A.id, hour: '2025-06-01 12:00:00', views: 1, likes: 0, new_followers: 0, unfollows: 0 },
        { creator_id: A.id, hour: '2025-06-03 12:00:00', views: 0, likes: 0, new_followers: 3, unfollows: 1 },
        { creator_id: B.id, hour: '2025-06-01 11:00:00', views: 0, likes: 1, new_followers: 0, unfollows: 0 },
        { creator_id: B.id, hour: '2025-06-03 10:00:00', views: 0, likes: 1, new_followers: 0, unfollows: 0 },
      ]);
    });
  });
});
