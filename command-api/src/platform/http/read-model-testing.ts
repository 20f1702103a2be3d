import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { sampleEvent } from '@myworld/eventstore/testing';
import type { ReadModels } from '@myworld/projections';

/**
 * Waits until the named read models have applied everything appended so far, for tests that
 * append to the log directly (no command answered with a position). It appends a marker event and
 * waits for its position: the store's headPosition may lag behind the latest appends while another
 * transaction is open, so waiting for it can return too early.
 */
export async function readModelsCaughtUp(
  services: { store: EventStore; readModels: ReadModels },
  names: readonly string[],
  timeoutMs = 5_000,
): Promise<boolean> {
  const { position } = await services.store.append(`test-mark-${randomUUID()}`, expected.noStream, [
    sampleEvent('TestMarked'),
  ]);
  return (await Promise.all(names.map((name) => services.readModels.waitFor(name, position, timeoutMs)))).every(
    Boolean,
  );
}
