import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationsProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import {
  NEXT_CURSOR_HEADER,
  comparePositions,
  conversationStreamName,
  formatPosition,
  type Conversation,
  type DirectMessage,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('direct messages over HTTP, with the conversations read model', () => {
  let h: Harness;
  let ada: SignedInUser;
  let bob: SignedInUser;
  let asAda: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    h = await startHarness({ label: 'messages', projections: [conversationsProjection] });
    [ada, bob] = await Promise.all([h.api.signedInUser(`ada_${Date.now()}`), h.api.signedInUser(`bob_${Date.now()}`)]);
    asAda = h.client({ cookie: ada.cookie });
    asBob = h.client({ cookie: bob.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const signedIn = async (label: string) => {
    const user = await h.api.signedInUser(`${label}_${randomUUID().slice(0, 8)}`);
    return { user, client: h.client({ cookie: user.cookie }) };
  };
  const send = async (client: TestClient, receiverId: string, content: string, headers?: Record<string, string>) => {
    const r = await client.post('/api/messages', { receiverId, content }, headers);
    expect(r.statusCode, r.body).toBe(201);
    return (r.json() as { message: DirectMessage; position: string }).message;
  };
  /** A read once the read model has `writer`'s last command (as the web client does with X-Min-Position). */
  const after = (writer: TestClient) => ({ 'x-min-position': formatPosition(writer.lastPosition!) });
  const conversationsOf = async (client: TestClient, writer: TestClient) =>
    (await client.get('/api/conversations', after(writer))).json() as Conversation[];
  const messagesOf = async (client: TestClient, otherUserId: string, writer: TestClient, before?: string) =>
    (
      await client.get(`/api/messages/${otherUserId}${before ? `?before=${before}` : ''}`, after(writer))
    ).json() as DirectMessage[];

  it('sends a message (201 with the trimmed text); both sides read it, and each has the conversation', async () => {
    const r = await asAda.post('/api/messages', { receiverId: bob.userId, content: '  Hello Bob  ' });
    expect(r.statusCode).toBe(201);
    const { message, position } = r.json() as { message: DirectMessage; position: string };
    expect(message).toEqual({
      id: expect.any(String),
      senderId: ada.userId,
      receiverId: bob.userId,
      content: 'Hello Bob',
      createdAt: expect.any(String),
    });
    expect(position).toEqual(expect.any(String));
    expect(r.headers['x-position']).toBe(position);

    expect(await messagesOf(asAda, bob.userId, asAda)).toEqual([message]);
    expect(await messagesOf(asBob, ada.userId, asAda)).toEqual([message]);
    const [bobsView] = await conversationsOf(asBob, asAda);
    expect(bobsView).toEqual({
      otherUser: {
        id: ada.userId,
        username: ada.username,
        firstName: 'Test',
        lastName: ada.username,
        profileImageUrl: null,
      },
      lastMessage: { content: 'Hello Bob', createdAt: message.createdAt, senderId: ada.userId },
      unreadCount: 1,
    });
    expect((await conversationsOf(asAda, asAda))[0]).toMatchObject({
      otherUser: { id: bob.userId, username: bob.username },
      unreadCount: 0,
    });
    // Bob reads it: his badge goes back to 0.
    expect((await asBob.put(`/api/messages/${ada.userId}/read`)).json()).toMatchObject({
      unreadCount: 0,
      totalUnread: 0,
    });
  });

  it('content is trimmed, 1-2,000 characters (400 naming content)', async () => {
    const refused = async (body: object) => (await asAda.post('/api/messages', body)).json();
    expect(await refused({ receiverId: bob.userId, content: '   ' })).toEqual({
      error: 'validation_failed',
      field: 'content',
      message: 'Write a message first',
    });
    expect(await refused({ receiverId: bob.userId })).toMatchObject({ error: 'validation_failed', field: 'content' });
    expect(await refused({ receiverId: bob.userId, content: 'x'.repeat(2001) })).toEqual({
      error: 'validation_failed',
      field: 'content',
      message: 'A message is at most 2,000 characters',
    });
    expect((await send(asAda, bob.userId, ` ${'x'.repeat(2000)} `)).content).toHaveLength(2000);
  });

  it('refuses writing to yourself (400 naming receiverId), to an unknown user (404) and to a malformed id (400)', async () => {
    const self = await asAda.post('/api/messages', { receiverId: ada.userId, content: 'me' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      error: 'cannot_message_self',
      field: 'receiverId',
      message: 'You cannot send a message to yourself',
    });
    const unknown = await asAda.post('/api/messages', { receiverId: randomUUID(), content: 'anyone?' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', field: 'receiverId', message: 'User not found' });
    expect((await asAda.post('/api/messages', { receiverId: 'not-a-uuid', content: 'x' })).json()).toMatchObject({
      error: 'validation_failed',
      field: 'receiverId',
    });
    // Nor read or mark a conversation with yourself.
    expect((await asAda.get(`/api/messages/${ada.userId}`)).json()).toMatchObject({
      error: 'cannot_message_self',
      field: 'otherUserId',
    });
    expect((await asAda.put(`/api/messages/${ada.userId}/read`)).json()).toMatchObject({
      error: 'cannot_message_self',
      field: 'otherUserId',
    });
  });

  it('one Idempotency-Key sends once: the retry answers the same message; another text under it is 422', async () => {
    const { user: cleo, client: asCleo } = await signedIn('cleo');
    const key = `dm-${randomUUID()}`;
    const first = await asCleo.post(
      '/api/messages',
      { receiverId: ada.userId, content: 'only once' },
      { 'idempotency-key': key },
    );
    const again = await asCleo.post(
      '/api/messages',
      { receiverId: ada.userId, content: 'only once' },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(
      (
        await asCleo.post(
          '/api/messages',
          { receiverId: ada.userId, content: 'something else' },
          { 'idempotency-key': key },
        )
      ).statusCode,
    ).toBe(422);
    const events = await h.store.readStream(conversationStreamName(cleo.userId, ada.userId));
    expect(events.map((e) => e.type)).toEqual(['MessageSent']);
    expect((await messagesOf(asAda, cleo.userId, asCleo)).map((m) => m.id)).toEqual([first.json().message.id]);
  });

  it('unread counts: 3 sent -> 3 unread for the receiver (and in their total), reading -> 0, reading again records nothing', async () => {
    const { user: dan, client: asDan } = await signedIn('dan');
    const { user: eve, client: asEve } = await signedIn('eve');
    const { client: asFay } = await signedIn('fay');
    for (const text of ['one', 'two', 'three']) await send(asDan, eve.userId, text);
    await send(asFay, eve.userId, 'from fay');
    await send(asEve, dan.userId, 'a reply');

    const evesDan = (await conversationsOf(asEve, asEve)).find((c) => c.otherUser.id === dan.userId)!;
    expect(evesDan).toMatchObject({ unreadCount: 3, lastMessage: { content: 'a reply', senderId: eve.userId } });
    expect((await conversationsOf(asDan, asEve)).find((c) => c.otherUser.id === eve.userId)).toMatchObject({
      unreadCount: 1,
    });

    const read = await asEve.put(`/api/messages/${dan.userId}/read`);
    expect(read.statusCode).toBe(200);
    // Fay's message is still unread.
    expect(read.json()).toEqual({ unreadCount: 0, totalUnread: 1, position: expect.any(String) });
    expect((await conversationsOf(asEve, asEve)).find((c) => c.otherUser.id === dan.userId)).toMatchObject({
      unreadCount: 0,
    });
    expect((await asEve.put(`/api/messages/${dan.userId}/read`)).json()).toEqual({
      unreadCount: 0,
      totalUnread: 1,
      position: null,
    });
    // A conversation that does not exist has nothing to read.
    expect((await asEve.put(`/api/messages/${randomUUID()}/read`)).json()).toEqual({
      unreadCount: 0,
      totalUnread: 1,
      position: null,
    });
    const types = (await h.store.readStream(conversationStreamName(dan.userId, eve.userId))).map((e) => e.type);
    expect(types).toEqual(['MessageSent', 'MessageSent', 'MessageSent', 'MessageSent', 'ConversationRead']);
  });

  it('a third user sees nothing of a conversation: GET and PUT only ever name their own', async () => {
    const { user: mallory, client: asMallory } = await signedIn('mallory');
    const secret = await send(asAda, bob.userId, 'just between us');
    await asAda.get('/api/conversations', after(asAda));
    // Naming either participant shows Mallory's own (empty) conversation with them.
    expect(await messagesOf(asMallory, ada.userId, asAda)).toEqual([]);
    expect(await messagesOf(asMallory, bob.userId, asAda)).toEqual([]);
    expect(await conversationsOf(asMallory, asAda)).toEqual([]);
    // Their message ids are not anchors in Mallory's conversations either.
    expect((await asMallory.get(`/api/messages/${bob.userId}?before=${secret.id}`)).json()).toMatchObject({
      error: 'validation_failed',
      field: 'before',
    });
    // Marking "read" touches Mallory's own conversation with Bob (none): Bob's unread count stays.
    const unreadBefore = (await conversationsOf(asBob, asAda)).find((c) => c.otherUser.id === ada.userId)!.unreadCount;
    expect(unreadBefore).toBeGreaterThan(0);
    expect((await asMallory.put(`/api/messages/${ada.userId}/read`)).json()).toEqual({
      unreadCount: 0,
      totalUnread: 0,
      position: null,
    });
    expect((await conversationsOf(asBob, asAda)).find((c) => c.otherUser.id === ada.userId)!.unreadCount).toBe(
      unreadBefore,
    );
    expect(await h.store.readStream(conversationStreamName(mallory.userId, ada.userId))).toEqual([]);
  });

  it('messages page with ?before=: the latest 50 oldest first, then the 3 before them, then none', async () => {
    const { user: gus, client: asGus } = await signedIn('gus');
    const { user: hal, client: asHal } = await signedIn('hal');
    const sent: DirectMessage[] = [];
    for (let i = 1; i <= 53; i++)
      sent.push(await send(i % 2 ? asGus : asHal, i % 2 ? hal.userId : gus.userId, `#${i}`));
    const writer = comparePositions(asGus.lastPosition!, asHal.lastPosition!) > 0 ? asGus : asHal;

    const latest = await messagesOf(asGus, hal.userId, writer);
    expect(latest.map((m) => m.content)).toEqual(sent.slice(3).map((m) => m.content));
    const earlier = await messagesOf(asHal, gus.userId, writer, latest[0]!.id);
    expect(earlier).toEqual(sent.slice(0, 3));
    expect(await messagesOf(asHal, gus.userId, writer, earlier[0]!.id)).toEqual([]);
    const unknown = await asGus.get(`/api/messages/${hal.userId}?before=${randomUUID()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'validation_failed', field: 'before' });
    expect((await asGus.get(`/api/messages/${hal.userId}?before=nope`)).json()).toMatchObject({
      error: 'validation_failed',
      field: 'before',
    });
  });

  it('conversations come newest first, 50 a page with X-Next-Cursor; a bad cursor is 400 naming cursor', async () => {
    const { user: ivy, client: asIvy } = await signedIn('ivy');
    const writers = await Promise.all(Array.from({ length: 52 }, (_, i) => signedIn(`w${i}`)));
    for (const [i, w] of writers.entries()) await send(w.client, ivy.userId, `from writer ${i}`);
    const last = writers.at(-1)!.client;

    const first = await asIvy.get('/api/conversations', after(last));
    const firstPage = first.json() as Conversation[];
    expect(firstPage.map((c) => c.lastMessage.content)).toEqual(
      Array.from({ length: 50 }, (_, i) => `from writer ${51 - i}`),
    );
    const cursor = String(first.headers[NEXT_CURSOR_HEADER]);
    const second = await asIvy.get(`/api/conversations?cursor=${encodeURIComponent(cursor)}`);
    expect((second.json() as Conversation[]).map((c) => c.otherUser.id)).toEqual([
      writers[1]!.user.userId,
      writers[0]!.user.userId,
    ]);
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    expect((await asIvy.get('/api/conversations?cursor=not-a-cursor')).json()).toMatchObject({
      error: 'validation_failed',
      field: 'cursor',
    });

    // A new message moves its conversation to the top.
    await send(asIvy, writers[0]!.user.userId, 'back to you');
    expect((await conversationsOf(asIvy, asIvy))[0]).toMatchObject({
      otherUser: { id: writers[0]!.user.userId },
      lastMessage: { content: 'back to you', senderId: ivy.userId },
      unreadCount: 1,
    });
  });

  it('sending is limited to 60 messages a minute per user (429 with Retry-After)', async () => {
    const { client: chatty } = await signedIn('chatty');
    const answers = await Promise.all(
      Array.from({ length: 61 }, (_, i) => chatty.post('/api/messages', { receiverId: bob.userId, content: `#${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(60);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(limited.json()).toMatchObject({ error: 'rate_limited', message: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else still sends.
    await send(asAda, bob.userId, 'me too');
  });

  it('a replay from 0 rebuilds the conversations read model equal to the live one', async () => {
    // The last write applied first: a runner transaction still applying a burst would hide it from the replay's head.
    expect(await h.readModels.waitFor('conversations', asAda.lastPosition!, 5_000)).toBe(true);
    const tables = ['messages', 'conversations', 'unread_totals', 'user_cards'];
    const { differences, rows } = await replayDifferences(h, conversationsProjection, tables);
    expect(rows.messages).toBeGreaterThan(100);
    expect(rows.conversations).toBeGreaterThan(50);
    expect(differences).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
