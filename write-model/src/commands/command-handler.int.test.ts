import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type EventStore } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { handleCommand } from './command-handler.ts';
import type { Decider } from './decider.ts';
import { DomainError } from './domain-error.ts';

// A tiny aggregate for exercising the handler: a counter with a ceiling.
type CounterEvent = { type: 'Incremented'; data: { by: number } };
type CounterCommand = { type: 'Increment'; by: number };
const counter: Decider<{ total: number }, CounterCommand, CounterEvent> = {
  initialState: () => ({ total: 0 }),
  decide: (command, state) => {
    if (state.total + command.by > 1000) throw new DomainError('ceiling', 'The counter is full', 422);
    return [{ type: 'Incremented', data: { by: command.by } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
};

describe('command handler (load, decide, append with expected version)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('cmd');
    store = new PostgresEventStore({ connectionString: db.url, poolSize: 12 });
    await store.migrate();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('retries conflicts so 10 concurrent commands on one stream all land exactly once', async () => {
    const stream = `counter-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        handleCommand(store, stream, counter, { type: 'Increment', by: 1 }, { metadata: testMetadata() }, 20),
      ),
    );
    expect(results.every((r) => r.appended && r.position !== null)).toBe(true);
    const events = await store.readStream(stream);
    expect(events).toHaveLength(10);
  });

  it('answers a conflict after the bounded number of attempts with a 409', async () => {
    const stream = `counter-${randomUUID()}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        handleCommand(store, stream, counter, { type: 'Increment', by: 1 }, { metadata: testMetadata() }, 1),
      ),
    );
    const rejected = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected[0]!.reason).toMatchObject({ status: 409, code: 'concurrency_conflict' });
    expect((await store.readStream(stream)).length).toBe(8 - rejected.length);
  });

  it('an Idempotency-Key makes a retried command append nothing and return the first position', async () => {
    const stream = `counter-${randomUUID()}`;
    const context = { metadata: testMetadata(), idempotencyKey: 'retry-me', idempotencyScope: 'user-1' };
    const first = await handleCommand(store, stream, counter, { type: 'Increment', by: 5 }, context);
    await handleCommand(store, stream, counter, { type: 'Increment', by: 1 }, { metadata: testMetadata() });
    const again = await handleCommand(store, stream, counter, { type: 'Increment', by: 5 }, context);
    expect(again.appended).toBe(false);
    expect(again.position).toEqual(first.position);
    expect(again.events).toEqual([{ type: 'Incremented', data: { by: 5 } }]);
    expect((await store.readStream(stream)).map((e) => (e.data as { by: number }).by)).toEqual([5, 1]);
  });

  it('the same key with another request fingerprint is refused with 422; the same request replays', async () => {
    const stream = `counter-${randomUUID()}`;
    const base = { idempotencyKey: 'fp-key-1', idempotencyScope: 'user-1' };
    await handleCommand(
      store,
      stream,
      counter,
      { type: 'Increment', by: 5 },
      { ...base, metadata: testMetadata(), requestFingerprint: 'fp-A' },
    );
    expect((await store.readStream(stream))[0]!.metadata).toMatchObject({
      idempotencyKey: 'fp-key-1',
      requestFingerprint: 'fp-A',
    });
    await expect(
      handleCommand(
        store,
        stream,
        counter,
        { type: 'Increment', by: 7 },
        { ...base, metadata: testMetadata(), requestFingerprint: 'fp-B' },
      ),
    ).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different request.',
    });
    const same = await handleCommand(
      store,
      stream,
      counter,
      { type: 'Increment', by: 5 },
      { ...base, metadata: testMetadata(), requestFingerprint: 'fp-A' },
    );
    expect(same).toMatchObject({ appended: false, state: { total: 5 } });
    expect((await store.readStream(stream)).map((e) => (e.data as { by: number }).by)).toEqual([5]);
  });

  it("when the store reports the events already stored, the answer is the stored run, not this attempt's decision", async () => {
    const stream = `counter-${randomUUID()}`;
    const base = { idempotencyKey: 'stale-twin', idempotencyScope: 'user-1' };
    const first = await handleCommand(
      store,
      stream,
      counter,
      { type: 'Increment', by: 5 },
      { ...base, metadata: testMetadata(), requestFingerprint: 'fp-A' },
    );
    // A twin that loaded the stream before the first append landed: its first read sees nothing, so
    // it decides on its own and its append finds the key's ids already stored.
    const staleOnce = (): EventStore => {
      let stale = true;
      return Object.assign(Object.create(store) as EventStore, {
        readStream: async (name: string, from?: bigint) => {
          if (stale) {
            stale = false;
            return [];
          }
          return store.readStream(name, from);
        },
      });
    };
    const twin = await handleCommand(
      staleOnce(),
      stream,
      counter,
      { type: 'Increment', by: 7 },
      { ...base, metadata: testMetadata(), requestFingerprint: 'fp-A' },
    );
    expect(twin).toEqual({
      events: [{ type: 'Incremented', data: { by: 5 } }],
      position: first.position,
      state: { total: 5 },
      appended: false,
    });
    await expect(
      handleCommand(
        staleOnce(),
        stream,
        counter,
        { type: 'Increment', by: 7 },
        { ...base, metadata: testMetadata(), requestFingerprint: 'fp-B' },
      ),
    ).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    });
    expect((await store.readStream(stream)).map((e) => (e.data as { by: number }).by)).toEqual([5]);
  });

  it('a domain refusal appends nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    await expect(
      handleCommand(store, stream, counter, { type: 'Increment', by: 5000 }, { metadata: testMetadata() }),
    ).rejects.toMatchObject({ code: 'ceiling', status: 422 });
    expect(await store.readStream(stream)).toEqual([]);
  });
});
