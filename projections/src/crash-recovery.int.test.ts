import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { PostgresEventStore, expect as expected, type EventStore, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { comparePositions, liveStreamStreamName, type Position } from '@myworld/schemas';
import { createDatabase } from './database.ts';
import { activeGeneration, ensureRegistry } from './generations.ts';
import type { Projection } from './projection.ts';
import { rebuild } from './rebuild.ts';
import { liveStreamsProjection } from './read-models/live-streams/live-streams.projection.ts';
import { timelinesProjection } from './read-models/timelines/timelines.projection.ts';
import { seedEvents } from './testing/seed-events.ts';
import { rowCount, schemaDifferences } from './testing/compare-schemas.ts';
import { eventually, exited, startProjectionsProcess } from './testing/processes.ts';

/**
 * The pattern of both tests: a real projections process is SIGKILLed while a transaction that has
 * already written to `projection`'s tables is open; a second process then finishes the job, and
 * the result must equal a clean rebuild (nothing lost, nothing applied twice).
 */
async function killMidBatchThenRecover(options: {
  databaseUrl: string;
  db: Kysely<any>;
  store: EventStore;
  projection: Projection;
  events: number;
}) {
  const { databaseUrl, db, store, projection, events } = options;
  const children: ChildProcess[] = [];
  try {
    const first = startProjectionsProcess(databaseUrl, { PROJECTION_BATCH_SIZE: '400' });
    children.push(first);
    // Kill once a transaction of the projections process holds a write lock on one of this
    // projection's tables (it has written rows that are not committed yet) and some batches are in.
    const inside = await eventually(
      'a batch transaction with uncommitted writes',
      async () => {
        const g = await activeGeneration(db, projection.name);
        if (!g || g.eventsApplied === 0) return undefined;
        const open = await sql<{ n: number }>`select count(*) as n from pg_locks l
            join pg_stat_activity a on a.pid = l.pid
            join pg_class c on c.oid = l.relation
            join pg_namespace s on s.oid = c.relnamespace
           where a.application_name = 'myworld-projections' and a.datname = current_database()
             and l.mode = 'RowExclusiveLock' and l.granted and s.nspname = ${g.schemaName} and c.relkind = 'r'`.execute(
          db,
        );
        if (Number(open.rows[0]!.n) === 0) return undefined;
        first.kill('SIGKILL');
        return g;
      },
      60_000,
      2,
    );
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    const atCrash = (await activeGeneration(db, projection.name))!;
    expect(atCrash.generation).toBe(inside.generation);
    expect(atCrash.eventsApplied).toBeLessThan(events); // killed before the end, not after

    const second = startProjectionsProcess(databaseUrl, { PROJECTION_BATCH_SIZE: '400' });
    children.push(second);
    const head = await store.headPosition();
    const live = await eventually(
      'the restarted process to catch up',
      async () => {
        const g = await activeGeneration(db, projection.name);
        return g && comparePositions(g.checkpoint, head) >= 0 ? g : undefined;
      },
      120_000,
      100,
    );
    second.kill('SIGTERM');
    await exited(second);
    expect(comparePositions(live.checkpoint, head)).toBe(0);
    const clean = await rebuild({ store, db, projection, until: { position: head } });
    return { live, clean, head };
  } finally {
    for (const c of children) c.kill('SIGKILL');
  }
}

describe('projection runner killed in the middle of a batch', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;

  beforeAll(async () => {
    database = await createTestDatabase('crash');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 3 });
    await ensureRegistry(db);
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  it('after SIGKILL mid-transaction and a restart, the timeline (one set-based statement per batch) equals a clean rebuild', async () => {
    const EVENTS = 20_000;
    await seedEvents(store, EVENTS);
    const { live, clean } = await killMidBatchThenRecover({
      databaseUrl: database.url,
      db,
      store,
      projection: timelinesProjection,
      events: EVENTS,
    });
    expect(clean.events).toBe(EVENTS);
    const tables = ['timeline_entries', 'stream_summaries'];
    expect(await schemaDifferences(db, live.schemaName, clean.generation.schemaName, tables)).toEqual({
      timeline_entries: 0,
      stream_summaries: 0,
    });
    expect(await rowCount(db, live.schemaName, 'timeline_entries')).toBe(EVENTS);
    const summed = await sql<{
      n: number;
    }>`select sum(events) as n from ${sql.id(live.schemaName, 'stream_summaries')}`.execute(db);
    expect(Number(summed.rows[0]!.n)).toBe(EVENTS); // a doubled batch would count twice here
  }, 120_000);
});

