import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@myworld/eventstore';
import type { Generation } from './generations.ts';
import type { Projection } from './projection.ts';

export class GenerationMovedError extends Error {
  constructor(name: string, generation: number) {
    super(`projection ${name} generation ${generation} was retired or moved by another runner`);
    this.name = 'GenerationMovedError';
  }
}

/**
 * Applies a batch and moves the checkpoint in one transaction: after a crash either both are
 * there or neither, so nothing is lost or applied twice. Events without a handler still move the
 * checkpoint. Returns the number of events handled.
 */
export async function applyBatch(db: Kysely<any>, projection: Projection, generation: Generation, batch: readonly RecordedEvent[]): Promise<number> {
  const last = batch[batch.length - 1];
  if (!last) return 0;
  return db.transaction().execute(async (tx) => {
    const scoped = tx.withSchema(generation.schemaName);
    let handled = 0;
    if (projection.handleBatch) {
      await projection.handleBatch({ db: scoped, tx, schema: generation.schemaName }, batch);
      handled = batch.length;
    } else for (const event of batch) {
      const handler = projection.handlers[event.type] ?? projection.handlers["*"];
      if (!handler) continue;
      await handler({ db: scoped, tx, schema: generation.schemaName }, event);
      handled++;
    }
    const moved = await sql`update projection_generations
      set checkpoint_commit = ${last.position.commit.toString()}, checkpoint_prepare = ${last.position.prepare.toString()},
          events_applied = events_applied + ${batch.length}, last_event_at = ${last.createdAt}, updated_at = now()
      where name = ${generation.name} and generation = ${generation.generation}
        and (checkpoint_commit, checkpoint_prepare) = (${generation.checkpoint.commit.toString()}, ${generation.checkpoint.prepare.toString()})`.execute(tx);
    // The generation was replaced (a replay switched over) or another runner moved it: never
    // apply a batch twice; the caller re-reads which generation to feed.
    if (moved.numAffectedRows !== 1n) throw new GenerationMovedError(generation.name, generation.generation);
    await sql`select pg_notify('myworld_checkpoints', ${generation.name})`.execute(tx);
    generation.checkpoint = last.position;
    generation.eventsApplied += batch.length;
    generation.lastEventAt = last.createdAt;
    return handled;
  });
}
