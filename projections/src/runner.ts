import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { catchUp, type EventStore } from '@myworld/eventstore';
import { BatchApplier, GenerationMovedError } from './apply-batch.ts';
import { bulkLoadState, finishBulkLoad } from './bulk-load.ts';
import { ProjectionEventError } from './failures.ts';
import {
  activeGeneration,
  buildingGeneration,
  createGeneration,
  dropGeneration,
  ensureRegistry,
  markFailed,
  switchOver,
  type Generation,
} from './generations.ts';
import type { Projection } from './projection.ts';
import { withLeaderLock } from './leader-lock.ts';

export interface RunnerOptions {
  store: EventStore;
  db: Kysely<any>;
  /** Connection string for the leader-lock sessions (one per projection). */
  databaseUrl: string;
  projections: readonly Projection[];
  batchSize?: number;
  /** How often a failed projection looks for the generation that replaces it (replay, new version). */
  failedPollMs?: number;
  logger: Logger;
}

/**
 * Keeps every projection's active generation up to date; when a projection's code version is
 * newer than the active generation, builds the new generation from 0 first and then switches.
 * One runner per projection is active at a time (advisory lock); others wait as standbys.
 * A projection whose handler fails on an event stops alone (its generation is marked failed)
 * while the others go on; it resumes on the generation a replay or a new version builds.
 */
export class ProjectionRunner {
  private readonly controller = new AbortController();
  private running: Promise<void>[] = [];
  private readonly leading = new Set<string>();

  constructor(private readonly options: RunnerOptions) {}

  async start(): Promise<void> {
    await ensureRegistry(this.options.db);
    this.running = this.options.projections.map((p) =>
      withLeaderLock(this.options.databaseUrl, `projection:${p.name}`, this.controller.signal, async () => {
        this.leading.add(p.name);
        try {
          await this.runProjection(p);
        } finally {
          this.leading.delete(p.name);
        }
      }).catch((error: unknown) => {
        this.options.logger.error({ err: error, projection: p.name }, 'projection stopped');
        throw error;
      }),
    );
  }

  /** Whether this runner is the active one for `name` (others are standbys). */
  isLeading(name: string): boolean {
    return this.leading.has(name);
  }

  /**
   * Resolves when every projection loop has ended (after stop()); rejects on an infrastructure
   * error (database gone), which a restart may cure. Event errors never end a loop.
   */
  async done(): Promise<void> {
    await Promise.all(this.running);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.running);
  }

  private async runProjection(projection: Projection): Promise<void> {
    const { db, logger } = this.options;
    const { signal } = this.controller;
    while (!signal.aborted) {
      const generation = await this.targetGeneration(projection);
      if (generation.failure) {
        await this.awaitReplacement(projection, generation);
        continue;
      }
      try {
        return await this.feedGeneration(projection, generation);
      } catch (error) {
        if (signal.aborted) throw error;
        if (error instanceof GenerationMovedError) {
          logger.info({ projection: projection.name }, 'generation replaced (replay); following the new one');
        } else if (error instanceof ProjectionEventError) {
          await markFailed(db, generation, error.event.position, error.reason);
          logger.error(
            {
              err: error.cause,
              projection: projection.name,
              generation: generation.generation,
              position: `${error.event.position.commit}/${error.event.position.prepare}`,
              eventId: error.event.id,
              eventType: error.event.type,
            },
            'projection failed on an event; it stops until replayed (the others go on)',
          );
        } else {
          throw error;
        }
      }
    }
  }

  /** Waits (as leader, feeding nothing) until a generation without a failure is the one to feed. */
  private async awaitReplacement(projection: Projection, failed: Generation): Promise<void> {
    const { signal } = this.controller;
    for (;;) {
      await sleep(this.options.failedPollMs ?? 1_000, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      const next = await this.targetGeneration(projection);
      if (next.generation !== failed.generation || !next.failure) return;
    }
  }

  private async feedGeneration(projection: Projection, generation: Generation): Promise<void> {
    const { db, logger } = this.options;
    logger.info(
      { projection: projection.name, generation: generation.generation, status: generation.status },
      'projection started',
    );
    const applier = new BatchApplier(db, projection, generation);
    await catchUp(this.options.store, {
      from: generation.checkpoint,
      batchSize: this.options.batchSize ?? 500,
      signal: this.controller.signal,
      handle: async (batch) => {
        await applier.apply(batch);
      },
      onCaughtUp: async () => {
        if (generation.status !== 'building') return;
        await applier.flush();
        await switchOver(db, projection.name, generation.generation);
        generation.status = 'active';
        logger.info(
          { projection: projection.name, generation: generation.generation },
          'rebuilt generation switched over',
        );
      },
    });
    await applier.flush();
  }

  /**
   * The generation to feed: the active one if its version is current, else a (resumed) rebuild.
   * A replay's bulk load that stopped with its process is finished first (indexes, durable
   * tables); one whose unlogged tables a database crash emptied is dropped and built again.
   */
  private async targetGeneration(projection: Projection): Promise<Generation> {
    const { db } = this.options;
    const active = await activeGeneration(db, projection.name);
    const target =
      active && active.version === projection.version
        ? active
        : ((await buildingGeneration(db, projection.name, projection.version)) ??
          (await createGeneration(db, projection, 'building')));
    const bulk = await bulkLoadState(db, target.schemaName);
    if (bulk === 'pending') await finishBulkLoad(db, target.schemaName);
    if (bulk !== 'lost') return target;
    this.options.logger.warn(
      { projection: projection.name, generation: target.generation },
      'a bulk-loaded generation lost its rows in a database crash; building it again',
    );
    await dropGeneration(db, target);
    return this.targetGeneration(projection);
  }
}
