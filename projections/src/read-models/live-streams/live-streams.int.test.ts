import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, QueryCreator } from 'kysely';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { liveStreamStreamName, type LiveStreamEvent } from '@myworld/schemas';
import { createDatabase } from '../../database.ts';
import { rebuild } from '../../rebuild.ts';
import { schemaDifferences } from '../../testing/compare-schemas.ts';
import { liveStreamsProjection, type LiveStreamsDb } from './live-streams.projection.ts';
import {
  activeLiveStreams,
  activeStreamsStartedBefore,
  liveAndUpcomingStreams,
  liveStreamById,
  liveStreamUser,
  recentStreamChat,
} from './live-streams.queries.ts';

describe('live_streams projection', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let kysely: Kysely<any>;
  let q: QueryCreator<LiveStreamsDb>;
  const alice = randomUUID();
  const bob = randomUUID();
  const music = randomUUID();
  const gaming = randomUUID();
  const over = randomUUID();
  const soon = randomUUID();
  const later = randomUUID();
  const cancelled = randomUUID();
  const gift = (giftId: string, type: 'GiftPaid' | 'GiftRefunded', streamId: string, cents: number) =>
    store.append(`gift-${giftId}`, expected.any, [
      {
        id: randomUUID(),
        ...(type === 'GiftPaid'
          ? {
              type,
              data: {
                giftId,
                streamId,
                streamerId: alice,
                senderId: bob,
                giftType: 'rose',
                quantity: 1,
                amountCents: cents,
                paymentIntentId: `pi_${giftId}`,
                paidAt: '2025-08-17T10:04:00.000Z',
              },
            }
          : {
              type,
              data: {
                giftId,
                streamId,
                streamerId: alice,
                refundedCents: cents,
                refundedAt: '2025-08-17T10:05:00.000Z',
              },
            }),
        metadata: testMetadata(),
      },
    ]);
  const schedule = (streamId: string, scheduledFor: string): LiveStreamEvent => ({
    type: 'LiveStreamScheduled',
    data: {
      streamId,
      userId: alice,
      title: 'later',
      description: '',
      category: 'dance',
      tags: [],
      allowDuets: true,
      scheduledFor,
      scheduledAt: '2025-08-17T08:00:00.000Z',
    },
  });
  const reminder = (streamId: string, userId: string, cancel = false): LiveStreamEvent =>
    cancel
      ? { type: 'LiveStreamReminderCancelled', data: { streamId, userId, cancelledAt: '2025-08-17T08:02:00.000Z' } }
      : { type: 'LiveStreamReminderRequested', data: { streamId, userId, requestedAt: '2025-08-17T08:01:00.000Z' } };

  const append = (streamId: string, events: LiveStreamEvent[]) =>
    store.append(
      liveStreamStreamName(streamId),
      expected.any,
      events.map((e) => ({ id: randomUUID(), ...e, metadata: testMetadata() })),
    );
  const start = (
    streamId: string,
    userId: string,
    category: 'music' | 'gaming',
    startedAt: string,
  ): LiveStreamEvent => ({
    type: 'LiveStreamStarted',
    data: {
      streamId,
      userId,
      title: `${category} stream`,
      description: 'hello',
      category,
      tags: [category],
      allowDuets: category === 'music',
      startedAt,
    },
  });
  const join = (streamId: string, viewerId: string, userId: string | null = null): LiveStreamEvent => ({
    type: 'LiveStreamViewerJoined',
    data: { streamId, viewerId, userId, joinedAt: '2025-08-17T10:01:00.000Z' },
  });

  beforeAll(async () => {
    db = await createTestDatabase('live_streams');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    kysely = createDatabase(db.url, { max: 4 });
    for (const [userId, username] of [
      [alice, 'alice'],
      [bob, 'bob'],
    ] as const) {
      await store.append(`user-${userId}`, expected.noStream, [
        {
          id: randomUUID(),
          type: 'UserRegistered',
          data: {
            userId,
            username,
            firstName: 'A',
            lastName: 'B',
            email: `${username}@example.test`,
            birthDate: '1990-01-01',
            passwordHash: 'scrypt$x',
            registeredAt: '2025-08-01T10:00:00.000Z',
          },
          metadata: testMetadata(),
        },
      ]);
    }
    await append(music, [
      start(music, alice, 'music', '2025-08-17T10:00:00.000Z'),
      join(music, 'c1', bob),
      join(music, 'c2'),
      join(music, 'c3'),
    ]);
    await append(music, [
      {
        type: 'LiveStreamViewerLeft',
        data: { streamId: music, viewerId: 'c3', userId: null, leftAt: '2025-08-17T10:02:00.000Z' },
      },
    ]);
    for (const [i, content] of ['first', 'second', 'third'].entries()) {
      await append(music, [
        {
          type: 'LiveStreamChatMessagePosted',
          data: {
            streamId: music,
            messageId: randomUUID(),
            userId: i === 1 ? alice : bob,
            content,
            postedAt: '2025-08-17T10:03:00.000Z',
          },
        },
      ]);
    }
    await append(gaming, [start(gaming, bob, 'gaming', '2025-08-17T10:05:00.000Z'), join(gaming, 'c4')]);
    await append(over, [
      start(over, bob, 'music', '2025-08-17T09:00:00.000Z'),
      join(over, 'c5'),
      {
        type: 'LiveStreamEnded',
        data: { streamId: over, endedBy: null, reason: 'media_lost', endedAt: '2025-08-17T09:30:00.000Z' },
      },
    ]);
    // Duets: music's ended, gaming's goes on.
    await append(music, [
      {
        type: 'LiveStreamDuetRequested',
        data: { streamId: music, userId: bob, message: 'hi', requestedAt: '2025-08-17T10:06:00.000Z' },
      },
      {
        type: 'LiveStreamDuetStarted',
        data: { streamId: music, partnerId: bob, startedAt: '2025-08-17T10:07:00.000Z' },
      },
      {
        type: 'LiveStreamDuetEnded',
        data: {
          streamId: music,
          partnerId: bob,
          endedBy: alice,
          reason: 'streamer',
          endedAt: '2025-08-17T10:08:00.000Z',
        },
      },
    ]);
    await append(gaming, [
      {
        type: 'LiveStreamDuetStarted',
        data: { streamId: gaming, partnerId: alice, startedAt: '2025-08-17T10:07:00.000Z' },
      },
    ]);
    await gift('g1', 'GiftPaid', music, 500);
    await gift('g2', 'GiftPaid', music, 250);
    await gift('g2', 'GiftRefunded', music, 100);
    // Scheduled: one stays upcoming with a reminder, one goes live, one is cancelled.
    await append(later, [
      schedule(later, '2025-08-20T10:00:00.000Z'),
      reminder(later, bob),
      reminder(later, alice),
      reminder(later, alice, true),
    ]);
    await append(soon, [
      schedule(soon, '2025-08-18T10:00:00.000Z'),
      reminder(soon, bob),
      { type: 'LiveStreamWentLive', data: { streamId: soon, startedAt: '2025-08-17T10:10:00.000Z' } },
    ]);
    await append(cancelled, [
      schedule(cancelled, '2025-08-19T10:00:00.000Z'),
      {
        type: 'LiveStreamEnded',
        data: { streamId: cancelled, endedBy: alice, reason: 'owner', endedAt: '2025-08-17T09:00:00.000Z' },
      },
    ]);
    const built = await rebuild({ store, db: kysely, projection: liveStreamsProjection });
    q = kysely.withSchema(built.generation.schemaName) as unknown as QueryCreator<LiveStreamsDb>;
  });

  afterAll(async () => {
    await kysely?.destroy();
    await store?.close();
    await db?.drop();
  });

  it('lists active streams as the Live stream entity, newest first, with the streamer from UserRegistered; viewer joins and leaves count nobody (presence is in Redis)', async () => {
    const all = await activeLiveStreams(q);
    expect(all.map((s) => s.id)).toEqual([soon, gaming, music]);
    expect(all[2]).toEqual({
      id: music,
      userId: alice,
      title: 'music stream',
      description: 'hello',
      category: 'music',
      tags: ['music'],
      allowDuets: true,
      thumbnailUrl: null,
      viewerCount: 0,
      // 500 + 250 paid, 100 refunded.
      totalGiftsReceived: 650,
      isActive: true,
      isScheduled: false,
      scheduledFor: null,
      startedAt: '2025-08-17T10:00:00.000Z',
      endedAt: null,
      streamerUsername: 'alice',
      duetPartnerId: null,
      user: { username: 'alice', profileImageUrl: null, isVerified: false },
    });
  });

  it('filters by category and keeps ended streams out of the listings', async () => {
    expect((await activeLiveStreams(q, { category: 'gaming' })).map((s) => s.id)).toEqual([gaming]);
    expect((await activeLiveStreams(q, { category: 'art' })).map((s) => s.id)).toEqual([]);
    expect((await liveAndUpcomingStreams(q)).map((s) => s.id)).toEqual([soon, gaming, music, later]);
    expect(await liveStreamById(q, over)).toMatchObject({
      isActive: false,
      viewerCount: 0,
      endedAt: '2025-08-17T09:30:00.000Z',
      streamerUsername: 'bob',
    });
  });

  it('pages the streams live since before a moment, for the dead-stream sweep', async () => {
    const both = [music, gaming].sort();
    expect(await activeStreamsStartedBefore(q, new Date('2025-08-17T10:09:00.000Z'))).toEqual(
      both.map((id) => ({
        id,
        startedAt: new Date(id === music ? '2025-08-17T10:00:00.000Z' : '2025-08-17T10:05:00.000Z'),
      })),
    );
    // Younger streams and ended ones are not candidates; pages follow the id.
    expect((await activeStreamsStartedBefore(q, new Date('2025-08-17T10:04:00.000Z'))).map((s) => s.id)).toEqual([
      music,
    ]);
    const first = await activeStreamsStartedBefore(q, new Date('2025-08-17T10:09:00.000Z'), { limit: 1 });
    expect(first.map((s) => s.id)).toEqual([both[0]]);
    expect(
      (await activeStreamsStartedBefore(q, new Date('2025-08-17T10:09:00.000Z'), { afterId: both[0] })).map(
        (s) => s.id,
      ),
    ).toEqual([both[1]]);
  });

  it('keeps the chat in order with each sender', async () => {
    const chat = await recentStreamChat(q, music);
    expect(chat.map((m) => [m.content, m.user.username])).toEqual([
      ['first', 'bob'],
      ['second', 'alice'],
      ['third', 'bob'],
    ]);
    expect((await recentStreamChat(q, music, 2)).map((m) => m.content)).toEqual(['second', 'third']);
    expect(await liveStreamUser(q, alice)).toEqual({ username: 'alice', profileImageUrl: null });
  });

  it('scheduled streams: upcoming until they go live (then live), a cancelled one is neither; reminders per user', async () => {
    expect(await liveStreamById(q, later)).toMatchObject({
      isActive: false,
      isScheduled: true,
      scheduledFor: '2025-08-20T10:00:00.000Z',
      startedAt: null,
    });
    expect(await liveStreamById(q, soon)).toMatchObject({
      isActive: true,
      isScheduled: false,
      scheduledFor: '2025-08-18T10:00:00.000Z',
      startedAt: '2025-08-17T10:10:00.000Z',
    });
    expect(await liveStreamById(q, cancelled)).toMatchObject({
      isActive: false,
      isScheduled: false,
      endedAt: '2025-08-17T09:00:00.000Z',
    });
    const reminders = await q
      .selectFrom('live_stream_reminders')
      .select(['stream_id', 'user_id', 'requested_at'])
      .orderBy('stream_id')
      .execute();
    expect(reminders.map((r) => [r.stream_id, r.user_id, r.requested_at.toISOString()]).sort()).toEqual(
      [
        [later, bob, '2025-08-17T08:01:00.000Z'],
        [soon, bob, '2025-08-17T08:01:00.000Z'],
      ].sort(),
    );
  });

  it('keeps the duet partner while the duet lasts', async () => {
    expect((await liveStreamById(q, music))?.duetPartnerId).toBeNull();
    expect((await liveStreamById(q, gaming))?.duetPartnerId).toBe(alice);
  });

  it('a replay from position 0 rebuilds exactly the same tables', async () => {
    const first = await rebuild({
      store,
      db: kysely,
      projection: { ...liveStreamsProjection, name: 'live_streams_a' },
    });
    const second = await rebuild({
      store,
      db: kysely,
      projection: { ...liveStreamsProjection, name: 'live_streams_b' },
    });
    expect(
      await schemaDifferences(kysely, first.generation.schemaName, second.generation.schemaName, [
        'live_streams',
        'live_stream_users',
        'live_stream_chat_messages',
        'live_stream_reminders',
      ]),
    ).toEqual({
      live_streams: 0,
      live_stream_users: 0,
      live_stream_chat_messages: 0,
      live_stream_reminders: 0,
    });
  });
});
