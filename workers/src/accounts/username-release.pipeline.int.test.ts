import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, USERNAME_HOLD_AFTER_DELETION_MS } from '@myworld/schemas';
import { startUsernameRelease, type UsernameReleaseConfig } from './username-release.pipeline.ts';

const logger = pino({ level: 'silent' });
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: testMetadata(),
});

describe("deleted accounts' usernames: reactor -> delayed BullMQ job -> UsernameReleased", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let config: UsernameReleaseConfig;
  beforeAll(async () => {
    database = await createTestDatabase('username_release');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    config = {
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379/0',
      QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      REACTOR_BATCH_SIZE: 10,
    };
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** A registered account holding `username`, deleted `ago` milliseconds ago. */
  async function deletedAccount(username: string, ago: number): Promise<string> {
    const userId = randomUUID();
    await store.append(ACCOUNTS_STREAMS.username(username), expected.noStream, [
      event('UsernameReserved', { username, userId }),
    ]);
    await store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, [
      event('UserRegistered', {
        userId,
        username,
        firstName: 'A',
        lastName: 'B',
        email: `${username}@example.test`,
        birthDate: '1990-01-01',
        passwordHash: 'x',
        registeredAt: new Date(Date.now() - ago - 1000).toISOString(),
      }),
      event('AccountDeleted', { userId, deletedAt: new Date(Date.now() - ago).toISOString() }),
    ]);
    return userId;
  }
  const typesOf = async (username: string) =>
    (await store.readStream(ACCOUNTS_STREAMS.username(username))).map((e) => e.type);

  it('a deletion whose 30 days are over frees the username; a recent one keeps it, with its job waiting until its time', async () => {
    const release = startUsernameRelease(store, config, logger);
    try {
      const old = `old_${randomBytes(3).toString('hex')}`;
      const recent = `recent_${randomBytes(3).toString('hex')}`;
      const oldId = await deletedAccount(old, USERNAME_HOLD_AFTER_DELETION_MS + 60_000);
      const recentId = await deletedAccount(recent, 60_000);

      await expect
        .poll(() => typesOf(old), { timeout: 20_000, interval: 200 })
        .toEqual(['UsernameReserved', 'UsernameReleased']);
      const [, released] = await store.readStream(ACCOUNTS_STREAMS.username(old));
      expect(released!.data).toEqual({ username: old, userId: oldId });
      expect(released!.metadata).toMatchObject({ actorId: 'system' });

      await expect
        .poll(async () => (await release.queue.getJob(`release-${recentId}`))?.isDelayed(), {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(true);
      const job = await release.queue.getJob(`release-${recentId}`);
      expect(job!.timestamp + job!.delay).toBeGreaterThan(Date.now() + USERNAME_HOLD_AFTER_DELETION_MS - 120_000);
      expect(await typesOf(recent)).toEqual(['UsernameReserved']);
    } finally {
      await release.queue.obliterate({ force: true }).catch(() => undefined);
      await release.stop();
    }
  });
});
