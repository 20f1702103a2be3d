import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { catchUp, type EventStore } from '@myworld/eventstore';
import { BatchApplier, GenerationMovedError } from './apply-batch.ts';
import { activeGeneration, buildingGeneration, createGeneration, ensureRegistry, switchOver, type Generation } from './generations.ts';
import type { Projection } from './projection.ts';
import { withLeaderLock } from './leader-lock.ts';

export interface RunnerOptions {
  store: EventStore;
  db: Kysely<any>;
  /** Connection string for the leader-lock sessions (one per projection). */
  databaseUrl: string;
  projections: readonly Projection[];
  batchSize?: number;
  logger: Logger;
}

/**
 * Keeps every projection's active generation up to date; when a projection's code version is
 * newer than the active generation, builds the new generation from 0 first and then switches.
 * One runner per projection is active at a time (advisory lock); others wait as standbys.
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

  /** Resolves when every projection loop has ended (after stop(), or when one fails). */
  async done(): Promise<void> {
    await Promise.all(this.running);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await Promise.allSettled(this.running);
  }

  private async runProjection(projection: Projection): Promise<void> {
    for (;;) {
      try {
        return await this.feedGeneration(projection);
      } catch (error) {
        if (!(error instanceof GenerationMovedError) || this.controller.signal.aborted) throw error;
        this.options.logger.info({ projection: projection.name }, 'generation replaced (replay); following the new one');
      }
    }
  }

  private async feedGeneration(projection: Projection): Promise<void> {
    const { db, logger } = this.options;
    const generation = await this.targetGeneration(projection);
    logger.info({ projection: projection.name, generation: generation.generation, status: generation.status }, 'projection started');
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
        logger.info({ projection: projection.name, generation: generation.generation }, 'rebuilt generation switched over');
      },
    });
    await applier.flush();
  }

  /** The generation to feed: the active one if its version is current, else a (resumed) rebuild. */
  private async targetGeneration(projection: Projection): Promise<Generation> {
    const { db } = this.options;
    const active = await activeGeneration(db, projection.name);
    if (active && active.version === projection.version) return active;
    return (await buildingGeneration(db, projection.name, projection.version)) ?? createGeneration(db, projection, 'building');
  }
}
