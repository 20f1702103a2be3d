import type { Kysely } from 'kysely';
import pg from 'pg';
import { firstOnly, type EventStore } from '@myworld/eventstore';
import { comparePositions, type Position } from '@myworld/schemas';
import { handles } from './apply-batch.ts';
import { activeGeneration, ensureRegistry, readCheckpointNotice, type Generation } from './generations.ts';
import type { Projection } from './projection.ts';

export class ReadModelNotReadyError extends Error {
  constructor(readonly projection: string) {
    super(`the ${projection} read model is still being built`);
    this.name = 'ReadModelNotReadyError';
  }
}

/**
 * The log and the projections, for telling that a read model already shows a position its
 * checkpoint has not reached: nothing between the two is an event it handles.
 */
export interface ReadModelSources {
  readonly store: EventStore;
  readonly projections: readonly Projection[];
}

/** How far past a checkpoint the log is read to look for events a read model handles. */
const SKIP_LOOKAHEAD = 200;
/** Pause before listening again after the LISTEN connection was lost. */
const LISTEN_AGAIN_MS = 500;

interface Waiter {
  name: string;
  position: Position;
  resolve: (reached: boolean) => void;
}

/**
 * The query side's view of the projections: which schema serves each read model, and waiting
 * until a read model has passed a position (read-your-writes). Runners NOTIFY after each batch,
 * so waits end within milliseconds of the projection catching up.
 */
export class ReadModels {
  private readonly active = new Map<string, Generation>();
  /** One handle per generation's schema, so what is cached per handle (compiledOnce) lasts. */
  private readonly handles = new Map<string, Kysely<any>>();
  private readonly waiters = new Set<Waiter>();
  private listener: pg.Client | undefined;
  private closed = false;

  constructor(
    readonly db: Kysely<any>,
    private readonly databaseUrl: string,
    private readonly sources?: ReadModelSources,
  ) {}

