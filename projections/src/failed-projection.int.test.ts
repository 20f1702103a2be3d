import { execFile, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql, type Kysely } from 'kysely';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { comparePositions, type Position } from '@myworld/schemas';
import { createDatabase } from './database.ts';
import { allProjections } from './all-projections.ts';
import { activeGeneration, ensureRegistry } from './generations.ts';
import { projectionLag } from './lag.ts';
import { defineProjection } from './projection.ts';
import { rebuild } from './rebuild.ts';
import { ProjectionRunner } from './runner.ts';
import { projectionStatuses } from './status.ts';
import { timelinesProjection } from './read-models/timelines/timelines.projection.ts';
import { rowCount } from './testing/compare-schemas.ts';
import { childEnv, eventually, exited, REPLAY, startProjectionsProcess } from './testing/processes.ts';

const post = (data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'PostCreated',
  data,
  metadata: testMetadata(),
});

async function caughtUp(db: Kysely<any>, name: string, head: Position): Promise<boolean> {
  const g = await activeGeneration(db, name);
  return g !== undefined && comparePositions(g.checkpoint, head) >= 0;
}

describe('one projection failing on an event (in-process runner)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  beforeAll(async () => {
    database = await createTestDatabase('failed_projection');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 5 });
    await ensureRegistry(db);
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  it('is marked failed at that event with its error while the other catches up past it, and a replay clears it', async () => {
    // Throws on the event carrying `poison` until "fixed" (as a code fix would).
    let fixed = false;
    const fragile = defineProjection<{ seen: { id: string } }>({
      name: 'fragile',
      version: 1,
      migrate: async (kdb, schema) =>
        void (await sql`create table ${sql.id(schema, 'seen')} (id uuid primary key)`.execute(kdb)),
      handlers: {
        '*': async ({ db: q }, event) => {
          if ((event.data as { poison?: boolean }).poison && !fixed) throw new Error('cannot digest this event');
          await q.insertInto('seen').values({ id: event.id }).execute();
        },
      },
    });
    const runner = new ProjectionRunner({
      store,
      db,
      databaseUrl: database.url,
      projections: [timelinesProjection, fragile],
      logger: pino({ level: 'silent' }),
      batchSize: 50,
      failedPollMs: 50,
    });
    let ended: 'resolved' | 'rejected' | undefined;
    await runner.start();
    runner.done().then(
      () => (ended = 'resolved'),
      () => (ended = 'rejected'),
    );

    await store.append(
      `post-${randomUUID()}`,
      expected.noStream,
      Array.from({ length: 20 }, () => post()),
    );
    // One append, so the poison sits inside a batch with good events before and after it.
    const stream = `post-${randomUUID()}`;
    await store.append(stream, expected.noStream, [post(), post(), post({ poison: true }), post(), post()]);
    const poison = (await store.readStream(stream))[2]!;
    const afterPoison = await store.append(
      `post-${randomUUID()}`,
      expected.noStream,
      Array.from({ length: 10 }, () => post()),
    );

    const failed = await eventually('fragile to fail', async () =>
      (await projectionStatuses(db)).find((s) => s.name === 'fragile' && s.status === 'failed'),
    );
    expect(failed.failedAt).toEqual(poison.position);
    expect(failed.error).toContain('cannot digest this event');
    expect(failed.error).toContain(`PostCreated (${stream}@2)`);
    expect(failed.failedSince).toBeInstanceOf(Date);
    // The events before the poison are kept; the checkpoint stops right before it.
    const stuck = (await activeGeneration(db, 'fragile'))!;
    expect(await rowCount(db, stuck.schemaName, 'seen')).toBe(22);
    expect(comparePositions(stuck.checkpoint, poison.position)).toBeLessThan(0);
    expect(stuck.failure?.position).toEqual(poison.position);

    // The other projection goes past the poison and keeps following the log.
    await eventually('timelines to pass the poison', () => caughtUp(db, 'timelines', afterPoison.position));
    const later = await store.append(`post-${randomUUID()}`, expected.noStream, [post()]);
    await eventually('timelines to follow new events', () => caughtUp(db, 'timelines', later.position));
    expect((await projectionStatuses(db)).map((s) => [s.name, s.status])).toEqual([
      ['fragile', 'failed'],
      ['timelines', 'active'],
    ]);
    const lag = await projectionLag(db, store);
    expect(lag.find((l) => l.generation.name === 'fragile')).toMatchObject({
      status: 'failed',
      failure: { position: poison.position },
      events: 14,
    });
    expect(lag.find((l) => l.generation.name === 'timelines')).toMatchObject({
      status: 'active',
      failure: null,
      events: 0,
    });
    await sleep(200); // a failed projection is not retried in a loop, nor does it end the runner
    expect((await activeGeneration(db, 'fragile'))!.failure?.at).toEqual(stuck.failure?.at);
    expect(ended).toBeUndefined();
    expect(runner.isLeading('fragile')).toBe(true);

    // After the fix, a replay (what `npm run replay -- --projection fragile` runs) replaces the
    // failed generation; the runner follows the new one.
    fixed = true;
    const replayed = await rebuild({ store, db, projection: fragile });
    expect((await projectionStatuses(db)).find((s) => s.name === 'fragile')).toMatchObject({
      status: 'active',
      generation: replayed.generation.generation,
      failedAt: null,
      error: null,
    });
    const afterFix = await store.append(`post-${randomUUID()}`, expected.noStream, [post()]);
    await eventually('fragile to follow the log again', () => caughtUp(db, 'fragile', afterFix.position));
    expect(await rowCount(db, replayed.generation.schemaName, 'seen')).toBe(37);
    const schemas =
      await sql`select 1 from information_schema.schemata where schema_name = ${stuck.schemaName}`.execute(db);
    expect(schemas.rows).toHaveLength(0); // the failed generation is dropped
    await runner.stop();
    await expect(runner.done()).resolves.toBeUndefined();
  });
});

