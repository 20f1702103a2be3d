import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { catchUp, type EventStore, type RecordedEvent } from '@myworld/eventstore';
import type { ReadModels } from '@myworld/projections';
import type { Position } from '@myworld/schemas';

/**
 * What follows from an event on THIS API instance only: a push to its own sockets, media in its own
 * SFU. Decisions (events appended) are not reactions: they run once, in the workers' checkpointed
 * reactors. A push failing is logged; it is never the command's error.
 */
export interface LiveReaction {
  /** For logs. */
  readonly name: string;
  /** The event types it reacts to; no other event reaches it. */
  readonly types: readonly string[];
  /** The read models it reads: each batch waits (bounded) for them to hold its events first. */
  readonly readModels?: readonly string[];
  readonly handle: (event: RecordedEvent) => Promise<void>;
}

export interface LiveReactorOptions {
  readonly store: EventStore;
  readonly readModels: ReadModels;
  readonly logger: Logger;
  /** How long a batch waits for the read models its reactions read (MIN_POSITION_WAIT_MS); past that they read what is there. */
  readonly readModelWaitMs: number;
  /** Events read at a time. Default: 500. */
  readonly batchSize?: number;
}

/**
 * One per API instance: follows the log from where it stood when the instance started and hands
 * each event to the reactions that name its type, in log order. Its checkpoint is this process's
 * memory, on purpose: every instance pushes to its own sockets, so none may stand for another
 * (no leader), and a restarted instance has no sockets from before (no replay from 0: it resumes
 * from the live head). Within its life each event's reactions run exactly once: the position
 * moves per event, and a failed read of the log resumes right after the last event handled.
 */
export class LiveReactor {
  private readonly reactions: LiveReaction[] = [];
  private readonly controller = new AbortController();
  private running: Promise<void> | undefined;
  private position: Position | undefined;

  constructor(private readonly options: LiveReactorOptions) {}

  add(reaction: LiveReaction): void {
    if (this.running) throw new Error(`reaction ${reaction.name} added after the live reactor started`);
    this.reactions.push(reaction);
  }

  /** Where the reactor stands: every event up to here has had its reactions (tests wait on it). */
  get handledUpTo(): Position | undefined {
    return this.position;
  }

  /** Starts following from the current head. Resolves once the starting position is known. */
  async start(): Promise<void> {
    if (this.running || this.reactions.length === 0) return;
    this.position = await this.options.store.headPosition();
    this.running = this.follow();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await this.running;
  }

  private async follow(): Promise<void> {
    const { store, logger, batchSize = 500 } = this.options;
    const { signal } = this.controller;
    while (!signal.aborted) {
      try {
        await catchUp(store, {
          from: this.position!,
          batchSize,
          signal,
          handle: (batch) => this.handleBatch(batch),
        });
      } catch (error) {
        if (signal.aborted) return;
        logger.error({ err: error }, 'live reactor: reading the log failed; resuming after the last event handled');
        await sleep(1_000, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  private async handleBatch(batch: readonly RecordedEvent[]): Promise<void> {
    const relevant = batch.filter((event) => this.reactions.some((r) => r.types.includes(event.type)));
    const last = relevant.at(-1);
    if (last) await this.readModelsAt(relevant, last.position);
    for (const event of batch) {
      for (const reaction of this.reactions) {
        if (!reaction.types.includes(event.type)) continue;
        await reaction
          .handle(event)
          .catch((error: unknown) =>
            this.options.logger.warn(
              { err: error, eventId: event.id, reaction: reaction.name },
              'live reaction failed',
            ),
          );
      }
      this.position = event.position;
    }
  }

  /** One bounded wait per batch (not per event), so a lagging read model delays pushes at most that long. */
  private async readModelsAt(events: readonly RecordedEvent[], position: Position): Promise<void> {
    const names = new Set(
      this.reactions.filter((r) => events.some((e) => r.types.includes(e.type))).flatMap((r) => r.readModels ?? []),
    );
    const { readModels, readModelWaitMs, logger } = this.options;
    try {
      const reached = await Promise.all([...names].map((name) => readModels.waitFor(name, position, readModelWaitMs)));
      if (reached.includes(false))
        logger.warn({ readModels: [...names] }, 'live reactor: a read model is behind; pushing what it holds');
    } catch (error) {
      logger.warn({ err: error, readModels: [...names] }, 'live reactor: a read model is not ready; pushing anyway');
    }
  }
}
