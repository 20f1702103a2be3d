import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PostgresEventStore, expect as expected, type EventStore } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, registerBody } from '@myworld/schemas';
import { emailDigest } from '@myworld/schemas/server';
import { newRegistration } from '@myworld/testkit';
import { loadApiConfig } from '../../config.ts';
import { registerUser } from './registration.ts';
import { userIdByEmail } from '@myworld/write-model/accounts';

const TOKEN_SECRET = 'registration-int-test-secret-0123456789';
const EMAIL_SECRET = 'registration-int-test-email-secret-0123456789';
const secrets = { tokenSecret: TOKEN_SECRET, emailSecret: EMAIL_SECRET };
const emailStream = (email: string) => ACCOUNTS_STREAMS.email(emailDigest(EMAIL_SECRET, email));

describe('registration rollback and orphaned reservations (real event store)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('registration');
    store = new PostgresEventStore({ connectionString: db.url, poolSize: 8 });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const body = (label: string) => registerBody.parse(newRegistration(label));
  const holders = async (stream: string) =>
    (await store.readStream(stream)).map((e) => `${e.type}:${(e.data as { userId: string }).userId}`);

  it('RESERVATION_ORPHAN_SECONDS defaults to 600 and is read from the environment', () => {
    expect(loadApiConfig({ NODE_ENV: 'test' }).RESERVATION_ORPHAN_SECONDS).toBe(600);
    expect(loadApiConfig({ NODE_ENV: 'test', RESERVATION_ORPHAN_SECONDS: '2' }).RESERVATION_ORPHAN_SECONDS).toBe(2);
  });

  it('a user-stream append that committed and then raised keeps its reservations (never released)', async () => {
    const reg = body('committed');
    // The store commits the user-stream append, then the call fails (as a lost connection or a timeout would).
    const failsAfterCommit = Object.assign(Object.create(store) as EventStore, {
      append: async (
        stream: string,
        ...rest: Parameters<EventStore['append']> extends [string, ...infer R] ? R : never
      ) => {
        const result = await store.append(stream, ...rest);
        if (stream.startsWith('user-')) throw new Error('connection lost after commit');
        return result;
      },
    });
    await expect(
      registerUser(failsAfterCommit, reg, { metadata: testMetadata() }, { ...secrets, orphanAfterMs: 600_000 }),
    ).rejects.toThrow('connection lost after commit');
    const username = await holders(ACCOUNTS_STREAMS.username(reg.username));
    expect(username).toHaveLength(1);
    expect(username[0]).toMatch(/^UsernameReserved:/);
    const userId = username[0]!.split(':')[1]!;
    expect(await holders(emailStream(reg.email))).toEqual([`EmailReserved:${userId}`]);
    expect((await store.readStream(ACCOUNTS_STREAMS.user(userId))).map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
    ]);
  });

  it('a refused registration still releases what it reserved', async () => {
    const first = body('refused');
    await registerUser(store, first, { metadata: testMetadata() }, { ...secrets, orphanAfterMs: 600_000 });
    const second = { ...body('refused'), email: first.email };
    await expect(
      registerUser(store, second, { metadata: testMetadata() }, { ...secrets, orphanAfterMs: 600_000 }),
    ).rejects.toMatchObject({ code: 'email_taken', status: 409 });
    const username = await holders(ACCOUNTS_STREAMS.username(second.username));
    expect(username.map((h) => h.split(':')[0])).toEqual(['UsernameReserved', 'UsernameReleased']);
  });

  it('a crash between reserving and registering holds the name only until the orphan window ends', async () => {
    const reg = body('orphan');
    const ghost = randomUUID();
    // The crash: both reservations are appended, the user stream never gets UserRegistered.
    await store.append(ACCOUNTS_STREAMS.username(reg.username), expected.noStream, [
      {
        id: randomUUID(),
        type: 'UsernameReserved',
        data: { username: reg.username, userId: ghost },
        metadata: testMetadata(),
      },
    ]);
    await store.append(emailStream(reg.email), expected.noStream, [
      { id: randomUUID(), type: 'EmailReserved', data: { email: reg.email, userId: ghost }, metadata: testMetadata() },
    ]);
    const options = { ...secrets, orphanAfterMs: 1_000 };
    await expect(
      registerUser(store, reg, { metadata: testMetadata() }, { ...options, orphanAfterMs: 600_000 }),
    ).rejects.toMatchObject({ code: 'username_taken', status: 409 });

    await sleep(1_100);
    const result = await registerUser(store, reg, { metadata: testMetadata() }, options);
    expect(result.appended).toBe(true);
    expect(await holders(ACCOUNTS_STREAMS.username(reg.username))).toEqual([
      `UsernameReserved:${ghost}`,
      `UsernameReleased:${ghost}`,
      `UsernameReserved:${result.userId}`,
    ]);
    expect(await holders(emailStream(reg.email))).toEqual([
      `EmailReserved:${ghost}`,
      `EmailReleased:${ghost}`,
      `EmailReserved:${result.userId}`,
    ]);

    // A registered holder's reservation is never reclaimed, however old.
    await sleep(1_100);
    await expect(
      registerUser(store, { ...body('orphan'), username: reg.username }, { metadata: testMetadata() }, options),
    ).rejects.toMatchObject({ code: 'username_taken' });
  });

  it('the email stream is named by a keyed digest, never by the address', async () => {
    const reg = body('digest');
    const { userId } = await registerUser(
      store,
      reg,
      { metadata: testMetadata() },
      { ...secrets, orphanAfterMs: 600_000 },
    );
    expect(await holders(emailStream(reg.email))).toEqual([`EmailReserved:${userId}`]);
    const named = await store.pool.query<{ n: string }>(
      'select count(*) as n from events where position($1 in stream_id) > 0',
      [reg.email],
    );
    expect(Number(named.rows[0]!.n)).toBe(0);
    expect(await userIdByEmail(store, EMAIL_SECRET, reg.email)).toBe(userId);
  });

  it('an account from before email digests (stream named by the address) still signs in and keeps its email taken', async () => {
    const reg = body('legacy');
    const legacyId = randomUUID();
    await store.append(`email-${reg.email}`, expected.noStream, [
      {
        id: randomUUID(),
        type: 'EmailReserved',
        data: { email: reg.email, userId: legacyId },
        metadata: testMetadata(),
      },
    ]);
    await store.append(ACCOUNTS_STREAMS.user(legacyId), expected.noStream, [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId: legacyId,
          username: `old_${reg.username}`.slice(0, 30),
          firstName: 'Old',
          lastName: 'Timer',
          email: reg.email,
          birthDate: '1980-01-01',
          passwordHash: 'x',
          registeredAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    expect(await userIdByEmail(store, EMAIL_SECRET, reg.email)).toBe(legacyId);
    await expect(
      registerUser(store, reg, { metadata: testMetadata() }, { ...secrets, orphanAfterMs: 600_000 }),
    ).rejects.toMatchObject({ code: 'email_taken', status: 409, field: 'email' });
  });
});
