import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, expect as expected, type RecordedEvent } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { ReadModels, createDatabase } from '@myworld/projections';
import { LiveReactor } from './live-reactor.ts';

describe("an API instance's live reactor (pushes to its own sockets)", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: ReturnType<typeof createDatabase>;
  beforeAll(async () => {
    database = await createTestDatabase('live_reactor');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
    await store?.close();
    await database?.drop();
  });

  const happened = async (label: string) =>
    (
      await store.append(`test-${randomUUID()}`, expected.noStream, [
        { id: randomUUID(), type: 'TestHappened', data: { label }, metadata: testMetadata() },
      ])
    ).position;

  it('starts at the live head, hands each later event to its reactions once and in order, and a failing reaction stops nothing', async () => {
    await happened('before start');
    const seen: string[] = [];
    let failures = 0;
    let reached: (() => void) | undefined;
    const last = new Promise<void>((resolve) => (reached = resolve));
    const reactor = new LiveReactor({
      store,
      readModels: new ReadModels(db, database.url),
      logger: pino({ level: 'silent' }),
      readModelWaitMs: 100,
    });
    const label = (event: RecordedEvent) => (event.data as { label: string }).label;
    reactor.add({
      name: 'fails once',
      types: ['TestHappened'],
      handle: async (event) => {
        if (label(event) === 'first') {
          failures++;
          throw new Error('a push failed');
        }
      },
    });
    reactor.add({
      name: 'records',
      types: ['TestHappened'],
      handle: async (event) => {
        seen.push(label(event));
        if (label(event) === 'third') reached?.();
      },
    });
    await reactor.start();
    try {
      await happened('first');
      await happened('second');
      const third = await happened('third');
      await last;
      expect(seen).toEqual(['first', 'second', 'third']);
      expect(failures).toBe(1);
      await expect.poll(() => reactor.handledUpTo).toEqual(third);
    } finally {
      await reactor.stop();
    }
  });
});
