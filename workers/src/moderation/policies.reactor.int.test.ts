import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationPolicies } from '@myworld/write-model/moderation/policies';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import {
  ProjectionRunner,
  ReadModels,
  createDatabase,
  reportsProjection,
  usersProjection,
  type Projection,
} from '@myworld/projections';
import { ACCOUNTS_STREAMS, comparePositions, reportStreamName, type Position } from '@myworld/schemas';
import { ensureCheckpointTable, readCheckpoint, saveCheckpoint } from '../platform/reactor-checkpoints.ts';
import { runReactor } from '../platform/reactor.ts';
import { MODERATION_POLICIES_REACTOR, startModerationPolicies } from './policies.reactor.ts';

const logger = pino({ level: 'silent' });
const SETTINGS = {
  MODERATION_AUTO_HIDE_THRESHOLD: 5,
  REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS: 7,
  REPORT_TRUST_DISMISSAL_WINDOW_DAYS: 30,
};
const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: testMetadata(),
});

describe("moderation's policies as a checkpointed reactor (auto-hide decided from the reports, never lost)", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDatabase>;
  let readModels: ReadModels;
  let pool: pg.Pool;
  let users: ProjectionRunner;
  const runner = (projections: Projection[]) =>
    new ProjectionRunner({ store, db, databaseUrl: database.url, projections, logger, batchSize: 200 });

  beforeAll(async () => {
    database = await createTestDatabase('moderation_policies');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 4 });
    readModels = new ReadModels(db, database.url);
    await readModels.start();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await ensureCheckpointTable(pool);
    users = runner([usersProjection]);
    await users.start();
  });
  afterAll(async () => {
    await users?.stop();
    await readModels?.close();
    await db?.destroy();
    await pool?.end();
    await store?.close();
    await database?.drop();
  });

  /** A user registered `ageDays` ago with a verified email: trusted by auto-hide from 7 days. */
  async function account(ageDays = 30): Promise<string> {
    const userId = randomUUID();
    const username = `u${randomBytes(5).toString('hex')}`;
    const registeredAt = new Date(Date.now() - ageDays * 86_400_000);
    await store.append(ACCOUNTS_STREAMS.user(userId), expected.noStream, [
      event('UserRegistered', {
        userId,
        username,
        firstName: 'T',
        lastName: 'U',
        email: `${username}@example.test`,
        birthDate: '1990-01-01',
        passwordHash: 'x',
        registeredAt: registeredAt.toISOString(),
      }),
      event('EmailVerified', {
        userId,
        email: `${username}@example.test`,
        verifiedAt: new Date(registeredAt.getTime() + 3_600_000).toISOString(),
      }),
    ]);
    return userId;
  }
  /** `reporterId` reports the user `targetId` (ReportFiled on its own stream, as the route records it). */
  async function report(reporterId: string, targetId: string): Promise<{ id: string; position: Position }> {
    const reportId = randomUUID();
    const filed = event('ReportFiled', {
      reportId,
      reporterId,
      contentType: 'user',
      contentId: targetId,
      reportReason: 'harassment',
      description: '',
      filedAt: new Date().toISOString(),
    });
    const result = await store.append(reportStreamName(reportId), expected.noStream, [filed]);
    return { id: filed.id, position: result.position };
  }
  const hidesOf = async (userId: string) =>
    (await store.readStream(ACCOUNTS_STREAMS.user(userId))).filter((e) => e.type === 'ContentHidden');
  const readModelsAt = async (names: string[], position: Position) => {
    for (const name of names) expect(await readModels.waitFor(name, position, 10_000), name).toBe(true);
  };
  /** Polls the reactor's checkpoint (it sends no notice) until it has handled `position`. */
  async function reactorPast(name: string, position: Position): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (comparePositions(await readCheckpoint(pool, name), position) < 0) {
      if (Date.now() > deadline) throw new Error(`reactor ${name} did not reach the position`);
      await sleep(20);
    }
  }

  it('with the reports projection stopped, five trusted reports hide the user once it resumes: the reactor waits, it never gives up', async () => {
    const target = await account();
    const reporters: string[] = [];
    for (let i = 0; i < 5; i++) reporters.push(await account());
    const reports = runner([reportsProjection]);
    await reports.start();
    const registered = await store.readStream(ACCOUNTS_STREAMS.user(reporters.at(-1)!));
    await readModelsAt(['reports', 'users'], registered.at(-1)!.position);
    await reports.stop();

    const policies = startModerationPolicies(
      store,
      {
        DATABASE_URL: database.url,
        REDIS_URL: 'redis://127.0.0.1:6379/0',
        REDIS_KEY_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
        REACTOR_BATCH_SIZE: 100,
        ...SETTINGS,
      },
      logger,
    );
    try {
      // A new reactor begins at the log's end: report once it is ready.
      await policies.ready;
      const filed: { id: string; position: Position }[] = [];
      for (const reporterId of reporters) filed.push(await report(reporterId, target));
      const fifth = filed.at(-1);
      // Behind the reports: the reactor holds on the first report (it cannot have passed it), nothing is skipped.
      expect(comparePositions(await readCheckpoint(pool, MODERATION_POLICIES_REACTOR), fifth!.position)).toBeLessThan(
        0,
      );

      const resumed = runner([reportsProjection]);
      await resumed.start();
      try {
        await reactorPast(MODERATION_POLICIES_REACTOR, fifth!.position);
        const hides = await hidesOf(target);
        expect(hides).toHaveLength(1);
        expect(hides[0]!.data).toMatchObject({ contentType: 'user', contentId: target, reporterCount: 5 });
        // A report's consequence, recorded by the platform (the first report handled once the read model had all five).
        expect(filed.map((f) => f.id)).toContain(hides[0]!.metadata.causationId);
        expect(hides[0]!.metadata.actorId).toBe('system');
      } finally {
        await resumed.stop();
      }
    } finally {
      await policies.stop();
    }
  });

  it('a crash between two events neither loses nor doubles an effect: the batch is handled again from the checkpoint', async () => {
    const reports = runner([reportsProjection]);
    await reports.start();
    try {
      const [first, second] = [await account(), await account()];
      const reporters = await Promise.all(Array.from({ length: 5 }, () => account()));
      let seeded: Position | undefined;
      for (const reporterId of reporters.slice(0, 4)) {
        await report(reporterId, first);
        seeded = (await report(reporterId, second)).position;
      }
      // The reactor has handled everything up to the four reports on each.
      const name = `moderation_policies_crash_${randomBytes(4).toString('hex')}`;
      await saveCheckpoint(pool, name, seeded!, 0);
      // The fifth report on each, in one batch for the reactor.
      await report(reporters[4]!, first);
      const last = await report(reporters[4]!, second);
      await readModelsAt(['reports', 'users'], last.position);

      const controller = new AbortController();
      const decide = moderationPolicies({
        store,
        readModels,
        logger,
        config: SETTINGS,
        endSessionsOf: async () => 0,
        signal: controller.signal,
      });
      // First run: the first event's effect is recorded, then the process "dies" before the second (no checkpoint).
      const crashing = runReactor({
        name,
        store,
        pool,
        batchSize: 100,
        signal: controller.signal,
        handle: async (batch) => {
          const firstEffect = batch.findIndex((e) => e.type === 'ReportFiled');
          await decide(batch.slice(0, firstEffect + 1));
          throw new Error('crashed between two events');
        },
      });
      await expect(crashing).rejects.toThrow('crashed between two events');
      expect(await hidesOf(first)).toHaveLength(1);
      expect(await hidesOf(second)).toHaveLength(0);

      // Restarted: the same batch again, from the checkpoint.
      const restarted = runReactor({ name, store, pool, batchSize: 100, signal: controller.signal, handle: decide });
      await reactorPast(name, last.position);
      controller.abort();
      await restarted;
      expect(await hidesOf(first)).toHaveLength(1);
      expect(await hidesOf(second)).toHaveLength(1);
    } finally {
      await reports.stop();
    }
  });
});
