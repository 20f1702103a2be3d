import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationsProjection,
  followsProjection,
  postsProjection,
  reportsProjection,
  searchProjection,
  storiesProjection,
  timelinesProjection,
  trendingProjection,
  usersProjection,
} from '@myworld/projections';
import { appendEvent, replayDifferences } from '@myworld/projections/testing';
import {
  MODERATION_MESSAGES,
  type Comment,
  type DirectMessage,
  type DiscoverTotals,
  type PostItem,
  type Story,
} from '@myworld/schemas';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { storyFormBody } from '../stories/stories.testing.ts';
import { moderationSettled, testModerators } from './moderation.testing.ts';

const PROJECTIONS = [
  usersProjection,
  reportsProjection,
  timelinesProjection,
  followsProjection,
  postsProjection,
  storiesProjection,
  searchProjection,
  trendingProjection,
  conversationsProjection,
];

/**
 * Suspension hides a user's content without destroying it: their posts, their comments on others'
 * posts (and those posts' counts), their stories and their search results leave every public read, their direct
 * messages read as removed (their text kept), and an admin's
 * reinstatement (AccountReinstated) brings all of it back as it was.
 */
describe("an admin's reinstatement brings back a suspended user's content", () => {
  let h: Harness;
  const roles = testModerators();
  const suffix = Date.now().toString(36);
  const word = `fakefollowers${suffix}`;
  let spammerName = '';
  let asMod: TestClient;
  let asAdmin: TestClient;
  let dave: SignedInUser;
  let asDave: TestClient;
  let spammer: { userId: string; client: TestClient };
  const made = { text: '', photo: '', comment: '', story: '', davesPost: '', davesComment: '', message: '' };
  const MESSAGE = 'Join my channel for deals';

  // Moderation's reactor has handled everything so far (a suspension follows the moderator's decision), and the read models hold it.
  const caughtUp = () =>
    moderationSettled(
      h,
      null,
      PROJECTIONS.map((p) => p.name),
    );
  const ids = async (client: TestClient, url: string) => {
    const answer = await client.get(url);
    expect([url, answer.statusCode]).toEqual([url, 200]);
    return (answer.json() as Array<{ id: string }>).map((item) => item.id);
  };
  const post = async (client: TestClient, id: string) => {
    const answer = await client.get(`/api/posts/${id}`);
    return answer.statusCode === 200 ? (answer.json() as PostItem) : answer.statusCode;
  };
  /** What GET /api/trending shows of the spammer: their posts, them as a creator, and the banner's counts. */
  const trending = async () => {
    const answer = (await h.client().get('/api/trending')).json() as {
      content: Array<{ id: string }>;
      users: Array<{ id: string }>;
      totals: DiscoverTotals;
    };
    return {
      content: answer.content
        .map((c) => c.id)
        .filter((id) => id === made.text || id === made.photo)
        .sort(),
      creator: answer.users.some((u) => u.id === spammer.userId),
      totals: answer.totals,
    };
  };
  /** Everything of the spammer's that dave (who follows them) and a visitor can see. */
  const seen = async () => ({
    photosGrid: await ids(asDave, `/api/users/${spammer.userId}/photos`),
    following: (await ids(asDave, '/api/feed?tab=following'))
      .filter((id) => id === made.text || id === made.photo)
      .sort(),
    forYou: (await ids(h.client(), '/api/feed')).filter((id) => id === made.text || id === made.photo).sort(),
    text: await post(h.client(), made.text),
    davesPostComments: (await ids(h.client(), `/api/posts/${made.davesPost}/comments`)).sort(),
    davesPostCount: ((await post(h.client(), made.davesPost)) as PostItem).commentCount,
    stories: (await ids(asDave, '/api/stories')).filter((id) => id === made.story),
    searchPosts: (await ids(h.client(), `/api/search?q=${word}&filter=posts`)).sort(),
    searchPeople: await ids(h.client(), `/api/search?q=${spammerName}&filter=users`),
    message: ((await asDave.get(`/api/messages/${spammer.userId}`)).json() as DirectMessage[]).find(
      (m) => m.id === made.message,
    )?.content,
    conversation: (
      (await asDave.get('/api/conversations')).json() as Array<{
        otherUser: { id: string };
        lastMessage: { content: string };
      }>
    ).find((c) => c.otherUser.id === spammer.userId)?.lastMessage.content,
    trending: await trending(),
  });

  beforeAll(async () => {
    h = await startHarness({ workers: true, label: 'reinstate_content', projections: PROJECTIONS, app: { roles } });
    const mod = await h.api.signedInUser(`mod_${suffix}`);
    roles.add(mod.userId, 'moderator');
    asMod = h.client({ cookie: mod.cookie });
    const admin = await h.api.signedInUser(`admin_${suffix}`);
    roles.add(admin.userId, 'admin');
    asAdmin = h.client({ cookie: admin.cookie });
    dave = await h.api.signedInUser(`dave_${suffix}`);
    asDave = h.client({ cookie: dave.cookie });

    const body = newRegistration('spammer');
    spammerName = body.username;
    expect((await h.client().post('/api/auth/register', body)).statusCode).toBe(201);
    const client = h.client({ ip: '10.9.2.1' });
    expect((await client.post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    spammer = { userId: (await client.get('/api/auth/user')).json().id as string, client };
    await caughtUp();
    expect((await asDave.post(`/api/users/${spammer.userId}/follow`)).statusCode).toBe(200);

    const text = await client.post('/api/text-posts', { content: `Buy ${word} here` });
    expect(text.statusCode).toBe(201);
    made.text = (text.json() as { post: { id: string } }).post.id;
    made.photo = randomUUID();
    await appendEvent(h.store, `post-${made.photo}`, 'TextPostCreated', {
      postId: made.photo,
      authorId: spammer.userId,
      content: `Cheap ${word}`,
      backgroundColor: '#000000',
      textColor: '#ffffff',
      fontStyle: 'normal',
      imageUrl: `/objects/${randomUUID()}/display.jpg`,
      imageMediaId: null,
      createdAt: new Date().toISOString(),
    });
    const davesPost = await asDave.post('/api/text-posts', { content: 'My holiday' });
    expect(davesPost.statusCode).toBe(201);
    made.davesPost = (davesPost.json() as { post: { id: string } }).post.id;
    await caughtUp();
    const comment = await client.post(`/api/posts/${made.davesPost}/comments`, { content: 'Visit my profile' });
    expect(comment.statusCode).toBe(201);
    made.comment = (comment.json() as { comment: Comment }).comment.id;
    const davesComment = await asDave.post(`/api/posts/${made.text}/comments`, { content: 'No thanks' });
    expect(davesComment.statusCode).toBe(201);
    made.davesComment = (davesComment.json() as { comment: Comment }).comment.id;
    expect((await asDave.post(`/api/posts/${made.text}/like`)).statusCode).toBe(200);
    const { payload, headers } = await storyFormBody({ mediaType: 'text', content: 'Limited offer' });
    const story = await client.post('/api/stories', payload, headers);
    expect(story.statusCode).toBe(201);
    made.story = (story.json() as { story: Story }).story.id;
    const message = await client.post('/api/messages', { receiverId: dave.userId, content: MESSAGE });
    expect(message.statusCode).toBe(201);
    made.message = (message.json() as { message: DirectMessage }).message.id;
    await caughtUp();
  });
  afterAll(async () => {
    await h?.stop();
  });

  let totalsBefore: DiscoverTotals;
  const before = () => ({
    photosGrid: [made.photo],
    following: [made.text, made.photo].sort(),
    forYou: [made.text, made.photo].sort(),
    text: expect.objectContaining({ id: made.text, likeCount: 1, commentCount: 1 }),
    davesPostComments: [made.comment],
    davesPostCount: 1,
    stories: [made.story],
    searchPosts: [made.text, made.photo].sort(),
    searchPeople: [spammer.userId],
    message: MESSAGE,
    conversation: MESSAGE,
    trending: { content: [made.text, made.photo].sort(), creator: true, totals: totalsBefore },
  });

  it('suspended: their posts, comments (and the counts with them) and stories leave every public read, their messages read as removed, and they leave trending; reinstated: all back', async () => {
    totalsBefore = (await trending()).totals;
    expect(await seen()).toEqual(before());

    const reporter = await h.api.signedInUser(`rep_${suffix}`);
    const filed = await h.client({ cookie: reporter.cookie }).post('/api/reports', {
      contentType: 'user',
      contentId: spammer.userId,
      reportReason: 'spam',
      description: 'Spam account',
    });
    expect(filed.statusCode).toBe(201);
    expect(
      (
        await asMod.put(`/api/reports/${filed.json().report.id as string}`, {
          status: 'resolved',
          moderatorNote: 'Spam',
        })
      ).statusCode,
    ).toBe(200);
    await caughtUp();
    expect(await seen()).toEqual({
      photosGrid: [],
      following: [],
      forYou: [],
      text: 404,
      davesPostComments: [],
      davesPostCount: 0,
      stories: [],
      searchPosts: [],
      searchPeople: [],
      message: MODERATION_MESSAGES.messageRemoved,
      conversation: MODERATION_MESSAGES.messageRemoved,
      // Their two (text) posts and they as a creator leave the discover banner's counts too.
      trending: {
        content: [],
        creator: false,
        totals: { ...totalsBefore, textPosts: totalsBefore.textPosts - 2, creators: totalsBefore.creators - 1 },
      },
    });

    expect(
      (await asAdmin.post(`/api/admin/users/${spammer.userId}/reinstate`, { note: 'Appeal upheld' })).statusCode,
    ).toBe(200);
    await caughtUp();
    expect(await seen()).toEqual(before());
    expect(await ids(h.client(), `/api/posts/${made.text}/comments`)).toEqual([made.davesComment]);
  });

  it('a replay from 0 rebuilds the posts, stories, search, conversations and trending read models equal to the live ones', async () => {
    await caughtUp();
    const posts = await replayDifferences(h, postsProjection, [
      'posts',
      'authors',
      'post_comments',
      'suspended_comments',
    ]);
    expect(posts.differences).toEqual({ posts: 0, authors: 0, post_comments: 0, suspended_comments: 0 });
    const stories = await replayDifferences(h, storiesProjection, ['stories', 'story_views']);
    expect(stories.differences).toEqual({ stories: 0, story_views: 0 });
    const search = await replayDifferences(h, searchProjection, ['search_posts', 'search_users']);
    expect(search.differences).toEqual({ search_posts: 0, search_users: 0 });
    const conversations = await replayDifferences(h, conversationsProjection, [
      'messages',
      'conversations',
      'suspended_senders',
    ]);
    expect(conversations.differences).toEqual({ messages: 0, conversations: 0, suspended_senders: 0 });
    const trendingTables = [
      'trending_posts',
      'trending_likes',
      'trending_comments',
      'creators',
      'totals',
      'hashtags',
      'post_hashtags',
    ];
    const rebuilt = await replayDifferences(h, trendingProjection, trendingTables);
    expect(rebuilt.differences).toEqual(Object.fromEntries(trendingTables.map((t) => [t, 0])));
  });
});
