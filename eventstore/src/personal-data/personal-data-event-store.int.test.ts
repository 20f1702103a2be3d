import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { START, comparePositions, type Position } from '@myworld/schemas';
import { expect as expected, type NewEvent, type RecordedEvent } from '../port.ts';
import { PostgresEventStore } from '../postgres/postgres-event-store.ts';
import { runEventStoreContract } from '../testing/event-store-contract.ts';
import { testMetadata } from '../testing/sample-events.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { PersonalDataEventStore } from './personal-data-event-store.ts';
import { REDACTED_DATE, REDACTED_TEXT } from './personal-fields.ts';
import { PostgresSubjectKeys } from './subject-keys.ts';

const TEST_SECRET = 'test-personal-data-secret-of-32-characters-at-least';

runEventStoreContract('PostgreSQL behind crypto-shredding', async () => {
  const db = await createTestDatabase('es_personal_contract');
  const inner = new PostgresEventStore({ connectionString: db.url, poolSize: 12 });
  await inner.migrate();
  const keys = new PostgresSubjectKeys(inner.pool, TEST_SECRET);
  await keys.migrate();
  return {
    store: new PersonalDataEventStore(inner, keys),
    dispose: async () => {
      await inner.close();
      await db.drop();
    },
  };
});

describe('crypto-shredding of personal fields (PostgreSQL)', () => {
  let db: TestDatabase;
  let inner: PostgresEventStore;
  let store: PersonalDataEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('es_personal');
    inner = new PostgresEventStore({ connectionString: db.url });
    await inner.migrate();
    const keys = new PostgresSubjectKeys(inner.pool, TEST_SECRET);
    await keys.migrate();
    store = new PersonalDataEventStore(inner, keys);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  let born = 0;
  const person = (label: string) => {
    const userId = randomUUID();
    // A birth date of each one's own, so finding it in a read names whose it is.
    const birthDate = new Date(Date.UTC(1960, 0, 1) + born++ * 86_400_000 * 37).toISOString().slice(0, 10);
    return {
      userId,
      username: `u_${label}`,
      firstName: `First${label}`,
      lastName: `Last${label}`,
      email: `${label}.${userId.slice(0, 8)}@example.test`,
      birthDate,
    };
  };
  type Person = ReturnType<typeof person>;
  const event = (type: string, data: Record<string, unknown>): NewEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: testMetadata(),
  });
  const registered = (p: Person) =>
    event('UserRegistered', {
      ...p,
      passwordHash: `scrypt$hash-of-${p.userId}`,
      registeredAt: new Date().toISOString(),
    });
  const deleted = (p: Person) => event('AccountDeleted', { userId: p.userId, deletedAt: new Date().toISOString() });
  const message = (from: Person, to: Person, content: string) =>
    event('MessageSent', {
      messageId: randomUUID(),
      senderId: from.userId,
      receiverId: to.userId,
      content,
      sentAt: new Date().toISOString(),
    });

  /** Everything the table holds for these events, as text (data and metadata). */
  async function rawRows(ids: readonly string[]): Promise<string> {
    const r = await inner.pool.query<{ row: string }>(
      'select row_to_json(events)::text as row from events where event_id = any($1::uuid[])',
      [ids],
    );
    expect(r.rows).toHaveLength(ids.length);
    return r.rows.map((x) => x.row).join('\n');
  }

  /** A replay of the whole log from 0, once it has reached `upTo` (older transactions elsewhere in the cluster may hold it back a moment). */
  async function everything(upTo: Position): Promise<RecordedEvent[]> {
    for (let attempt = 0; ; attempt++) {
      const all: RecordedEvent[] = [];
      for (let after = START; ;) {
        const batch = await store.readAll({ after, maxCount: 50 });
        if (batch.length === 0) break;
        all.push(...batch);
        after = batch.at(-1)!.position;
      }
      if ((all.length > 0 && comparePositions(all.at(-1)!.position, upTo) >= 0) || attempt >= 200) return all;
      await sleep(50);
    }
  }

  const secretsOf = (p: Person) => [p.email, p.firstName, p.lastName, p.birthDate, `hash-of-${p.userId}`];

  it('stores personal fields sealed and reads them back plain (stream and global reads)', async () => {
    const alice = person('alice');
    const bob = person('bob');
    const events = [registered(alice)];
    await store.append(`user-${alice.userId}`, expected.noStream, events);
    const note = message(alice, bob, 'meet me at the old mill at noon');
    const { position } = await store.append(`conversation-${alice.userId}`, expected.noStream, [note]);

    const raw = await rawRows([events[0]!.id, note.id]);
    for (const secret of [...secretsOf(alice), 'old mill']) expect(raw).not.toContain(secret);
    expect(raw).toContain(alice.userId); // ids and the username stay as they are
    expect(raw).toContain(alice.username);

    const [read] = await store.readStream(`user-${alice.userId}`);
    expect(read!.data).toEqual(events[0]!.data);
    const global = (await everything(position)).find((e) => e.id === note.id);
    expect(global!.data).toEqual(note.data);
  });

  it('a redacted stream read (a decision that needs no personal field) opens nothing: the fields read as their redaction, and no key is read', async () => {
    const erin = person('erin');
    const registration = registered(erin);
    await store.append(`user-${erin.userId}`, expected.noStream, [registration]);
    const keys = new PostgresSubjectKeys(inner.pool, TEST_SECRET);
    let keyReads = 0;
    const counted = new PersonalDataEventStore(inner, {
      forWriting: (subjects) => keys.forWriting(subjects),
      forReading: (subjects) => (keyReads++, keys.forReading(subjects)),
      destroy: (subject) => keys.destroy(subject),
      close: async () => undefined,
    });

    const [redactedRead] = await counted.readStream(`user-${erin.userId}`, undefined, { personalData: 'redacted' });
    expect(redactedRead!.data).toEqual({
      ...(registration.data as Record<string, unknown>),
      firstName: REDACTED_TEXT,
      lastName: REDACTED_TEXT,
      email: `deleted-${erin.userId}@deleted.invalid`,
      birthDate: REDACTED_DATE,
      passwordHash: REDACTED_TEXT,
    });
    expect(keyReads).toBe(0);
    // The key is still there: an ordinary read opens the same event.
    const [opened] = await counted.readStream(`user-${erin.userId}`);
    expect(opened!.data).toEqual(registration.data);
    expect(keyReads).toBe(1);
  });

  it("after AccountDeleted, no read (nor the table) holds that user's personal data; other users' stays readable", async () => {
    const carol = person('carol');
    const dave = person('dave');
    const carolEvents = [
      registered(carol),
      event('ProfileCustomized', {
        userId: carol.userId,
        aboutMe: 'I grow tomatoes in Ghent',
        profileImageUrl: '/objects/u/carol.webp',
        backgroundImageUrl: null,
        backgroundColor: '#112233',
        textColor: null,
      }),
    ];
    await store.append(`user-${carol.userId}`, expected.noStream, carolEvents);
    await store.append(`user-${dave.userId}`, expected.noStream, [registered(dave)]);
    const fromCarol = message(carol, dave, 'the spare key is under the blue pot');
    const fromDave = message(dave, carol, 'thanks, see you Sunday');
    await store.append(`conversation-${carol.userId}-${dave.userId}`, expected.noStream, [fromCarol, fromDave]);

    const { position } = await store.append(`user-${carol.userId}`, expected.version(1n), [deleted(carol)]);

    const carolSecrets = [...secretsOf(carol), 'tomatoes', 'carol.webp', 'blue pot'];
    const raw = await rawRows([...carolEvents.map((e) => e.id), fromCarol.id, fromDave.id]);
    for (const secret of carolSecrets) expect(raw).not.toContain(secret);

    const replay = JSON.stringify(await everything(position), (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v,
    );
    for (const secret of carolSecrets) expect(replay).not.toContain(secret);
    for (const secret of [dave.email, dave.firstName, dave.lastName, 'see you Sunday'])
      expect(replay).toContain(secret);

    const [user, profile] = await store.readStream(`user-${carol.userId}`);
    expect(user!.data).toEqual({
      ...carol,
      firstName: REDACTED_TEXT,
      lastName: REDACTED_TEXT,
      email: `deleted-${carol.userId}@deleted.invalid`,
      birthDate: REDACTED_DATE,
      passwordHash: REDACTED_TEXT,
      registeredAt: (carolEvents[0]!.data as { registeredAt: string }).registeredAt,
    });
    expect(profile!.data).toMatchObject({
      aboutMe: null,
      profileImageUrl: null,
      backgroundImageUrl: null,
      backgroundColor: '#112233',
    });
    const conversation = await store.readStream(`conversation-${carol.userId}-${dave.userId}`);
    expect(conversation.map((e) => (e.data as { content: string }).content)).toEqual([
      REDACTED_TEXT,
      'thanks, see you Sunday',
    ]);

    // The key row is gone; only the fact that the subject was forgotten stays.
    expect(
      (await inner.pool.query('select 1 from personal_data_keys where subject_id = $1', [carol.userId])).rows,
    ).toEqual([]);
    const forgotten = await inner.pool.query(
      'select forgotten_at from personal_data_forgotten_subjects where subject_id = $1',
      [carol.userId],
    );
    expect(forgotten.rows[0]).toMatchObject({ forgotten_at: expect.any(Date) });
  });

  it('a forgotten user gets no new key: personal data appended later is written as its redaction', async () => {
    const erin = person('erin');
    await store.append(`user-${erin.userId}`, expected.noStream, [registered(erin), deleted(erin)]);
    const late = message(erin, person('x'), 'a message racing the deletion');
    await store.append(`conversation-late-${erin.userId}`, expected.noStream, [late]);
    expect(await rawRows([late.id])).toContain(`"content": "${REDACTED_TEXT}"`);
  });

  it('events written before crypto-shredding hold plain values and read as they are', async () => {
    const frank = person('frank');
    const legacy = registered(frank);
    await inner.append(`user-${frank.userId}`, expected.noStream, [legacy]);
    const [read] = await store.readStream(`user-${frank.userId}`);
    expect(read!.data).toEqual(legacy.data);
  });

  it('a read meeting AccountDeleted whose key survived (a crash after the append) destroys the key first', async () => {
    const gina = person('gina');
    await store.append(`user-${gina.userId}`, expected.noStream, [registered(gina)]);
    // The deletion reaches the log, but the process stops before destroying the key.
    await inner.append(`user-${gina.userId}`, expected.version(0n), [deleted(gina)]);
    const [user] = await store.readStream(`user-${gina.userId}`);
    expect((user!.data as { email: string }).email).toBe(`deleted-${gina.userId}@deleted.invalid`);
  });

  it('a retried append (same event ids) stores the sealed event once', async () => {
    const hank = person('hank');
    const events = [registered(hank)];
    const first = await store.append(`user-${hank.userId}`, expected.noStream, events);
    const retry = await store.append(`user-${hank.userId}`, expected.noStream, events);
    expect(retry).toEqual({ ...first, appended: false });
    expect((await store.readStream(`user-${hank.userId}`)).map((e) => e.data)).toEqual([events[0]!.data]);
  });

  it('a sealed value copied into another event does not open (bound to its event and field)', async () => {
    const ivy = person('ivy');
    const original = registered(ivy);
    await store.append(`user-${ivy.userId}`, expected.noStream, [original]);
    const stored = await inner.readStream(`user-${ivy.userId}`);
    const copy = event('EmailVerified', {
      userId: ivy.userId,
      email: (stored[0]!.data as { email: unknown }).email,
      verifiedAt: new Date().toISOString(),
    });
    await inner.append(`user-${ivy.userId}`, expected.version(0n), [copy]);
    await expect(store.readStream(`user-${ivy.userId}`)).rejects.toThrow();
  });
});
