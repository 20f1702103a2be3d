import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { sampleEvent, testMetadata } from '@myworld/eventstore/testing';
import { ACCOUNTS_STREAMS, type Position } from '@myworld/schemas';
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
