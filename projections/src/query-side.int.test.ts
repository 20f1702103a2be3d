import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { sampleEvent, testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, type Position } from '@myworld/schemas';
import { sql } from 'kysely';
import { activeGeneration, checkpointMovedNotice } from './generations.ts';
import { ReadModels } from './query-side.ts';
import { usersProjection } from './read-models/users/users.projection.ts';
import { startLiveReadModel, type LiveReadModel } from './testing/live-read-model.ts';

/**
 * Waiting for a position past events a read model does not handle. Its runner writes such a
 * checkpoint only every 250 ms; given the log and the projections, ReadModels sees there is
 * nothing to apply and does not wait for it. Waits here are shorter than those 250 ms, so only
 * that can answer them.
 */
describe('ReadModels.waitFor with the log and the projections', () => {
  let live: LiveReadModel;
  let informed: ReadModels;
  beforeAll(async () => {
    live = await startLiveReadModel('query_side', usersProjection, 100);
    informed = new ReadModels(live.db, live.database.url, { store: live.store, projections: [usersProjection] });
    await informed.start();
  });
  afterAll(async () => {
    await informed?.close();
    await live?.stop();
  });

  const register = async (): Promise<{ userId: string; position: Position }> => {
    const userId = randomUUID();
    const username = `u_${userId.slice(0, 8)}`;
    const { position } = await live.store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          username,
          firstName: 'Test',
          lastName: 'User',
          email: `${username}@example.test`,
          birthDate: '1990-01-01',
          passwordHash: 'x',
          registeredAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    return { userId, position };
  };
  const unrelated = async (): Promise<Position> =>
    (await live.store.append(`other-${randomUUID()}`, expected.noStream, [sampleEvent('TestMarked')])).position;

  it('answers at once for a position past only events the read model does not handle', async () => {
    const registered = await register();
    expect(await informed.waitFor('users', registered.position, 5_000)).toBe(true);
    const position = await unrelated();
    expect(await informed.waitFor('users', position, 100)).toBe(true);
    // Without the log, the same wait has to see the checkpoint itself move, which takes longer.
    const later = await unrelated();
    expect(await live.readModels.waitFor('users', later, 50)).toBe(false);
  });

  it('does not trust its own idea of the projection when the serving generation is another version (mid-deploy)', async () => {
    const newer = new ReadModels(live.db, live.database.url, {
      store: live.store,
      projections: [{ ...usersProjection, version: usersProjection.version + 1 }],
    });
    await newer.start();
    try {
      expect(await newer.waitFor('users', (await register()).position, 5_000)).toBe(true);
      expect(await newer.waitFor('users', await unrelated(), 50)).toBe(false);
    } finally {
      await newer.close();
    }
  });

  it('still waits when an event it handles lies in between (its runner is stopped here)', async () => {
    await live.runner.stop();
    const registered = await register();
    const after = await unrelated();
    expect(await informed.waitFor('users', after, 300)).toBe(false);
    expect(await informed.waitFor('users', registered.position, 300)).toBe(false);
  });
});

/**
 * A batch's notice carries the checkpoint it moved to: waits end on it without the registry being
 * read again. The runner is stopped and the notices are sent by hand, naming positions the registry
 * row never reaches, so only the notice can answer.
 */
describe('ReadModels and the checkpoint notices of batches', () => {
  let live: LiveReadModel;
  beforeAll(async () => {
    live = await startLiveReadModel('query_side_notices', usersProjection, 100);
    await live.runner.stop();
  });
  afterAll(async () => {
    await live?.stop();
  });

  const notify = (payload: string) => sql`select pg_notify('myworld_checkpoints', ${payload})`.execute(live.db);
  const far = (n: bigint): Position => ({ commit: 1_000_000_000n + n, prepare: 1_000_000_000n + n });

  it("moves the serving generation's checkpoint from the notice; a build's notice moves nothing", async () => {
    const { generation } = (await activeGeneration(live.db, 'users'))!;
    // The serving generation is known (cached) once anything asked for it.
    await live.readModels.query('users');

    const servingWait = live.readModels.waitFor('users', far(1n), 5_000);
    await notify(checkpointMovedNotice({ name: 'users', generation }, far(1n)));
    expect(await servingWait).toBe(true);

    const buildWait = live.readModels.waitFor('users', far(2n), 500);
    await notify(checkpointMovedNotice({ name: 'users', generation: generation + 1 }, far(2n)));
    expect(await buildWait).toBe(false);
    // The registry row itself never moved.
    expect((await activeGeneration(live.db, 'users'))!.checkpoint.commit < far(0n).commit).toBe(true);
  });
});
