import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REDACTED_TEXT, expect as expected, type NewEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { activeGeneration, allProjections } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  ACCOUNTS_STREAMS,
  comparePositions,
  giftStreamName,
  liveStreamStreamName,
  parsePosition,
  type Comment,
  type DirectMessage,
  type Position,
  type PostItem,
  type SearchResult,
  type Story,
} from '@myworld/schemas';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { storyFormBody } from '../stories/stories.testing.ts';
import { testModerators } from '../moderation/moderation.testing.ts';

/**
 * Deleting an account, as every read model sees it: the user's profile and content leave, what
 * they wrote that stays (messages to others, gifts, reports) reads as the redaction, their email
 * registers again at once, and a replay from 0 (which reads their events redacted) builds every
 * read model equal to the live one.
 */
describe('account deletion in every read model', () => {
  let h: Harness;
  const moderators = testModerators();
  let furthest: Position | null = null;
  const record = <T extends { statusCode: number; json: () => any }>(answer: T): T => {
    const position = (answer.json() as { position?: unknown } | null)?.position;
    if (typeof position === 'string') {
      const p = parsePosition(position);
      if (!furthest || comparePositions(p, furthest) > 0) furthest = p;
    }
    return answer;
  };
  const append = async (stream: string, type: string, data: object) => {
    const event: NewEvent = { id: randomUUID(), type, data, metadata: testMetadata() };
    const { position } = await h.store.append(stream, expected.any, [event]);
    if (!furthest || comparePositions(position, furthest) > 0) furthest = position;
  };
  const settled = async () => {
    const at = furthest ?? (await h.appendedSoFar());
    for (const p of allProjections) expect(await h.readModels.waitFor(p.name, at, 20_000), p.name).toBe(true);
  };
  const get = async <T>(client: TestClient, url: string): Promise<{ status: number; body: T }> => {
    await settled();
    const answer = await client.get(url);
    return { status: answer.statusCode, body: answer.json() as T };
  };
  let addresses = 0;
  const fresh = () => h.client({ ip: `10.6.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}` });

  beforeAll(async () => {
    h = await startHarness({ label: 'account_deletion_rm', projections: allProjections, app: { roles: moderators } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('drops the profile and content, redacts what stays, frees the email at once, and a replay from 0 equals every live read model', async () => {
    const leaving = newRegistration('leaving');
    const asLeaver = fresh();
    expect(record(await asLeaver.post('/api/auth/register', leaving)).statusCode).toBe(201);
    const leaverId = (
      (await h.store.readStream(ACCOUNTS_STREAMS.username(leaving.username)))[0]!.data as { userId: string }
    ).userId;
    const friend = await h.api.signedInUser(`friend_${Date.now()}`);
    const asFriend = h.client({ cookie: friend.cookie });
    const tag = `zd${Date.now()}`;

    // The leaver's life: a profile, a post, a comment, a story, messages, follows, a report, a view, a stream, chat and a gift.
    expect(record(await asLeaver.put('/api/profile/customize', { aboutMe: 'Amateur beekeeper' })).statusCode).toBe(200);
    const own = record(await asLeaver.post('/api/text-posts', { content: `My hives #${tag}` }));
    expect(own.statusCode).toBe(201);
    const ownPostId = (own.json() as { post: PostItem }).post.id;
    const friends = record(await asFriend.post('/api/text-posts', { content: 'Morning run' }));
    const friendPostId = (friends.json() as { post: PostItem }).post.id;
    const comment = record(await asLeaver.post(`/api/posts/${friendPostId}/comments`, { content: 'Nice pace!' }));
    expect(comment.statusCode).toBe(201);
    const commentId = (comment.json() as { comment: Comment }).comment.id;
    const { payload, headers } = await storyFormBody({ mediaType: 'text', content: 'Honey harvest' });
    const story = record(await asLeaver.post('/api/stories', payload, headers));
    expect(story.statusCode).toBe(201);
    const storyId = (story.json() as { story: Story }).story.id;
    expect(
      record(await asLeaver.post('/api/messages', { receiverId: friend.userId, content: 'my locker code is 4471' }))
        .statusCode,
    ).toBe(201);
    expect(
      record(await asFriend.post('/api/messages', { receiverId: leaverId, content: 'the ferry leaves at dawn' }))
        .statusCode,
    ).toBe(201);
    expect(record(await asLeaver.post(`/api/users/${friend.userId}/follow`, {})).statusCode).toBeLessThan(300);
    expect(record(await asFriend.post(`/api/users/${leaverId}/follow`, {})).statusCode).toBeLessThan(300);
    expect(
      record(
        await asLeaver.post('/api/reports', {
          contentType: 'text_post',
          contentId: friendPostId,
          reportReason: 'spam',
          description: 'looks like a bot',
        }),
      ).statusCode,
    ).toBe(201);
    expect(
      record(
        await asLeaver.post('/api/user-interactions', {
          contentId: friendPostId,
          interactionType: 'view',
          timestamp: new Date().toISOString(),
        }),
      ).statusCode,
    ).toBeLessThan(300);
    const now = () => new Date().toISOString();
    const ownStream = randomUUID();
    const friendStream = randomUUID();
    await append(liveStreamStreamName(ownStream), 'LiveStreamStarted', {
      streamId: ownStream,
      userId: leaverId,
      title: 'Bees live',
      description: 'Hive tour',
      category: 'gaming',
      tags: ['bees'],
      allowDuets: false,
      startedAt: now(),
    });
    await append(liveStreamStreamName(friendStream), 'LiveStreamStarted', {
      streamId: friendStream,
      userId: friend.userId,
      title: 'Run live',
      description: '',
      category: 'gaming',
      tags: [],
      allowDuets: false,
      startedAt: now(),
    });
    await append(liveStreamStreamName(friendStream), 'LiveStreamChatMessagePosted', {
      streamId: friendStream,
      messageId: randomUUID(),
      userId: leaverId,
      content: 'go go go',
      postedAt: now(),
    });
    const giftId = randomUUID();
    await append(giftStreamName(giftId), 'GiftRequested', {
      giftId,
      streamId: friendStream,
      streamerId: friend.userId,
      senderId: leaverId,
      giftType: 'rose',
      emoji: '🌹',
      quantity: 1,
      message: 'for you',
      unitPriceCents: 100,
      amountCents: 100,
      currency: 'usd',
      paymentIntentId: `pi_${giftId}`,
      requestedAt: now(),
    });

    expect((await get(h.client(), `/api/users/${leaverId}/profile`)).status).toBe(200);
    expect(
      (await get<{ followerCount: number }>(h.client(), `/api/users/${friend.userId}/profile`)).body.followerCount,
    ).toBe(1);
    const before = (await get<SearchResult[]>(h.client(), `/api/search?q=${friend.username}&filter=users`)).body.find(
      (r) => r.id === friend.userId,
    );
    expect(before?.user?.followerCount).toBe(1);
    expect(
      (await get<SearchResult[]>(h.client(), `/api/search?q=${tag}&filter=posts`)).body.map((r) => r.id),
    ).toContain(ownPostId);

    const deleted = record(
      await asLeaver.request({ method: 'DELETE', url: '/api/auth/account', payload: { password: leaving.password } }),
    );
    expect(deleted.statusCode).toBe(200);

    // The profile, posts, comments, stories, streams, search rows and follows are gone.
    expect((await get(h.client(), `/api/users/${leaverId}/profile`)).status).toBe(404);
    expect((await get(h.client(), `/api/posts/${ownPostId}`)).status).toBe(404);
    expect(
      (await get<Comment[]>(h.client(), `/api/posts/${friendPostId}/comments`)).body.map((c) => c.id),
    ).not.toContain(commentId);
    expect((await get<PostItem>(h.client(), `/api/posts/${friendPostId}`)).body.commentCount).toBe(0);
    expect((await get<Story[]>(asFriend, '/api/stories')).body.map((s) => s.id)).not.toContain(storyId);
    expect((await get<SearchResult[]>(h.client(), `/api/search?q=${tag}&filter=posts`)).body).toEqual([]);
    expect((await get<SearchResult[]>(h.client(), `/api/search?q=${leaving.username}&filter=users`)).body).toEqual([]);
    const friendProfile = (
      await get<{ followerCount: number; followingCount: number }>(h.client(), `/api/users/${friend.userId}/profile`)
    ).body;
    expect(friendProfile).toMatchObject({ followerCount: 0, followingCount: 0 });
    const found = (await get<SearchResult[]>(h.client(), `/api/search?q=${friend.username}&filter=users`)).body.find(
      (r) => r.id === friend.userId,
    );
    expect(found?.user?.followerCount).toBe(0);
    expect((await get(asFriend, `/api/streams/${ownStream}`)).status).toBe(404);

    // What stays reads as the redaction: the messages they sent (not those they received), chat, gift, report.
    const thread = (await get<DirectMessage[]>(asFriend, `/api/messages/${leaverId}`)).body;
    expect(thread.map((m) => m.content).sort()).toEqual([REDACTED_TEXT, 'the ferry leaves at dawn'].sort());
    const rows = async (projection: string, query: (schema: string) => ReturnType<typeof sql>) => {
      const live = await activeGeneration(h.db, projection);
      return (await query(live!.schemaName).execute(h.db)).rows as Array<Record<string, unknown>>;
    };
    expect(
      await rows(
        'live_streams',
        (s) => sql`select content from ${sql.id(s, 'live_stream_chat_messages')} where user_id = ${leaverId}`,
      ),
    ).toEqual([{ content: REDACTED_TEXT }]);
    expect(await rows('gifts', (s) => sql`select message from ${sql.id(s, 'gifts')} where id = ${giftId}`)).toEqual([
      { message: REDACTED_TEXT },
    ]);
    expect(
      await rows(
        'reports',
        (s) => sql`select description from ${sql.id(s, 'reports')} where reporter_id = ${leaverId}`,
      ),
    ).toEqual([{ description: REDACTED_TEXT }]);
    expect(
      await rows(
        'analytics',
        (s) => sql`select birth_date from ${sql.id(s, 'analytics_users')} where user_id = ${leaverId}`,
      ),
    ).toEqual([{ birth_date: '9999-12-31' }]);
    expect(await rows('users', (s) => sql`select id from ${sql.id(s, 'users')} where id = ${leaverId}`)).toEqual([]);

    // The username stays taken until it is released; the email registers again at once, and the users read model keeps running.
    expect(
      (await get<{ available: boolean }>(h.client(), `/api/auth/check-username/${leaving.username}`)).body,
    ).toMatchObject({ available: false });
    const again = record(
      await fresh().post('/api/auth/register', { ...newRegistration('returning'), email: leaving.email }),
    );
    expect(again.statusCode).toBe(201);
    await settled();
    const users = await rows(
      'users',
      (s) => sql`select email from ${sql.id(s, 'users')} where email = ${leaving.email}`,
    );
    expect(users).toEqual([{ email: leaving.email }]);
    await append(ACCOUNTS_STREAMS.username(leaving.username), 'UsernameReleased', {
      username: leaving.username,
      userId: leaverId,
    });
    expect(
      (await get<{ available: boolean }>(h.client(), `/api/auth/check-username/${leaving.username}`)).body,
    ).toMatchObject({ available: true });

    // A replay from 0 reads the leaver's events redacted and builds every read model equal to the live one.
    await settled();
    for (const projection of allProjections) {
      const live = await activeGeneration(h.db, projection.name);
      const tables = await sql<{
        table_name: string;
      }>`select table_name from information_schema.tables where table_schema = ${live!.schemaName} order by table_name`.execute(
        h.db,
      );
      const names = tables.rows.map((t) => t.table_name);
      const { differences } = await replayDifferences(h, projection, names);
      expect(differences, projection.name).toEqual(Object.fromEntries(names.map((t) => [t, 0])));
    }
  });
});
