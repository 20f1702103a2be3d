import type { Kysely } from 'kysely';
import type { EventStore } from '@myworld/eventstore';
import { formatPosition } from '@myworld/schemas';
import { listGenerations, type Generation, type GenerationFailure } from './generations.ts';
import { generationStatus, type ProjectionStatus } from './status.ts';

/** Counting past this many unprocessed events would cost more than a scrape is worth. */
export const LAG_COUNT_CAP = 10_000;

export interface ProjectionLag {
  generation: Generation;
  /** `failed` when the generation stopped at an event (label metrics with this, not `generation.status`). */
  status: ProjectionStatus;
  /** Where and why it stopped; null unless failed. */
  failure: GenerationFailure | null;
  /** Unprocessed events, capped at LAG_COUNT_CAP. */
  events: number;
  /** How long the oldest unprocessed event has waited (0 when caught up). */
  milliseconds: number;
}

/** Lag of every active and building generation, measured against the log itself. */
export async function projectionLag(db: Kysely<any>, store: EventStore, now = Date.now()): Promise<ProjectionLag[]> {
  const generations = await listGenerations(db);
  // Caught-up projections share a checkpoint: read the log once per distinct checkpoint.
  const reads = new Map<string, ReturnType<EventStore['readAll']>>();
  const pendingAfter = (generation: Generation) => {
    const key = formatPosition(generation.checkpoint);
    if (!reads.has(key)) reads.set(key, store.readAll({ after: generation.checkpoint, maxCount: LAG_COUNT_CAP }));
    return reads.get(key)!;
  };
  return Promise.all(
    generations.map(async (generation) => {
      const pending = await pendingAfter(generation);
      const oldest = pending[0];
      return {
        generation,
        status: generationStatus(generation),
        failure: generation.failure,
        events: pending.length,
        milliseconds: oldest ? Math.max(0, now - oldest.createdAt.getTime()) : 0,
      };
    }),
  );
}
