import { describe, expect, it } from 'vitest';
import { START } from '@myworld/schemas';
import { runEventStoreContract } from '../testing/event-store-contract.ts';
import { sampleEvent, uniqueStream } from '../testing/sample-events.ts';
import { expect as expected } from '../port.ts';
import { KurrentDbEventStore } from './kurrentdb-event-store.ts';
import { FakeKurrentDbClient } from './testing/fake-kurrentdb-client.ts';

// The adapter's own logic (idempotency look-up, exclusive $all reads, skipping system events,
// error mapping, wake-ups) against an in-memory model of the client. NOT a test of KurrentDB:
// kurrentdb.contract.int.test.ts runs the same contract against a real server when one is reachable.
runEventStoreContract('KurrentDB adapter over an in-memory fake client (no server)', async () => {
  const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient(), { safetyPollMs: 60_000 });
  return { store, dispose: () => store.close() };
});

describe('KurrentDB adapter details (fake client)', () => {
  it("reports the position readers see for the last event, not the reply's first-event position", async () => {
    const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    const stream = uniqueStream();
    const result = await store.append(stream, expected.noStream, [sampleEvent(), sampleEvent(), sampleEvent()]);
    const events = await store.readStream(stream);
    expect(result.position).toEqual(events[2]!.position);
    expect(result.nextVersion).toBe(2n);
    await store.close();
  });

  it('never returns system events from readAll, readStream or headPosition', async () => {
    const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    await store.append(uniqueStream(), expected.any, [sampleEvent()]);
    await store.append(uniqueStream(), expected.any, [sampleEvent()]);
    const all = await store.readAll({ after: START, maxCount: 100 });
    expect(all).toHaveLength(2);
    expect(all.every((e) => !e.stream.startsWith('$') && !e.type.startsWith('$'))).toBe(true);
    expect(await store.headPosition()).toEqual(all[1]!.position);
    await store.close();
  });

  it('an idempotent retry with "any" is a no-op within the search window', async () => {
    const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient(), { idempotencyWindow: 3 });
    const stream = uniqueStream();
    const retried = sampleEvent();
    const first = await store.append(stream, expected.any, [retried]);
    await store.append(stream, expected.any, [sampleEvent(), sampleEvent()]);
    const again = await store.append(stream, expected.any, [retried]);
    expect(again).toEqual({ ...first, appended: false });
    expect(await store.readStream(stream)).toHaveLength(3);
  });

  it('refuses an "any" append whose ids are only partly stored', async () => {
    const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    const stream = uniqueStream();
    const a = sampleEvent();
    await store.append(stream, expected.any, [a]);
    await expect(store.append(stream, expected.any, [a, sampleEvent()])).rejects.toThrow(/some but not all/);
  });

  it('refuses an empty append', async () => {
    const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    await expect(store.append(uniqueStream(), expected.any, [])).rejects.toThrow(/at least one event/);
  });

  it('close ends live subscriptions and disposes the client', async () => {
    const client = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(client.asClient());
    let wakes = 0;
    await store.onAppended(() => wakes++);
    expect(client.subscriberCount).toBe(1);
    await store.append(uniqueStream(), expected.any, [sampleEvent()]);
    await new Promise((r) => setTimeout(r, 10));
    expect(wakes).toBeGreaterThanOrEqual(2); // once when confirmed, once for the append
    await store.close();
    expect(client.subscriberCount).toBe(0);
    expect(client.disposed).toBe(true);
  });
});
