import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchProjection, trendingProjection } from '@myworld/projections';
import { appendEvent, appendTextPost, appendVideoPost, replayDifferences } from '@myworld/projections/testing';
import { TRENDING_CONTENT, parsePosition, type SearchResult, type TrendingResponse } from '@myworld/schemas';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('GET /api/trending: hashtags, creators and content by decayed recent activity, and real totals', () => {
  let h: Harness;
  let ada: SignedInUser;
  let bob: SignedInUser;
  let fans: SignedInUser[];
  let last = '';

  beforeAll(async () => {
    h = await startHarness({ label: 'trending', projections: [searchProjection, trendingProjection] });
    ada = await h.api.signedInUser(`ada_${Date.now().toString(36)}`);
    bob = await h.api.signedInUser(`bob_${Date.now().toString(36)}`);
    fans = [];
    for (let i = 0; i < 12; i++) fans.push(await h.api.signedInUser());
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Waits until both read models the answers come from have every event written so far. */
  const caughtUp = async () => {
    for (const name of ['trending', 'search'])
      expect(await h.readModels.waitFor(name, parsePosition(last), 5_000)).toBe(true);
  };
  const trending = async (): Promise<TrendingResponse> => {
    await caughtUp();
    const r = await h.client().get('/api/trending');
    expect(r.statusCode).toBe(200);
    return r.json() as TrendingResponse;
  };
  const track = async (position: Promise<string>) => {
    last = await position;
  };
  const text = async (authorId: string, content: string, at = new Date()) => {
    const post = await appendTextPost(h.store, authorId, content, at);
    last = post.position;
    return post.id;
  };
  const like = (postId: string, userId: string, authorId: string, at: Date) =>
    track(
      appendEvent(h.store, `like-${postId}-${userId}`, 'PostLiked', {
        postId,
        userId,
        authorId,
        likedAt: at.toISOString(),
      }),
    );
  const unlike = (postId: string, userId: string, authorId: string, at: Date) =>
    track(
      appendEvent(h.store, `like-${postId}-${userId}`, 'PostUnliked', {
        postId,
        userId,
        authorId,
        unlikedAt: at.toISOString(),
      }),
    );
  const follow = (followerId: string, followeeId: string, at: Date) =>
    track(
      appendEvent(h.store, `follow-${followerId}`, 'UserFollowed', {
        followerId,
        followeeId,
        followedAt: at.toISOString(),
      }),
    );
  const unfollow = (followerId: string, followeeId: string, at: Date) =>
    track(
      appendEvent(h.store, `follow-${followerId}`, 'UserUnfollowed', {
        followerId,
        followeeId,
        unfollowedAt: at.toISOString(),
      }),
    );

  it('a hashtag used recently outranks one used more often but days ago', async () => {
    for (let i = 0; i < 5; i++) await text(ada.userId, `Throwback ${i} #oldnews`, ago(3 * DAY + i * HOUR));
    for (let i = 0; i < 2; i++) await text(bob.userId, `Right now ${i} #breaking`, ago(HOUR + i * HOUR));
    const { hashtags } = await trending();
    expect(hashtags).toEqual([
      { name: 'breaking', useCount: 2 },
      { name: 'oldnews', useCount: 5 },
    ]);
  });

  it('creators rank by recent follower growth; an unfollow takes its follow back', async () => {
    const rising = await h.api.signedInUser(`rising_${Date.now().toString(36)}`);
    const faded = await h.api.signedInUser(`faded_${Date.now().toString(36)}`);
    const churned = await h.api.signedInUser(`churned_${Date.now().toString(36)}`);
    for (const fan of fans.slice(0, 3)) await follow(fan.userId, rising.userId, ago(HOUR));
    for (const fan of fans.slice(0, 8)) await follow(fan.userId, faded.userId, ago(5 * DAY));
    await follow(fans[0]!.userId, churned.userId, ago(2 * HOUR));
    await unfollow(fans[0]!.userId, churned.userId, ago(HOUR));
    const { users } = await trending();
    const ids = users.map((u) => u.id);
    expect(ids.indexOf(rising.userId)).toBeLessThan(ids.indexOf(faded.userId));
    expect(ids).not.toContain(churned.userId);
    expect(users.find((u) => u.id === faded.userId)).toEqual({
      id: faded.userId,
      username: faded.username,
      firstName: 'Test',
      profileImageUrl: null,
      isVerified: false,
      followerCount: 8,
    });
  });

  it('content ranks by engagement velocity; liking and unliking over and over adds nothing', async () => {
    const hot = await text(ada.userId, 'Hot take', ago(2 * DAY));
    const stale = await text(bob.userId, 'Was big last week', ago(6 * DAY));
    const fresh = await text(bob.userId, 'Brand new, nobody saw it yet', ago(0));
    const churn = await text(ada.userId, 'Liked and unliked', ago(3 * DAY));
    for (const fan of fans.slice(0, 3)) await like(hot, fan.userId, ada.userId, ago(HOUR));
    for (const fan of fans.slice(0, 10)) await like(stale, fan.userId, bob.userId, ago(5 * DAY));
    for (let i = 0; i < 5; i++) {
      await like(churn, fans[0]!.userId, ada.userId, ago(HOUR - i * 60_000));
      await unlike(churn, fans[0]!.userId, ada.userId, ago(HOUR - i * 60_000 - 1000));
    }
    const { content } = await trending();
    const order = content.map((c) => c.id).filter((id) => [hot, stale, fresh, churn].includes(id));
    // hot: 3 likes an hour ago; fresh: its publication now; stale: 10 likes five days ago; churn: its publication three days ago.
    expect(order).toEqual([hot, fresh, stale, churn]);
    // Listed is not badged: only engagement that weighs at least as much as being published makes a post trend.
    const badged = Object.fromEntries(content.map((c) => [c.id, c.trending]));
    expect([hot, fresh, stale, churn].map((id) => badged[id])).toEqual([true, false, true, false]);
    expect(content.find((c) => c.id === stale)).toMatchObject({
      type: 'text_post',
      title: 'Was big last week',
      textStyle: { backgroundColor: '#000000', textColor: '#ffffff', fontStyle: 'normal' },
      stats: { likes: 10 },
      user: { id: bob.userId },
    });
  });

  it('search results say whether they really trend (in the trending set, with engagement)', async () => {
    const quiet = await text(ada.userId, 'Aardvark facts nobody reads', ago(20 * DAY));
    for (let i = 0; i < TRENDING_CONTENT; i++) await text(bob.userId, `Filler ${i}`, ago(i * 1000));
    const popular = await text(bob.userId, 'Aardvark dance craze', ago(HOUR));
    for (const fan of fans) await like(popular, fan.userId, bob.userId, ago(30 * 60_000));
    const { content } = await trending();
    expect(content).toHaveLength(TRENDING_CONTENT);
    const found = (await h.client().get('/api/search?q=aardvark')).json() as SearchResult[];
    expect(found.map((r) => [r.id, r.trending])).toEqual([
      [popular, true],
      [quiet, false],
    ]);
  });

  it('the banner totals are real counts, and move when a post is deleted', async () => {
    const before = (await trending()).totals;
    const newcomer = await h.api.signedInUser();
    await appendVideoPost(h.store, newcomer.userId, 'First video #debut');
    last = (await appendVideoPost(h.store, newcomer.userId, 'Never processed', { outcome: 'processing' })).position;
    const post = await text(newcomer.userId, 'Also #debut and #firsttimer');
    const after = (await trending()).totals;
    expect(after).toEqual({
      videos: before.videos + 1,
      textPosts: before.textPosts + 1,
      creators: before.creators + 1,
      hashtags: before.hashtags + 2,
    });
    last = await appendEvent(h.store, `post-${post}`, 'PostDeleted', {
      postId: post,
      authorId: newcomer.userId,
      deletedAt: new Date().toISOString(),
    });
    expect((await trending()).totals).toEqual({ ...after, textPosts: before.textPosts, hashtags: before.hashtags + 1 });
    // Ada, Bob and the newcomer are the only ones who published; the first test made #oldnews and #breaking.
    expect(after.creators).toBe(3);
    expect(after.hashtags).toBe(4);
  });

  it('a replay from 0 rebuilds every table of the trending read model equal to the live one', async () => {
    // One more unfollow of a follow that never was, and a like of a post that does not exist: both change nothing.
    await unfollow(fans[1]!.userId, randomUUID(), new Date());
    await like(randomUUID(), fans[1]!.userId, ada.userId, new Date());
    await caughtUp();
    const tables = [
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
    const { differences, rows } = await replayDifferences(h, trendingProjection, tables);
    expect(rows.trending_posts).toBeGreaterThan(20);
    expect(rows.trending_likes).toBeGreaterThan(10);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
