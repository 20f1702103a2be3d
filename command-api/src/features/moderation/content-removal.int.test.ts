import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import {
  conversationsProjection,
  followsProjection,
  liveStreamsProjection,
  postsProjection,
  recommendationsProjection,
  reportsProjection,
  searchProjection,
  storiesProjection,
  trendingProjection,
  usersProjection,
  type Projection,
} from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  MODERATION_MESSAGES,
  liveStreamStreamName,
  postStreamName,
  reportStreamName,
  type Comment,
  type DirectMessage,
  type LiveStream,
  type PostItem,
  type Report,
  type SearchResult,
  type Story,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import { storyFormBody } from '../stories/stories.testing.ts';
import { furthestPosition, reporterAged, testModerators, moderationSettled } from './moderation.testing.ts';

/** Every read model that shows content moderation can remove or hide. */
const PROJECTIONS: Projection[] = [
  reportsProjection,
  postsProjection,
  searchProjection,
  storiesProjection,
  usersProjection,
  followsProjection,
  trendingProjection,
  recommendationsProjection,
  liveStreamsProjection,
  conversationsProjection,
];

describe('removing and hiding reported content, in every read model', () => {
  let h: Harness;
  const moderators = testModerators();
  let ada: SignedInUser;
  let asAda: TestClient;
  let asMod: TestClient;
  const reporters: Array<{ user: SignedInUser; client: TestClient }> = [];

  beforeAll(async () => {
    h = await startHarness({
      workers: true,
      label: 'content_removal',
      projections: PROJECTIONS,
      app: { roles: moderators },
    });
    const suffix = Date.now();
    ada = await h.api.signedInUser(`ada_${suffix}`);
    asAda = h.client({ cookie: ada.cookie });
    const mod = await h.api.signedInUser(`mod_${suffix}`);
    moderators.add(mod.userId);
    asMod = h.client({ cookie: mod.cookie });
    // Trusted reporters (verified, a month old): only they count toward auto-hide.
    for (let i = 0; i < 6; i++) {
      const user = await reporterAged(h.api.services, `rep${i}_${suffix}`);
      reporters.push({ user, client: h.client({ cookie: user.cookie }) });
    }
  });
  afterAll(async () => {
    await h?.stop();
  });

  // The furthest position a command answered: every read model is waited for up to it before reading.
  const { record, note, at: furthest } = furthestPosition();
  const settled = () =>
    moderationSettled(
      h,
      furthest(),
      PROJECTIONS.map((p) => p.name),
    );
  const get = async <T>(client: TestClient, url: string): Promise<{ status: number; body: T }> => {
    await settled();
    const answer = await client.get(url);
    return { status: answer.statusCode, body: answer.json() as T };
  };

  const textPost = async (content: string, client = asAda): Promise<string> => {
    const made = record(await client.post('/api/text-posts', { content }));
    expect(made.statusCode).toBe(201);
    return made.json().post.id as string;
  };
  const fileReport = async (
    client: TestClient,
    contentType: string,
    contentId: string,
    reportReason = 'spam',
  ): Promise<string> => {
    const filed = record(await client.post('/api/reports', { contentType, contentId, reportReason, description: '' }));
    expect(filed.statusCode, filed.body).toBe(201);
    return filed.json().report.id as string;
  };
  const moderate = async (
    reportId: string,
    status: 'resolved' | 'dismissed',
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const answer = record(await asMod.put(`/api/reports/${reportId}`, { status, ...body }, headers));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };
  /** The report as the moderation queue lists it (paged through, newest first). */
  const queued = async (reportId: string): Promise<Report> => {
    await settled();
    for (let url = '/api/reports'; ;) {
      const page = await asMod.get(url);
      const found = (page.json() as Report[]).find((r) => r.id === reportId);
      if (found) return found;
      const next = page.headers['x-next-cursor'] as string | undefined;
      if (!next) throw new Error(`report ${reportId} is not in the queue`);
      url = `/api/reports?cursor=${next}`;
    }
  };
  const ids = (items: ReadonlyArray<{ id: string }>) => items.map((i) => i.id);
  const visitor = () => h.client();

  it('Remove Content resolves every open report on the post together, records ContentRemoved on the post, tells the author, and the post leaves feed, search, profile and detail', async () => {
    const tag = `zq${Date.now()}`;
    const postId = await textPost(`Cheap followers here #${tag}`);
    const [one, two] = [
      await fileReport(reporters[0]!.client, 'text_post', postId),
      await fileReport(reporters[1]!.client, 'text_post', postId, 'harassment'),
    ];

    expect(ids((await get<PostItem[]>(visitor(), '/api/feed')).body)).toContain(postId);
    expect(ids((await get<SearchResult[]>(visitor(), `/api/search?q=${tag}`)).body)).toContain(postId);
    expect((await get<{ postCount: number }>(visitor(), `/api/users/${ada.userId}/profile`)).body.postCount).toBe(1);
    expect((await get<PostItem>(visitor(), `/api/posts/${postId}`)).status).toBe(200);

    const socket = await h.api.socket(ada.cookie);
    const told = socket.next('content_removed', (m) => m.contentId === postId);
    const key = `remove-${postId}`;
    const removed = await moderate(one, 'resolved', { moderatorNote: 'Spam links' }, { 'idempotency-key': key });
    expect(removed.json()).toMatchObject({ id: one, status: 'resolved', moderatorNote: 'Spam links' });
    expect(await told).toEqual({
      type: 'content_removed',
      contentType: 'text_post',
      contentId: postId,
      note: 'Spam links',
    });
    await socket.close();

    // Both reports resolved together, with the moderator's note; the removal is on the post's own stream.
    const other = await h.store.readStream(reportStreamName(two));
    expect(other.map((e) => e.type)).toEqual(['ReportFiled', 'ReportResolved']);
    expect(other[1]!.data).toMatchObject({ note: 'Spam links', contentRemoved: true });
    const postEvents = await h.store.readStream(postStreamName(postId));
    expect(postEvents.map((e) => e.type)).toEqual(['TextPostCreated', 'ContentRemoved']);
    expect(postEvents[1]!.data).toMatchObject({
      contentType: 'text_post',
      contentId: postId,
      authorId: ada.userId,
      reportIds: [one, two],
      note: 'Spam links',
    });

    expect(ids((await get<PostItem[]>(visitor(), '/api/feed')).body)).not.toContain(postId);
    expect(ids((await get<SearchResult[]>(visitor(), `/api/search?q=${tag}`)).body)).not.toContain(postId);
    expect((await get<{ postCount: number }>(visitor(), `/api/users/${ada.userId}/profile`)).body.postCount).toBe(0);
    expect((await get<PostItem>(visitor(), `/api/posts/${postId}`)).status).toBe(404);
    expect((await get<PostItem>(asAda, `/api/posts/${postId}`)).status).toBe(404);
    expect(await queued(two)).toMatchObject({
      status: 'resolved',
      moderatorNote: 'Spam links',
      content: { visibility: 'removed' },
    });

    // A retry with the key is answered the same and records nothing more.
    const retried = await moderate(one, 'resolved', { moderatorNote: 'Spam links' }, { 'idempotency-key': key });
    expect(retried.json()).toEqual(removed.json());
    expect((await h.store.readStream(postStreamName(postId))).length).toBe(2);
    // A late report on the removed post may be resolved: the removal is not recorded twice.
    const late = await fileReport(reporters[2]!.client, 'text_post', postId);
    await moderate(late, 'resolved');
    expect((await h.store.readStream(postStreamName(postId))).map((e) => e.type)).toEqual([
      'TextPostCreated',
      'ContentRemoved',
    ]);
  });

  it("a removed comment leaves its post's comments and count", async () => {
    const postId = await textPost('Morning run');
    const added = record(
      await reporters[0]!.client.post(`/api/posts/${postId}/comments`, { content: 'Visit my page for prizes' }),
    );
    const commentId = (added.json() as { comment: Comment }).comment.id;
    const kept = record(await reporters[1]!.client.post(`/api/posts/${postId}/comments`, { content: 'Nice pace' }));
    expect(ids((await get<Comment[]>(visitor(), `/api/posts/${postId}/comments`)).body)).toContain(commentId);

    await moderate(await fileReport(asAda, 'comment', commentId), 'resolved');
    expect(ids((await get<Comment[]>(visitor(), `/api/posts/${postId}/comments`)).body)).toEqual([
      (kept.json() as { comment: Comment }).comment.id,
    ]);
    expect((await get<PostItem>(visitor(), `/api/posts/${postId}`)).body.commentCount).toBe(1);
  });

  it("a removed story leaves the stories list, even its author's", async () => {
    const { payload, headers } = await storyFormBody({ mediaType: 'text', content: 'Flash sale!!!' });
    const made = record(await asAda.post('/api/stories', payload, headers));
    expect(made.statusCode).toBe(201);
    const storyId = (made.json() as { story: Story }).story.id;
    expect(ids((await get<Story[]>(asAda, '/api/stories')).body)).toContain(storyId);
    await moderate(await fileReport(reporters[0]!.client, 'story', storyId), 'resolved');
    expect(ids((await get<Story[]>(asAda, '/api/stories')).body)).not.toContain(storyId);
  });

  it('a removed direct message shows as removed, not its text, to both sides', async () => {
    const bob = reporters[3]!;
    const sent = record(
      await asAda.post('/api/messages', { receiverId: bob.user.userId, content: 'Send me your password' }),
    );
    expect(sent.statusCode).toBe(201);
    const messageId = (sent.json() as { message: DirectMessage }).message.id;
    await moderate(await fileReport(bob.client, 'message', messageId, 'harassment'), 'resolved');
    for (const [client, other] of [
      [bob.client, ada.userId],
      [asAda, bob.user.userId],
    ] as const) {
      const thread = (await get<DirectMessage[]>(client, `/api/messages/${other}`)).body;
      expect(thread.find((m) => m.id === messageId)?.content).toBe(MODERATION_MESSAGES.messageRemoved);
    }
    const conversations = (await get<Array<{ lastMessage: { content: string } }>>(bob.client, '/api/conversations'))
      .body;
    expect(conversations[0]?.lastMessage.content).toBe(MODERATION_MESSAGES.messageRemoved);
  });

  it('a removed live stream leaves the listings', async () => {
    const streamId = randomUUID();
    const started = await h.store.append(liveStreamStreamName(streamId), expected.noStream, [
      {
        id: randomUUID(),
        type: 'LiveStreamStarted',
        data: {
          streamId,
          userId: ada.userId,
          title: 'Free gifts',
          description: '',
          category: 'gaming',
          tags: [],
          allowDuets: false,
          startedAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    note(started.position);
    expect(ids((await get<LiveStream[]>(visitor(), '/api/streams/active/all')).body)).toContain(streamId);
    await moderate(await fileReport(reporters[0]!.client, 'stream', streamId), 'resolved');
    expect(ids((await get<LiveStream[]>(visitor(), '/api/streams/active/all')).body)).not.toContain(streamId);
    // The removal ends the stream (live-stream-removal.int.test.ts shows its media stopping).
    expect((await h.store.readStream(liveStreamStreamName(streamId))).map((e) => e.type)).toEqual([
      'LiveStreamStarted',
      'ContentRemoved',
      'LiveStreamEnded',
    ]);
  });

  it('a removed user is suspended: their profile and posts vanish, and their sessions end', async () => {
    const spammer = await h.api.signedInUser(`spam_${Date.now()}`);
    const asSpammer = h.client({ cookie: spammer.cookie });
    const tag = `zs${Date.now()}`;
    const postId = await textPost(`Win an iPhone #${tag}`, asSpammer);
    expect((await get(visitor(), `/api/users/${spammer.userId}/profile`)).status).toBe(200);

    await moderate(await fileReport(reporters[0]!.client, 'user', spammer.userId), 'resolved');
    expect((await get(visitor(), `/api/users/${spammer.userId}/profile`)).status).toBe(404);
    expect((await get(visitor(), `/api/posts/${postId}`)).status).toBe(404);
    expect(ids((await get<SearchResult[]>(visitor(), `/api/search?q=${tag}`)).body)).not.toContain(postId);
    expect(ids((await get<PostItem[]>(visitor(), '/api/feed')).body)).not.toContain(postId);
    expect((await get(asSpammer, '/api/auth/user')).status).toBe(401);
    // Their sessions ended with the removal: nothing more can be posted with them.
    expect((await asSpammer.post('/api/text-posts', { content: 'Still here?' })).statusCode).toBe(401);
  });

  it('auto-hide: 4 distinct trusted reporters leave a post shown; the 5th hides it from everyone but its author; dismissing every report shows it again', async () => {
    const tag = `zh${Date.now()}`;
    const postId = await textPost(`Controversial take #${tag}`);
    const reports: string[] = [];
    for (const { client } of reporters.slice(0, 4)) reports.push(await fileReport(client, 'text_post', postId));
    // The same reporter again (after a decision) is no new reporter; once dismissed on this item, they never count for it again.
    await moderate(reports[0]!, 'dismissed');
    reports[0] = await fileReport(reporters[0]!.client, 'text_post', postId);
    reports.push(await fileReport(reporters[4]!.client, 'text_post', postId));
    expect((await get<PostItem>(visitor(), `/api/posts/${postId}`)).status).toBe(200);
    await settled();
    expect((await h.store.readStream(postStreamName(postId))).map((e) => e.type)).toEqual(['TextPostCreated']);

    reports.push(await fileReport(reporters[5]!.client, 'text_post', postId));
    await settled();
    const postEvents = await h.store.readStream(postStreamName(postId));
    expect(postEvents.map((e) => e.type)).toEqual(['TextPostCreated', 'ContentHidden']);
    expect(postEvents[1]!.data).toMatchObject({ contentType: 'text_post', contentId: postId, reporterCount: 5 });
    expect((await get<PostItem>(visitor(), `/api/posts/${postId}`)).status).toBe(404);
    expect((await get<PostItem>(reporters[0]!.client, `/api/posts/${postId}`)).status).toBe(404);
    expect((await get<PostItem>(asAda, `/api/posts/${postId}`)).status).toBe(200);
    expect(ids((await get<PostItem[]>(visitor(), '/api/feed')).body)).not.toContain(postId);
    expect(ids((await get<SearchResult[]>(visitor(), `/api/search?q=${tag}`)).body)).not.toContain(postId);
    expect(await queued(reports[5]!)).toMatchObject({ content: { visibility: 'hidden' } });

    for (const id of reports) await moderate(id, 'dismissed');
    await settled();
    expect((await h.store.readStream(postStreamName(postId))).map((e) => e.type)).toEqual([
      'TextPostCreated',
      'ContentHidden',
      'ContentRestored',
    ]);
    expect((await get<PostItem>(visitor(), `/api/posts/${postId}`)).status).toBe(200);
    expect(ids((await get<SearchResult[]>(visitor(), `/api/search?q=${tag}`)).body)).toContain(postId);
    expect(await queued(reports[5]!)).toMatchObject({ status: 'dismissed', content: { visibility: 'visible' } });
  });

  it('a replay from 0 rebuilds every read model moderation changes equal to the live one', async () => {
    const tables: Record<string, string[]> = {
      reports: ['reports', 'report_user_cards', 'content_cards', 'moderation_settings'],
      posts: ['posts', 'post_likes', 'post_comments', 'viewer_seen', 'author_affinity', 'authors'],
      search: ['search_posts', 'search_users', 'hashtags', 'post_hashtags'],
      stories: ['stories', 'story_views', 'user_cards'],
      users: ['users'],
      trending: ['trending_posts', 'creators', 'totals', 'hashtags', 'post_hashtags'],
      recommendations: ['post_categories', 'category_interest', 'active_hours', 'interaction_mix'],
      live_streams: ['live_streams', 'live_stream_reminders', 'live_stream_chat_messages'],
      conversations: ['messages', 'conversations', 'unread_totals', 'user_cards'],
    };
    await settled();
    for (const projection of PROJECTIONS.filter((p) => tables[p.name])) {
      const { differences } = await replayDifferences(h, projection, tables[projection.name]!);
      expect(differences, projection.name).toEqual(Object.fromEntries(tables[projection.name]!.map((t) => [t, 0])));
    }
  });
});