describe('live_streams runner killed in the middle of a batch', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  const seeded = { events: 0, chats: 0, users: 0, streams: 0 };

  beforeAll(async () => {
    database = await createTestDatabase('crash_live');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 3 });
    await ensureRegistry(db);
    await seedLiveStreams(store, seeded);
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  it('after SIGKILL inside a batch of several statements per event, and a restart, live_streams equals a clean rebuild', async () => {
    const { live, clean } = await killMidBatchThenRecover({
      databaseUrl: database.url,
      db,
      store,
      projection: liveStreamsProjection,
      events: seeded.events,
    });
    const tables = ['live_streams', 'live_stream_users', 'live_stream_chat_messages'];
    expect(await schemaDifferences(db, live.schemaName, clean.generation.schemaName, tables)).toEqual({
      live_streams: 0,
      live_stream_users: 0,
      live_stream_chat_messages: 0,
    });
    expect(await rowCount(db, live.schemaName, 'live_streams')).toBe(seeded.streams);
    expect(await rowCount(db, live.schemaName, 'live_stream_users')).toBe(seeded.users);
    expect(await rowCount(db, live.schemaName, 'live_stream_chat_messages')).toBe(seeded.chats);
    // Each chat event is an insert and a counter update: a batch applied twice, or half of one
    // kept, would show here.
    const counted = await sql<{
      n: number;
    }>`select sum(chat_message_count) as n from ${sql.id(live.schemaName, 'live_streams')}`.execute(db);
    expect(Number(counted.rows[0]!.n)).toBe(seeded.chats);
  }, 120_000);
});

/** Users and live streams with viewers coming and going and chat: about 6,500 events. */
async function seedLiveStreams(
  store: EventStore,
  seeded: { events: number; chats: number; users: number; streams: number },
): Promise<Position> {
  const event = (type: string, data: unknown): NewEvent => ({ id: randomUUID(), type, data, metadata: testMetadata() });
  const users = Array.from({ length: 20 }, () => randomUUID());
  for (const [i, userId] of users.entries()) {
    await store.append(`user-${userId}`, expected.noStream, [
      event('UserRegistered', {
        userId,
        username: `streamer_${i}`,
        firstName: 'S',
        lastName: `${i}`,
        email: `s${i}@example.test`,
        birthDate: '1990-01-01',
        passwordHash: 'scrypt$x',
        registeredAt: '2025-08-01T10:00:00.000Z',
      }),
    ]);
  }
  seeded.users = users.length;
  seeded.events += users.length;
  let last: Position = { commit: 0n, prepare: 0n };
  for (let s = 0; s < 40; s++) {
    const streamId = randomUUID();
    const owner = users[s % users.length]!;
    const events: NewEvent[] = [
      event('LiveStreamStarted', {
        streamId,
        userId: owner,
        title: `stream ${s}`,
        description: '',
        category: 'music',
        tags: ['music'],
        allowDuets: false,
        startedAt: '2025-08-17T10:00:00.000Z',
      }),
    ];
    for (let i = 0; i < 160; i++) {
      const viewer = `c${i % 10}`;
      if (i % 4 === 0)
        events.push(
          event('LiveStreamViewerJoined', {
            streamId,
            viewerId: viewer,
            userId: null,
            joinedAt: '2025-08-17T10:01:00.000Z',
          }),
        );
      else if (i % 4 === 3)
        events.push(
          event('LiveStreamViewerLeft', {
            streamId,
            viewerId: viewer,
            userId: null,
            leftAt: '2025-08-17T10:02:00.000Z',
          }),
        );
      else {
        events.push(
          event('LiveStreamChatMessagePosted', {
            streamId,
            messageId: randomUUID(),
            userId: users[i % users.length]!,
            content: `message ${i}`,
            postedAt: '2025-08-17T10:03:00.000Z',
          }),
        );
        seeded.chats++;
      }
    }
    if (s % 2 === 0)
      events.push(
        event('LiveStreamEnded', { streamId, endedBy: owner, reason: 'owner', endedAt: '2025-08-17T11:00:00.000Z' }),
      );
    for (let from = 0; from < events.length; from += 100) {
      last = (await store.append(liveStreamStreamName(streamId), expected.any, events.slice(from, from + 100)))
        .position;
    }
    seeded.events += events.length;
    seeded.streams++;
  }
  return last;
}
