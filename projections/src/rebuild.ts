import type { Kysely } from 'kysely';
import { START, comparePositions, type Position } from '@myworld/schemas';
import type { EventStore, RecordedEvent } from '@myworld/eventstore';
import { applyBatch } from './apply-batch.ts';
import { createGeneration, dropGeneration, ensureRegistry, switchOver, type Generation } from './generations.ts';
import type { Projection } from './projection.ts';

export interface RebuildOptions {
  store: EventStore;
  db: Kysely<any>;
  projection: Projection;
  /** Stop at the state as of this time / position: builds a snapshot that never serves the product. */
  until?: { time?: Date; position?: Position };
  batchSize?: number;
  onProgress?: (progress: { events: number; position: Position; head: Position }) => void;
}

export interface RebuildResult {
  generation: Generation;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/**
 * Builds a projection from position 0 into a fresh generation. Without `until` it then replaces
 * the serving generation (blue-green; a running runner follows the new one), which is how a
 * failed projection restarts after a fix; with `until` it is an analyst's as-of snapshot left
 * beside the live one. A build that fails is dropped and its error (naming the event) thrown.
 */
export async function rebuild(options: RebuildOptions): Promise<RebuildResult> {
  const { store, db, projection, until } = options;
  const batchSize = options.batchSize ?? 1_000;
  await ensureRegistry(db);
  const snapshot = Boolean(until?.time || until?.position);
  const generation = await createGeneration(db, projection, snapshot ? 'snapshot' : 'building', {
    ...(until?.time ? { time: until.time } : {}),
    ...(until?.position ? { position: `${until.position.commit}/${until.position.prepare}` } : {}),
  });
  const head = await store.headPosition();
  const started = performance.now();
  let events = 0;
  let position = START;
  const isPastUntil = (e: RecordedEvent) =>
    (until?.time !== undefined && e.createdAt > until.time) || (until?.position !== undefined && comparePositions(e.position, until.position) > 0);

  try {
    for (;;) {
      const read = await store.readAll({ after: position, maxCount: batchSize });
      const cut = read.findIndex(isPastUntil);
      const batch = cut >= 0 ? read.slice(0, cut) : read;
      if (batch.length > 0) {
        await applyBatch(db, projection, generation, batch);
        events += batch.length;
        position = batch[batch.length - 1]!.position;
        options.onProgress?.({ events, position, head });
      }
      if (cut >= 0 || read.length < batchSize) break;
    }
  } catch (error) {
    await dropGeneration(db, generation).catch(() => undefined);
    throw error;
  }
  if (!snapshot) await switchOver(db, projection.name, generation.generation);
  const seconds = (performance.now() - started) / 1000;
  return { generation, events, seconds, eventsPerSecond: seconds > 0 ? events / seconds : events };
}