  async start(): Promise<void> {
    await ensureRegistry(this.db);
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'myworld-read-models' });
    client.on('notification', (n) => this.onNotice(n.payload ?? ''));
    // pg reports a lost connection twice (the server's message, then the socket's end): one reconnect.
    client.on(
      'error',
      firstOnly(() => {
        if (this.listener === client) this.listener = undefined;
        this.active.clear();
        this.listenAgainSoon();
      }),
    );
    try {
      await client.connect();
      await client.query('listen myworld_checkpoints');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  /** Listens again in a moment (again after each failure); then settles the waits notices may have missed meanwhile. */
  private listenAgainSoon(): void {
    if (this.closed) return;
    setTimeout(
      () =>
        void this.listen().then(
          () => {
            for (const name of new Set([...this.waiters].map((w) => w.name)))
              void this.refresh(name).catch(() => undefined);
          },
          () => this.listenAgainSoon(),
        ),
      LISTEN_AGAIN_MS,
    );
  }

  private readonly refreshing = new Map<string, Promise<Generation | undefined>>();
  private readonly stale = new Set<string>();

  /**
   * A runner's notice: a batch moved a generation's checkpoint (the serving one's is moved here, a
   * build's is passed over), or the registry row of a read model changed (read it again).
   */
  private onNotice(payload: string): void {
    const moved = readCheckpointNotice(payload);
    const cached = moved && this.active.get(moved.name);
    if (moved && cached?.generation === moved.generation) {
      if (comparePositions(moved.checkpoint, cached.checkpoint) <= 0) return;
      const advanced = { ...cached, checkpoint: moved.checkpoint };
      this.active.set(moved.name, advanced);
      return this.settleWaiters(moved.name, advanced);
    }
    // Another generation's batch, while the registry is being read (a switch-over): read it once more after.
    if (moved && cached && !this.refreshing.has(moved.name)) return;
    void this.refresh(moved?.name ?? payload).catch(() => undefined);
  }

  /**
   * Re-reads the registry row of `name` and settles waiters. Notices arrive after every batch;
   * while one read is in flight, further notices only mark it stale so one more read follows.
   */
  private refresh(name: string): Promise<Generation | undefined> {
    const inFlight = this.refreshing.get(name);
    if (inFlight) {
      this.stale.add(name);
      return inFlight;
    }
    const run = (async () => {
      let generation: Generation | undefined;
      do {
        this.stale.delete(name);
        generation = keepLaterCheckpoint(await activeGeneration(this.db, name), this.active.get(name));
        if (generation) this.active.set(name, generation);
        else this.active.delete(name);
        this.settleWaiters(name, generation);
      } while (this.stale.has(name));
      return generation;
    })().finally(() => this.refreshing.delete(name));
    this.refreshing.set(name, run);
    return run;
  }

  private settleWaiters(name: string, generation: Generation | undefined): void {
    if (!generation) return;
    for (const w of this.waiters) {
      if (w.name === name && comparePositions(generation.checkpoint, w.position) >= 0) {
        this.waiters.delete(w);
        w.resolve(true);
      }
    }
  }

  private async generation(name: string): Promise<Generation> {
    // Without a live listener the cache could be stale: read the registry directly.
    const generation = (this.listener && this.active.get(name)) || (await this.refresh(name));
    if (!generation) throw new ReadModelNotReadyError(name);
    return generation;
  }

  /**
   * Which state of `name` serves now (its generation and checkpoint), while the listener keeps that
   * current; undefined otherwise. Equal texts mean equal read models, so an answer computed from
   * one may be reused until the text changes (the feed's page cache).
   */
  servingState(name: string): string | undefined {
    const generation = this.listener ? this.active.get(name) : undefined;
    return generation && `${generation.schemaName}@${generation.checkpoint.commit}/${generation.checkpoint.prepare}`;
  }

  /** Queries against the generation of `name` that currently serves. */
  async query<DB>(name: string): Promise<Kysely<DB>> {
    const { schemaName } = await this.generation(name);
    let handle = this.handles.get(schemaName);
    if (!handle) this.handles.set(schemaName, (handle = this.db.withSchema(schemaName)));
    return handle as Kysely<DB>;
  }

  /** Waits (at most `timeoutMs`) until `name` has applied every event up to `position`. */
  async waitFor(name: string, position: Position, timeoutMs: number): Promise<boolean> {
    // With a live listener the cached checkpoint is never older than the last notice.
    const cached = this.listener ? this.active.get(name) : undefined;
    if (cached && comparePositions(cached.checkpoint, position) >= 0) return true;
    if (cached && (await this.nothingToApply(name, cached, position))) return true;
    // A notice may have come while the log was read: look again, in the same tick as registering.
    const current = this.listener ? this.active.get(name) : undefined;
    if (current && comparePositions(current.checkpoint, position) >= 0) return true;
    return new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      const waiter: Waiter = {
        name,
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      // Registered before the first look, so a notice arriving in between is not missed.
      this.waiters.add(waiter);
      if (current) return; // the next notice settles it
      this.refresh(name).catch((error: unknown) => {
        this.waiters.delete(waiter);
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /**
   * Whether the log from `checkpoint` up to `position` holds no event the projection `name`
   * handles: its read model then already shows everything up to `position`. A runner writes a
   * checkpoint past events it does not handle only every 250 ms (BatchApplier), so without this
   * a session's read of a read model its last write does not concern would wait for that.
   * False (so: wait) when unsure: no sources, an unknown projection or another version of it than
   * the serving generation's (mid-deploy), more than SKIP_LOOKAHEAD events in between, a position
   * not yet readable, or the log unreachable.
   */
  private async nothingToApply(name: string, serving: Generation, position: Position): Promise<boolean> {
    const projection = this.sources?.projections.find((p) => p.name === name);
    if (!this.sources || !projection || projection.version !== serving.version) return false;
    const events = await this.sources.store
      .readAll({ after: serving.checkpoint, maxCount: SKIP_LOOKAHEAD })
      .catch((): null => null);
    if (!events) return false;
    for (const event of events) {
      if (comparePositions(event.position, position) > 0) return true;
      if (handles(projection, event)) return false;
    }
    const last = events.at(-1);
    return last !== undefined && comparePositions(last.position, position) >= 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters) w.resolve(false);
    this.waiters.clear();
    await this.listener?.end().catch(() => undefined);
  }
}

/** The registry row as read, but never behind a checkpoint a notice already moved the cached copy of the same generation to. */
function keepLaterCheckpoint(read: Generation | undefined, cached: Generation | undefined): Generation | undefined {
  if (!read || !cached || cached.generation !== read.generation) return read;
  return comparePositions(cached.checkpoint, read.checkpoint) > 0 ? { ...read, checkpoint: cached.checkpoint } : read;
}
