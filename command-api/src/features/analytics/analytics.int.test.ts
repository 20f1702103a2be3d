import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { analyticsProjection, usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  NEXT_CURSOR_HEADER,
  analyticsAccessStreamName,
  type AnalyticsResponse,
  type EventData,
  type EventMetadata,
  type EventType,
  type Position,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { testModerators } from '../moderation/moderation.testing.ts';

const HOUR = 3_600_000;
/** The scripted history's reference time: figures "as of" T are hand-computed below. */
const T = Date.parse('2026-03-10T12:00:00.000Z');
const iso = (hoursFromT: number, minutes = 0) => new Date(T + hoursFromT * HOUR + minutes * 60_000).toISOString();

describe('creator analytics over HTTP: figures from a scripted history, as of a time, audited for analysts', () => {
  let h: Harness;
  const roles = testModerators();
  let creator: SignedInUser;
  let asCreator: TestClient;
  let asAnalyst: TestClient;
  let analystId: string;
  let asOther: TestClient;
  let asAdmin: TestClient;
  let last: Position;
  const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
  const [postA, postB, postC] = [randomUUID(), randomUUID(), randomUUID()];

  const append = async <T extends EventType>(
    stream: string,
    type: T,
    data: EventData<T>,
    metadata: EventMetadata = testMetadata(),
  ) => {
    last = (await h.store.append(stream, expected.any, [{ id: randomUUID(), type, data, metadata }])).position;
  };
  const device = {
    [v1]: { userAgentClass: 'mobile', country: 'NZ' },
    [v2]: { userAgentClass: 'browser', country: null },
    [v3]: { userAgentClass: 'mobile', country: 'DE' },
  } as const;
  const view = (postId: string, viewerId: string, at: string) =>
    append(
      `view-${postId}-${viewerId}`,
      'PostViewed',
      { postId, viewerId, authorId: creator.userId, viewedAt: at },
      { ...testMetadata(), client: device[viewerId]! },
    );
  const like = (postId: string, userId: string, at: string) =>
    append(`like-${postId}-${userId}`, 'PostLiked', { postId, userId, authorId: creator.userId, likedAt: at });
  const follow = (followerId: string, at: string) =>
    append(`follow-${followerId}`, 'UserFollowed', { followerId, followeeId: creator.userId, followedAt: at });
  const caughtUp = async () => expect(await h.readModels.waitFor('analytics', last, 10_000)).toBe(true);
  /** A signed-in user whose registration the analytics read model has (an unknown user is a 404). */
  const user = async (): Promise<SignedInUser> => {
    const signedIn = await h.api.signedInUser(`an_${randomUUID().slice(0, 8)}`);
    last = (await h.store.readStream(`user-${signedIn.userId}`)).at(-1)!.position;
    return signedIn;
  };
  const analyticsOf = async (
    client: TestClient,
    query: string,
    userId = creator.userId,
  ): Promise<AnalyticsResponse> => {
    const answer = await client.get(`/api/analytics/${userId}${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  beforeAll(async () => {
    h = await startHarness({ label: 'analytics', projections: [analyticsProjection, usersProjection], app: { roles } });
    creator = await user();
    asCreator = h.client({ cookie: creator.cookie });
    const analyst = await user();
    analystId = analyst.userId;
    roles.add(analystId, 'analyst');
    asAnalyst = h.client({ cookie: analyst.cookie });
    asOther = h.client({ cookie: (await user()).cookie });
    const admin = await user();
    roles.add(admin.userId, 'admin');
    asAdmin = h.client({ cookie: admin.cookie });

    // Viewers 26 (25-34), 17 (13-17) and 56 (45+) years old on 2026-03-10.
    for (const [userId, birthDate] of [
      [v1, '2000-01-01'],
      [v2, '2008-05-05'],
      [v3, '1970-02-02'],
    ] as const) {
      await append(`user-${userId}`, 'UserRegistered', {
        userId,
        username: `v_${userId.slice(0, 8)}`,
        firstName: 'V',
        lastName: 'V',
        email: `${userId}@example.test`,
        birthDate,
        passwordHash: 'x',
        registeredAt: iso(-100),
      });
    }
    await append(`post-${postA}`, 'TextPostCreated', {
      postId: postA,
      authorId: creator.userId,
      content: 'A text',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
      imageMediaId: null,
      createdAt: iso(-50),
    });
    await append(`post-${postB}`, 'VideoPostSubmitted', {
      postId: postB,
      authorId: creator.userId,
      mediaId: randomUUID(),
      description: 'B comedy',
      category: 'comedy',
      createdAt: iso(-40),
    });
    await append(`post-${postC}`, 'VideoPostSubmitted', {
      postId: postC,
      authorId: creator.userId,
      mediaId: randomUUID(),
      description: 'C music',
      category: 'music',
      createdAt: iso(-30),
    });
    // The previous 24 hours before T: 2 views, 1 like, 1 new follower.
    await view(postA, v1, iso(-47));
    await like(postA, v1, iso(-47, 5));
    await follow(v1, iso(-47, 10));
    await view(postB, v2, iso(-39));
    // The 24 hours up to T: 6 views, 3 likes and an unlike, 1 comment, 2 new followers.
    await view(postA, v1, iso(-23));
    await view(postA, v2, iso(-20));
    await follow(v2, iso(-20, 5));
    await view(postB, v3, iso(-10));
    await like(postB, v3, iso(-10, 5));
    await follow(v3, iso(-10, 10));
    await view(postC, v1, iso(-5));
    await like(postC, v1, iso(-5, 1));
    await view(postC, v2, iso(-5, 10));
    await like(postC, v2, iso(-5, 11));
    await append(`like-${postA}-${v1}`, 'PostUnliked', {
      postId: postA,
      userId: v1,
      authorId: creator.userId,
      unlikedAt: iso(-3),
    });
    await view(postC, v3, iso(-2));
    const comment = randomUUID();
    await append(`comment-${comment}`, 'CommentAdded', {
      commentId: comment,
      postId: postC,
      postAuthorId: creator.userId,
      authorId: v3,
      content: 'ha',
      createdAt: iso(-2, 5),
    });
    // After T (in T's hour, and later): never counted as of T.
    await view(postC, v1, iso(0, 20));
    await like(postA, v2, iso(2));
    await caughtUp();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('24h as of T equals the hand computation: totals, changes against the previous 24h, engagement, top content, audience, insights', async () => {
    const report = await analyticsOf(asCreator, `?timeframe=24h&asOf=${iso(0)}`);
    expect(report).toMatchObject({ timeframe: '24h', asOf: iso(0), windowStart: iso(-24), windowEnd: iso(0) });
    expect(report.overview).toEqual({
      totalViews: 6,
      viewsChange: 200, // 2 -> 6
      totalLikes: 2, // 3 likes - 1 unlike
      likesChange: 100, // 1 -> 2
      totalComments: 1,
      commentsChange: null, // 0 -> 1: new, no ratio
      followerCount: 3,
      followersChange: 200, // 1 at the window's start -> 3
      engagementRate: 33.3, // (2 + 1) / (6 + 2 + 1)
    });
    expect(report.topContent.map((c) => [c.id, c.views, c.likes, c.comments, c.engagementRate])).toEqual([
      [postC, 3, 2, 1, 50], // (2 + 1) / (3 + 2 + 1)
      [postA, 2, 0, 0, 0], // its like was taken back in the window: never below 0
      [postB, 1, 1, 0, 50],
    ]);
    expect(report.topContent[0]).toMatchObject({ type: 'video', title: 'C music', createdAt: iso(-30) });
    expect(report.topContent[1]).toMatchObject({ type: 'text', content: 'A text' });
    expect(report.demographics).toEqual({
      ageGroups: [
        { range: '13-17', percentage: 33.3 },
        { range: '18-24', percentage: 0 },
        { range: '25-34', percentage: 33.3 },
        { range: '35-44', percentage: 0 },
        { range: '45+', percentage: 33.3 },
      ],
      devices: [
        { device: 'mobile', percentage: 66.7 },
        { device: 'browser', percentage: 33.3 },
      ],
      countries: [
        { country: 'DE', percentage: 50 },
        { country: 'NZ', percentage: 50 },
      ],
    });
    expect(report.recommendations).toEqual([
      {
        title: 'Engagement above industry average',
        description: expect.stringContaining('33.3%'),
        impact: 'low',
        actionable: false,
      },
      {
        title: 'Post when your audience is active',
        description: expect.stringContaining('between 07:00 and 08:00 UTC (33.3% of views)'),
        impact: 'medium',
        actionable: true,
      },
      {
        title: 'Make more music videos',
        description: expect.stringContaining('average 3 views'),
        impact: 'medium',
        actionable: true,
      },
    ]);
    expect(report.viewsOverTime).toHaveLength(24);
    expect(report.viewsOverTime[19]).toEqual({ at: iso(-5), views: 2, likes: 2, comments: 0 });
    expect(report.viewsOverTime.reduce((n, p) => n + p.views, 0)).toBe(6);
  });

  it("7d as of T counts the week's calendar days against an empty previous week (every change new); the chart has one point a day of the viewer's calendar", async () => {
    const { overview, viewsOverTime } = await analyticsOf(asCreator, `?timeframe=7d&asOf=${iso(0)}`);
    expect(overview).toEqual({
      totalViews: 8,
      viewsChange: null, // new: nothing in the previous week
      totalLikes: 3,
      likesChange: null,
      totalComments: 1,
      commentsChange: null,
      followerCount: 3,
      followersChange: null,
      engagementRate: 33.3, // (3 + 1) / (8 + 3 + 1)
    });
    // Calendar days (UTC by default): Mar 8 has the views at -47 and -39 hours, Mar 9 those at -23 and -20, Mar 10 (to T) four.
    expect(viewsOverTime.map((p) => p.views)).toEqual([0, 0, 0, 0, 2, 2, 4]);

    // In Tokyo (UTC+9) the days start 9 hours earlier: today's views are under today's date there.
    const tokyo = await analyticsOf(asCreator, `?timeframe=7d&asOf=${iso(0)}&timeZone=Asia/Tokyo`);
    expect(tokyo.windowStart).toBe('2026-03-03T15:00:00.000Z'); // Mar 4, 00:00 in Tokyo
    expect(tokyo.viewsOverTime.map((p) => p.views)).toEqual([0, 0, 0, 0, 1, 2, 5]);
    expect(tokyo.overview.totalViews).toBe(8);

    const unknownZone = await asCreator.get(`/api/analytics/${creator.userId}?timeZone=Mars/Olympus`);
    expect(unknownZone.statusCode).toBe(400);
    expect(unknownZone.json()).toMatchObject({ field: 'timeZone' });
  });

  it('asOf answers the earlier figures: 12 hours before T, and within an hour as of its start', async () => {
    const earlier = await analyticsOf(asCreator, `?timeframe=24h&asOf=${iso(-12)}`);
    expect(earlier.overview).toEqual({
      totalViews: 2,
      viewsChange: 0, // 2 -> 2
      totalLikes: 0,
      likesChange: -100, // 1 -> 0
      totalComments: 0,
      commentsChange: 0, // 0 -> 0
      followerCount: 2,
      followersChange: 100, // 1 -> 2
      engagementRate: 0,
    });
    expect(earlier.topContent.map((c) => c.id)).toEqual([postA]);
    // The read models count by the hour: as of 12:40, the window ends at 12:00 and the view at 12:20 is left out.
    const withinHour = await analyticsOf(asCreator, `?timeframe=24h&asOf=${iso(0, 40)}`);
    expect(withinHour.windowEnd).toBe(iso(0));
    expect(withinHour.overview.totalViews).toBe(6);
  });

  it('without asOf the window runs to now: what happened this hour counts', async () => {
    const fresh = await user();
    const post = randomUUID();
    await append(`post-${post}`, 'TextPostCreated', {
      postId: post,
      authorId: fresh.userId,
      content: 'now',
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: null,
      imageMediaId: null,
      createdAt: new Date().toISOString(),
    });
    await append(`view-${post}-${v1}`, 'PostViewed', {
      postId: post,
      viewerId: v1,
      authorId: fresh.userId,
      viewedAt: new Date().toISOString(),
    });
    await caughtUp();
    const report = await analyticsOf(h.client({ cookie: fresh.cookie }), '', fresh.userId);
    expect(report.timeframe).toBe('7d');
    expect(report.overview).toMatchObject({ totalViews: 1, viewsChange: null, engagementRate: 0 });
    expect(report.recommendations[0]).toMatchObject({
      title: 'Boost your engagement',
      impact: 'high',
      actionable: true,
    });
    expect(new Date(report.windowEnd).getTime()).toBeGreaterThan(Date.now());
  });

  it("an analyst reads another creator's analytics, and every such read is an event admins can list", async () => {
    const before = (await h.store.readStream(analyticsAccessStreamName(analystId))).length;
    await analyticsOf(asAnalyst, `?timeframe=30d&asOf=${iso(-12)}`);
    await analyticsOf(asAnalyst, '?timeframe=90d');
    await analyticsOf(asCreator, '?timeframe=90d');
    const events = (await h.store.readStream(analyticsAccessStreamName(analystId))).slice(before);
    expect(events.map((e) => e.data)).toEqual([
      {
        viewerId: analystId,
        creatorId: creator.userId,
        timeframe: '30d',
        asOf: iso(-12),
        viewedAt: expect.any(String),
      },
      { viewerId: analystId, creatorId: creator.userId, timeframe: '90d', asOf: null, viewedAt: expect.any(String) },
    ]);
    expect(events[0]!.metadata.actorId).toBe(analystId);
    last = events.at(-1)!.position;
    await caughtUp();
    const listed = await asAdmin.get('/api/analytics/access');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect(listed.json()).toEqual([
      expect.objectContaining({
        viewerId: analystId,
        creatorId: creator.userId,
        creatorUsername: creator.username,
        timeframe: '90d',
        asOf: null,
      }),
      expect.objectContaining({ viewerId: analystId, creatorId: creator.userId, timeframe: '30d', asOf: iso(-12) }),
    ]);
    expect((await asAnalyst.get('/api/analytics/access')).statusCode).toBe(403);
    expect((await asAdmin.get('/api/analytics/access?cursor=not-a-cursor')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'cursor',
    });
  });

  it('refuses another plain user (403, nothing recorded), an unknown user (404) and bad input (400 naming the field)', async () => {
    const refused = await asOther.get(`/api/analytics/${creator.userId}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'You do not have permission to do this.' });
    const unknown = await asAnalyst.get(`/api/analytics/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', field: 'userId', message: 'User not found' });
    const badTimeframe = await asCreator.get(`/api/analytics/${creator.userId}?timeframe=1y`);
    expect(badTimeframe.statusCode).toBe(400);
    expect(badTimeframe.json()).toEqual({
      error: 'validation_failed',
      field: 'timeframe',
      message: 'timeframe must be 24h, 7d, 30d or 90d',
    });
    const badAsOf = await asCreator.get(`/api/analytics/${creator.userId}?asOf=yesterday`);
    expect(badAsOf.json()).toEqual({
      error: 'validation_failed',
      field: 'asOf',
      message: 'asOf must be an ISO date-time',
    });
    expect((await asAnalyst.get('/api/analytics/not-a-uuid')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'userId',
    });
  });

  it('a replay from 0 rebuilds the same analytics tables as the live projection', async () => {
    const tables = [
      'analytics_users',
      'analytics_posts',
      'analytics_creator_hours',
      'analytics_post_hours',
      'analytics_country_hours',
      'analytics_accesses',
    ];
    const { differences, rows } = await replayDifferences(
      { store: h.store, db: h.db, readModels: h.readModels },
      analyticsProjection,
      tables,
    );
    expect(rows.analytics_accesses).toBe(2);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
