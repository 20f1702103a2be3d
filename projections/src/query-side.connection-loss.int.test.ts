import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { sampleEvent, testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import { randomUUID } from 'node:crypto';
import { usersProjection } from './read-models/users/users.projection.ts';
import { startLiveReadModel, type LiveReadModel } from './testing/live-read-model.ts';

/**
 * The server ends the query side's LISTEN connection (pg_terminate_backend here; a restart or a
 * failover does the same). The process carries on, one connection replaces it, and waits for
 * read models end on notices again.
 */
describe("ReadModels' LISTEN connection ended by the server", () => {
  let live: LiveReadModel;
  let admin: pg.Client;
  beforeAll(async () => {
    live = await startLiveReadModel('read_models_loss', usersProjection, 100);
    admin = new pg.Client({ connectionString: live.database.url });
    admin.on('error', () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await live?.stop();
  });

  const listeners = async () =>
    (
      await admin.query<{ pid: number; query: string }>(
        `select pid, query from pg_stat_activity where application_name = 'myworld-read-models' and datname = current_database()`,
      )
    ).rows;

  it('is replaced by exactly one new listener, and a wait for a new event ends', async () => {
    const [before] = await listeners();
    expect(before?.query).toBe('listen myworld_checkpoints');
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'myworld-read-models' and datname = current_database()`,
    );
    let after: Awaited<ReturnType<typeof listeners>> = [];
    for (let tries = 0; tries < 100; tries++) {
      after = await listeners();
      if (after.some((l) => l.pid !== before!.pid)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Both of pg's error events for the lost connection must not open a listener each.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    after = await listeners();
    expect(after.map((l) => l.query)).toEqual(['listen myworld_checkpoints']);
    expect(after[0]!.pid).not.toBe(before!.pid);

    const userId = randomUUID();
    const { position } = await live.store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, [
      {
        ...sampleEvent('UserRegistered'),
        data: {
          userId,
          username: `u_${userId.slice(0, 8)}`,
          firstName: 'Test',
          lastName: 'User',
          email: `u_${userId.slice(0, 8)}@example.test`,
          birthDate: '1990-01-01',
          passwordHash: 'x',
          registeredAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    expect(await live.readModels.waitFor('users', position, 10_000)).toBe(true);
    expect(live.readModels.servingState('users')).toBeDefined();
  });
});
