import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followsProjection,
  postsProjection,
  searchProjection,
  trendingProjection,
  usersProjection,
} from '@myworld/projections';
import { appendEvent, appendVideoPost, replayDifferences } from '@myworld/projections/testing';
import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { readModelsCaughtUp } from '../../platform/http/read-model-testing.ts';

/**
 * A user hidden by moderation pending review (or suspended) is gone from every public read, as
 * their profile is: their grids, both feed tabs, category and hashtag pages and search results no
 * longer show their posts to anyone else. Hidden, they still see their own; restored, all is back.
 */
describe("a hidden or suspended user's posts leave grids and feeds", () => {
  const projections = [usersProjection, followsProjection, postsProjection, searchProjection, trendingProjection];
  let h: Harness;
  let carol: SignedInUser;
  let dave: SignedInUser;
  let asCarol: TestClient;
  let asDave: TestClient;
  const word = `zebracorn${Date.now().toString(36)}`;
  const tag = `veiled${Date.now().toString(36)}`;
  const posts: { video: string; photo: string; text: string } = { video: '', photo: '', text: '' };

  const caughtUp = async () =>
    expect(
      await readModelsCaughtUp(
        h,
        projections.map((p) => p.name),
        10_000,
      ),
    ).toBe(true);
  /** The ids a list answers; `gone`: a page that no longer exists at all (404) counts as empty. */
  const ids = async (client: TestClient, url: string, { gone = false } = {}) => {
    const answer = await client.get(url);
    if (gone && answer.statusCode === 404) return [];
    expect([url, answer.statusCode]).toEqual([url, 200]);
    return (answer.json() as Array<{ id: string }>).map((item) => item.id);
  };
  /** Every public list a post of carol's appears in, as `client` reads it. */
  const everywhere = async (client: TestClient) => ({
    videosGrid: await ids(client, `/api/users/${carol.userId}/videos`),
    photosGrid: await ids(client, `/api/users/${carol.userId}/photos`),
    forYou: await ids(client, '/api/feed'),
    category: await ids(client, '/api/videos/category/music'),
    // A hashtag none of whose posts is left has no page at all.
    hashtag: await ids(client, `/api/hashtags/${tag}/posts`, { gone: true }),
    search: [
      ...(await ids(client, `/api/search?q=${word}&filter=videos`)),
      ...(await ids(client, `/api/search?q=${word}&filter=posts`)),
    ],
  });
  const hideCarol = () =>
    appendEvent(h.store, ACCOUNTS_STREAMS.user(carol.userId), 'ContentHidden', {
      contentType: 'user',
      contentId: carol.userId,
      reporterCount: 5,
      hiddenAt: new Date().toISOString(),
    });
  const restoreCarol = () =>
    appendEvent(h.store, ACCOUNTS_STREAMS.user(carol.userId), 'ContentRestored', {
      contentType: 'user',
      contentId: carol.userId,
      moderatorId: randomUUID(),
      restoredAt: new Date().toISOString(),
    });

  beforeAll(async () => {
    h = await startHarness({ label: 'hidden_authors', projections });
    const suffix = Date.now().toString(36);
    [carol, dave] = await Promise.all([h.api.signedInUser(`carol_${suffix}`), h.api.signedInUser(`dave_${suffix}`)]);
    asCarol = h.client({ cookie: carol.cookie });
    asDave = h.client({ cookie: dave.cookie });
    expect((await asDave.post(`/api/users/${carol.userId}/follow`)).statusCode).toBe(200);
    posts.video = (await appendVideoPost(h.store, carol.userId, `Dancing ${word} #${tag}`, { category: 'music' })).id;
    posts.photo = randomUUID();
    await appendEvent(h.store, `post-${posts.photo}`, 'TextPostCreated', {
      postId: posts.photo,
      authorId: carol.userId,
      content: `Sunset ${word}`,
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: `/objects/${randomUUID()}/display.jpg`,
      imageMediaId: null,
      createdAt: new Date().toISOString(),
    });
    const text = await asCarol.post('/api/text-posts', { content: `Thoughts on ${word} #${tag}` });
    expect(text.statusCode).toBe(201);
    posts.text = (text.json() as { post: { id: string } }).post.id;
    await caughtUp();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('before: every list shows them to another user', async () => {
    expect(await everywhere(asDave)).toEqual({
      videosGrid: [posts.video],
      photosGrid: [posts.photo],
      forYou: expect.arrayContaining([posts.video, posts.photo, posts.text]),
      category: [posts.video],
      hashtag: expect.arrayContaining([posts.video, posts.text]),
      search: expect.arrayContaining([posts.video, posts.photo, posts.text]),
    });
    expect(await ids(asDave, '/api/feed?tab=following')).toEqual(
      expect.arrayContaining([posts.video, posts.photo, posts.text]),
    );
  });

  it('hidden: gone from every list for others and visitors (a post written meanwhile too); the user still sees their own', async () => {
    await hideCarol();
    const meanwhile = await asCarol.post('/api/text-posts', { content: `More ${word} #${tag}` });
    expect(meanwhile.statusCode).toBe(201);
    await caughtUp();
    const gone = { videosGrid: [], photosGrid: [], forYou: [], category: [], hashtag: [], search: [] };
    expect(await everywhere(asDave)).toEqual(gone);
    expect(await everywhere(h.client())).toEqual(gone);
    expect(await ids(asDave, '/api/feed?tab=following')).toEqual([]);
    expect((await asDave.get(`/api/posts/${posts.text}`)).statusCode).toBe(404);

    expect(await ids(asCarol, `/api/users/${carol.userId}/videos`)).toEqual([posts.video]);
    expect(await ids(asCarol, '/api/feed?tab=following')).toEqual(
      expect.arrayContaining([posts.video, posts.photo, posts.text]),
    );
  });

  it('restored: back everywhere', async () => {
    await restoreCarol();
    await caughtUp();
    const back = await everywhere(asDave);
    expect(back.videosGrid).toEqual([posts.video]);
    expect(back.forYou).toEqual(expect.arrayContaining([posts.video, posts.photo, posts.text]));
    expect(back.search).toEqual(expect.arrayContaining([posts.video, posts.photo, posts.text]));
  });

  it('a replay from 0 rebuilds the posts and search read models equal to the live ones', async () => {
    const postsReplay = await replayDifferences(h, postsProjection, ['posts', 'authors', 'post_comments']);
    expect(postsReplay.differences).toEqual({ posts: 0, authors: 0, post_comments: 0 });
    const search = await replayDifferences(h, searchProjection, ['search_posts', 'search_users']);
    expect(search.differences).toEqual({ search_posts: 0, search_users: 0 });
  });

  it('suspended (removed by a moderator): gone from every list; reinstated by an admin: back', async () => {
    await appendEvent(h.store, ACCOUNTS_STREAMS.user(carol.userId), 'ContentRemoved', {
      contentType: 'user',
      contentId: carol.userId,
      authorId: carol.userId,
      moderatorId: randomUUID(),
      reportIds: [],
      note: 'Spam',
      removedAt: new Date().toISOString(),
    });
    await caughtUp();
    expect(await everywhere(asDave)).toEqual({
      videosGrid: [],
      photosGrid: [],
      forYou: [],
      category: [],
      hashtag: [],
      search: [],
    });
    expect(await ids(asDave, '/api/feed?tab=following')).toEqual([]);

    await appendEvent(h.store, ACCOUNTS_STREAMS.user(carol.userId), 'AccountReinstated', {
      userId: carol.userId,
      adminId: randomUUID(),
      note: 'Appeal upheld',
      reinstatedAt: new Date().toISOString(),
    });
    await caughtUp();
    expect(await ids(asDave, `/api/users/${carol.userId}/videos`)).toEqual([posts.video]);
    expect(await ids(asDave, `/api/users/${carol.userId}/photos`)).toEqual([posts.photo]);
    expect(await ids(asDave, '/api/feed')).toEqual(expect.arrayContaining([posts.video, posts.photo, posts.text]));
    const postsReplay = await replayDifferences(h, postsProjection, ['posts', 'authors', 'post_comments']);
    expect(postsReplay.differences).toEqual({ posts: 0, authors: 0, post_comments: 0 });
  });
});
