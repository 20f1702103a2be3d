import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, MODERATION_MESSAGES, conversationStreamName } from '@myworld/schemas';
import { REDACTED_TEXT } from '../../read-model-parts/account-deletion.ts';
import { createDatabase } from '../../database.ts';
import { ensureRegistry } from '../../generations.ts';
import type { Projection } from '../../projection.ts';
import { rebuild } from '../../rebuild.ts';
import { conversationsProjection } from './conversations.projection.ts';
import { conversationMessages, conversationsPage, unreadTotals } from './conversations.queries.ts';

const event = (type: string, data: object): NewEvent => ({ id: randomUUID(), type, data, metadata: testMetadata() });

describe('the conversations read model', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  const users = Array.from({ length: 6 }, () => randomUUID());
  const [ada, bob, cat] = users as [string, string, string];
  /** Every event of the script, in the log's order: what the expected tables are worked out from. */
  const script: NewEvent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('conversations_model');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 5 });
    await ensureRegistry(db);
    const append = (stream: string, version: Parameters<typeof store.append>[1], events: NewEvent[]) => {
      script.push(...events);
      return store.append(stream, version, events);
    };
    // Six users; 400 messages and reads between them in a seeded random order, with unrelated events between.
    for (const [i, userId] of users.entries()) {
      const registered = event('UserRegistered', {
        userId,
        username: `user${i}`,
        firstName: `First${i}`,
        lastName: `Last${i}`,
        email: `u${i}@example.test`,
        birthDate: '1990-01-01',
        passwordHash: 'x',
        registeredAt: new Date().toISOString(),
      });
      await append(
        ACCOUNTS_STREAMS.user(userId),
        expected.noStream,
        i % 2 ? [registered, customized(userId, `/img/${i}.webp`)] : [registered],
      );
    }
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    // Moderators remove some messages on the way (the newest one of its conversation, or an older
    // one), and, half-way, every message of Ada (suspended; reinstated later) and of Cat (suspended
    // for good); both keep writing after.
    // Later another user deletes their account (what they sent shows the redaction); events of
    // theirs that follow (which the product refuses) still build the same either way.
    const sent: Array<{ id: string; stream: string; senderId: string }> = [];
    const removed = (contentType: 'message' | 'user', contentId: string, authorId: string, at: string) =>
      event('ContentRemoved', {
        contentType,
        contentId,
        authorId,
        moderatorId: ada,
        reportIds: [],
        note: 'Removed',
        removedAt: at,
      });
    for (let i = 0; i < 400; i++) {
      const from = users[random(users.length)]!;
      const to = users.filter((u) => u !== from)[random(users.length - 1)]!;
      const stream = conversationStreamName(from, to);
      const at = new Date(Date.UTC(2026, 10, 23, 10, 0, i)).toISOString();
      if (random(5) === 0)
        await append(stream, expected.any, [
          event('ConversationRead', { readerId: from, otherUserId: to, readAt: at }),
        ]);
      else {
        const messageId = randomUUID();
        sent.push({ id: messageId, stream, senderId: from });
        await append(stream, expected.any, [
          event('MessageSent', { messageId, senderId: from, receiverId: to, content: `message ${i}`, sentAt: at }),
        ]);
      }
      if (random(9) === 0 && sent.length > 0) {
        const target = random(2) === 0 ? sent.at(-1)! : sent[random(sent.length)]!;
        await append(target.stream, expected.any, [removed('message', target.id, target.senderId, at)]);
      }
      if (i === 200) await append(ACCOUNTS_STREAMS.user(ada), expected.any, [removed('user', ada, ada, at)]);
      if (i === 250) await append(ACCOUNTS_STREAMS.user(cat), expected.any, [removed('user', cat, cat, at)]);
      if (i === 350)
        await append(ACCOUNTS_STREAMS.user(ada), expected.any, [
          event('AccountReinstated', { userId: ada, adminId: bob, note: 'Appeal upheld', reinstatedAt: at }),
        ]);
      if (i === 300)
        await append(ACCOUNTS_STREAMS.user(users[4]!), expected.any, [
          event('AccountDeleted', { userId: users[4]!, deletedAt: at }),
        ]);
      if (i % 50 === 0)
        await append(`post-${randomUUID()}`, expected.noStream, [event('PostCreated', { unrelated: true })]);
    }
    await append(ACCOUNTS_STREAMS.user(cat), expected.any, [customized(cat, '/img/new.webp')]);
    // A scenario to read back: three to Ada from Bob, Ada reads, one more.
    const pair = conversationStreamName(ada, bob);
    for (const n of [1, 2, 3])
      await append(pair, expected.any, [
        event('MessageSent', {
          messageId: randomUUID(),
          senderId: bob,
          receiverId: ada,
          content: `late ${n}`,
          sentAt: new Date().toISOString(),
        }),
      ]);
    await append(pair, expected.any, [
      event('ConversationRead', { readerId: ada, otherUserId: bob, readAt: new Date().toISOString() }),
    ]);
    await append(pair, expected.any, [
      event('MessageSent', {
        messageId: randomUUID(),
        senderId: bob,
        receiverId: ada,
        content: 'the last',
        sentAt: new Date().toISOString(),
      }),
    ]);
  });
  afterAll(async () => {
    await db?.destroy();
    await store?.close();
    await database?.drop();
  });

  const build = async (projection: Projection, batchSize: number) =>
    (await rebuild({ store, db, projection, until: { position: await store.headPosition() }, batchSize })).generation
      .schemaName;

  it('builds the tables the script works out to, whatever the batch size (one event is a batch of one)', async () => {
    const expectedTables = tablesFrom(script);
    // The script covers what the rules are about: removals, suspensions and a deleted account.
    const contents = expectedTables.messages.map((m) => m.content);
    expect(contents.length).toBeGreaterThan(300);
    expect(contents.filter((c) => c === MODERATION_MESSAGES.messageRemoved).length).toBeGreaterThan(30);
    expect(contents.filter((c) => c === REDACTED_TEXT).length).toBeGreaterThan(20);
    expect(expectedTables.suspended_senders).toEqual([{ user_id: cat }]);
    // A suspension hides without erasing: the suspended user's texts are kept (the queries flag them).
    expect(
      expectedTables.messages.filter((m) => m.sender_id === cat && m.content.startsWith('message ')).length,
    ).toBeGreaterThan(20);
    expect(expectedTables.user_cards.map((c) => c.user_id)).not.toContain(users[4]);
    for (const batchSize of [1, 7, 1_000])
      expect(await tablesIn(db, await build(conversationsProjection, batchSize)), `batches of ${batchSize}`).toEqual(
        expectedTables,
      );
  });

  it('keeps unread counts as counters: each total is the sum of its rows, and a read restarts a conversation at 0', async () => {
    const schema = await build(conversationsProjection, 50);
    const sums = await sql<{ user_id: string; total: number; summed: number }>`
      select t.user_id, t.total, (select coalesce(sum(unread_count), 0)::int from ${sql.id(schema, 'conversations')} c where c.user_id = t.user_id) as summed
        from ${sql.id(schema, 'unread_totals')} t`.execute(db);
    expect(sums.rows).toHaveLength(users.length);
    for (const row of sums.rows) expect(row.total).toBe(row.summed);

    const q = db.withSchema(schema);
    const adas = await conversationsPage(q, ada);
    expect(adas[0]).toMatchObject({
      otherUser: { id: bob, username: 'user1', firstName: 'First1', lastName: 'Last1', profileImageUrl: '/img/1.webp' },
      lastMessage: { content: 'the last', senderId: bob },
      unreadCount: 1,
    });
    expect(adas.find((c) => c.otherUser.id === cat)?.otherUser.profileImageUrl).toBe('/img/new.webp');
    expect((await unreadTotals(q, [ada])).get(ada)).toBe(adas.reduce((sum, c) => sum + c.unreadCount, 0));
    const latest = await conversationMessages(q, bob, ada, { limit: 4 });
    expect(latest!.map((m) => m.content)).toEqual(['late 1', 'late 2', 'late 3', 'the last']);
    expect(await conversationMessages(q, bob, ada, { before: randomUUID() })).toBeUndefined();
    // The suspended user's messages read as removed (their text kept); the reinstated user's read as sent.
    const between = (await conversationMessages(q, ada, cat, { limit: 1_000 }))!;
    const [fromCat, fromAda] = [between.filter((m) => m.senderId === cat), between.filter((m) => m.senderId === ada)];
    expect(fromCat.length).toBeGreaterThan(5);
    expect(new Set(fromCat.map((m) => m.content))).toEqual(new Set([MODERATION_MESSAGES.messageRemoved]));
    expect(fromAda.filter((m) => m.content.startsWith('message ')).length).toBeGreaterThan(5);
    const catsRows = (await conversationsPage(q, cat)).filter((c) => c.lastMessage.senderId === cat);
    expect(catsRows.length).toBeGreaterThan(0);
    for (const c of catsRows) expect(c.lastMessage.content).toBe(MODERATION_MESSAGES.messageRemoved);
  });
});

