import type { Kysely } from 'kysely';
import { START, comparePositions, type Position } from '@myworld/schemas';
import type { EventStore, RecordedEvent } from '@myworld/eventstore';
import { BatchApplier } from './apply-batch.ts';
import { finishBulkLoad, IndexProbe, startBulkLoad, type IndexProbeOptions } from './bulk-load.ts';
import { ProjectionEventError } from './failures.ts';
import { createGeneration, dropGeneration, ensureRegistry, switchOver, type Generation } from './generations.ts';
import type { Projection } from './projection.ts';

interface CommonOptions {
  store: EventStore;
  db: Kysely<any>;
  /** Stop at the state as of this time / position: builds a snapshot that never serves the product. */
  until?: { time?: Date; position?: Position };
  /** Events read from the log (and applied) per batch (default 2,000). */
  batchSize?: number;
  /**
   * Fill the new generation in bulk (default true): unlogged tables without secondary indexes,
   * which are built at the end (see bulk-load.ts). False builds it as the runner does, indexed and logged.
   */
  bulk?: boolean;
  /** When a bulk load learns which secondary indexes its handlers need (see IndexProbe; tests shorten it). */
  indexProbe?: IndexProbeOptions;
  /** Called after each batch read from the log (the slowest projection is at most a few batches behind). */
  onProgress?: (progress: { events: number; position: Position; head: Position }) => void;
}

export interface RebuildOptions extends CommonOptions {
  projection: Projection;
}

export interface RebuildAllOptions extends CommonOptions {
  projections: readonly Projection[];
  /** Projections applying a batch at the same time, each on its own connection (default 4). */
  concurrency?: number;
}

export interface RebuildResult {
  generation: Generation;
  /** Events read (every event of the log up to `until`: this projection's checkpoint covers them all). */
  events: number;
  /** Time this projection spent applying batches: its share of the work. */
  seconds: number;
  eventsPerSecond: number;
  /** Wall time from the start until this projection had applied its last batch. */
  doneAfterSeconds: number;
  /** Secondary indexes a bulk load dropped while applying and built at the end. */
  deferredIndexes: number;
}

export interface RebuildAllResult {
  built: RebuildResult[];
  /** Projections a handler failed on: their generation was dropped (the serving one is untouched). */
  failed: ProjectionEventError[];
  events: number;
  /** Wall time of the whole rebuild (reading the log once, applying to every projection). */
  seconds: number;
}

/**
 * Builds a projection from position 0 into a fresh generation. Without `until` it then replaces
 * the serving generation (blue-green; a running runner follows the new one), which is how a
 * failed projection restarts after a fix; with `until` it is an analyst's as-of snapshot left
 * beside the live one. A build that fails is dropped and its error (naming the event) thrown.
 */
export async function rebuild(options: RebuildOptions): Promise<RebuildResult> {
  const { projection, ...common } = options;
  const { built, failed } = await rebuildAll({ ...common, projections: [projection], concurrency: 1 });
  if (failed[0]) throw failed[0];
  return built[0]!;
}

/** How many batches the fastest projection may run ahead of the slowest (bounds the events held in memory). */
const MAX_BATCHES_AHEAD = 8;
/**
 * Events per transaction for projections that apply event by event (a round trip or more each).
 * Every open write transaction holds back what readers of the log see, in every database of the
 * server (PostgreSQL's oldest running transaction is server-wide): the live runner must not wait
 * for a rebuild's long transactions. A set-based batch is one statement, and stays whole.
 */
const EVENTS_PER_TRANSACTION = 250;
/** The same for projections that apply runs of events set-based: each run costs a few statements, so longer transactions pay off. */
const RUN_EVENTS_PER_TRANSACTION = 1_000;
/** How long a rebuild up to a position waits for that position's events to become visible to it. */
const UNTIL_POSITION_WAIT_MS = 10_000;

/**
 * `rebuild` for several projections at once: the log is read once, and every batch goes to each
 * projection's own queue; up to `concurrency` projections apply at the same time, each in its own
 * transactions (a projection's batches stay in order), while the next batch is being read. A
 * projection a handler fails on is dropped alone (and reported); the others finish and switch
 * over. An infrastructure error drops every unfinished generation and is thrown.
 */
