import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryCreator } from 'kysely';
import { expect as expected, type PostgresEventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { START, type EventData, type EventMetadata, type EventType, type Position } from '@myworld/schemas';
import type { ReadModels } from '../../query-side.ts';
import { startLiveReadModel, type LiveReadModel } from '../../testing/live-read-model.ts';
import { replayDifferences } from '../../testing/replay-differences.ts';
import { analyticsProjection, type AnalyticsDb } from './analytics.projection.ts';
import {
  analyticsAccessPage,
  analyticsUserExists,
  audienceBreakdown,
  categoryActivity,
  creatorHours,
  followersAt,
  topPosts,
} from './analytics.queries.ts';

describe('analytics projection: per creator, per post and audience by the hour', () => {
  let live: LiveReadModel;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let analytics: QueryCreator<AnalyticsDb>;
  let last: Position = START;
  const [creator, teen, adult, analyst] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [textPost, videoPost] = [randomUUID(), randomUUID()];
  const at = (hhmm: string) => `2026-03-10T${hhmm}:00.000Z`;
  const hour = (hh: string) => new Date(at(`${hh}:00`));
  const client = (userAgentClass: 'mobile' | 'browser', country: string | null): EventMetadata => ({
    ...testMetadata(),
    client: { userAgentClass, country },
  });

  const append = async <T extends EventType>(
    stream: string,
    type: T,
    data: EventData<T>,
    metadata = testMetadata(),
  ) => {
    last = (await store.append(stream, expected.any, [{ id: randomUUID(), type, data, metadata }])).position;
  };
  const registered = (userId: string, birthDate: string) =>
    append(`user-${userId}`, 'UserRegistered', {
      userId,
      username: `u${userId.slice(0, 8)}`,
      firstName: 'T',
      lastName: 'U',
      email: `${userId}@example.test`,
      birthDate,
      passwordHash: 'x',
      registeredAt: at('00:00'),
    });
  const viewed = (postId: string, viewerId: string, time: string, metadata?: EventMetadata) =>
    append(
      `view-${postId}-${viewerId}`,
      'PostViewed',
      { postId, viewerId, authorId: creator, viewedAt: at(time) },
      metadata,
    );

  beforeAll(async () => {
    live = await startLiveReadModel('analytics_rm', analyticsProjection, 3);
    ({ store, readModels } = live);

    await registered(creator, '1985-01-01');
    await registered(teen, '2010-06-01'); // 15 on 2026-03-10
    await registered(adult, '1996-03-11'); // 29 on 2026-03-10 (30 the day after)
    await append(`post-${textPost}`, 'TextPostCreated', {
      postId: textPost,
      authorId: creator,
      content: 'hello',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
      imageMediaId: null,
      createdAt: at('09:00'),
    });
    await append(`post-${videoPost}`, 'VideoPostSubmitted', {
      postId: videoPost,
      authorId: creator,
      mediaId: randomUUID(),
      description: 'my song',
      category: 'music',
      createdAt: at('09:30'),
    });
    await append(`follow-${teen}`, 'UserFollowed', { followerId: teen, followeeId: creator, followedAt: at('10:00') });
    await viewed(textPost, teen, '10:05', client('mobile', 'nz'));
    await append(`like-${textPost}-${teen}`, 'PostLiked', {
      postId: textPost,
      userId: teen,
      authorId: creator,
      likedAt: at('10:06'),
    });
    await viewed(textPost, adult, '10:40', client('browser', null));
    await append(`follow-${adult}`, 'UserFollowed', {
      followerId: adult,
      followeeId: creator,
      followedAt: at('11:00'),
    });
    await viewed(videoPost, adult, '11:10');
    await viewed(videoPost, teen, '11:15', client('mobile', 'NZ'));
    const [kept, removed] = [randomUUID(), randomUUID()];
    await append(`comment-${kept}`, 'CommentAdded', {
      commentId: kept,
      postId: videoPost,
      postAuthorId: creator,
      authorId: adult,
      content: 'nice',
      createdAt: at('11:20'),
    });
    await append(`comment-${removed}`, 'CommentAdded', {
      commentId: removed,
      postId: textPost,
      postAuthorId: creator,
      authorId: teen,
      content: 'oops',
      createdAt: at('11:25'),
    });
    await append(`comment-${removed}`, 'CommentDeleted', {
      commentId: removed,
      postId: textPost,
      authorId: teen,
      deletedAt: at('12:10'),
    });
    await append(`like-${textPost}-${teen}`, 'PostUnliked', {
      postId: textPost,
      userId: teen,
      authorId: creator,
      unlikedAt: at('12:30'),
    });
    await append(`follow-${teen}`, 'UserUnfollowed', {
      followerId: teen,
      followeeId: creator,
      unfollowedAt: at('13:00'),
    });
    await append(`post-${videoPost}`, 'PostDeleted', { postId: videoPost, authorId: creator, deletedAt: at('14:00') });
    await append(`post-${textPost}`, 'ContentRemoved', {
      contentType: 'text_post',
      contentId: textPost,
      authorId: creator,
      moderatorId: randomUUID(),
      reportIds: [],
      note: 'spam',
      removedAt: at('16:00'),
    });
    for (const minute of ['01', '02', '03']) {
      await append(`analyticsaccess-${analyst}`, 'AnalyticsViewed', {
        viewerId: analyst,
        creatorId: creator,
        timeframe: '7d',
        asOf: minute === '02' ? at('12:00') : null,
        viewedAt: at(`15:${minute}`),
      });
    }
    expect(await readModels.waitFor('analytics', last, 10_000)).toBe(true);
    analytics = await readModels.query<AnalyticsDb>('analytics');
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('counts engagement and followers in the hour each happened; an unlike, a deleted comment and an unfollow subtract in their own hour', async () => {
    const rows = await creatorHours(analytics, creator, { from: hour('00'), to: hour('23') });
    expect(rows).toEqual([
      { hour: hour('10'), views: 2, likes: 1, comments: 0, newFollowers: 1, unfollows: 0 },
      { hour: hour('11'), views: 2, likes: 0, comments: 2, newFollowers: 1, unfollows: 0 },
      { hour: hour('12'), views: 0, likes: -1, comments: -1, newFollowers: 0, unfollows: 0 },
      { hour: hour('13'), views: 0, likes: 0, comments: 0, newFollowers: 0, unfollows: 1 },
    ]);
    expect(await creatorHours(analytics, creator, { from: hour('11'), to: hour('12') })).toHaveLength(1);
    expect([
      await followersAt(analytics, creator, hour('10')),
      await followersAt(analytics, creator, hour('12')),
      await followersAt(analytics, creator, hour('14')),
    ]).toEqual([0, 2, 1]);
  });

  it('lists posts by views in a span; a post deleted or removed before the span ends is left out', async () => {
    const before = await topPosts(analytics, creator, { from: hour('00'), to: hour('13') }, 10);
    expect(before.map((p) => [p.postId, p.kind, p.views, p.likes, p.comments])).toEqual([
      [videoPost, 'video', 2, 0, 1],
      [textPost, 'text', 2, 0, 0],
    ]);
    expect(before[0]).toMatchObject({
      title: 'my song',
      category: 'music',
      content: null,
      createdAt: new Date(at('09:30')),
    });
    expect(before[1]).toMatchObject({ content: 'hello', title: null });
    const after = await topPosts(analytics, creator, { from: hour('00'), to: hour('15') }, 10);
    expect(after.map((p) => p.postId)).toEqual([textPost]);
    expect(await topPosts(analytics, creator, { from: hour('00'), to: hour('17') }, 10)).toEqual([]); // removed by a moderator at 16:00
    expect(await topPosts(analytics, creator, { from: hour('00'), to: hour('13') }, 1)).toHaveLength(1);
    expect(await categoryActivity(analytics, creator, { from: hour('00'), to: hour('13') })).toEqual([
      { category: 'music', posts: 1, views: 2, likes: 0, comments: 1 },
    ]);
  });

  it("breaks views down by the viewer's age then, the device, and the country where known", async () => {
    const rows = await audienceBreakdown(analytics, creator, { from: hour('00'), to: hour('23') });
    const of = (dimension: string) =>
      Object.fromEntries(rows.filter((r) => r.dimension === dimension && r.views > 0).map((r) => [r.value, r.views]));
    expect(of('age')).toEqual({ '13-17': 2, '25-34': 2 });
    expect(of('device')).toEqual({ mobile: 2, browser: 1, unknown: 1 });
    expect(of('country')).toEqual({ NZ: 2 });
    expect(await audienceBreakdown(analytics, creator, { from: hour('11'), to: hour('12') })).toContainEqual({
      dimension: 'age',
      value: '25-34',
      views: 1,
    });
  });

  it('knows registered users, and pages analysts’ reads newest first', async () => {
    expect(await analyticsUserExists(analytics, creator)).toBe(true);
    expect(await analyticsUserExists(analytics, randomUUID())).toBe(false);
    const first = await analyticsAccessPage(analytics, { limit: 2 });
    expect(first.map((a) => [a.viewedAt.toISOString(), a.asOf])).toEqual([
      [at('15:03'), null],
      [at('15:02'), at('12:00')],
    ]);
    const rest = await analyticsAccessPage(analytics, { limit: 2, before: first[1]!.pageKey });
    expect(rest.map((a) => a.viewedAt.toISOString())).toEqual([at('15:01')]);
    expect(rest[0]).toMatchObject({ viewerId: analyst, creatorId: creator, timeframe: '7d' });
  });

  it("a deleted viewer's views stay counted, but in no age group (their birth date is unreadable, as in a replay)", async () => {
    const leaver = randomUUID();
    await registered(leaver, '1990-01-01');
    await viewed(textPost, leaver, '10:50');
    expect(await readModels.waitFor('analytics', last, 10_000)).toBe(true);
    const ages = async () =>
      Object.fromEntries(
        (await audienceBreakdown(analytics, creator, { from: hour('00'), to: hour('23') }))
          .filter((r) => r.dimension === 'age' && r.views > 0)
          .map((r) => [r.value, r.views]),
      );
    expect(await ages()).toEqual({ '13-17': 2, '25-34': 2, '35-44': 1 });

    await append(`user-${leaver}`, 'AccountDeleted', { userId: leaver, deletedAt: at('17:00') });
    expect(await readModels.waitFor('analytics', last, 10_000)).toBe(true);
    expect(await ages()).toEqual({ '13-17': 2, '25-34': 2 });
    const devices = (await audienceBreakdown(analytics, creator, { from: hour('00'), to: hour('23') })).filter(
      (r) => r.dimension === 'device' && r.views > 0,
    );
    expect(devices).toContainEqual({ dimension: 'device', value: 'unknown', views: 2 });
    expect(
      await analytics
        .selectFrom('analytics_users')
        .select('birth_date')
        .where('user_id', '=', leaver)
        .executeTakeFirst(),
    ).toEqual({ birth_date: '9999-12-31' });
  });

  it('a replay from 0 rebuilds the same tables as the live projection', async () => {
    const tables = [
      'analytics_users',
      'analytics_posts',
      'analytics_creator_hours',
      'analytics_post_hours',
      'analytics_country_hours',
      'analytics_viewer_ages',
      'analytics_accesses',
    ];
    const { differences, rows } = await replayDifferences(live, analyticsProjection, tables);
    expect(rows).toEqual({
      analytics_users: 4,
      analytics_posts: 2,
      analytics_creator_hours: 4,
      analytics_post_hours: 4,
      analytics_country_hours: 2,
      analytics_viewer_ages: 4,
      analytics_accesses: 3,
    });
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