describe('the projections process when users fails on an event', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('failed_users');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 4 });
    await ensureRegistry(db);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await db.destroy();
    await store.close();
    await database.drop();
  });

  const register = (userId: string, username: string) =>
    store.append(`user-${userId}`, expected.noStream, [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: {
          userId,
          username,
          firstName: 'Ada',
          lastName: 'L',
          email: `${username}@example.test`,
          birthDate: '1990-01-01',
          passwordHash: 'scrypt$x',
          registeredAt: '2025-06-01T10:00:00.000Z',
        },
        metadata: testMetadata(),
      },
    ]);
  const signIn = (userId: string) =>
    store.append(`user-${userId}`, expected.any, [
      {
        id: randomUUID(),
        type: 'UserSignedIn',
        data: { userId, signedInAt: '2025-06-01T11:00:00.000Z' },
        metadata: testMetadata(),
      },
    ]);

  it('keeps running the other read models, reports users failed, and npm run replay restarts it', async () => {
    const ada = randomUUID();
    const bob = randomUUID();
    child = startProjectionsProcess(database.url, { LOG_LEVEL: 'silent' });
    const registered = await register(ada, 'ada');
    await eventually('users to apply the registration', () => caughtUp(db, 'users', registered.position));

    // An operator's mistake breaks the users table: every later UserSignedIn now fails there.
    const broken = (await activeGeneration(db, 'users'))!;
    await sql`alter table ${sql.id(broken.schemaName, 'users')} drop column sign_in_count`.execute(db);
    const badSignIn = await signIn(ada);
    const after = await register(bob, 'bob');

    const failed = await eventually('users to be marked failed', async () =>
      (await projectionStatuses(db)).find((s) => s.name === 'users' && s.status === 'failed'),
    );
    expect(failed.failedAt).toEqual(badSignIn.position);
    expect(failed.error).toMatch(/UserSignedIn .*sign_in_count/);
    const others = allProjections.map((p) => p.name).filter((name) => name !== 'users');
    for (const name of others)
      await eventually(`${name} to pass the failed event`, () => caughtUp(db, name, after.position));
    const statusByName = Object.fromEntries((await projectionStatuses(db)).map((s) => [s.name, s.status]));
    expect(statusByName).toEqual({ ...Object.fromEntries(others.map((name) => [name, 'active'])), users: 'failed' });
    await sleep(500);
    expect(child.exitCode).toBeNull(); // the process did not exit (and restart into the same error)

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', REPLAY, '--projection', 'users'],
      { env: childEnv(database.url) },
    );
    expect(stdout).toMatch(/users: \d+ events in [\d.]+ s = \d+ events\/s; now serving from rm_users_g\d+/);
    const statuses = await projectionStatuses(db);
    expect(statuses.find((s) => s.name === 'users')).toMatchObject({ status: 'active', failedAt: null, error: null });
    const replayed = (await activeGeneration(db, 'users'))!;
    expect(replayed.generation).toBeGreaterThan(broken.generation);

    // The running process follows the replayed generation.
    const bobSignIn = await signIn(bob);
    await eventually('users to follow the log again', () => caughtUp(db, 'users', bobSignIn.position));
    const counts = await sql<{
      username: string;
      sign_in_count: number;
    }>`select username, sign_in_count from ${sql.id(replayed.schemaName, 'users')} order by username`.execute(db);
    expect(counts.rows).toEqual([
      { username: 'ada', sign_in_count: 1 },
      { username: 'bob', sign_in_count: 1 },
    ]);
    expect(child.exitCode).toBeNull();
    child.kill('SIGTERM');
    await exited(child);
  });
});