export async function rebuildAll(options: RebuildAllOptions): Promise<RebuildAllResult> {
  const { store, db, until } = options;
  const batchSize = options.batchSize ?? 2_000;
  const bulk = options.bulk ?? true;
  await ensureRegistry(db);
  const snapshot = Boolean(until?.time || until?.position);
  const started = performance.now();
  const slots = new Slots(options.concurrency ?? 4);
  const lanes: Lane[] = [];
  for (const projection of options.projections) {
    const generation = await createGeneration(db, projection, snapshot ? 'snapshot' : 'building', {
      ...(until?.time ? { time: until.time } : {}),
      ...(until?.position ? { position: `${until.position.commit}/${until.position.prepare}` } : {}),
    });
    if (bulk)
      await startBulkLoad(db, generation.schemaName).catch(async (error: unknown) => {
        await dropGeneration(db, generation);
        throw error;
      });
    const perTransaction = projection.batchStatements
      ? batchSize
      : projection.runHandlers?.length
        ? RUN_EVENTS_PER_TRANSACTION
        : EVENTS_PER_TRANSACTION;
    const probe = bulk ? new IndexProbe(db, generation.schemaName, options.indexProbe) : undefined;
    lanes.push(
      new Lane(new BatchApplier(db, projection, generation), generation, perTransaction, slots, started, probe),
    );
  }
  const head = await store.headPosition();
  const isPastUntil = (e: RecordedEvent) =>
    (until?.time !== undefined && e.createdAt > until.time) ||
    (until?.position !== undefined && comparePositions(e.position, until.position) > 0);
  // Readers of the log only see events below the server's oldest open transaction, so a short
  // page is not yet the end when a position to rebuild up to is known and not reached: that
  // position's events exist, and show once the other transaction ends.
  const visibleBy = Date.now() + UNTIL_POSITION_WAIT_MS;
  const read = async (after: Position): Promise<{ batch: RecordedEvent[]; last: boolean }> => {
    const page = await store.readAll({ after, maxCount: batchSize });
    const cut = page.findIndex(isPastUntil);
    if (cut >= 0 || page.length === batchSize) return { batch: cut >= 0 ? page.slice(0, cut) : page, last: cut >= 0 };
    const reached = page.at(-1)?.position ?? after;
    const short =
      until?.position !== undefined && comparePositions(reached, until.position) < 0 && Date.now() < visibleBy;
    if (short && page.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return read(after);
    }
    return { batch: page, last: !short };
  };

  let events = 0;
  try {
    // The next page is read while the projections apply this one.
    let next = read(START);
    for (let n = 0; ; n++) {
      const { batch, last } = await next;
      if (batch.length > 0 && !last) {
        next = read(batch[batch.length - 1]!.position);
        next.catch(() => undefined); // awaited next round; not unhandled if a lane stops the loop first
      }
      if (batch.length > 0) {
        await Promise.all(lanes.map((lane) => lane.settled(n - MAX_BATCHES_AHEAD)));
        for (const lane of lanes) lane.enqueue(n, batch);
        events += batch.length;
        options.onProgress?.({ events, position: batch[batch.length - 1]!.position, head });
      }
      if (batch.length === 0 || last) break;
    }
    await Promise.all(
      lanes.map(async (lane) => {
        await lane.finish();
        if (bulk && !lane.failure) await finishBulkLoad(db, lane.generation.schemaName);
      }),
    );
  } catch (error) {
    await Promise.allSettled(lanes.map((lane) => lane.finish()));
    await Promise.allSettled(lanes.map((lane) => dropGeneration(db, lane.generation)));
    throw error;
  }
  const built: RebuildResult[] = [];
  const failed: ProjectionEventError[] = [];
  for (const lane of lanes) {
    if (lane.failure) {
      failed.push(lane.failure);
      await dropGeneration(db, lane.generation).catch(() => undefined);
      continue;
    }
    if (!snapshot) await switchOver(db, lane.generation.name, lane.generation.generation);
    built.push({
      generation: lane.generation,
      events,
      seconds: lane.busySeconds,
      eventsPerSecond: lane.busySeconds > 0 ? events / lane.busySeconds : events,
      doneAfterSeconds: lane.doneAfterSeconds,
      deferredIndexes: lane.probe?.deferred ?? 0,
    });
  }
  return { built, failed, events, seconds: (performance.now() - started) / 1000 };
}

/** One projection's queue of batches: applied in order, one at a time, each inside a slot (in transactions of `perTransaction` events). */
class Lane {
  failure: ProjectionEventError | undefined;
  busySeconds = 0;
  doneAfterSeconds = 0;
  private tail: Promise<void> = Promise.resolve();
  private readonly done = new Map<number, Promise<void>>();
  private infrastructureError: unknown;

  constructor(
    private readonly applier: BatchApplier,
    readonly generation: Generation,
    private readonly perTransaction: number,
    private readonly slots: Slots,
    private readonly started: number,
    readonly probe: IndexProbe | undefined,
  ) {}

  enqueue(n: number, batch: readonly RecordedEvent[]): void {
    this.tail = this.tail.then(async () => {
      if (this.failure || this.infrastructureError) return;
      try {
        await this.slots.use(async () => {
          const t = performance.now();
          for (let i = 0; i < batch.length; i += this.perTransaction)
            await this.applier.apply(batch.slice(i, i + this.perTransaction));
          await this.probe?.afterBatch(batch.length);
          this.busySeconds += (performance.now() - t) / 1000;
        });
      } catch (error) {
        // A handler error stops this projection alone; anything else stops the rebuild.
        if (error instanceof ProjectionEventError) this.failure = error;
        else this.infrastructureError = error;
      }
    });
    this.done.set(n, this.tail);
  }

  /** Resolves once batch `n` is applied (at once for a batch long done); throws an infrastructure error. */
  async settled(n: number): Promise<void> {
    await this.done.get(n);
    for (const k of this.done.keys()) if (k <= n) this.done.delete(k);
    if (this.infrastructureError) throw this.infrastructureError;
  }

  /** Waits for the queue, then writes the checkpoint of any batches the applier deferred. */
  async finish(): Promise<void> {
    await this.tail;
    if (this.infrastructureError) throw this.infrastructureError;
    if (!this.failure) await this.applier.flush();
    this.doneAfterSeconds = (performance.now() - this.started) / 1000;
  }
}

/** At most `size` projections hold a connection at once: more only queue up inside the pool. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  async use<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}
