import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';

/** Appends `count` events spread over `streams` streams, in batches, for projection tests. */
export async function seedEvents(store: EventStore, count: number, streams = 50, batch = 100): Promise<void> {
  const names = Array.from({ length: streams }, (_, i) => `seed${i % 5}-${randomUUID()}`);
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    const stream = names[(done / batch) % streams]!;
    await store.append(
      stream,
      expected.any,
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        type: i % 2 ? 'Liked' : 'Viewed',
        data: { i },
        metadata: { ...testMetadata(), actorId: `user-${i % 7}` },
      })),
    );
  }
}
