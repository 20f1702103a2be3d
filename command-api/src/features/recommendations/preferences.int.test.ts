import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsProjection, recommendationsProjection } from '@myworld/projections';
import { appendEvent, appendVideoPost, replayDifferences } from '@myworld/projections/testing';
import {
  likeStreamName,
  postStreamName,
  viewStreamName,
  type UserPreferences,
  type VideoCategory,
} from '@myworld/schemas';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

describe("GET /api/user-preferences: follows the user's interaction history, at the events' own times", () => {
  let h: Harness;
  let creator: SignedInUser;
  const videos: Partial<Record<VideoCategory, string[]>> = {};
  /** Midnight UTC `days` ago plus `hour`:05. */
  const at = (days: number, hour: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - days);
    d.setUTCHours(hour, 5, 0, 0);
    return d;
  };
  /** A view of `postId` (by `authorId`) by `viewerId` at `at`, as the view command would record it. */
  const scriptedView = (view: { postId: string; authorId: string; viewerId: string; at: Date }) =>
    appendEvent(h.store, viewStreamName(view.postId, view.viewerId), 'PostViewed', {
      postId: view.postId,
      viewerId: view.viewerId,
      authorId: view.authorId,
      viewedAt: view.at.toISOString(),
    });
  const caughtUp = async () => expect(await readModelsCaughtUp(h, ['recommendations'])).toBe(true);
  const preferencesOf = async (user: SignedInUser) => {
    await caughtUp();
    const r = await h.client({ cookie: user.cookie }).get('/api/user-preferences');
    expect(r.statusCode).toBe(200);
    return r.json() as UserPreferences;
  };
  const views = async (viewer: SignedInUser, category: VideoCategory, count: number, hour: number) => {
    for (let i = 0; i < count; i++)
      await scriptedView({
        postId: videos[category]![i % videos[category]!.length]!,
        authorId: creator.userId,
        viewerId: viewer.userId,
        at: at(i + 1, hour),
      });
  };
  const likes = async (user: SignedInUser, category: VideoCategory, count: number, hour: number) => {
    for (let i = 0; i < count; i++) {
      const postId = videos[category]![i]!;
      await appendEvent(h.store, likeStreamName(postId, user.userId), 'PostLiked', {
        postId,
        userId: user.userId,
        authorId: creator.userId,
        likedAt: at(1, hour).toISOString(),
      });
    }
  };

  beforeAll(async () => {
    h = await startHarness({ label: 'preferences', projections: [postsProjection, recommendationsProjection] });
    creator = await h.api.signedInUser();
    for (const category of ['music', 'comedy', 'gaming', 'food', 'travel', 'none'] as const) {
      videos[category] = [];
      for (let i = 0; i < 5; i++)
        videos[category].push(
          (await appendVideoPost(h.store, creator.userId, `A ${category} video`, { category, at: at(10, 12) })).id,
        );
    }
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('a newcomer has no favorites, no active hours and the newcomer style', async () => {
    expect(await preferencesOf(await h.api.signedInUser())).toEqual({
      favoriteCategories: [],
      engagementPatterns: { mostActiveHours: [], interactionStyle: 'newcomer' },
    });
  });

  it('someone who only watches music videos at 21h gets music first and 21 as their most active hour, as a viewer', async () => {
    const night = await h.api.signedInUser();
    await views(night, 'music', 12, 21);
    expect(await preferencesOf(night)).toEqual({
      favoriteCategories: ['music'],
      engagementPatterns: { mostActiveHours: [21], interactionStyle: 'viewer' },
    });
  });

  it('favorites are at most 3, strongest first (likes weigh more than views); none is never one', async () => {
    const user = await h.api.signedInUser();
    await views(user, 'none', 30, 8);
    await views(user, 'comedy', 6, 9);
    await views(user, 'gaming', 2, 9);
    await views(user, 'food', 1, 10);
    await likes(user, 'food', 3, 10);
    await views(user, 'travel', 1, 11);
    const prefs = await preferencesOf(user);
    // comedy 6, food 1 + 3 likes x 2 = 7, gaming 2, travel 1.
    expect(prefs.favoriteCategories).toEqual(['food', 'comedy', 'gaming']);
    expect(prefs.engagementPatterns.mostActiveHours).toEqual([8, 9, 10]);
  });

  it('interactionStyle follows the mix: viewer, then liker, then creator', async () => {
    const user = await h.api.signedInUser();
    await views(user, 'music', 6, 20);
    expect((await preferencesOf(user)).engagementPatterns.interactionStyle).toBe('viewer');
    await likes(user, 'comedy', 3, 20);
    expect((await preferencesOf(user)).engagementPatterns.interactionStyle).toBe('liker');
    const client = h.client({ cookie: user.cookie });
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/text-posts', { content: `Post ${i}` })).statusCode).toBe(201);
    expect((await preferencesOf(user)).engagementPatterns.interactionStyle).toBe('creator');
  });

  it('interest earned from a video stays when it is deleted; later engagement with it changes nothing', async () => {
    const user = await h.api.signedInUser();
    const own = (await appendVideoPost(h.store, user.userId, 'My workout', { category: 'fitness' })).id;
    // One's own videos say nothing about taste.
    await scriptedView({ postId: own, authorId: user.userId, viewerId: user.userId, at: at(1, 7) });
    expect((await preferencesOf(user)).favoriteCategories).toEqual([]);
    const gone = (await appendVideoPost(h.store, creator.userId, 'tech', { category: 'tech' })).id;
    await scriptedView({ postId: gone, authorId: creator.userId, viewerId: user.userId, at: at(1, 7) });
    await appendEvent(h.store, postStreamName(gone), 'PostDeleted', {
      postId: gone,
      authorId: creator.userId,
      deletedAt: at(1, 8).toISOString(),
    });
    await appendEvent(h.store, likeStreamName(gone, user.userId), 'PostLiked', {
      postId: gone,
      userId: user.userId,
      authorId: creator.userId,
      likedAt: at(1, 9).toISOString(),
    });
    await views(user, 'comedy', 2, 9);
    // tech 1 (the view before the deletion; the like after it counts for nothing) < comedy 2.
    expect((await preferencesOf(user)).favoriteCategories).toEqual(['comedy', 'tech']);
  });

  it('a view through POST /api/user-interactions shows in the preferences within a second', async () => {
    const user = await h.api.signedInUser();
    const started = Date.now();
    const r = await h.client({ cookie: user.cookie }).post('/api/user-interactions', {
      contentId: videos.gaming![0],
      interactionType: 'view',
      timestamp: new Date().toISOString(),
    });
    expect(r.statusCode).toBe(200);
    // A fresh client sends no X-Min-Position: this polls the read model as it is.
    let prefs: UserPreferences | undefined;
    while (Date.now() - started < 1_000) {
      prefs = (await h.client({ cookie: user.cookie }).get('/api/user-preferences')).json() as UserPreferences;
      if (prefs.favoriteCategories.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(prefs).toEqual({
      favoriteCategories: ['gaming'],
      engagementPatterns: { mostActiveHours: [new Date().getUTCHours()], interactionStyle: 'viewer' },
    });
  });

  it('a replay from 0 rebuilds the recommendations read model equal to the live one', async () => {
    const tables = ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'];
    const { differences, rows } = await replayDifferences(h, recommendationsProjection, tables);
    expect(rows.category_interest).toBeGreaterThan(5);
    expect(rows.active_hours).toBeGreaterThan(5);
    expect(Object.values(differences).every((d) => d === 0)).toBe(true);
  });
});
