import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postsProjection,
  recommendationsProjection,
  trendingContentIds,
  trendingPostIds,
  trendingProjection,
  type TrendingDb,
} from '@myworld/projections';
import { appendVideoPost, replayDifferences } from '@myworld/projections/testing';
import { DEFAULT_TEXT_POST_BACKGROUND, DEFAULT_TEXT_POST_TEXT_COLOR, type RecommendationItem } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

/**
 * One small world, built once: the viewer follows Fay; Ann, Ben, Dee, Eve and Cal are strangers.
 * Each test looks at the items its reason is about, where it must hold and where it must not.
 */
describe('GET /api/recommendations: chips, limits and reasons that are true', () => {
  let h: Harness;
  let viewer: TestClient;
  const users: Record<'fay' | 'ann' | 'ben' | 'dee' | 'eve' | 'cal', SignedInUser> = {} as never;
  const as: Record<keyof typeof users, TestClient> = {} as never;
  /** The posts of the world by name. */
  const p = {} as Record<
    | 'fayText'
    | 'fayMusic'
    | 'annComedy'
    | 'annText'
    | 'benLiked'
    | 'benOther'
    | 'deeWatched'
    | 'deeMusic'
    | 'eveHot'
    | 'own',
    string
  >;
  let viewerId = '';
  const fillers: string[] = [];
  const PROJECTIONS = [postsProjection, recommendationsProjection, trendingProjection];
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  const caughtUp = async () =>
    expect(
      await readModelsCaughtUp(
        h,
        PROJECTIONS.map((p) => p.name),
      ),
    ).toBe(true);
  const ok = async (call: Promise<{ statusCode: number; json: () => unknown }>) => {
    const r = await call;
    expect(r.statusCode, JSON.stringify(r.json())).toBeLessThan(300);
    return r.json() as Record<string, unknown>;
  };
  const textPost = async (who: keyof typeof users, content: string) =>
    ((await ok(as[who].post('/api/text-posts', { content }))).post as { id: string }).id;
  const video = async (who: keyof typeof users, category: 'music' | 'comedy' | 'travel', at = new Date()) =>
    (await appendVideoPost(h.store, users[who].userId, `A ${category} video`, { category, at })).id;
  const like = (client: TestClient, postId: string) =>
    ok(client.post('/api/user-interactions', { contentId: postId, interactionType: 'like' }));
  const fan = async () => h.client({ cookie: (await h.api.signedInUser()).cookie });
  const recommendations = async (query = '') => {
    await caughtUp();
    const r = await viewer.get(`/api/recommendations${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as RecommendationItem[];
  };
  const item = (items: RecommendationItem[], id: string) => {
    const found = items.find((i) => i.id === id);
    if (!found) throw new Error(`${id} is not recommended`);
    return found;
  };
  const trendingSet = async () => new Set(await trendingContentIds(await h.readModels.query<TrendingDb>('trending')));
  /** Those of the set that really trend: the only ones badged "Trending". */
  const trendingNow = async () => trendingPostIds(await h.readModels.query<TrendingDb>('trending'));

  beforeAll(async () => {
    h = await startHarness({ label: 'recommendations', projections: PROJECTIONS });
    const me = await h.api.signedInUser();
    viewerId = me.userId;
    viewer = h.client({ cookie: me.cookie });
    for (const name of ['fay', 'ann', 'ben', 'dee', 'eve', 'cal'] as const) {
      users[name] = await h.api.signedInUser();
      as[name] = h.client({ cookie: users[name].cookie });
    }
    // 25 old travel videos: the trending set (20) cannot hold them all.
    for (let i = 0; i < 25; i++) fillers.push(await video('cal', 'travel', hoursAgo(300 + i)));
    await ok(viewer.post(`/api/users/${users.fay.userId}/follow`));
    p.fayText = await textPost('fay', 'Fay says hi');
    p.fayMusic = await video('fay', 'music');
    p.annComedy = await video('ann', 'comedy');
    p.annText = await textPost('ann', 'Ann, a stranger');
    p.benLiked = await textPost('ben', 'Ben, liked by the viewer');
    p.benOther = await textPost('ben', 'Ben again');
    p.deeWatched = await video('dee', 'music');
    p.deeMusic = await video('dee', 'music');
    p.eveHot = await textPost('eve', 'Eve, everyone likes this');
    p.own = ((await ok(viewer.post('/api/text-posts', { content: 'My own post' }))).post as { id: string }).id;
    // The viewer likes Ben's post and Fay's text, and watches one of Dee's music videos.
    await like(viewer, p.benLiked);
    await like(viewer, p.fayText);
    await ok(viewer.post('/api/user-interactions', { contentId: p.deeWatched, interactionType: 'view' }));
    // Four strangers like Eve's post and Fay's music video, with no views: high engagement.
    for (let i = 0; i < 4; i++) {
      const someone = await fan();
      await like(someone, p.eveHot);
      await like(someone, p.fayMusic);
    }
    await caughtUp();
  }, 60_000);
  afterAll(async () => {
    await h?.stop();
  });

  it('following_activity: the author is followed, or someone followed liked it; absent otherwise', async () => {
    let items = await recommendations('?limit=50');
    expect(item(items, p.fayText).recommendationReason).toContain('following_activity');
    expect(item(items, p.annComedy).recommendationReason).not.toContain('following_activity');
    expect(item(items, p.annText).recommendationReason).not.toContain('following_activity');

    // Fay likes Ann's video: now it is her activity too (and Ann's other post is not).
    await like(as.fay, p.annComedy);
    items = await recommendations('?limit=50');
    expect(item(items, p.annComedy).recommendationReason).toContain('following_activity');
    expect(item(items, p.annText).recommendationReason).not.toContain('following_activity');
  });

  it('personalized: by an author whose posts the viewer liked; absent for others', async () => {
    const items = await recommendations('?limit=50');
    expect(item(items, p.benOther).recommendationReason).toContain('personalized');
    expect(item(items, p.annText).recommendationReason).not.toContain('personalized');
    expect(item(items, p.deeMusic).recommendationReason).not.toContain('personalized');
  });

  it("similar_interests: in one of the viewer's favorite categories; absent for the others", async () => {
    expect((await ok(viewer.get('/api/user-preferences'))).favoriteCategories).toEqual(['music']);
    const items = await recommendations('?limit=50');
    expect(item(items, p.deeMusic).recommendationReason).toContain('similar_interests');
    expect(item(items, p.annComedy).recommendationReason).not.toContain('similar_interests');
    expect(item(items, fillers[0]!).recommendationReason).not.toContain('similar_interests');
    expect(item(items, p.benOther).recommendationReason).not.toContain('similar_interests');
  });

  it("trending: exactly the items that really trend (the trending read model's), both kinds present", async () => {
    const items = await recommendations('?limit=50');
    const set = await trendingNow();
    // Being merely new puts a quiet post in the trending set, never under the badge.
    const quiet = [...(await trendingSet())].filter((id) => !set.has(id));
    expect(quiet.length).toBeGreaterThan(0);
    const inSet = items.filter((i) => set.has(i.id));
    const outside = items.filter((i) => !set.has(i.id));
    expect(inSet.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    for (const i of inSet) expect(i.trending).toBe(true);
    for (const i of outside)
      expect({ id: i.id, trending: i.trending, trendingReason: i.recommendationReason.includes('trending') }).toEqual({
        id: i.id,
        trending: false,
        trendingReason: false,
      });
    // A filler nothing else speaks for says trending exactly when it is in the set.
    for (const id of fillers) expect(item(items, id).recommendationReason.includes('trending')).toBe(set.has(id));
  });

  it("high_engagement: by the feed's own test (the same items say it in For You); absent for a quiet post", async () => {
    const items = await recommendations('?limit=50');
    expect(item(items, p.eveHot).recommendationReason).toContain('high_engagement');
    expect(item(items, p.annText).recommendationReason).not.toContain('high_engagement');
    const feed = (await viewer.get('/api/feed')).json() as Array<{ id: string; reasons: string[] }>;
    for (const entry of feed) {
      const recommended = items.find((i) => i.id === entry.id);
      if (recommended && recommended.recommendationReason.length < 3)
        expect(recommended.recommendationReason.includes('high_engagement')).toBe(
          entry.reasons.includes('high_engagement'),
        );
    }
  });

  it('at most 3 reasons, most telling first, when all five hold', async () => {
    const items = await recommendations('?limit=50');
    expect(await trendingSet()).toContain(p.fayMusic);
    expect(item(items, p.fayMusic).recommendationReason).toEqual([
      'following_activity',
      'personalized',
      'similar_interests',
    ]);
    for (const i of items) expect(i.recommendationReason.length).toBeLessThanOrEqual(3);
  });

  it("items have the recommendation item's shape; never the viewer's own, a deleted post or one still processing; seen ones last", async () => {
    const gone = await textPost('ann', 'Soon deleted');
    expect((await recommendations('?limit=50')).map((i) => i.id)).toContain(gone);
    await ok(as.ann.delete(`/api/posts/${gone}`));
    const items = await recommendations('?limit=50');
    const ids = items.map((i) => i.id);
    expect(ids).not.toContain(gone);
    expect(ids).not.toContain(p.own);
    expect(item(items, p.eveHot)).toMatchObject({
      type: 'post',
      title: 'Eve, everyone likes this',
      content: 'Eve, everyone likes this',
      thumbnailUrl: null,
      // A text post written with the defaults: its card's look all the same.
      textStyle: {
        backgroundColor: DEFAULT_TEXT_POST_BACKGROUND,
        textColor: DEFAULT_TEXT_POST_TEXT_COLOR,
        fontStyle: 'normal',
      },
      user: { id: users.eve.userId, username: users.eve.username, isVerified: false },
      stats: { views: 0, likes: 4, comments: 0 },
      recommendationScore: expect.any(Number),
    });
    expect(item(items, p.deeMusic)).toMatchObject({
      type: 'video',
      title: 'A music video',
      thumbnailUrl: expect.stringMatching(/poster\.jpg$/),
      textStyle: null,
    });
    // The viewer watched Dee's first video: it comes after every unseen one.
    expect(ids.at(-1)).toBe(p.deeWatched);
  });

  it("chips: trending is the trending set, following the network's activity, discover strangers only; categories keeps those videos", async () => {
    const set = await trendingSet();
    const trending = await recommendations('?category=trending&limit=50');
    expect(trending.length).toBeGreaterThan(0);
    const now = await trendingNow();
    for (const i of trending) expect(set.has(i.id) && i.trending === now.has(i.id)).toBe(true);
    expect(trending.some((i) => !i.trending)).toBe(true);
    expect(trending.length).toBe([...set].filter((id) => id !== p.own).length);

    const following = await recommendations('?category=following&limit=50');
    // Fay's posts, and Ann's video Fay liked (in the first test).
    expect(following.map((i) => i.id).sort()).toEqual([p.fayText, p.fayMusic, p.annComedy].sort());
    for (const i of following) expect(i.recommendationReason).toContain('following_activity');

    const discover = await recommendations('?category=discover&limit=50');
    expect(discover.length).toBeGreaterThan(0);
    for (const i of discover) expect(i.user.id).not.toBe(users.fay.userId);

    const music = await recommendations('?categories=music&limit=50');
    expect(music.map((i) => i.id).sort()).toEqual([p.fayMusic, p.deeWatched, p.deeMusic].sort());
    const some = await recommendations('?categories=comedy,travel&limit=50');
    expect(some).toHaveLength(1 + fillers.length);
    for (const i of some) expect(i.type).toBe('video');
  });

  it('limit: 10 by default, up to 50; 0, 51 or a word is refused naming limit; a bad category or categories names its field', async () => {
    expect(await recommendations()).toHaveLength(10);
    expect(await recommendations('?limit=3')).toHaveLength(3);
    expect((await recommendations('?limit=50')).length).toBe(fillers.length + 9);
    for (const bad of ['0', '51', 'many'])
      expect((await viewer.get(`/api/recommendations?limit=${bad}`)).json()).toMatchObject({
        error: 'validation_failed',
        field: 'limit',
      });
    expect((await viewer.get('/api/recommendations?category=popular')).json()).toMatchObject({ field: 'category' });
    expect((await viewer.get('/api/recommendations?categories=music,cats')).json()).toMatchObject({
      field: 'categories',
      message: expect.stringContaining('categories must be'),
    });
    expect((await h.client().get('/api/recommendations')).statusCode).toBe(401);
  });

  it('a replay from 0 rebuilds the recommendations read model equal to the live one', async () => {
    const tables = ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'];
    const { differences, rows } = await replayDifferences(h, recommendationsProjection, tables);
    expect(rows.post_categories).toBeGreaterThan(25);
    expect(rows.category_interest).toBeGreaterThan(0);
    expect(Object.values(differences).every((d) => d === 0)).toBe(true);
  });
});