function customized(userId: string, profileImageUrl: string): NewEvent {
  return event('ProfileCustomized', {
    userId,
    aboutMe: null,
    profileImageUrl,
    backgroundImageUrl: null,
    backgroundColor: null,
    textColor: null,
  });
}

type Row = Record<string, unknown>;
const byKey = (key: (row: Row) => string) => (a: Row, b: Row) => key(a).localeCompare(key(b));

/**
 * The read model's tables as the script works them out, one event after the other: a message
 * adds one to its receiver's unread count and total, a read takes the reader's back to 0, a
 * removal or an account deletion rewrites the text (the last one wins), and a conversation row
 * shows its last message's text as it now reads.
 */
function tablesFrom(events: readonly NewEvent[]) {
  const messages = new Map<string, { id: string; sender_id: string; receiver_id: string; content: string }>();
  const rows = new Map<
    string,
    { user_id: string; other_user_id: string; last_message_id: string; unread_count: number }
  >();
  const totals = new Map<string, number>();
  const cards = new Map<string, { user_id: string; username: string; profile_image_url: string | null }>();
  const suspended = new Set<string>();
  const row = (userId: string, otherUserId: string, lastId: string) => {
    const key = `${userId}/${otherUserId}`;
    const r = rows.get(key) ?? {
      user_id: userId,
      other_user_id: otherUserId,
      last_message_id: lastId,
      unread_count: 0,
    };
    rows.set(key, { ...r, last_message_id: lastId });
    return rows.get(key)!;
  };
  for (const { type, data } of events) {
    const d = data as Record<string, string>;
    if (type === 'MessageSent') {
      messages.set(d.messageId!, {
        id: d.messageId!,
        sender_id: d.senderId!,
        receiver_id: d.receiverId!,
        content: d.content!,
      });
      row(d.senderId!, d.receiverId!, d.messageId!);
      row(d.receiverId!, d.senderId!, d.messageId!).unread_count += 1;
      totals.set(d.receiverId!, (totals.get(d.receiverId!) ?? 0) + 1);
    } else if (type === 'ConversationRead') {
      const r = rows.get(`${d.readerId}/${d.otherUserId}`);
      if (r && r.unread_count > 0) totals.set(d.readerId!, totals.get(d.readerId!)! - r.unread_count);
      if (r) r.unread_count = 0;
    } else if (type === 'ContentRemoved' && d.contentType === 'message') {
      messages.get(d.contentId!)!.content = MODERATION_MESSAGES.messageRemoved;
    } else if (type === 'ContentRemoved' && d.contentType === 'user') suspended.add(d.contentId!);
    else if (type === 'AccountReinstated') suspended.delete(d.userId!);
    else if (type === 'AccountDeleted') {
      for (const m of messages.values()) if (m.sender_id === d.userId) m.content = REDACTED_TEXT;
      suspended.delete(d.userId!);
      cards.delete(d.userId!);
    } else if (type === 'UserRegistered')
      cards.set(d.userId!, { user_id: d.userId!, username: d.username!, profile_image_url: null });
    else if (type === 'ProfileCustomized') cards.get(d.userId!)!.profile_image_url = d.profileImageUrl!;
  }
  return {
    messages: [...messages.values()].sort(byKey((m) => m.id as string)),
    conversations: [...rows.values()]
      .map((r) => ({ ...r, last_content: messages.get(r.last_message_id)!.content }))
      .sort(byKey((r) => `${r.user_id}/${r.other_user_id}`)),
    unread_totals: [...totals].map(([user_id, total]) => ({ user_id, total })).sort(byKey((t) => t.user_id as string)),
    user_cards: [...cards.values()].sort(byKey((c) => c.user_id as string)),
    suspended_senders: [...suspended].map((user_id) => ({ user_id })),
  };
}

/** The same columns of a built generation, in the same order. */
async function tablesIn(db: Kysely<any>, schema: string): Promise<ReturnType<typeof tablesFrom>> {
  const q = db.withSchema(schema);
  const rows = (table: string, columns: string[]) => q.selectFrom(table).select(columns).execute();
  return {
    messages: (await rows('messages', ['id', 'sender_id', 'receiver_id', 'content'])).sort(
      byKey((m) => m.id as string),
    ),
    conversations: (
      await rows('conversations', ['user_id', 'other_user_id', 'last_message_id', 'unread_count', 'last_content'])
    ).sort(byKey((r) => `${r.user_id}/${r.other_user_id}`)),
    unread_totals: (await rows('unread_totals', ['user_id', 'total']))
      .map((t) => ({ user_id: t.user_id, total: Number(t.total) }))
      .sort(byKey((t) => t.user_id as string)),
    user_cards: (await rows('user_cards', ['user_id', 'username', 'profile_image_url'])).sort(
      byKey((c) => c.user_id as string),
    ),
    suspended_senders: await rows('suspended_senders', ['user_id']),
  } as ReturnType<typeof tablesFrom>;
}
