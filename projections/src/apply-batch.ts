import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import pg from 'pg';
import { readEvent, type EventType } from '@myworld/schemas';
import type { RecordedEvent } from '@myworld/eventstore';
import { isTransientError, ProjectionEventError } from './failures.ts';
import { checkpointMovedNotice, type Generation } from './generations.ts';
import { batchSteps, type BatchStep } from './batch-steps.ts';
import {
  ownHandler,
  runHandlerOf,
  type Projection,
  type ProjectionContext,
  type RunHandler,
  type TypedRecordedEventOf,
} from './projection.ts';

export class GenerationMovedError extends Error {
  constructor(name: string, generation: number) {
    super(`projection ${name} generation ${generation} was retired or moved by another runner`);
    this.name = 'GenerationMovedError';
  }
}

/** Whether applying `event` can change the read model of `projection` (else only its checkpoint moves). */
export function handles(projection: Projection, event: Pick<RecordedEvent, 'type'>): boolean {
  return Boolean(
    projection.batchStatements ||
    ownHandler(projection, event.type) ||
    runHandlerOf(projection, event.type) ||
    projection.handlers['*'],
  );
}

/**
 * Parsed events by the event read from the log: a rebuild of several projections hands the same
 * events to each, and parsing (schema validation) is the costliest part of applying them in Node.
 */
const parsedEvents = new WeakMap<RecordedEvent, TypedRecordedEventOf<EventType>>();

/** The event with its payload parsed by its type's schema (the one typed `readEvent`), as a handler of that type gets it. */
function parsed(event: RecordedEvent): TypedRecordedEventOf<EventType> {
  const cached = parsedEvents.get(event);
  if (cached) return cached;
  const read = readEvent({ type: event.type, data: event.data });
  if (!read) throw new Error(`no schema for event type ${event.type}`);
  const typed = { ...event, type: read.type, data: read.data } as TypedRecordedEventOf<EventType>;
  parsedEvents.set(event, typed);
  return typed;
}

/**
 * Applies one event: a handler of its own type gets it parsed, the '*' handler gets it as stored.
 * An error the event causes becomes a ProjectionEventError naming it; infrastructure errors pass
 * through unchanged.
 */
async function applyEvent(ctx: ProjectionContext<any>, projection: Projection, event: RecordedEvent): Promise<void> {
  try {
    const own = ownHandler(projection, event.type);
    if (own) await own(ctx, parsed(event));
    else await projection.handlers['*']?.(ctx, event);
  } catch (error) {
    if (isTransientError(error)) throw error;
    throw new ProjectionEventError(projection.name, event, error);
  }
}

/** A run handler failed. Which event of the run caused it is unknown: the batch is retried one event at a time to find it. */
class RunFailedError extends Error {
  constructor(override readonly cause: unknown) {
    super('a run of events failed');
    this.name = 'RunFailedError';
  }
}

/**
 * Applies a run of consecutive events with its run handler. An error the events cause names the
 * event when the run is of one (a ProjectionEventError), else becomes a RunFailedError.
 */
async function applyRun(
  ctx: ProjectionContext<any>,
  projection: Projection,
  run: RunHandler<any>,
  events: readonly RecordedEvent[],
): Promise<void> {
  try {
    await run.apply(ctx, events.map(parsed));
  } catch (error) {
    if (isTransientError(error)) throw error;
    if (events.length === 1) throw new ProjectionEventError(projection.name, events[0]!, error);
    throw new RunFailedError(error);
  }
}

/**
 * Applies a batch and moves the checkpoint in one transaction: after a crash either both are
 * there or neither, so nothing is lost or applied twice. A batch with nothing for this projection
 * only moves the checkpoint, in a single statement: every open write transaction holds back what
 * readers of the log may see, so they must stay as short as possible. Consecutive events that
 * one of the projection's run handlers takes are applied as a run, in one go (see RunHandler).
 * Returns the events handled.
 */
export async function applyBatch(
  db: Kysely<any>,
  projection: Projection,
  generation: Generation,
  batch: readonly RecordedEvent[],
  /** Events read before this batch whose checkpoint was not written yet (see BatchApplier). */
  carried = 0,
): Promise<number> {
  const last = batch[batch.length - 1];
  if (!last) return 0;
  const relevant = batch.filter((e) => handles(projection, e));
  if (relevant.length === 0) {
    await moveCheckpoint(db, generation, last, carried + batch.length);
    return 0;
  }
  if (projection.batchStatements) {
    const statementsOf = projection.batchStatements;
    try {
      await moveCheckpoint(db, generation, last, carried + batch.length, statementsOf(generation.schemaName, batch));
      return relevant.length;
    } catch (error) {
      if (error instanceof GenerationMovedError || isTransientError(error)) throw error;
      if (batch.length === 1) throw new ProjectionEventError(projection.name, batch[0]!, error);
    }
    // The set-based statements name no event: the same batch as batches of one, in one
    // transaction, finds the one that fails (or applies the batch, with the same result, if none does).
    await db.transaction().execute(async (tx) => {
      for (const event of batch) {
        try {
          await inOneStatement(statementsOf(generation.schemaName, [event]))?.execute(tx);
        } catch (error) {
          if (isTransientError(error)) throw error;
          throw new ProjectionEventError(projection.name, event, error);
        }
      }
      await moveCheckpoint(tx, generation, last, carried + batch.length);
    });
    return relevant.length;
  }
  const applySteps = (steps: readonly BatchStep[]) =>
    db.transaction().execute(async (tx) => {
      const ctx = { db: tx.withSchema(generation.schemaName), tx, schema: generation.schemaName };
      for (const { run, events } of steps) {
        if (run) await applyRun(ctx, projection, run, events);
        else for (const event of events) await applyEvent(ctx, projection, event);
      }
      await moveCheckpoint(tx, generation, last, carried + batch.length);
    });
  try {
    await applySteps(batchSteps(projection.runHandlers ?? [], relevant));
  } catch (error) {
    if (!(error instanceof RunFailedError)) throw error;
    // Nothing of the failed transaction was kept: the same batch one event at a time (runs of
    // one) finds the event that fails (or applies the batch, with the same result, if none does).
    await applySteps(batchSteps(projection.runHandlers ?? [], relevant, true));
  }
  return relevant.length;
}

