import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from './database.ts';
import { activeGeneration } from './generations.ts';
import { STANDBY_RETRY_MS } from './leader-lock.ts';
import { ReadModels } from './query-side.ts';
import { rowCount } from './testing/compare-schemas.ts';
import { eventually, exited, leaderPid, startProjectionsProcess } from './testing/processes.ts';

/** Slack over the standby's retry interval: its reconnect, catch-up read and first batch. */
const TAKEOVER_SLACK_MS = 1_500;
const PROJECTIONS = ['live_streams', 'timelines', 'users'];

describe('two projections processes (as on two machines)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('leader');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 4 });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await db.destroy();
    await store.close();
    await database.drop();
  });

  const append = (n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        store.append(`post-${randomUUID()}`, expected.noStream, [
          { id: randomUUID(), type: 'PostCreated', data: {}, metadata: testMetadata() },
        ]),
      ),
    );
  const lastOf = (appended: Awaited<ReturnType<typeof append>>) =>
    appended
      .map((a) => a.position)
      .sort((a, b) => (a.prepare < b.prepare ? -1 : 1))
      .at(-1)!;

  it('one leads each projection; after the leader is SIGKILLed the standby takes over within the retry interval, losing nothing', async () => {
    const a = startProjectionsProcess(database.url);
    const b = startProjectionsProcess(database.url);
    children.push(a, b);
    const readModels = new ReadModels(db, database.url);
    await eventually(
      'both processes to connect',
      async () => (await leaderPid(db, 'timelines')) !== undefined,
      30_000,
      50,
    );
    await readModels.start();

    const first = await append(50);
    expect(await readModels.waitFor('timelines', lastOf(first), 15_000)).toBe(true);
    // Exactly one leader per projection (leaderPid throws on two), each one of the two processes.
    for (const name of PROJECTIONS)
      expect([a.pid, b.pid]).toContain(await eventually(`a leader for ${name}`, () => leaderPid(db, name)));
    const leaderPidNow = (await leaderPid(db, 'timelines'))!;
    const [leader, standby] = leaderPidNow === a.pid ? [a, b] : [b, a];

    const killedAt = performance.now();
    leader.kill('SIGKILL');
    const second = await append(50);
    const lockedAfter = await eventually(
      'the standby to take the lock',
      async () => ((await leaderPid(db, 'timelines')) === standby.pid ? performance.now() - killedAt : undefined),
      10_000,
      10,
    );
    expect(await readModels.waitFor('timelines', lastOf(second), 10_000)).toBe(true);
    const appliedAfter = performance.now() - killedAt;
    console.log(
      `[leader-lock] SIGKILL of the leader: standby held the lock after ${Math.round(lockedAfter)} ms, applied the events appended since after ${Math.round(appliedAfter)} ms (retry interval ${STANDBY_RETRY_MS} ms)`,
    );
    expect(appliedAfter).toBeLessThan(STANDBY_RETRY_MS + TAKEOVER_SLACK_MS);

    await exited(leader);
    expect(leader.signalCode).toBe('SIGKILL');
    for (const name of PROJECTIONS)
      expect(
        await eventually(`${name} to move to the standby`, async () => (await leaderPid(db, name)) === standby.pid),
      ).toBe(true);
    const generation = (await activeGeneration(db, 'timelines'))!;
    expect(await rowCount(db, generation.schemaName, 'timeline_entries')).toBe(100); // none lost, none twice
    await readModels.close();
    standby.kill('SIGTERM');
    await exited(standby);
  });
});
