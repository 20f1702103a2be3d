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
import { schemaDifferences } from '../../testing/compare-schemas.ts';
import { conversationsProjection } from './conversations.projection.ts';
import { conversationMessages, conversationsPage, unreadTotals } from './conversations.queries.ts';

const TABLES = ['messages', 'conversations', 'unread_totals', 'user_cards', 'suspended_senders'];
const event = (type: string, data: object): NewEvent => ({ id: randomUUID(), type, data, metadata: testMetadata() });

describe('the conversations read model', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  const users = Array.from({ length: 6 }, () => randomUUID());
  const [ada, bob, cat] = users as [string, string, string];

  beforeAll(async () => {
    database = await createTestDatabase('conversations_model');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 5 });
    await ensureRegistry(db);
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
      await store.append(
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
        await store.append(stream, expected.any, [
          event('ConversationRead', { readerId: from, otherUserId: to, readAt: at }),
        ]);
      else {
        const messageId = randomUUID();
        sent.push({ id: messageId, stream, senderId: from });
        await store.append(stream, expected.any, [
          event('MessageSent', { messageId, senderId: from, receiverId: to, content: `message ${i}`, sentAt: at }),
        ]);
      }
      if (random(9) === 0 && sent.length > 0) {
        const target = random(2) === 0 ? sent.at(-1)! : sent[random(sent.length)]!;
        await store.append(target.stream, expected.any, [removed('message', target.id, target.senderId, at)]);
      }
      if (i === 200) await store.append(ACCOUNTS_STREAMS.user(ada), expected.any, [removed('user', ada, ada, at)]);
      if (i === 250) await store.append(ACCOUNTS_STREAMS.user(cat), expected.any, [removed('user', cat, cat, at)]);
      if (i === 350)
        await store.append(ACCOUNTS_STREAMS.user(ada), expected.any, [
          event('AccountReinstated', { userId: ada, adminId: bob, note: 'Appeal upheld', reinstatedAt: at }),
        ]);
      if (i === 300)
        await store.append(ACCOUNTS_STREAMS.user(users[4]!), expected.any, [
          event('AccountDeleted', { userId: users[4]!, deletedAt: at }),
        ]);
      if (i % 50 === 0)
        await store.append(`post-${randomUUID()}`, expected.noStream, [event('PostCreated', { unrelated: true })]);
    }
    await store.append(ACCOUNTS_STREAMS.user(cat), expected.any, [customized(cat, '/img/new.webp')]);
    // A scenario to read back: three to Ada from Bob, Ada reads, one more.
    const pair = conversationStreamName(ada, bob);
    for (const n of [1, 2, 3])
      await store.append(pair, expected.any, [
        event('MessageSent', {
          messageId: randomUUID(),
          senderId: bob,
          receiverId: ada,
          content: `late ${n}`,
          sentAt: new Date().toISOString(),
        }),
      ]);
    await store.append(pair, expected.any, [
      event('ConversationRead', { readerId: ada, otherUserId: bob, readAt: new Date().toISOString() }),
    ]);
    await store.append(pair, expected.any, [
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

  it('the set-based batch path builds exactly what the per-event handlers build, whatever the batch size', async () => {
    const reference = await build(
      { ...conversationsProjection, name: 'conversations_reference', batchStatements: undefined },
      100,
    );
    const rows = await sql<{
      n: number;
      removed: number;
      redacted: number;
    }>`select count(*)::int as n, count(*) filter (where content = ${MODERATION_MESSAGES.messageRemoved})::int as removed,
        count(*) filter (where content = ${REDACTED_TEXT})::int as redacted from ${sql.id(reference, 'messages')}`.execute(
      db,
    );
    expect(rows.rows[0]!.n).toBeGreaterThan(300);
    // (The deleted user's removed messages read as deleted from then on.)
    expect(rows.rows[0]!.removed).toBeGreaterThan(30);
    expect(rows.rows[0]!.redacted).toBeGreaterThan(20);
    // Suspension hides without erasing: the reinstated user's texts are there, the suspended one's kept and flagged.
    const suspended = await sql<{
      user_id: string;
    }>`select user_id from ${sql.id(reference, 'suspended_senders')}`.execute(db);
    expect(suspended.rows.map((r) => r.user_id)).toEqual([cat]);
    const kept = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(reference, 'messages')} where sender_id = ${cat} and content like 'message %'`.execute(
      db,
    );
    expect(kept.rows[0]!.n).toBeGreaterThan(20);
    const cards = await sql<{ user_id: string }>`select user_id from ${sql.id(reference, 'user_cards')}`.execute(db);
    expect(cards.rows.map((c) => c.user_id)).not.toContain(users[4]);
    // Without per-event handlers, nothing can fall back to them: the set-based statements alone.
    const setBased: Projection = { ...conversationsProjection, name: 'conversations_set_based', handlers: {} };
    for (const batchSize of [1, 7, 1_000]) {
      const batched = await build(setBased, batchSize);
      expect(await schemaDifferences(db, batched, reference, TABLES), `batches of ${batchSize}`).toEqual(
        Object.fromEntries(TABLES.map((t) => [t, 0])),
      );
    }
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