/**
 * The runner's way of applying batches. Like `applyBatch`, except that a batch with nothing for
 * this projection only moves the checkpoint in memory; it is written with the next relevant
 * batch or within `flushAfterMs`. Under a steady stream of events a projection then writes only
 * when it has work, instead of one transaction per batch per projection (each open write
 * transaction holds back what every reader of the log may see). Re-reading unwritten
 * irrelevant events after a crash is harmless: nothing handles them.
 */
export class BatchApplier {
  private pending: { last: RecordedEvent; count: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private failure: unknown;

  constructor(
    private readonly db: Kysely<any>,
    private readonly projection: Projection,
    private readonly generation: Generation,
    private readonly flushAfterMs = 250,
  ) {}

  apply(batch: readonly RecordedEvent[]): Promise<number> {
    return this.serially(async () => {
      const last = batch[batch.length - 1];
      if (!last) return 0;
      if (!batch.some((e) => handles(this.projection, e))) {
        this.pending = { last, count: (this.pending?.count ?? 0) + batch.length };
        this.timer ??= setTimeout(
          () => void this.flush().catch((error: unknown) => (this.failure = error)),
          this.flushAfterMs,
        );
        return 0;
      }
      const carried = this.takePending()?.count ?? 0;
      try {
        return await applyBatch(this.db, this.projection, this.generation, batch, carried);
      } catch (error) {
        // Keep what precedes the failing event, so the checkpoint stops right before it.
        if (!(error instanceof ProjectionEventError)) throw error;
        const before = batch.slice(0, batch.indexOf(error.event));
        if (before.length > 0) await applyBatch(this.db, this.projection, this.generation, before, carried);
        throw error;
      }
    });
  }

  /** Writes the checkpoint of deferred batches now (before a switch-over, on shutdown). */
  flush(): Promise<void> {
    return this.serially(async () => {
      const pending = this.takePending();
      if (pending) await moveCheckpoint(this.db, this.generation, pending.last, pending.count);
    });
  }

  private takePending() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }

  /** One operation at a time: a timed flush must not race a batch for the checkpoint. */
  private serially<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.failure) throw this.failure;
      return operation();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/**
 * Moves the checkpoint from where this runner last left it (a compare-and-set) and tells waiting
 * queries, in one statement, together with `statements` (a set-based batch) when given: if the
 * row had moved, the statement raises and nothing of it is kept. A generation replaced by a
 * replay, or moved by another runner, thus never gets a batch twice; the caller re-reads which
 * generation to feed.
 */
async function moveCheckpoint(
  db: Kysely<any> | Transaction<any>,
  generation: Generation,
  last: RecordedEvent,
  count: number,
  statements: RawBuilder<unknown>[] = [],
): Promise<void> {
  const before = asWithParts(statements).map((part) => sql`${part},`);
  try {
    await sql`
      with ${sql.join(before, sql` `)} moved as (
        update projection_generations
           set checkpoint_commit = ${last.position.commit.toString()}, checkpoint_prepare = ${last.position.prepare.toString()},
               events_applied = events_applied + ${count}, last_event_at = ${last.createdAt}, updated_at = now()
         where name = ${generation.name} and generation = ${generation.generation}
           and (checkpoint_commit, checkpoint_prepare) = (${generation.checkpoint.commit.toString()}, ${generation.checkpoint.prepare.toString()})
        returning 1)
      select case when (select count(*) from moved) = 1 then 1 else myworld_checkpoint_moved(${generation.name}) end as ok,
             pg_notify('myworld_checkpoints', ${checkpointMovedNotice(generation, last.position)})`.execute(db);
  } catch (error) {
    if (error instanceof pg.DatabaseError && error.code === 'MWCKP')
      throw new GenerationMovedError(generation.name, generation.generation);
    throw error;
  }
  generation.checkpoint = last.position;
  generation.eventsApplied += count;
  generation.lastEventAt = last.createdAt;
}

/**
 * Data-modifying statements as one statement: each sees the tables as they were before it, as
 * the set-based statements of a batch expect (they fold the batch's own changes themselves).
 */
function inOneStatement(statements: readonly RawBuilder<unknown>[]): RawBuilder<unknown> | undefined {
  if (statements.length === 0) return undefined;
  return sql`with ${sql.join(asWithParts(statements), sql`, `)} select 1`;
}

/** `statements` as the named parts of a WITH (`batch_0 as (…)`, …). */
function asWithParts(statements: readonly RawBuilder<unknown>[]): RawBuilder<unknown>[] {
  return statements.map((statement, i) => sql`${sql.raw(`batch_${i}`)} as (${statement})`);
}
