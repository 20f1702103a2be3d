import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '../port.ts';
import { sampleEvent, uniqueStream } from '../testing/sample-events.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { survivesConnectionLoss } from './connection-loss.ts';
import { PostgresEventStore } from './postgres-event-store.ts';

/**
 * The server ends a connection (pg_terminate_backend here; a restart or a dropped database does
 * the same, 57P01). An `error` event no one listens to would end the process, and vitest reports
 * it as an unhandled error of this file.
 */
describe('a PostgreSQL connection the server ends', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase('connection_loss');
    admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.drop();
  });

  const backends = async (applicationName: string) =>
    (
      await admin.query<{ pid: number; query: string }>(
        'select pid, query from pg_stat_activity where application_name = $1 and datname = current_database()',
        [applicationName],
      )
    ).rows;
  const terminate = (applicationName: string) =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [applicationName],
    );
  const eventually = async <T>(look: () => Promise<T | undefined>): Promise<T> => {
    for (let tries = 0; tries < 100; tries++) {
      const found = await look();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('not within 5 s');
  };

  it('checked out of a pool mid-transaction: the next statement fails, the error is reported, the pool carries on', async () => {
    const reported: Error[] = [];
    const pool = survivesConnectionLoss(
      new pg.Pool({ connectionString: database.url, max: 1, application_name: 'loss-mid-transaction' }),
      (error) => reported.push(error),
    );
    try {
      const client = await pool.connect();
      await client.query('begin');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await terminate('loss-mid-transaction');
      await ended;
      const failure = await client.query('select 1').then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      client.release(failure);
      expect(reported.map((e) => (e as pg.DatabaseError).code)).toEqual(['57P01']);
      expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("the event store's LISTEN connection: reported, replaced, and subscribers are woken by appends again", async () => {
    const reported: Error[] = [];
    const store = new PostgresEventStore({
      connectionString: database.url,
      onConnectionError: (e) => reported.push(e),
    });
    await store.migrate();
    let wakes = 0;
    const subscription = await store.onAppended(() => wakes++);
    try {
      const [before] = await backends('myworld-append-listener');
      expect(before?.query).toBe('listen myworld_events');
      await terminate('myworld-append-listener');
      const replaced = await eventually(async () =>
        (await backends('myworld-append-listener')).find(
          (b) => b.pid !== before!.pid && b.query === 'listen myworld_events',
        ),
      );
      expect(replaced).toBeDefined();
      expect(reported.map((e) => (e as pg.DatabaseError).code)).toEqual(['57P01']);
      const woken = wakes;
      await store.append(uniqueStream('loss'), expected.noStream, [sampleEvent()]);
      await eventually(async () => (wakes > woken ? true : undefined));
    } finally {
      await subscription.close();
      await store.close();
    }
  });
});
